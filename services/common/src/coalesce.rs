//! Reads shared by the callers who ask at once, without serving anyone an answer older than
//! their call.
//!
//! A hot read (the home page's counts: thousands of callers a second, all for the same
//! project) costs the database the same plan and scan for each of them. Sharing the read
//! that is already running would be cheaper still, but it started before some of its
//! sharers asked, so one of them could miss a write it had just seen committed. Here a
//! caller only ever joins a read that has not started yet: while a key's reads run (two at
//! most, [`DEFAULT_CONCURRENCY`]), everyone who asks for that key waits for the next one,
//! which starts when a running one ends and answers them all. Every answer is read after
//! its caller asked, as an unshared read would be.
//!
//! At low load a caller finds nothing running and reads at once, as before. Under load the
//! waits batch more callers into each read: the busier the database, the fewer reads it
//! gets.
//!
//! `futures`' `Shared` lets every waiter poll the one read; why not a single-flight crate:
//! those share the read in flight, which is the stale answer this module exists to avoid.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};

use futures::future::{BoxFuture, FutureExt, Shared};
use tokio::sync::Semaphore;

type Round<V, E> = Shared<BoxFuture<'static, Result<V, Arc<E>>>>;

/// How many reads of one key run at once by default. One would batch the most, but a read
/// that stalls (a slow plan, a busy disk) would then hold up every caller of its key; with
/// two, the next batch starts on the other slot.
pub const DEFAULT_CONCURRENCY: usize = 2;

/// The rounds of one key.
struct Rounds<V, E> {
    /// The round newcomers join: created, not reading yet.
    open: Option<(u64, Round<V, E>)>,
    /// The key's reads running at once.
    slots: Arc<Semaphore>,
    /// Rounds made and not finished (nor dropped); the key is forgotten at none.
    live: usize,
}

struct State<K, V, E> {
    keys: HashMap<K, Rounds<V, E>>,
    next_id: u64,
}

type Guarded<K, V, E> = Arc<Mutex<State<K, V, E>>>;

/// Shared reads by key. Cloning gives another handle on the same rounds.
pub struct Coalesced<K, V, E> {
    state: Guarded<K, V, E>,
    concurrency: usize,
}

impl<K, V, E> Clone for Coalesced<K, V, E> {
    fn clone(&self) -> Self {
        Self { state: self.state.clone(), concurrency: self.concurrency }
    }
}

impl<K, V, E> Default for Coalesced<K, V, E> {
    fn default() -> Self {
        Self::with_concurrency(DEFAULT_CONCURRENCY)
    }
}

impl<K, V, E> Coalesced<K, V, E> {
    /// At most `concurrency` reads of a key at once (at least one).
    pub fn with_concurrency(concurrency: usize) -> Self {
        let state = State { keys: HashMap::new(), next_id: 0 };
        Self { state: Arc::new(Mutex::new(state)), concurrency: concurrency.max(1) }
    }
}

impl<K, V, E> Coalesced<K, V, E>
where
    K: Eq + Hash + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
    E: Send + Sync + 'static,
{
    pub fn new() -> Self {
        Self::default()
    }

    /// `key`'s value, read by `read` after this call began: by this caller, or shared with
    /// whoever else asked for `key` before that read started. `read` must answer the same
    /// for every caller of `key` (authorize each caller before asking). A failed read fails
    /// every caller who shared it.
    pub async fn get<F, Fut>(&self, key: K, read: F) -> Result<V, Arc<E>>
    where
        F: FnOnce() -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Result<V, E>> + Send + 'static,
    {
        let round = {
            let mut state = lock(&self.state);
            let id = state.next_id;
            let rounds = state.keys.entry(key.clone()).or_insert_with(|| Rounds {
                open: None,
                slots: Arc::new(Semaphore::new(self.concurrency)),
                live: 0,
            });
            match &rounds.open {
                Some((_, round)) => round.clone(),
                None => {
                    rounds.live += 1;
                    let live = Live { state: self.state.clone(), key: key.clone() };
                    let round = Self::round(live, id, rounds.slots.clone(), read);
                    rounds.open = Some((id, round.clone()));
                    state.next_id += 1;
                    round
                }
            }
        };
        round.await
    }

    /// Round `id` of a key: waits for a slot, closes itself to newcomers, reads.
    fn round<F, Fut>(live: Live<K, V, E>, id: u64, slots: Arc<Semaphore>, read: F) -> Round<V, E>
    where
        F: FnOnce() -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Result<V, E>> + Send + 'static,
    {
        async move {
            // The semaphore is never closed; were it, the read would only run unbounded.
            let _slot = slots.acquire_owned().await.ok();
            let closed = {
                let mut state = lock(&live.state);
                let rounds = state.keys.get_mut(&live.key);
                rounds.and_then(|rounds| rounds.open.take_if(|(open, _)| *open == id))
            };
            drop(closed);
            let value = read().await.map_err(Arc::new);
            drop(live);
            value
        }
        .boxed()
        .shared()
    }

    /// How many keys have a round running or waiting (for tests and metrics).
    pub fn keys_in_flight(&self) -> usize {
        lock(&self.state).keys.len()
    }
}

fn lock<K, V, E>(state: &Mutex<State<K, V, E>>) -> std::sync::MutexGuard<'_, State<K, V, E>> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A round not yet finished: when it ends or is dropped, its key is forgotten if it was the
/// key's last.
struct Live<K: Eq + Hash, V, E> {
    state: Guarded<K, V, E>,
    key: K,
}

