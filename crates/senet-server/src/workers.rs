//! Threads for long CPU work beside live play, at a lower priority than
//! the event loop. Live play needs microseconds per action; a review of a
//! game (a search of every decision) takes seconds and a computer's move
//! up to 150 ms. On tokio's blocking pool they shared the cores with the
//! event loop as equals: reviews of finished games took a third of a busy
//! server's CPU, and a few computer seats thinking at once could hold a
//! core. Here each kind of work has its own threads:
//!
//! - [`Priority::Idle`] (reviews): Linux `SCHED_IDLE`, a core only when no
//!   normal thread wants it; reviews wait while the server is busy.
//! - [`Priority::Low`] (the computer's moves): `SCHED_BATCH` at nice 19,
//!   about 1.5 % of a contended core (CFS weight 15 against the event
//!   loop's 1,024). The computer's search is bounded by time (150 ms), so
//!   it still moves on time while people keep the server's core busy, with
//!   a shallower search; when the core has time to spare, it searches at
//!   full speed. The threads are as many as the cores, so searches queue
//!   rather than pile up. (At nice 10, a tenth of the core, a closed-loop
//!   load with 10 % of its rooms against the computer lost about that much
//!   of its people's throughput: `docs/benchmarks.md`.)
//!
//! Elsewhere than Linux both are the OS's weakest priority.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

/// One piece of work, run on a worker thread.
pub type Job = Box<dyn FnOnce() + Send + 'static>;

/// How much of a contended core the threads get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// Only what nothing else wants (`SCHED_IDLE`).
    Idle,
    /// A small share, never nothing (`SCHED_BATCH`, nice 19).
    Low,
}

/// Worker threads and the channel that feeds them. Dropping it closes the
/// channel: each thread ends after the job it is running.
#[derive(Debug)]
pub struct Workers {
    jobs: Mutex<Sender<Job>>,
}

impl Workers {
    /// Starts `count` threads (at least one) named `name-N` at `priority`.
    /// A thread that cannot be started is logged and left out; with none,
    /// every job is refused.
    #[must_use]
    pub fn start(name: &str, count: usize, priority: Priority) -> Workers {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..count.max(1) {
            let queue = Arc::clone(&queue);
            let started = thread::Builder::new()
                .name(format!("{name}-{n}"))
                .spawn(move || {
                    lower_priority(priority);
                    work(&queue);
                });
            if let Err(error) = started {
                tracing::error!(%error, name, "a worker thread could not be started");
            }
        }
        Workers {
            jobs: Mutex::new(jobs),
        }
    }

    /// Hands `job` to a worker thread; `false` when none is left to take it.
    pub fn run(&self, job: Job) -> bool {
        self.jobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .send(job)
            .is_ok()
    }
}

/// Takes jobs until the channel closes.
fn work(queue: &Mutex<Receiver<Job>>) {
    loop {
        // The lock is held only while waiting for the next job, so the
        // threads take turns at the channel and run their jobs in parallel.
        let next = queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .recv();
        match next {
            // A job that panics loses its own answer, not the thread: the
            // pool keeps its size (its caller sees the reply dropped).
            Ok(job) => {
                if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
                    tracing::error!("a worker's job panicked");
                }
            }
            Err(_) => return,
        }
    }
}

/// Puts the calling thread at `priority`. Lowering one's own priority needs
/// no privilege; if the OS refuses anyway, the work runs at normal
/// priority and the log says so.
fn lower_priority(priority: Priority) {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::unix::{
            NormalThreadSchedulePolicy, ThreadSchedulePolicy, set_thread_priority_and_policy,
            thread_native_id,
        };
        use thread_priority::{ThreadPriority, ThreadPriorityValue};
        let (policy, level) = match priority {
            Priority::Idle => (NormalThreadSchedulePolicy::Idle, ThreadPriority::Min),
            // The crate maps 0..=99 onto nice 19..=-20: 0 is nice 19.
            Priority::Low => (
                NormalThreadSchedulePolicy::Batch,
                ThreadPriorityValue::try_from(0u8)
                    .map_or(ThreadPriority::Min, ThreadPriority::Crossplatform),
            ),
        };
        match set_thread_priority_and_policy(
            thread_native_id(),
            level,
            ThreadSchedulePolicy::Normal(policy),
        ) {
            Ok(()) => return,
            Err(error) => tracing::warn!(?error, ?priority, "a worker's priority was refused"),
        }
    }
    if let Err(error) =
        thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
    {
        tracing::warn!(?error, "a worker thread runs at normal priority");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The policy and nice value of the calling thread, from
    /// `/proc/thread-self/stat` (fields 19 and 41).
    #[cfg(target_os = "linux")]
    fn policy_and_nice() -> (String, i64) {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
        // The command name may hold spaces: count fields after its ')'.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map(|(_, rest)| rest.split_whitespace().collect())
            .unwrap_or_default();
        let nice = fields
            .get(16)
            .and_then(|f| f.parse().ok())
            .unwrap_or(i64::MIN);
        let policy = match fields.get(38).copied() {
            Some("0") => "SCHED_OTHER",
            Some("3") => "SCHED_BATCH",
            Some("5") => "SCHED_IDLE",
            _ => "other",
        };
        (policy.to_owned(), nice)
    }

    fn seen_on_workers(priority: Priority) -> Vec<(Option<String>, String, i64)> {
        let workers = Workers::start("senet-test", 2, priority);
        let (tx, rx) = mpsc::channel();
        for _ in 0..4 {
            let tx = tx.clone();
            assert!(workers.run(Box::new(move || {
                let name = thread::current().name().map(str::to_owned);
                #[cfg(target_os = "linux")]
                let (policy, nice) = policy_and_nice();
                #[cfg(not(target_os = "linux"))]
                let (policy, nice) = (String::new(), 0);
                let _ = tx.send((name, policy, nice));
            })));
        }
        (0..4)
            .map(|_| {
                rx.recv_timeout(std::time::Duration::from_secs(10))
                    .expect("every job runs")
            })
            .collect()
    }

    #[test]
    fn a_job_that_panics_leaves_the_thread_working() {
        let workers = Workers::start("senet-test", 1, Priority::Low);
        assert!(workers.run(Box::new(|| panic!("a search gone wrong"))));
        let (tx, rx) = mpsc::channel();
        assert!(workers.run(Box::new(move || {
            let _ = tx.send(thread::current().name().map(str::to_owned));
        })));
        let name = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the next job runs");
        assert_eq!(name.as_deref(), Some("senet-test-0"));
    }

    #[test]
    fn idle_jobs_run_on_named_threads_in_the_idle_class() {
        for (name, policy, _) in seen_on_workers(Priority::Idle) {
            assert!(name.is_some_and(|n| n.starts_with("senet-test-")));
            #[cfg(target_os = "linux")]
            assert_eq!(policy, "SCHED_IDLE");
            #[cfg(not(target_os = "linux"))]
            let _ = policy;
        }
    }

    #[test]
    fn low_jobs_run_as_batch_work_at_nice_19() {
        for (name, policy, nice) in seen_on_workers(Priority::Low) {
            assert!(name.is_some_and(|n| n.starts_with("senet-test-")));
            #[cfg(target_os = "linux")]
            assert_eq!((policy.as_str(), nice), ("SCHED_BATCH", 19));
            #[cfg(not(target_os = "linux"))]
            let _ = (policy, nice);
        }
    }
}
