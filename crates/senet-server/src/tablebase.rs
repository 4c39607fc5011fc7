//! Kendall's endgame tables for the expert computer: which file, loaded in
//! the background at start-up, and published when ready.
//!
//! The server serves at once: loading the largest tables takes seconds and
//! a lot of memory, and nobody should wait for it. Until the tables are
//! ready, and for good if they cannot be read, computer seats play exactly
//! as without them (the expert's own search).

use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Instant;

use senet_tablebase::Tables;

/// Where the tables come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TablebaseSource {
    /// No tables: turned off, or none at the standard location.
    Off,
    /// This table file (`senet tablebase build` writes them).
    File(PathBuf),
}

impl TablebaseSource {
    /// From `--tablebase`: `none` (or `off`) turns the tables off, a path
    /// names the file; without the flag, the standard location's largest
    /// table if there is one (see [`senet_tablebase::file::find_standard`]).
    #[must_use]
    pub fn from_flag(flag: Option<&str>) -> TablebaseSource {
        match flag.map(str::trim) {
            Some("none" | "off") => TablebaseSource::Off,
            Some(path) => TablebaseSource::File(PathBuf::from(path)),
            None => senet_tablebase::file::find_standard()
                .map_or(TablebaseSource::Off, TablebaseSource::File),
        }
    }
}

/// How far the tables are, as `GET /healthz` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TablebaseState {
    /// No tables are used.
    Off,
    /// The file is being read.
    Loading,
    /// The expert uses the tables.
    Ready,
    /// The file could not be read (the log says why); the expert plays
    /// without tables.
    Failed,
}

impl TablebaseState {
    /// The name `GET /healthz` reports.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            TablebaseState::Off => "off",
            TablebaseState::Loading => "loading",
            TablebaseState::Ready => "ready",
            TablebaseState::Failed => "failed",
        }
    }
}

#[derive(Debug, Clone, Default)]
enum Status {
    #[default]
    Off,
    Loading,
    Ready(Arc<Tables>),
    Failed,
}

/// The tables the expert may use, shared by every room: empty until (and
/// unless) they are loaded. Cheap to clone and to read.
#[derive(Debug, Clone, Default)]
pub struct Endgames(Arc<RwLock<Status>>);

impl Endgames {
    fn set(&self, status: Status) {
        // A poisoned lock only means a reader panicked; the status is whole.
        *self
            .0
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = status;
    }

    fn status(&self) -> Status {
        self.0
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The tables, once they are ready.
    #[must_use]
    pub fn tables(&self) -> Option<Arc<Tables>> {
        match self.status() {
            Status::Ready(tables) => Some(tables),
            _ => None,
        }
    }

    /// How far the tables are.
    #[must_use]
    pub fn state(&self) -> TablebaseState {
        match self.status() {
            Status::Off => TablebaseState::Off,
            Status::Loading => TablebaseState::Loading,
            Status::Ready(_) => TablebaseState::Ready,
            Status::Failed => TablebaseState::Failed,
        }
    }

    /// Pieces a side the ready tables cover.
    #[must_use]
    pub fn pieces(&self) -> Option<u8> {
        self.tables().map(|t| t.max_pieces())
    }

    /// Starts reading the tables on a blocking thread and returns at once;
    /// they are published when read. A missing or damaged file is logged
    /// as an error and leaves the expert without tables. Call within the
    /// Tokio runtime.
    pub fn load(&self, source: TablebaseSource) {
        let TablebaseSource::File(path) = source else {
            tracing::info!("no endgame tables (--tablebase FILE to use some)");
            self.set(Status::Off);
            return;
        };
        self.set(Status::Loading);
        tracing::info!(path = %path.display(), "loading endgame tables");
        let endgames = self.clone();
        // Not awaited: the server serves meanwhile.
        drop(tokio::task::spawn_blocking(move || {
            let start = Instant::now();
            match senet_tablebase::file::read_tables(&path) {
                Ok(tables) => {
                    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
                    tracing::info!(
                        path = %path.display(),
                        pieces = tables.max_pieces(),
                        positions = tables.positions(),
                        megabytes = format!("{:.1}", bytes as f64 / 1e6),
                        ms = start.elapsed().as_millis() as u64,
                        "endgame tables loaded: the expert plays them"
                    );
                    endgames.set(Status::Ready(Arc::new(tables)));
                }
                Err(error) => {
                    tracing::error!(
                        path = %path.display(),
                        %error,
                        "cannot load the endgame tables; the expert plays without them"
                    );
                    endgames.set(Status::Failed);
                }
            }
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_names_a_file_or_turns_the_tables_off() {
        assert_eq!(
            TablebaseSource::from_flag(Some("none")),
            TablebaseSource::Off
        );
        assert_eq!(
            TablebaseSource::from_flag(Some("off")),
            TablebaseSource::Off
        );
        assert_eq!(
            TablebaseSource::from_flag(Some("/data/kendall-3.tb")),
            TablebaseSource::File(PathBuf::from("/data/kendall-3.tb"))
        );
        assert_eq!(Endgames::default().state(), TablebaseState::Off);
        assert!(Endgames::default().tables().is_none());
    }
}
