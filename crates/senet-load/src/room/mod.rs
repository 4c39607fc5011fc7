//! One room of two players (or one player against the computer): set it up
//! through the HTTP API, then play it over version 2 sockets, choosing
//! uniformly among the options the server lists, and start a rematch
//! whenever a game ends.

mod setup;
mod wire;

pub use setup::{Room, SetupError, set_up, set_up_against_computer};
use wire::*;

use std::collections::VecDeque;
use std::time::{Duration, SystemTime};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio::time::{Instant, sleep_until, timeout};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::stats::Stats;

pub(super) type Ws = WebSocketStream<senet_stamped::Stamped>;

/// Every wait during the set-up is bounded by this.
pub(super) const SETUP_WAIT: Duration = Duration::from_secs(30);

/// After the window, how long a room waits for the answers to the actions
/// it sent inside it (they are timed, not counted).
const GRACE: Duration = Duration::from_secs(5);

/// Step events each socket remembers, to match the other socket's.
pub(super) const RECENT: usize = 32;

/// How the rooms play and when they are measured.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Open loop: the time between two ticks of a room; closed loop: `None`.
    pub period: Option<Duration>,
    /// The window starts (after the warm-up)…
    pub start: Instant,
    /// …and ends.
    pub end: Instant,
    /// An action unanswered this long, or a room where nothing happens this
    /// long while nobody may act, is an error (`timeout`, `stalled`).
    pub stall: Duration,
    /// The seed of the rooms' choices.
    pub seed: u64,
    /// End each game by resigning once it has had this many moves
    /// (decisions): short games, so rematches come often.
    pub game_moves: Option<u64>,
}

impl Plan {
    fn in_window(&self, at: Instant) -> bool {
        at >= self.start && at < self.end
    }
}

/// An action waiting for its own step event.
struct Pending {
    side: usize,
    sent: Instant,
    /// `sent` on the wall clock, the kernel's receive times' clock.
    sent_wall: SystemTime,
    decide: bool,
}

/// An answered action whose event the other socket has not had yet.
struct PeerWait {
    seq: u64,
    sent: Instant,
    actor_at: Instant,
    timed: bool,
}

enum Wake {
    Frame(
        usize,
        Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ),
    Tick,
    Timer,
}

/// The room was closed under the tool (the reason is counted).
struct Closed;

struct Player {
    room: Room,
    plan: Plan,
    stats: Stats,
    rng: SmallRng,
    pending: Option<Pending>,
    peer_waits: VecDeque<PeerWait>,
    last_frame: Instant,
    /// Moves answered in the game under way.
    game_moves: u64,
}

const THROW: &str = r#"{"v":2,"type":"throw"}"#;
const SNAPSHOT: &str = r#"{"v":2,"type":"snapshot"}"#;
const OFFER_REMATCH: &str = r#"{"v":2,"type":"offer_rematch"}"#;
const RESIGN: &str = r#"{"v":2,"type":"resign"}"#;

