//! A TCP stream that keeps the kernel's receive time of its latest read
//! (`SO_TIMESTAMPNS`, Linux). The tool shares a core with PostgreSQL, so
//! a reply can sit in its socket while the tool waits for the core; timed
//! at its arrival instead, the wait is the server's and the network's only.
//! With several segments in one read, the time is the last one's, so it
//! never comes earlier than the frame's own arrival.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::SystemTime;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// A connected stream and the receive time of its latest read.
pub struct Stamped {
    inner: TcpStream,
    /// The kernel's time of the latest read's last segment, if it gave one.
    received: Option<SystemTime>,
    /// Room for one timestamp's control message, kept between reads.
    #[cfg(target_os = "linux")]
    control: Vec<u8>,
}

impl Stamped {
    /// Wraps `inner`, asking the kernel to stamp what it receives; where it
    /// cannot, reads carry no time and the tool times frames as it reads
    /// them.
    pub fn new(inner: TcpStream) -> Stamped {
        #[cfg(target_os = "linux")]
        {
            use nix::sys::socket::{setsockopt, sockopt::ReceiveTimestampns};
            if let Err(error) = setsockopt(&inner, ReceiveTimestampns, &true) {
                eprintln!("senet-load: no receive timestamps on a socket: {error}");
            }
        }
        Stamped {
            inner,
            received: None,
            #[cfg(target_os = "linux")]
            control: nix::cmsg_space!(nix::sys::time::TimeSpec),
        }
    }

    /// When the kernel received the latest read's bytes.
    pub fn received(&self) -> Option<SystemTime> {
        self.received
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
        {
            use std::os::fd::AsRawFd;
            loop {
                if let Err(error) = std::task::ready!(this.inner.poll_read_ready(cx)) {
                    return Poll::Ready(Err(error));
                }
                let fd = this.inner.as_raw_fd();
                let into = buf.initialize_unfilled();
                let control = &mut this.control;
                match this.inner.try_io(tokio::io::Interest::READABLE, || {
                    read_stamped(fd, into, control)
                }) {
                    Ok((read, stamp)) => {
                        if stamp.is_some() {
                            this.received = stamp;
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
        #[cfg(not(target_os = "linux"))]
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
