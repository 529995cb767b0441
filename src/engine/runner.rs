//! The one search runner every front end drives: a job (a search, a
//! ChessWar decision, a perft count) runs on its own thread while the
//! front end reads on; the runner stops it, delivering its answer or
//! discarding it, waits for it, and says whether it still runs.
//!
//! What a job's answer becomes is the front end's business: UCI prints
//! `bestmove`, XBoard plays the move, a browser shows it. The runner only
//! decides whether the answer is given, and when: an infinite or pondering
//! search holds its answer until `stop` or `ponderhit`
//! ([`SearchControl::hold`]), and a discarded job gives none.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use super::search::SearchControl;

/// What becomes of the answer of a job that is stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The answer is given as if the job had ended by itself.
    Deliver,
    /// The answer is dropped (the game changed under the search).
    Discard,
}

/// When a finished job's answer may be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// As soon as the job ends, or on `ponderhit` for a pondering search.
    UntilDone,
    /// Only on `stop` (`go infinite`, analysis).
    UntilStop,
}

impl Hold {
    /// [`Hold::UntilStop`] when `until_stop` (an infinite search, an
    /// analysis), else [`Hold::UntilDone`].
    pub fn until_stop_if(until_stop: bool) -> Hold {
        if until_stop {
            Hold::UntilStop
        } else {
            Hold::UntilDone
        }
    }
}

/// What a running job sees of the runner.
pub struct Job {
    control: Arc<SearchControl>,
    discard: Arc<AtomicBool>,
}

impl Job {
    /// The signals of the job: the stop signal its searcher reads, and
    /// pondering.
    pub fn control(&self) -> &SearchControl {
        &self.control
    }
    /// Whether the job's answer is to be dropped: a job that gives several
    /// answers (ChessWar plays a whole turn) looks before each.
    pub fn discarded(&self) -> bool {
        self.discard.load(Ordering::SeqCst)
    }
}

/// Marks a job's end when its thread ends, however it ends: clears the
/// running flag, then tells the front end.
struct EndOfJob {
    running: Arc<AtomicBool>,
    on_end: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl Drop for EndOfJob {
    fn drop(&mut self) {
        self.running.store(false, Ordering::SeqCst);
        if let Some(on_end) = &self.on_end {
            on_end();
        }
    }
}

/// Runs one job at a time on a thread of its own.
pub struct SearchRunner {
    control: Arc<SearchControl>,
    job: Option<JoinHandle<()>>,
    /// Set to drop the answer of the job being stopped.
    discard: Arc<AtomicBool>,
    /// Whether the job's thread is still at work; a new flag for each job.
    running: Arc<AtomicBool>,
    /// Called on the job's thread when a job ends (a front end that waits
    /// for input and for jobs at once is woken by it).
    on_end: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl Default for SearchRunner {
    fn default() -> Self {
        SearchRunner::new()
    }
}

impl SearchRunner {
    /// A runner with no job.
    pub fn new() -> SearchRunner {
        SearchRunner {
            control: Arc::new(SearchControl::new()),
            job: None,
            discard: Arc::new(AtomicBool::new(false)),
            running: Arc::new(AtomicBool::new(false)),
            on_end: None,
        }
    }

    /// Calls `on_end` on the job's thread whenever a job ends.
    pub fn notify_on_end(&mut self, on_end: impl Fn() + Send + Sync + 'static) {
        self.on_end = Some(Arc::new(on_end));
    }

    /// Starts a job, stopping (and delivering) one that runs. `work`
    /// computes the answer; when `hold` and pondering allow, `deliver` is
    /// given it, unless the job was stopped with [`Answer::Discard`].
    /// `ponder` starts the search in pondering (its clock starts on
    /// `ponderhit`).
    pub fn start<R>(
        &mut self,
        ponder: bool,
        hold: Hold,
        work: impl FnOnce(&Job) -> R + Send + 'static,
        deliver: impl FnOnce(R) + Send + 'static,
    ) {
        self.stop(Answer::Deliver);
        self.control.begin(ponder);
        self.discard.store(false, Ordering::SeqCst);
        self.running = Arc::new(AtomicBool::new(true));
        let end = EndOfJob {
            running: Arc::clone(&self.running),
            on_end: self.on_end.clone(),
        };
        let job = Job {
            control: Arc::clone(&self.control),
            discard: Arc::clone(&self.discard),
        };
        self.job = Some(std::thread::spawn(move || {
            let _end = end;
            let answer = work(&job);
            job.control.hold(hold == Hold::UntilStop);
            if !job.discarded() {
                deliver(answer);
            }
        }));
    }