/// A `decide` frame for `option` (written directly: building a JSON value
/// for it cost the tool an allocation per field).
fn decide(option: &str) -> String {
    let option = serde_json::Value::from(option);
    format!(r#"{{"v":2,"type":"decide","option":{option}}}"#)
}

impl Player {
    async fn send(&mut self, side: usize, text: String) -> Result<(), Closed> {
        let sent = timeout(
            self.plan.stall,
            self.room.sides[side].ws.send(Message::text(text)),
        )
        .await;
        match sent {
            Ok(Ok(())) => Ok(()),
            _ => {
                self.stats.error("send_failed");
                Err(Closed)
            }
        }
    }

    /// The socket whose player may act, when no action is waiting.
    fn actor(&self) -> Option<usize> {
        if self.pending.is_some() {
            return None;
        }
        (0..self.room.sides.len()).find(|&side| self.room.sides[side].may_act())
    }

    /// Sends the action the server asks of `side`'s player: a throw, or
    /// one of the options chosen uniformly.
    async fn act(&mut self, side: usize) -> Result<(), Closed> {
        if self
            .plan
            .game_moves
            .is_some_and(|moves| self.game_moves >= moves)
        {
            // Not an action: nobody acts until `game_over` and the rematch.
            self.game_moves = 0;
            self.room.sides[side].next = Next::Unknown;
            return self.send(side, RESIGN.to_owned()).await;
        }
        let (text, decide) = match &self.room.sides[side].next {
            Next::Throw(_) => (THROW.to_owned(), false),
            Next::Decide(_, options) => {
                if options.is_empty() {
                    self.stats.error("no_options");
                    return Ok(());
                }
                let option = &options[self.rng.random_range(0..options.len())];
                (decide(option), true)
            }
            _ => return Ok(()),
        };
        self.pending = Some(Pending {
            side,
            sent: Instant::now(),
            sent_wall: SystemTime::now(),
            decide,
        });
        self.send(side, text).await
    }

    /// Asks every socket for a fresh snapshot (after an error or a stall).
    async fn resync(&mut self) -> Result<(), Closed> {
        self.pending = None;
        for side in 0..self.room.sides.len() {
            self.send(side, SNAPSHOT.to_owned()).await?;
        }
        Ok(())
    }

    /// The tick of an open-loop room.
    async fn tick(&mut self, at: &mut Instant, period: Duration) -> Result<(), Closed> {
        let now = Instant::now();
        let late = now.saturating_duration_since(*at);
        // Whole periods the tool itself overslept: counted, never made up.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let missed = (late.as_secs_f64() / period.as_secs_f64()) as u32;
        *at += period * (missed + 1);
        let counted = self.plan.in_window(now);
        if counted {
            self.stats.ticks += u64::from(missed) + 1;
            self.stats.missed += u64::from(missed);
        }
        match self.actor() {
            Some(side) => self.act(side).await,
            None => {
                if counted {
                    self.stats.skipped += 1;
                }
                Ok(())
            }
        }
    }

    async fn frame(
        &mut self,
        side: usize,
        message: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ) -> Result<(), Closed> {
        let now = Instant::now();
        self.last_frame = now;
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(frame))) => {
                let code = frame.map_or(CloseCode::Status, |frame| frame.code);
                self.stats.error(&format!("closed_{}", u16::from(code)));
                return Err(Closed);
            }
            Some(Ok(_)) => return Ok(()),
            Some(Err(_)) => {
                self.stats.error("ws_error");
                return Err(Closed);
            }
            None => {
                self.stats.error("closed");
                return Err(Closed);
            }
        };
        let Ok(frame) = serde_json::from_str::<Frame>(text.as_str()) else {
            self.stats.error("bad_frame");
            return Ok(());
        };
        match frame.kind.as_ref() {
            "step" => self.step(side, frame, now),
            "snapshot" => {
                let this = &mut self.room.sides[side];
                this.seat = frame.you.and_then(|you| you.seat);
                this.next = frame.next.map(Next::from).unwrap_or_default();
                if this.next != Next::End {
                    this.offered = false;
                }
            }
            "game_started" => {
                self.game_moves = 0;
                let this = &mut self.room.sides[side];
                this.next = Next::Unknown;
                this.offered = false;
            }
            "game_over" => {
                self.room.sides[side].next = Next::End;
                if side == 0 && self.plan.in_window(now) {
                    self.stats.games += 1;
                }
            }
            "error" => {
                let code = frame.code.unwrap_or_else(|| "unknown".to_owned());
                self.stats.error(&code);
                if self.pending.as_ref().is_some_and(|p| p.side == side) {
                    self.resync().await?;
                }
            }
            _ => {}
        }
        // Every player asks for a rematch once its game is over.
        if self.room.sides[side].next == Next::End && !self.room.sides[side].offered {
            self.room.sides[side].offered = true;
            self.send(side, OFFER_REMATCH.to_owned()).await?;
        }
        Ok(())
    }

    fn step(&mut self, side: usize, frame: Frame, now: Instant) {
        let this = &mut self.room.sides[side];
        if let Some(seq) = frame.seq {
            if this.recent.len() == RECENT {
                this.recent.pop_front();
            }
            this.recent.push_back((seq, now));
        }
        this.next = frame.next.map(Next::from).unwrap_or_default();
        // Against the computer there is no other socket.
        let other = (self.room.sides.len() == 2).then(|| 1 - side);
        if let Some(pending) = self.pending.take_if(|p| p.side == side) {
            // The first step event on the acting socket after the action is
            // the action's own: nothing else may act meanwhile.
            let timed = self.plan.in_window(pending.sent);
            if timed {
                self.stats.record_latency(now - pending.sent);
                let received = self.room.sides[side].ws.get_ref().received();
                if let Some(at_arrival) =
                    received.and_then(|at| at.duration_since(pending.sent_wall).ok())
                {
                    self.stats.record_arrival(at_arrival);
                }
            }
            if self.plan.in_window(now) {
                self.stats.actions += 1;
                self.stats.moves += u64::from(pending.decide);
            }
            self.game_moves += u64::from(pending.decide);
            if let (Some(seq), Some(other)) = (frame.seq, other) {
                match self.room.sides[other].seen(seq) {
                    Some(at) if timed => self.stats.record_peer(at - pending.sent, Duration::ZERO),
                    Some(_) => {}
                    None => {
                        if self.peer_waits.len() == RECENT {
                            self.peer_waits.pop_front();
                        }
                        self.peer_waits.push_back(PeerWait {
                            seq,
                            sent: pending.sent,
                            actor_at: now,
                            timed,
                        });
                    }
                }
            }
        } else if other.is_none() {
            // Nobody else here: the computer's step (or the server's draw).
            if self.plan.in_window(now) {
                self.stats.computer_steps += 1;
            }
        } else if let Some(seq) = frame.seq {
            // Perhaps the other socket's copy of an answered action's event.
            while let Some(wait) = self.peer_waits.front() {
                if wait.seq > seq {
                    break;
                }
                if wait.seq == seq && wait.timed {
                    self.stats.record_peer(
                        now - wait.sent,
                        now.saturating_duration_since(wait.actor_at),
                    );
                }
                self.peer_waits.pop_front();
            }
        }
    }

    fn next_timer(&self, now: Instant) -> Instant {
        let mut wake = self.last_frame + self.plan.stall;
        if let Some(pending) = &self.pending {
            wake = wake.min(pending.sent + self.plan.stall);
        }
        if now < self.plan.end {
            wake.min(self.plan.end)
        } else {
            wake.min(self.plan.end + GRACE)
        }
    }

    /// Errors for an action left unanswered, or a room where nothing
    /// happens while nobody may act.
    async fn check_stall(&mut self, now: Instant) -> Result<(), Closed> {
        if let Some(pending) = &self.pending {
            if now >= pending.sent + self.plan.stall {
                self.stats.error("timeout");
                self.last_frame = now;
                return self.resync().await;
            }
        } else if self.actor().is_none() && now >= self.last_frame + self.plan.stall {
            self.stats.error("stalled");
            self.last_frame = now;
            return self.resync().await;
        }
        Ok(())
    }

    async fn run(&mut self) -> Result<(), Closed> {
        let mut tick_at = match self.plan.period {
            Some(period) => Instant::now() + period.mul_f64(self.rng.random_range(0.0..1.0)),
            None => self.plan.end,
        };
        // Both sleeps live across the loop and are reset only when they
        // fire: a new sleep at every wake registered and removed a timer
        // twice a frame. The housekeeping timer may fire early (its
        // deadline only moves later as frames come): it then just rechecks.
        let tick = sleep_until(tick_at);
        let timer = sleep_until(self.next_timer(Instant::now()));
        tokio::pin!(tick, timer);
        loop {
            let now = Instant::now();
            if now >= self.plan.end {
                let done = self.pending.is_none() && self.peer_waits.is_empty();
                if done || now >= self.plan.end + GRACE {
                    return Ok(());
                }
            } else if self.plan.period.is_none() {
                // Closed loop: act as soon as allowed.
                if let Some(side) = self.actor() {
                    self.act(side).await?;
                }
            }
            self.check_stall(now).await?;
            let ticking = self.plan.period.is_some() && now < self.plan.end;
            let wake = {
                let (a, rest) = self.room.sides.split_first_mut().ok_or(Closed)?;
                let b = rest.first_mut();
                let two = b.is_some();
                tokio::select! {
                    message = a.ws.next() => Wake::Frame(0, message),
                    message = next_frame(b), if two => Wake::Frame(1, message),
                    () = &mut tick, if ticking => Wake::Tick,
                    () = &mut timer => Wake::Timer,
                }
            };
            match wake {
                Wake::Frame(side, message) => self.frame(side, message).await?,
                Wake::Tick => {
                    if let Some(period) = self.plan.period {
                        self.tick(&mut tick_at, period).await?;
                        tick.as_mut().reset(tick_at);
                    }
                }
                Wake::Timer => timer.as_mut().reset(self.next_timer(Instant::now())),
            }
        }
    }
}

/// The next frame of `side`'s socket; never, when there is no such side.
async fn next_frame(
    side: Option<&mut Side>,
) -> Option<Result<Message, tokio_tungstenite::tungstenite::Error>> {
    match side {
        Some(side) => side.ws.next().await,
        None => std::future::pending().await,
    }
}

/// Plays a room until the window (and the grace for its last answers) is
/// over, then closes both sockets.
pub async fn play(room: Room, plan: Plan) -> Stats {
    let seed = plan
        .seed
        .wrapping_add(room.index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut player = Player {
        room,
        plan,
        stats: Stats::default(),
        rng: SmallRng::seed_from_u64(seed),
        pending: None,
        peer_waits: VecDeque::new(),
        last_frame: Instant::now(),
        game_moves: 0,
    };
    let closed = player.run().await.is_err();
    if !closed {
        for side in &mut player.room.sides {
            let _ = timeout(Duration::from_secs(1), side.ws.close(None)).await;
        }
    }
    player.stats
}
