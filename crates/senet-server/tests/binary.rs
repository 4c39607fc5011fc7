//! The `senet-server` binary as an operator starts it: with no
//! `DATABASE_URL` it keeps its data in an SQLite file and its first log line
//! says where to play.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the binary on a free port and returns it with its first log line.
fn start(args: &[&str], db_path: &std::path::Path) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_senet-server"))
        .args(["--bind", "127.0.0.1:0", "--db-path"])
        .arg(db_path)
        .args(args)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server binary starts");
    let stdout = child.stdout.take().unwrap();
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    (Running(child), first)
}

async fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = String::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_string(&mut raw))
        .await
        .unwrap()
        .unwrap();
    raw
}

fn temp_db() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("senet_test_{}.db", uuid::Uuid::new_v4().simple()))
}

#[tokio::test]
async fn without_database_url_it_serves_on_sqlite_and_says_where_first() {
    let db = temp_db();
    let (_server, first) = start(&[], &db);
    let addr = first
        .split("Senet Online at http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("first log line names the address: {first}"))
        .to_owned();
    assert!(first.contains("sqlite"), "{first}");
    let ready = get(&addr, "/readyz").await;
    assert!(ready.starts_with("HTTP/1.1 200"), "{ready}");
    assert!(db.exists(), "the SQLite file was created at --db-path");
}

#[tokio::test]
async fn json_log_format_writes_one_json_object_a_line() {
    let db = temp_db();
    let (_server, first) = start(&["--log-format", "json"], &db);
    let line: serde_json::Value = serde_json::from_str(&first).expect("a JSON log line");
    let message = line["fields"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("Senet Online at http://127.0.0.1:"),
        "{message}"
    );
}

/// Runs the binary to its end (bounded); its exit status and everything it
/// printed.
fn run_to_end(args: &[&str], envs: &[(&str, &str)]) -> (std::process::ExitStatus, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_senet-server"));
    command
        .args(["--bind", "127.0.0.1:0"])
        .args(args)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in envs {
        command.env(key, value);
    }
    let child = Running(command.spawn().expect("the server binary starts"));
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let mut child = child;
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the server should have refused to start"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut output = String::new();
    for pipe in [
        child
            .0
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn std::io::Read>),
        child
            .0
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn std::io::Read>),
    ]
    .into_iter()
    .flatten()
    {
        let mut pipe = pipe;
        pipe.read_to_string(&mut output).unwrap();
    }
    (status, output)
}

#[tokio::test]
async fn a_read_only_database_stops_the_start_with_one_clear_line() {
    // Make the database, then offer it read-only. `mode=ro` is read-only
    // for root too, whom file permissions do not stop.
    let db = temp_db();
    let (server, first) = start(&[], &db);
    assert!(first.contains("Senet Online at"), "{first}");
    drop(server);
    let url = format!("sqlite://{}?mode=ro", db.display());
    let (status, output) = run_to_end(&["--database-url", &url], &[]);
    assert!(!status.success(), "{output}");
    let lines: Vec<&str> = output
        .lines()
        .filter(|l| l.contains("cannot be written"))
        .collect();
    assert_eq!(lines.len(), 1, "{output}");
    assert!(lines[0].contains(&db.display().to_string()), "{output}");
    assert!(
        !output.contains("Senet Online at"),
        "it never listened: {output}"
    );
}

#[tokio::test]
async fn the_sqlite_synchronous_setting_is_read_from_the_environment() {
    let db = temp_db();
    let path = db.display().to_string();
    let (status, output) = run_to_end(
        &["--db-path", &path],
        &[("SENET_SQLITE_SYNCHRONOUS", "sometimes")],
    );
    assert!(!status.success(), "{output}");
    assert!(
        output.contains("sometimes") && output.contains("full") && output.contains("normal"),
        "{output}"
    );
    // The opt-out starts a working server.
    let (_server, first) = start(&["--sqlite-synchronous", "normal"], &db);
    assert!(first.contains("Senet Online at"), "{first}");
}