impl<K: Eq + Hash, V, E> Drop for Live<K, V, E> {
    fn drop(&mut self) {
        let mut state = lock(&self.state);
        let last = state.keys.get_mut(&self.key).is_some_and(|rounds| {
            rounds.live -= 1;
            rounds.live == 0
        });
        let forgotten = if last { state.keys.remove(&self.key) } else { None };
        drop(state);
        drop(forgotten);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    use tokio::sync::Notify;

    use super::*;

    /// A store whose reads can be held open: the value is the number of writes made when
    /// the read started.
    #[derive(Default)]
    struct Store {
        writes: AtomicU64,
        reads: AtomicU64,
        release: Notify,
    }

    impl Store {
        async fn read(self: Arc<Self>, hold: bool) -> Result<u64, String> {
            let seen = self.writes.load(Ordering::SeqCst);
            self.reads.fetch_add(1, Ordering::SeqCst);
            if hold {
                self.release.notified().await;
            }
            Ok(seen)
        }
    }

    fn spawn_get(
        reads: &Coalesced<i64, u64, String>,
        store: &Arc<Store>,
        hold: bool,
    ) -> tokio::task::JoinHandle<Result<u64, Arc<String>>> {
        let (reads, store) = (reads.clone(), store.clone());
        tokio::spawn(async move { reads.get(1, move || store.read(hold)).await })
    }

    async fn until(what: impl Fn() -> bool) {
        for _ in 0..200 {
            if what() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!("condition not reached");
    }

    #[tokio::test]
    async fn a_lone_caller_reads_at_once_and_leaves_nothing_behind() {
        let reads = Coalesced::<i64, u64, String>::new();
        let store = Arc::new(Store::default());
        assert_eq!(spawn_get(&reads, &store, false).await.unwrap().unwrap(), 0);
        assert_eq!(store.reads.load(Ordering::SeqCst), 1);
        assert_eq!(reads.keys_in_flight(), 0);
    }

    #[tokio::test]
    async fn callers_during_a_read_share_the_next_one_and_see_writes_made_before_they_asked() {
        let reads = Coalesced::<i64, u64, String>::with_concurrency(1);
        let store = Arc::new(Store::default());
        let first = spawn_get(&reads, &store, true);
        until(|| store.reads.load(Ordering::SeqCst) == 1).await;
        // A write commits while the first read runs; everyone asking after it must see it.
        store.writes.fetch_add(1, Ordering::SeqCst);
        let later: Vec<_> = (0..5).map(|_| spawn_get(&reads, &store, false)).collect();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(store.reads.load(Ordering::SeqCst), 1, "the later callers wait for the running read");
        store.release.notify_one();
        assert_eq!(first.await.unwrap().unwrap(), 0);
        for caller in later {
            assert_eq!(caller.await.unwrap().unwrap(), 1);
        }
        assert_eq!(store.reads.load(Ordering::SeqCst), 2, "the five shared one read");
        assert_eq!(reads.keys_in_flight(), 0);
    }

    #[tokio::test]
    async fn two_reads_of_a_key_run_at_once_by_default_and_the_next_waits_for_either() {
        let reads = Coalesced::<i64, u64, String>::new();
        let store = Arc::new(Store::default());
        let first = spawn_get(&reads, &store, true);
        until(|| store.reads.load(Ordering::SeqCst) == 1).await;
        store.writes.fetch_add(1, Ordering::SeqCst);
        let second = spawn_get(&reads, &store, true);
        until(|| store.reads.load(Ordering::SeqCst) == 2).await;
        store.writes.fetch_add(1, Ordering::SeqCst);
        let later: Vec<_> = (0..5).map(|_| spawn_get(&reads, &store, false)).collect();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(store.reads.load(Ordering::SeqCst), 2, "both slots are taken");
        store.release.notify_one();
        for caller in later {
            assert_eq!(caller.await.unwrap().unwrap(), 2, "read after the second write");
        }
        assert_eq!(store.reads.load(Ordering::SeqCst), 3, "the five shared one read");
        store.release.notify_one();
        let mut answers = [first.await.unwrap().unwrap(), second.await.unwrap().unwrap()];
        answers.sort();
        assert_eq!(answers, [0, 1]);
        assert_eq!(reads.keys_in_flight(), 0);
    }

    #[tokio::test]
    async fn keys_do_not_wait_for_each_other() {
        let reads = Coalesced::<i64, u64, String>::new();
        let store = Arc::new(Store::default());
        let held = spawn_get(&reads, &store, true);
        until(|| store.reads.load(Ordering::SeqCst) == 1).await;
        let other = {
            let store = store.clone();
            reads.get(2, move || store.read(false)).await
        };
        assert_eq!(other.unwrap(), 0);
        store.release.notify_one();
        held.await.unwrap().unwrap();
    }

    #[tokio::test]
    async fn a_failed_read_fails_its_sharers_only() {
        let reads = Coalesced::<i64, u64, String>::new();
        let failed = reads.get(1, || async { Err::<u64, _>("database gone".to_owned()) }).await;
        assert_eq!(failed.unwrap_err().as_str(), "database gone");
        assert_eq!(reads.get(1, || async { Ok::<_, String>(7) }).await.unwrap(), 7);
    }

    #[tokio::test]
    async fn a_round_whose_callers_all_left_still_serves_the_next_caller() {
        let reads = Coalesced::<i64, u64, String>::with_concurrency(1);
        let store = Arc::new(Store::default());
        let first = spawn_get(&reads, &store, true);
        until(|| store.reads.load(Ordering::SeqCst) == 1).await;
        // A caller joins the next round, then goes away (its client disconnected).
        let gone = spawn_get(&reads, &store, false);
        tokio::time::sleep(Duration::from_millis(10)).await;
        gone.abort();
        store.release.notify_one();
        first.await.unwrap().unwrap();
        assert_eq!(spawn_get(&reads, &store, false).await.unwrap().unwrap(), 0);
        assert_eq!(reads.keys_in_flight(), 0);
    }
}
