//! Sockets: a client that stops reading is closed (1008) without holding up
//! its room or a shutdown; frames that break RFC 6455 get their close codes;
//! a client's close is answered; accepted sockets have TCP_NODELAY.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::{Duration, Instant};

use common::raw::{MASK, Raw, frame};
use common::{
    Client, TestApp, WAIT, my_side, same_event, spawn_app, spawn_fast_app, started_room, wait,
};
use futures_util::future::join_all;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message};

/// How soon after its queue overflowed a client that stopped reading must
/// find its connection closed.
const CLOSED_WITHIN: Duration = Duration::from_secs(10);

/// Two players in a started room, playing turns and rematches as fast as
/// the server answers.
struct Table {
    players: [Client; 2],
    sides: [String; 2],
    to_move: String,
    /// The `seq` of the last event both players saw.
    last_seq: u64,
    turns: usize,
}

impl Table {
    async fn new(app: &TestApp) -> (Table, String) {
        let (cone, spool, code, _, _) = started_room(app).await;
        let table = Table {
            players: [cone, spool],
            sides: ["cone".to_owned(), "spool".to_owned()],
            to_move: "cone".to_owned(),
            last_seq: 0,
            turns: 0,
        };
        (table, code)
    }

    /// One throw (and move, unless forfeited); a finished game is followed
    /// by a rematch.
    async fn play_turn(&mut self) {
        let mover = self.sides.iter().position(|s| *s == self.to_move).unwrap();
        let [a, b] = &mut self.players;
        let events = common::play_turn(&mut [a, b], mover).await;
        self.turns += 1;
        let last = events.last().unwrap();
        self.last_seq = last["seq"].as_u64().unwrap();
        self.to_move = last["to_move"].as_str().unwrap().to_owned();
        let side = last["side"].as_str().unwrap();
        let borne_off_all = last["type"] == "moved"
            && !last["board"]
                .as_array()
                .unwrap()
                .iter()
                .any(|sq| sq == side);
        if borne_off_all {
            self.rematch().await;
        }
    }

    async fn rematch(&mut self) {
        let [a, b] = &mut self.players;
        assert_eq!(
            same_event(&mut [&mut *a, &mut *b]).await["type"],
            "game_over"
        );
        a.send(json!({ "v": 1, "type": "offer_rematch" })).await;
        assert_eq!(
            same_event(&mut [&mut *a, &mut *b]).await["type"],
            "rematch_offered"
        );
        b.send(json!({ "v": 1, "type": "accept_rematch" })).await;
        let started = same_event(&mut [&mut *a, &mut *b]).await;
        assert_eq!(started["type"], "game_started");
        self.last_seq = started["seq"].as_u64().unwrap();
        for (i, player) in self.players.iter_mut().enumerate() {
            let snapshot = player.recv_type("snapshot").await;
            self.sides[i] = my_side(&snapshot);
            self.to_move = snapshot["to_move"].as_str().unwrap().to_owned();
        }
    }
}

async fn spectators(app: &TestApp, code: &str) -> u64 {
    let info = app
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    info.body["spectators"].as_u64().unwrap()
}

/// Waits until the room counts this many spectators.
async fn await_spectators(app: &TestApp, code: &str, count: u64) {
    wait::until_true(WAIT, format!("{count} spectators in {code}"), async || {
        spectators(app, code).await == count
    })
    .await;
}

/// How a stream a client read to its end ended.
#[derive(Debug)]
enum Ending {
    /// With the server's close frame.
    Closed(Option<CloseFrame>),
    /// The TCP connection ended without a close frame (an end of stream or
    /// a reset where tungstenite wanted the closing handshake).
    Dropped(String),
}

/// Reads every frame to the end of the stream: the text frames as JSON,
/// then how it ended. Panics if the stream is still open at `deadline`.
async fn read_to_end(client: &mut Client, deadline: Instant) -> (Vec<Value>, Ending) {
    let mut texts = Vec::new();
    let ending = tokio::time::timeout_at(deadline.into(), async {
        loop {
            match client.stream().next().await {
                Some(Ok(Message::Text(text))) => {
                    texts.push(serde_json::from_str(text.as_str()).unwrap());
                }
                Some(Ok(Message::Close(frame))) => return Ending::Closed(frame),
                Some(Ok(_)) => {}
                Some(Err(error)) => return Ending::Dropped(error.to_string()),
                None => return Ending::Dropped("end of stream".to_owned()),
            }
        }
    })
    .await
    .expect("the stream ends in time");
    (texts, ending)
}

