//! TCP streams that keep the kernel's receive time of their latest read
//! (`SO_TIMESTAMPNS`, Linux), for timing how long bytes wait in a socket
//! before a busy process reads them: the load tool times each reply at its
//! arrival, the server times how long a client's frame waited for it.
//! With several segments in one read, the time is the last one's, so it
//! never comes earlier than any frame's own arrival: a wait read off it can
//! only be understated.
//!
//! The time is kept in a [`ReceivedAt`] that can be cloned off the stream,
//! for code that no longer owns the stream (a server's WebSocket handler
//! behind an HTTP upgrade).

#![forbid(unsafe_code)]

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, SystemTime};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// The kernel's receive time of a stream's latest read, shared.
#[derive(Debug, Clone, Default)]
pub struct ReceivedAt(Arc<AtomicU64>);

impl ReceivedAt {
    /// When the latest read's last segment arrived; `None` before the first
    /// stamped read (or where the system gives no stamps).
    #[must_use]
    pub fn get(&self) -> Option<SystemTime> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            nanos => SystemTime::UNIX_EPOCH.checked_add(Duration::from_nanos(nanos)),
        }
    }

    /// How long ago that was, by the system clock (the kernel's stamps are
    /// on it); `None` without a stamp or if the clock stepped back.
    #[must_use]
    pub fn age(&self) -> Option<Duration> {
        SystemTime::now().duration_since(self.get()?).ok()
    }

    fn set(&self, at: SystemTime) {
        let nanos = at
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |since| {
                u64::try_from(since.as_nanos()).unwrap_or(u64::MAX)
            });
        self.0.store(nanos, Ordering::Relaxed);
    }
}

/// A connected stream and the receive time of its latest read.
#[derive(Debug)]
pub struct Stamped {
    inner: TcpStream,
    /// Whether reads ask for the receive time (else plain reads).
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    stamping: bool,
    received: ReceivedAt,
    /// Room for one timestamp's control message, kept between reads.
    #[cfg(target_os = "linux")]
    control: Vec<u8>,
}

impl Stamped {
    /// Wraps `inner`, asking the kernel to stamp what it receives. Where it
    /// cannot, reads carry no time (and the error says why).
    pub fn new(inner: TcpStream) -> (Stamped, Option<io::Error>) {
        #[cfg(target_os = "linux")]
        let refused = {
            use nix::sys::socket::{setsockopt, sockopt::ReceiveTimestampns};
            setsockopt(&inner, ReceiveTimestampns, &true)
                .err()
                .map(io::Error::from)
        };
        #[cfg(not(target_os = "linux"))]
        let refused = Some(io::Error::new(
            io::ErrorKind::Unsupported,
            "receive timestamps need Linux",
        ));
        let stamped = Stamped {
            inner,
            stamping: refused.is_none(),
            received: ReceivedAt::default(),
            #[cfg(target_os = "linux")]
            control: nix::cmsg_space!(nix::sys::time::TimeSpec),
        };
        (stamped, refused)
    }

    /// Wraps `inner` without stamps: plain reads, at their plain cost, for
    /// code that takes a `Stamped` whether or not it wants the times.
    #[must_use]
    pub fn unstamped(inner: TcpStream) -> Stamped {
        Stamped {
            inner,
            stamping: false,
            received: ReceivedAt::default(),
            #[cfg(target_os = "linux")]
            control: Vec::new(),
        }
    }

    /// When the kernel received the latest read's bytes.
    #[must_use]
    pub fn received(&self) -> Option<SystemTime> {
        self.received.get()
    }

    /// A handle on the receive time that outlives a borrow of the stream.
    #[must_use]
    pub fn received_at(&self) -> ReceivedAt {
        self.received.clone()
    }

    /// The stream itself.
    #[must_use]
    pub fn get_ref(&self) -> &TcpStream {
        &self.inner
    }
}

/// One `recvmsg`: the bytes read and the receive time, if any.
#[cfg(target_os = "linux")]
#[allow(clippy::ptr_arg)] // nix's `recvmsg` takes the `Vec` itself
fn read_stamped(
    fd: std::os::fd::RawFd,
    into: &mut [u8],
    control: &mut Vec<u8>,
) -> io::Result<(usize, Option<SystemTime>)> {
    use nix::sys::socket::{ControlMessageOwned, MsgFlags, recvmsg};
    let mut iov = [io::IoSliceMut::new(into)];
    let message = recvmsg::<()>(fd, &mut iov, Some(control), MsgFlags::empty())?;
    let stamp = message.cmsgs().ok().and_then(|mut all| {
        all.find_map(|cmsg| match cmsg {
            ControlMessageOwned::ScmTimestampns(at) => {
                let since = std::time::Duration::from(at);
                SystemTime::UNIX_EPOCH.checked_add(since)
            }
            _ => None,
        })
    });
    Ok((message.bytes, stamp))
}

