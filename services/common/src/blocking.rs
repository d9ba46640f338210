//! A bounded pool for CPU-heavy work (password hashing, image decoding): at most a fixed
//! number run at once, off the async threads. Without a bound, a burst of sign-ins or
//! uploads queues unbounded work on tokio's blocking pool (up to 512 threads), each holding
//! its memory (argon2 takes some 19 MiB a hash), and takes every core from the requests that
//! only read.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::error::Error;

/// How many heavy jobs run at once by default: one per core, at least two.
pub fn default_size() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).max(2)
}

/// The pool; cheap to clone.
#[derive(Clone)]
pub struct Blocking(Arc<Semaphore>);

impl Blocking {
    pub fn new(size: usize) -> Self {
        Self(Arc::new(Semaphore::new(size.max(1))))
    }

    /// Runs `job` on the blocking pool once one of the pool's places is free; the others wait.
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, Error> {
        let _place = self.0.acquire().await.map_err(Error::internal)?;
        tokio::task::spawn_blocking(job).await.map_err(Error::internal)
    }

    /// Places free now.
    pub fn available(&self) -> usize {
        self.0.available_permits()
    }
}

impl Default for Blocking {
    fn default() -> Self {
        Self::new(default_size())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_than_its_size_run_at_once() {
        let pool = Blocking::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs = (0..8).map(|_| {
            let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
            tokio::spawn(async move {
                pool.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(50));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
                .unwrap();
            })
        });
        for job in jobs.collect::<Vec<_>>() {
            job.await.unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!(pool.available(), 2);
    }
}