#[tokio::test]
async fn a_spectator_that_stops_reading_is_closed_with_1008() {
    let app = spawn_fast_app().await;
    let (mut table, code) = Table::new(&app).await;
    let mut stalled = Client::open_slow(&app.ws_url(&code, None)).await;
    await_spectators(&app, &code, 1).await;

    // Play until the room drops the spectator. Its queue overflowed after
    // the last look that still counted it (the room answers in order).
    let mut counted_at = Instant::now();
    loop {
        let asked = Instant::now();
        if spectators(&app, &code).await == 0 {
            break;
        }
        counted_at = asked;
        assert!(table.turns < 30000, "the spectator was never dropped");
        table.play_turn().await;
    }
    let overflowed_after = counted_at;
    eprintln!(
        "dropped after {} turns, seq {}",
        table.turns, table.last_seq
    );

    // Only now does the client read: the events its buffers held, then the
    // end of the connection, within 10 s of the overflow. The server closes
    // at once with 1008; reading right away, the client frees room for
    // the close frame within the second the server gives it, so it should
    // get it. A client that read later would find the connection ended
    // without one (its buffer was full), which is also right. Nothing else
    // is: no other code, no hang.
    let (events, ending) = read_to_end(&mut stalled, overflowed_after + CLOSED_WITHIN).await;
    eprintln!("read {} frames, then {ending:?}", events.len());
    match &ending {
        Ending::Closed(Some(frame)) => {
            assert_eq!(u16::from(frame.code), 1008, "{frame:?}");
            assert_eq!(frame.reason.as_str(), "too slow to read events");
        }
        Ending::Closed(None) => panic!("a close frame without a code"),
        Ending::Dropped(how) => eprintln!("no close frame: {how}"),
    }
    assert!(overflowed_after.elapsed() < CLOSED_WITHIN);
    // What it read was the room's events in order, without a gap, and
    // older than what the players have seen.
    let seqs: Vec<u64> = events
        .iter()
        .filter(|e| e["type"] != "snapshot")
        .map(|e| e["seq"].as_u64().unwrap())
        .collect();
    assert!(seqs.windows(2).all(|w| w[1] == w[0] + 1), "{seqs:?}");
    assert!(seqs.last().is_some_and(|&seq| seq < table.last_seq));

    // Reconnecting resyncs by event number: the snapshot carries the
    // latest, and the next event follows it. The latest are the spectator
    // counts: the drop (told amid the last turn's events or after them)
    // and the return.
    let (mut again, snapshot) = app.connect(&code, None).await;
    assert_eq!(snapshot["you"]["role"], "spectator");
    let seq = snapshot["seq"].as_u64().unwrap();
    assert!(
        seq == table.last_seq + 1 || seq == table.last_seq + 2,
        "{seq} after {}",
        table.last_seq
    );
    table.play_turn().await;
    let next = again.event().await["seq"].as_u64().unwrap();
    assert_eq!(next, snapshot["seq"].as_u64().unwrap() + 1);
    app.stop().await;
}

#[tokio::test]
async fn shutdown_does_not_wait_for_a_socket_that_stopped_reading() {
    let app = spawn_fast_app().await;
    let (mut table, code) = Table::new(&app).await;
    // A longer record makes larger snapshots.
    while table.players[0].snapshot().await.to_string().len() < 12 * 1024 {
        table.play_turn().await;
    }
    let mut stalled = Client::open_slow(&app.ws_url(&code, None)).await;
    await_spectators(&app, &code, 1).await;
    // It asks for snapshots: private replies far larger than the TCP
    // buffers hold, yet fewer than a connection's queue in the room holds
    // (64), so the room keeps it and its connection is left blocked in a
    // send. The requests go in one write, one TCP segment, so the server
    // reads them all before it starts answering: closing a socket with
    // unread data sends a reset, and the client would lose what it holds.
    let requests = 35;
    for _ in 0..requests {
        let request = json!({ "v": 1, "type": "snapshot" }).to_string();
        stalled
            .stream()
            .feed(Message::Text(request.into()))
            .await
            .unwrap();
    }
    stalled.stream().flush().await.unwrap();
    let size = table.players[0].snapshot().await.to_string().len();
    assert!(size * requests > 256 * 1024, "snapshots of {size} bytes");
    // Time for the server to answer until the buffers are full. A pause,
    // not a wait on a condition, for want of one to see: the test needs the
    // server's connection stuck in the middle of a reply, so that not even
    // the close frame fits, and the kernel gets there only as its
    // zero-window probes (200 ms apart at the least) let a little more
    // through. The buffers merely being full, which `/proc/net/tcp` shows,
    // comes earlier and is not enough: stopped then, the server's close
    // frame still gets through.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(spectators(&app, &code).await, 1, "the room kept it");

    // Server::run gives up waiting for sockets after 5 s; it must not need
    // to: every close, this one included, ends on its own within ~1 s.
    let stopping = Instant::now();
    app.stop().await;
    let took = stopping.elapsed();
    assert!(took < Duration::from_secs(5), "stopping took {took:?}");

    // The socket was cut, not drained: the client gets the replies its
    // buffers held, then the connection ends without a close frame (the
    // 1001 frame never got into the full buffer; had it, the socket was not
    // stalled and this test proved nothing).
    let (texts, ending) = read_to_end(&mut stalled, Instant::now() + WAIT).await;
    let replies = texts.iter().filter(|t| t["type"] == "snapshot").count() - 1;
    eprintln!("{replies} of {requests} replies, then {ending:?}");
    assert!(replies < requests, "all {replies} replies were delivered");
    assert!(matches!(ending, Ending::Dropped(_)), "{ending:?}");
}