impl AsyncRead for Stamped {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        #[cfg(target_os = "linux")]
        if this.stamping {
            use std::os::fd::AsRawFd;
            loop {
                if let Err(error) = std::task::ready!(this.inner.poll_read_ready(cx)) {
                    return Poll::Ready(Err(error));
                }
                let fd = this.inner.as_raw_fd();
                let into = buf.initialize_unfilled();
                let room = into.len();
                let control = &mut this.control;
                let mut short = None;
                let read = this.inner.try_io(tokio::io::Interest::READABLE, || {
                    let (read, stamp) = read_stamped(fd, into, control)?;
                    if read > 0 && read < room {
                        // A short read emptied the socket: as tokio's own
                        // reads do, its readiness is cleared (by answering
                        // `WouldBlock` to `try_io`, which keeps a readiness
                        // newer than this read), so the next poll waits for
                        // the next arrival instead of making a read that
                        // finds nothing: a second `recvmsg` a frame.
                        short = Some((read, stamp));
                        return Err(io::ErrorKind::WouldBlock.into());
                    }
                    Ok((read, stamp))
                });
                match short.map_or(read, Ok) {
                    Ok((read, stamp)) => {
                        if let Some(at) = stamp {
                            this.received.set(at);
                        }
                        buf.advance(read);
                        return Poll::Ready(Ok(()));
                    }
                    // Readiness was stale: wait for the next.
                    Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
                    Err(error) => return Poll::Ready(Err(error)),
                }
            }
        }
        Pin::new(&mut this.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Stamped {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::time::{Duration, SystemTime};

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    use super::Stamped;

    /// A client and the server's end of its connection.
    async fn connected() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (accepted, _) = listener.accept().await.unwrap();
        (client, accepted)
    }

    #[tokio::test]
    async fn a_read_carries_the_time_its_bytes_arrived() {
        let (mut client, accepted) = connected().await;
        let (mut stamped, refused) = Stamped::new(accepted);
        assert!(refused.is_none(), "{refused:?}");
        let handle = stamped.received_at();
        assert_eq!(handle.get(), None, "nothing read yet");

        // The kernel turns its receive stamps on for the whole system when
        // the first socket asks, by a deferred work item: a segment that
        // arrives before that runs (a busy machine) has none. So frames
        // go until one comes stamped, for at most a few seconds.
        let mut stamped_frame = None;
        for _ in 0..100 {
            let before_write = SystemTime::now();
            client.write_all(b"frame").await.unwrap();
            let after_write = SystemTime::now();
            // The bytes wait in the socket while the reader is elsewhere.
            tokio::time::sleep(Duration::from_millis(50)).await;
            let mut buf = [0u8; 16];
            let read = stamped.read(&mut buf).await.unwrap();
            assert_eq!(&buf[..read], b"frame");
            if let Some(at) = stamped.received() {
                stamped_frame = Some((before_write, at, after_write));
                break;
            }
        }
        let (before_write, at, after_write) = stamped_frame.expect("a stamp");
        assert!(before_write <= at && at <= after_write, "{at:?}");
        assert_eq!(handle.get(), Some(at), "the handle sees the same stamp");
        assert!(handle.age().unwrap() >= Duration::from_millis(50));
    }

    #[tokio::test]
    async fn an_unstamped_stream_reads_plainly() {
        let (mut client, accepted) = connected().await;
        let mut plain = Stamped::unstamped(accepted);
        client.write_all(b"frame").await.unwrap();
        let mut buf = [0u8; 16];
        let read = plain.read(&mut buf).await.unwrap();
        assert_eq!(&buf[..read], b"frame");
        assert_eq!(plain.received(), None);
    }

    /// A read shorter than its buffer clears the socket's readiness: the
    /// next read must still wake when more bytes come, and a full read
    /// (more waiting than the buffer holds) must not lose the rest.
    #[tokio::test]
    async fn reads_wake_for_each_arrival_and_a_full_read_keeps_the_rest() {
        let (mut client, accepted) = connected().await;
        let (mut stamped, _) = Stamped::new(accepted);
        let mut buf = [0u8; 16];
        let patience = Duration::from_secs(5);
        for round in 0..20u8 {
            // The read waits before the bytes are written.
            let write = async {
                tokio::time::sleep(Duration::from_millis(5)).await;
                client.write_all(&[round; 5]).await.unwrap();
            };
            let (read, ()) = tokio::join!(
                tokio::time::timeout(patience, stamped.read(&mut buf)),
                write
            );
            let read = read.expect("woken by the arrival").unwrap();
            assert_eq!(&buf[..read], &[round; 5]);
        }
        client.write_all(&[7u8; 24]).await.unwrap();
        tokio::time::sleep(Duration::from_millis(20)).await;
        let mut got = Vec::new();
        while got.len() < 24 {
            let read = tokio::time::timeout(patience, stamped.read(&mut buf))
                .await
                .expect("the rest without a new arrival")
                .unwrap();
            got.extend_from_slice(&buf[..read]);
        }
        assert_eq!(got, vec![7u8; 24]);
    }
}
