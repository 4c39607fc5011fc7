//! Where a client of PostgreSQL commits, read off its side of the wire
//! protocol message by message: an explicit `COMMIT` (simple or extended
//! query), or the `Sync` that ends a writing statement run outside a
//! transaction block, which PostgreSQL commits as a transaction of its
//! own (the server's writer sends a batch of steps that way).

use std::collections::HashSet;

/// One connection's state: whether it is inside `BEGIN … COMMIT`, which
/// of its prepared statements write, and whether a writing statement has
/// run since the last `Sync`.
#[derive(Debug, Default)]
pub struct CommitPoints {
    in_block: bool,
    writing: HashSet<String>,
    implicit_pending: bool,
}

impl CommitPoints {
    /// Whether `message` (a typed client message) is a commit point.
    pub fn is_commit(&mut self, message: &[u8]) -> bool {
        let Some((&kind, body)) = message.split_first() else {
            return false;
        };
        let body = body.get(4..).unwrap_or_default();
        match kind {
            b'Q' => {
                let text = c_str(body, 0).0.to_ascii_uppercase();
                self.control(&text)
            }
            b'P' => {
                let (name, rest) = c_str(body, 0);
                let text = c_str(body, rest).0.to_ascii_uppercase();
                if text.contains("INSERT ") || text.contains("UPDATE ") {
                    self.writing.insert(name);
                } else {
                    self.writing.remove(&name);
                }
                self.control(&text)
            }
            b'B' => {
                let (_portal, rest) = c_str(body, 0);
                let statement = c_str(body, rest).0;
                if !self.in_block && self.writing.contains(&statement) {
                    self.implicit_pending = true;
                }
                false
            }
            b'S' => std::mem::take(&mut self.implicit_pending),
            _ => false,
        }
    }

    /// Follows `BEGIN`, `COMMIT` and `ROLLBACK`; true for `COMMIT`.
    fn control(&mut self, text: &str) -> bool {
        match text.trim() {
            "COMMIT" => {
                self.in_block = false;
                true
            }
            "ROLLBACK" => {
                self.in_block = false;
                false
            }
            begin if begin.starts_with("BEGIN") => {
                self.in_block = true;
                false
            }
            _ => false,
        }
    }
}

/// The NUL-terminated string at `from`, and where the next field starts.
fn c_str(body: &[u8], from: usize) -> (String, usize) {
    let rest = body.get(from..).unwrap_or_default();
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    (
        String::from_utf8_lossy(&rest[..end]).into_owned(),
        from + end + 1,
    )
}
