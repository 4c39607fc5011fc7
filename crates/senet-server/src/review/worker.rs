//! The threads that compute game reviews. A review searches every decision
//! of a game, seconds of CPU, while live play needs microseconds per
//! action: on tokio's blocking pool the two shared the cores as equals, and
//! reviews of finished games took a third of a busy server's CPU. Here
//! each review thread runs in the lowest scheduling class the OS offers
//! (Linux `SCHED_IDLE`: it gets a core only when no normal thread wants
//! it; elsewhere the weakest priority), so reviews use idle time and wait
//! while the server is busy. A full queue is bounded by the caller
//! (`MAX_PENDING`).

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

/// One review's work, run on a review thread.
pub type Job = Box<dyn FnOnce() + Send + 'static>;

/// The review threads and the channel that feeds them. Dropping it closes
/// the channel: each thread ends after the job it is running.
#[derive(Debug)]
pub struct Workers {
    jobs: Mutex<Sender<Job>>,
}

impl Workers {
    /// Starts `count` review threads (at least one). A thread that cannot
    /// be started is logged and left out; with none, every job is refused.
    #[must_use]
    pub fn start(count: usize) -> Workers {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..count.max(1) {
            let queue = Arc::clone(&queue);
            let started = thread::Builder::new()
                .name(format!("senet-review-{n}"))
                .spawn(move || {
                    lower_priority();
                    work(&queue);
                });
            if let Err(error) = started {
                tracing::error!(%error, "a review thread could not be started");
            }
        }
        Workers {
            jobs: Mutex::new(jobs),
        }
    }

    /// Hands `job` to a review thread; `false` when none is left to take it.
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
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// Puts the calling thread in the lowest scheduling class: `SCHED_IDLE` on
/// Linux, else the weakest priority of its policy. Lowering one's own
/// priority needs no privilege; if the OS refuses anyway, the review runs
/// at normal priority and the log says so.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::unix::{
            NormalThreadSchedulePolicy, ThreadSchedulePolicy, set_thread_priority_and_policy,
            thread_native_id,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        match set_thread_priority_and_policy(
            thread_native_id(),
            thread_priority::ThreadPriority::Min,
            idle,
        ) {
            Ok(()) => return,
            Err(error) => tracing::warn!(?error, "SCHED_IDLE refused for a review thread"),
        }
    }
    if let Err(error) =
        thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
    {
        tracing::warn!(?error, "a review thread runs at normal priority");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_run_on_named_threads_in_the_idle_class() {
        let workers = Workers::start(2);
        let (tx, rx) = mpsc::channel();
        for _ in 0..4 {
            let tx = tx.clone();
            assert!(workers.run(Box::new(move || {
                let name = thread::current().name().map(str::to_owned);
                #[cfg(target_os = "linux")]
                let policy = thread_priority::unix::thread_schedule_policy().ok();
                #[cfg(not(target_os = "linux"))]
                let policy: Option<()> = None;
                let _ = tx.send((name, format!("{policy:?}")));
            })));
        }
        for _ in 0..4 {
            let (name, policy) = rx
                .recv_timeout(std::time::Duration::from_secs(10))
                .expect("every job runs");
            assert!(name.is_some_and(|n| n.starts_with("senet-review-")));
            #[cfg(target_os = "linux")]
            assert_eq!(policy, "Some(Normal(Idle))");
            #[cfg(not(target_os = "linux"))]
            let _ = policy;
        }
    }
}