#[tokio::test]
async fn frames_that_break_the_protocol_get_their_close_codes() {
    let app = spawn_app().await;
    let (_, token) = app.player("Frame Tester").await;
    let room = app.room(&token, "cone", true).await;
    let code = room["code"].as_str().unwrap();
    let twenty_kib = vec![b'x'; 20 * 1024];
    let ten_kib = vec![b'x'; 10 * 1024];
    let cases: Vec<(&str, Vec<u8>, u16)> = vec![
        (
            "a 20 KiB text frame",
            frame(0x81, &twenty_kib, Some(MASK)),
            1009,
        ),
        (
            "a 20 KiB message in two frames",
            [
                frame(0x01, &ten_kib, Some(MASK)),
                frame(0x80, &ten_kib, Some(MASK)),
            ]
            .concat(),
            1009,
        ),
        (
            "invalid UTF-8 in a text frame",
            frame(0x81, &[0xc3, 0x28], Some(MASK)),
            1007,
        ),
        (
            "an unmasked frame",
            frame(0x81, br#"{"v":1,"type":"ping"}"#, None),
            1002,
        ),
        (
            "a reserved data opcode",
            frame(0x83, b"{}", Some(MASK)),
            1002,
        ),
        (
            "a reserved control opcode",
            frame(0x8b, b"", Some(MASK)),
            1002,
        ),
        ("RSV1 set", frame(0xc1, b"{}", Some(MASK)), 1002),
        ("RSV3 set", frame(0x91, b"{}", Some(MASK)), 1002),
        ("a fragmented ping", frame(0x09, b"", Some(MASK)), 1002),
        ("a stray continuation", frame(0x80, b"{}", Some(MASK)), 1002),
    ];
    // All at once: after a broken frame the server keeps the connection
    // for up to a second, so the close frame is not lost to a reset.
    join_all(cases.into_iter().map(|(what, bytes, expected)| {
        let app = &app;
        async move {
            let mut raw = Raw::open(app, code).await;
            raw.send(&bytes).await;
            let close = raw.close_frame().await;
            assert_eq!(
                close.as_ref().map(|c| c.0),
                Some(expected),
                "{what}: {close:?}"
            );
            assert!(
                raw.ends().await,
                "{what}: the connection is closed after the close frame"
            );
        }
    }))
    .await;
    // The harness's own client sees the same for an oversized message.
    let (mut client, _) = app.connect(code, Some(&token)).await;
    let _ = client.try_send_text(&"x".repeat(64 * 1024)).await;
    let frame = client.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), 1009);
    app.stop().await;
}

#[tokio::test]
async fn a_clients_close_is_answered_with_a_close_frame() {
    let app = spawn_app().await;
    let (_, token) = app.player("Closer").await;
    let room = app.room(&token, "cone", true).await;
    let code = room["code"].as_str().unwrap();
    // With a code and a reason: the answer carries the same code.
    let mut raw = Raw::open(&app, code).await;
    raw.send(&frame(
        0x88,
        &[&1000u16.to_be_bytes()[..], b"bye"].concat(),
        Some(MASK),
    ))
    .await;
    assert_eq!(raw.close_frame().await.map(|c| c.0), Some(1000));
    assert!(raw.ends().await);
    // Without a code: an empty close frame answers.
    let mut raw = Raw::open(&app, code).await;
    raw.send(&frame(0x88, b"", Some(MASK))).await;
    assert_eq!(raw.close_frame().await, None);
    assert!(raw.ends().await);
    // A real client completes its closing handshake.
    let (mut client, _) = app.connect(code, Some(&token)).await;
    let bye = CloseFrame {
        code: CloseCode::Away,
        reason: "leaving".into(),
    };
    client.stream().close(Some(bye)).await.unwrap();
    let answer = loop {
        match timeout(WAIT, client.stream().next())
            .await
            .expect("an answer")
        {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => {}
            other => panic!("no close frame: {other:?}"),
        }
    };
    assert_eq!(answer.map(|f| u16::from(f.code)), Some(1001));
    assert!(matches!(
        timeout(WAIT, client.stream().next())
            .await
            .expect("the end"),
        None | Some(Err(tungstenite::Error::ConnectionClosed))
    ));
    app.stop().await;
}

#[tokio::test]
async fn accepted_sockets_have_nodelay_set() {
    use axum::serve::Listener;
    // Without the server's wrapper, the system leaves Nagle on...
    let plain = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let _client = TcpStream::connect(plain.local_addr().unwrap())
        .await
        .unwrap();
    let (accepted, _) = plain.accept().await.unwrap();
    assert!(!accepted.nodelay().unwrap());
    // ...and the listener the server serves on turns it off.
    let mut listener =
        senet_server::listener::accepting(TcpListener::bind("127.0.0.1:0").await.unwrap(), true);
    let addr = Listener::local_addr(&listener).unwrap().addr;
    let _client = TcpStream::connect(addr).await.unwrap();
    let (accepted, _) = timeout(WAIT, Listener::accept(&mut listener))
        .await
        .unwrap();
    assert!(accepted.get_ref().nodelay().unwrap());
}