    /// Stops the job, if there is one, and waits for it to end; its answer
    /// is given or dropped as `answer` says.
    pub fn stop(&mut self, answer: Answer) {
        if let Some(handle) = self.job.take() {
            // The discard mark goes first, so that the job finds it when
            // the stop wakes it.
            self.discard
                .store(answer == Answer::Discard, Ordering::SeqCst);
            self.control.stop();
            let _ = handle.join();
        }
    }

    /// Ends the part of the job under way without waiting for the job:
    /// a search moves now; a job of several searches goes on with the next
    /// after clearing the stop ([`SearchControl::clear_stop`]).
    pub fn interrupt(&self) {
        self.control.stop();
    }

    /// The opponent played the move pondered on.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }

    /// Waits for the job, if there is one, to end by itself.
    pub fn wait(&mut self) {
        if let Some(handle) = self.job.take() {
            let _ = handle.join();
        }
    }

    /// Whether a job was started and not yet waited for (it may have
    /// ended by itself).
    pub fn has_job(&self) -> bool {
        self.job.is_some()
    }

    /// Whether a job is still at work.
    pub fn is_running(&self) -> bool {
        self.job.is_some() && self.running.load(Ordering::SeqCst)
    }

    /// Whether no job is at work; a job that has ended is waited for, so
    /// that its answer has been given.
    pub fn is_idle(&mut self) -> bool {
        if self.job.as_ref().is_some_and(|h| !h.is_finished()) {
            return false;
        }
        self.wait();
        true
    }
}

impl Drop for SearchRunner {
    fn drop(&mut self) {
        self.stop(Answer::Discard);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    /// A job that searches until stopped, then answers `value`.
    fn until_stopped(value: u32) -> impl FnOnce(&Job) -> u32 + Send + 'static {
        move |job| {
            while !job.control().stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            value
        }
    }

    #[test]
    fn a_job_that_ends_delivers_its_answer() {
        let mut runner = SearchRunner::new();
        let (send, answers) = mpsc::channel();
        runner.start(
            false,
            Hold::UntilDone,
            |_| 7,
            move |v| send.send(v).unwrap(),
        );
        runner.wait();
        assert_eq!(answers.try_recv(), Ok(7));
        assert!(runner.is_idle() && !runner.has_job());
    }

    #[test]
    fn stop_delivers_or_discards() {
        let mut runner = SearchRunner::new();
        let (send, answers) = mpsc::channel();
        let sender = send.clone();
        runner.start(false, Hold::UntilDone, until_stopped(1), move |v| {
            sender.send(v).unwrap()
        });
        assert!(runner.is_running());
        runner.stop(Answer::Deliver);
        assert_eq!(answers.try_recv(), Ok(1));
        runner.start(false, Hold::UntilDone, until_stopped(2), move |v| {
            send.send(v).unwrap()
        });
        runner.stop(Answer::Discard);
        assert!(answers.try_recv().is_err());
        assert!(!runner.is_running());
    }

    #[test]
    fn an_infinite_answer_waits_for_stop() {
        let mut runner = SearchRunner::new();
        let (send, answers) = mpsc::channel();
        runner.start(
            false,
            Hold::UntilStop,
            |_| 3,
            move |v| send.send(v).unwrap(),
        );
        std::thread::sleep(Duration::from_millis(20));
        assert!(answers.try_recv().is_err(), "given before stop");
        assert!(runner.is_running());
        runner.stop(Answer::Deliver);
        assert_eq!(answers.try_recv(), Ok(3));
    }

    #[test]
    fn a_pondering_answer_waits_for_ponderhit() {
        let mut runner = SearchRunner::new();
        let (send, answers) = mpsc::channel();
        runner.start(true, Hold::UntilDone, |_| 4, move |v| send.send(v).unwrap());
        std::thread::sleep(Duration::from_millis(20));
        assert!(answers.try_recv().is_err(), "given while pondering");
        runner.ponderhit();
        assert_eq!(answers.recv_timeout(Duration::from_secs(10)), Ok(4));
        runner.wait();
    }

    #[test]
    fn the_end_of_a_job_is_told() {
        let mut runner = SearchRunner::new();
        let (send, ends) = mpsc::channel();
        runner.notify_on_end(move || send.send(()).unwrap());
        runner.start(false, Hold::UntilDone, |_| (), |_| {});
        assert_eq!(ends.recv_timeout(Duration::from_secs(10)), Ok(()));
        assert!(!runner.is_running());
        // A job that panics ends too.
        runner.start(
            false,
            Hold::UntilDone,
            |_| panic!("a failing job"),
            |_: ()| {},
        );
        assert_eq!(ends.recv_timeout(Duration::from_secs(10)), Ok(()));
        runner.wait();
    }
}
