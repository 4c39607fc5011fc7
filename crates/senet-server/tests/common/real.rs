//! The real `senet-server` binary as a child process, for faults that need
//! a real process: `kill -9`, a filesystem of its own.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use super::{PUBLIC_URL, Remote};

/// A running server binary; killed when dropped.
pub struct RealServer {
    child: Child,
    remote: Remote,
    /// Everything it logged, for failure messages.
    pub log: Arc<Mutex<Vec<String>>>,
}

/// The binary with the flags every test wants: a free port, no practical
/// rate limit, the tests' public URL, a short database time limit. The
/// database is the caller's to add (`--db-path` or `DATABASE_URL`).
pub fn server_command() -> Command {
    server_command_timed(2000)
}

/// [`server_command`] with this database time limit (milliseconds).
pub fn server_command_timed(db_timeout_ms: u64) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_senet-server"));
    command
        .args(["--bind", "127.0.0.1:0", "--public-url", PUBLIC_URL])
        .args(["--rate-per-sec", "100000", "--rate-burst", "100000"])
        .args(["--db-timeout-ms", &db_timeout_ms.to_string()])
        .args(["--computer-delay-ms", "0"])
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "info,senet_server=debug")
        .env("SENET_LOG_FORMAT", "text");
    command
}

/// The command for a database URL as the tests make them: `sqlite://path`
/// becomes `--db-path`, anything else `DATABASE_URL`.
pub fn server_command_for(db_url: &str) -> Command {
    db_command(server_command(), db_url)
}

/// Adds the database to a command: `sqlite://path` as `--db-path`,
/// anything else as `DATABASE_URL`.
pub fn db_command(mut command: Command, db_url: &str) -> Command {
    match db_url.strip_prefix("sqlite://") {
        Some(path) => command.args(["--db-path", path]),
        None => command.env("DATABASE_URL", db_url),
    };
    command
}

/// Wraps a server command so that it runs in a mount namespace of its own
/// (a user namespace, so no root is needed) with a tmpfs of `size` mounted
/// at `dir`: a real filesystem that can really fill up. Its files are
/// reached from outside through `/proc/<pid>/root`.
pub fn in_small_filesystem(inner: &Command, dir: &std::path::Path, size: &str) -> Command {
    let mut outer = Command::new("unshare");
    outer
        .args(["--user", "--map-root-user", "--mount", "sh", "-c"])
        .arg(format!(
            "mount -t tmpfs -o size={size} tmpfs \"$0\" && exec \"$@\""
        ))
        .arg(dir)
        .arg(inner.get_program())
        .args(inner.get_args());
    for (key, value) in inner.get_envs() {
        match value {
            Some(value) => outer.env(key, value),
            None => outer.env_remove(key),
        };
    }
    outer
}

impl RealServer {
    /// Starts the command and waits for its first log line, which names
    /// the address it listens on.
    pub fn start(mut command: Command) -> RealServer {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server binary starts");
        let stdout = child.stdout.take().expect("stdout piped");
        let mut lines = BufReader::new(stdout).lines();
        let first = lines.next().and_then(Result::ok).unwrap_or_else(|| {
            panic!("the server printed nothing (status {:?})", child.try_wait())
        });
        let addr = first
            .split("Senet Online at http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("first log line names the address: {first}"))
            .parse()
            .expect("an address");
        let log = Arc::new(Mutex::new(vec![first]));
        // Keep reading, so a full pipe never blocks the server's logging.
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                sink.lock().expect("log lock").push(line);
            }
        });
        RealServer {
            child,
            remote: Remote { addr },
            log,
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `kill -9`: the process dies at once, in the middle of whatever it
    /// was doing.
    pub fn kill9(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }

    /// Sends the process a signal by name (`TERM`, `STOP`, `CONT`) with
    /// `kill`, as an operator (or a stuck machine) would.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.pid().to_string())
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{name} {}", self.pid());
    }

    /// `SIGTERM`: a graceful shutdown, as a service manager asks for one.
    pub fn terminate(&self) {
        self.signal("TERM");
    }

    /// Waits up to `limit` for the process to end (polling, so the tests'
    /// runtime goes on meanwhile); its exit status, or `None` if it still
    /// runs.
    pub async fn wait(&mut self, limit: std::time::Duration) -> Option<std::process::ExitStatus> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            if tokio::time::Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }

    /// The log lines so far containing `needle`.
    pub fn log_lines(&self, needle: &str) -> Vec<String> {
        self.log
            .lock()
            .expect("log lock")
            .iter()
            .filter(|line| line.contains(needle))
            .cloned()
            .collect()
    }
}

impl std::ops::Deref for RealServer {
    type Target = Remote;

    fn deref(&self) -> &Remote {
        &self.remote
    }
}

impl Drop for RealServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
