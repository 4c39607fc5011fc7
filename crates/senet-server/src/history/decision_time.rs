//! How long each decision of a stored game took, from the steps' stored
//! times (`docs/protocol.md`, "Decision times").
//!
//! Every write of a room is one action (a seat's decision or throw, or the
//! server's own entry) with whatever the rules then drew by themselves,
//! and all its steps share one `played_at`, the time of the write. Once a
//! write is stored the room asks the next seat to act, so the time from
//! one write to the next is the thinking time of the seat that acted in
//! the next one; the first is timed from the game's start. Entries that
//! rode along in a write (a draw after a move) took no decision and get
//! none, and so do the server's own entries (a seat leaving).
//!
//! The time includes the write's own few milliseconds, and any time the
//! server was down; a game clock charges neither (`crate::clock`), so the
//! clock figures stored with the steps (`clock_ms`) can differ from the sum
//! of these times by that much.

use chrono::{DateTime, Utc};

/// One stored entry as the timing sees it.
#[derive(Debug, Clone, Copy)]
pub struct Timed {
    /// When its write was stored.
    pub played_at: DateTime<Utc>,
    /// Whether a seat acted in it: a decision, or a throw the seat made
    /// (not a seat leaving, nor a draw of nobody's).
    pub acted: bool,
}

/// Each entry's decision time in milliseconds: set on the first entry of
/// each write in which a seat acted, `None` elsewhere. `started_at` is when
/// the game started (`None`: the first write is not timed).
pub fn decision_times(started_at: Option<DateTime<Utc>>, entries: &[Timed]) -> Vec<Option<i64>> {
    let mut previous = started_at;
    let mut last_write: Option<DateTime<Utc>> = None;
    entries
        .iter()
        .map(|entry| {
            // Entries of the write already timed: they rode along.
            if last_write == Some(entry.played_at) {
                return None;
            }
            let since = previous;
            previous = Some(entry.played_at);
            last_write = Some(entry.played_at);
            let since = since.filter(|_| entry.acted)?;
            Some((entry.played_at - since).num_milliseconds().max(0))
        })
        .collect()
}

/// The seats' remaining milliseconds stored with a step (`298000,300000`),
/// `None` when it has none or they cannot be read.
pub fn clock_figures(stored: Option<&str>) -> Option<Vec<u64>> {
    stored?
        .split(',')
        .map(|figure| figure.parse::<u64>().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(ms: i64) -> DateTime<Utc> {
        Utc.timestamp_millis_opt(1_800_000_000_000 + ms)
            .single()
            .unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn each_write_times_its_first_action_from_the_previous_write() {
        let entries = [
            // The lot at the start: nobody's.
            Timed {
                played_at: at(0),
                acted: false,
            },
            // Seat 0 throws after 2 s.
            Timed {
                played_at: at(2_000),
                acted: true,
            },
            // It moves after 3.5 s; the rules draw in the same write.
            Timed {
                played_at: at(5_500),
                acted: true,
            },
            Timed {
                played_at: at(5_500),
                acted: false,
            },
            // Seat 1 resigns: the server's entry, not timed.
            Timed {
                played_at: at(9_000),
                acted: false,
            },
        ];
        assert_eq!(
            decision_times(Some(at(0)), &entries),
            vec![None, Some(2_000), Some(3_500), None, None]
        );
    }

    #[test]
    fn the_first_write_is_timed_from_the_start_when_it_is_known() {
        let entries = [Timed {
            played_at: at(1_250),
            acted: true,
        }];
        assert_eq!(decision_times(Some(at(0)), &entries), vec![Some(1_250)]);
        assert_eq!(decision_times(None, &entries), vec![None]);
    }

    #[test]
    fn clock_figures_are_read_or_none() {
        assert_eq!(
            clock_figures(Some("298000,300000")),
            Some(vec![298_000, 300_000])
        );
        assert_eq!(clock_figures(Some("298000,x")), None);
        assert_eq!(clock_figures(None), None);
    }
}
