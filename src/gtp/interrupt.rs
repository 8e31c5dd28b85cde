//! Stopping long commands: what the input thread has seen while a command runs, shared with
//! the command as an `Interrupt` it can poll. Knows no Go and no command: only line numbers.
//!
//! The input thread numbers every line it reads (1, 2, …), blank and comment lines included,
//! and passes the command lines on with their numbers. GoGui's `# interrupt` comment line is
//! not passed on; it marks every command read so far as interrupted, whether it is running or
//! still waiting in the queue. A command numbered `n` then sees:
//!
//! - `is_requested()`: a `# interrupt` line came after it. Bounded computations (an ownership
//!   estimate with a playout budget, later a search) stop early and still answer.
//! - `input_ended()`: the input has ended (the controller closed our stdin). A search limited
//!   by time stops on this too; one limited by a playout count does not, so that a file of
//!   commands piped in still gets reproducible moves.
//! - `input_waiting()`: a later command line has been read. Open-ended computations (streaming
//!   analysis in the Leela Zero / KataGo style, which Sabaki stops by sending any command) stop
//!   on this too. Bounded ones do not: a GTP file piped in with `kosumi < file` is read ahead
//!   at once, and its results must not depend on how fast the pipe is.
//! - `any_input_after()`: any line at all came after it, a blank line or a comment included.
//!   Streaming analysis (`lz-analyze`, `kata-analyze`) and pondering stop on this, as KataGo
//!   does "upon any input line at all" (docs/analysis.md §2).
//!
//! Numbers instead of a flag cleared when a command starts: an interrupt that arrives before
//! the command it is meant for has left the queue still reaches it, and a stale one never
//! reaches a later command.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// The counters the input thread updates and running commands read.
#[derive(Debug, Default)]
pub struct InputCounters {
    /// The number of lines read so far, of every kind (the number of the latest one).
    lines_seen: AtomicU64,
    /// The number of the latest command line.
    latest_command: AtomicU64,
    /// Every command numbered up to this one is to be interrupted.
    interrupted_through: AtomicU64,
    /// The input has ended.
    ended: AtomicBool,
}

impl InputCounters {
    /// Counters for a fresh input: nothing read, nothing interrupted.
    pub fn new() -> Arc<InputCounters> {
        Arc::new(InputCounters::default())
    }

    /// Records that one more command line was read, and returns its number.
    pub fn line_read(&self) -> u64 {
        let number = self.line_seen();
        self.latest_command.fetch_max(number, Ordering::SeqCst);
        number
    }

    /// Records a line that is no command (blank, a comment, `# interrupt`), and returns its
    /// number.
    pub fn line_seen(&self) -> u64 {
        self.lines_seen.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// Records a `# interrupt` line: every command read so far is interrupted.
    pub fn interrupt(&self) {
        let read = self.line_seen();
        self.interrupted_through.fetch_max(read, Ordering::SeqCst);
    }

    /// Records the end of the input.
    pub fn end(&self) {
        self.ended.store(true, Ordering::SeqCst);
    }
}

/// What a running command polls to know whether it should stop.
#[derive(Clone, Debug)]
pub struct Interrupt {
    counters: Option<Arc<InputCounters>>,
    line: u64,
    /// When the command's line was read: a move's time counts from there.
    arrived: Instant,
}

impl Interrupt {
    /// The signal of a command that nothing can interrupt (a command run without a reader,
    /// as in unit tests or `Engine::execute`).
    pub fn never() -> Interrupt {
        Interrupt {
            counters: None,
            line: 0,
            arrived: Instant::now(),
        }
    }

    /// The signal of the command read as line number `line` (from `InputCounters::line_read`).
    pub fn for_line(counters: Arc<InputCounters>, line: u64) -> Interrupt {
        Interrupt {
            counters: Some(counters),
            line,
            arrived: Instant::now(),
        }
    }

    /// The same signal, for a command whose line was read at `arrived`.
    pub fn arrived_at(self, arrived: Instant) -> Interrupt {
        Interrupt { arrived, ..self }
    }

    /// When the command's line was read (when the signal was made, without a reader).
    pub fn arrived(&self) -> Instant {
        self.arrived
    }

    /// Whether a reader stands behind this signal (`false` for `never`): without one no
    /// input can ever end an open-ended computation, so it must not start.
    pub fn has_reader(&self) -> bool {
        self.counters.is_some()
    }

    /// Whether a `# interrupt` line arrived after this command's line.
    pub fn is_requested(&self) -> bool {
        self.counters.as_ref().is_some_and(|counters| {
            counters.interrupted_through.load(Ordering::SeqCst) >= self.line
        })
    }

    /// Whether the input has ended: no command will come after the ones already read.
    pub fn input_ended(&self) -> bool {
        self.counters
            .as_ref()
            .is_some_and(|counters| counters.ended.load(Ordering::SeqCst))
    }

    /// Whether a later command line has been read and waits for this command to finish.
    pub fn input_waiting(&self) -> bool {
        self.counters
            .as_ref()
            .is_some_and(|counters| counters.latest_command.load(Ordering::SeqCst) > self.line)
    }

    /// Whether any line at all (a command, a blank line, a comment, `# interrupt`) was read
    /// after this command's line.
    pub fn any_input_after(&self) -> bool {
        self.counters
            .as_ref()
            .is_some_and(|counters| counters.lines_seen.load(Ordering::SeqCst) > self.line)
    }
}

/// Whether a raw input line is GoGui's interrupt request: `# interrupt`, with any spaces,
/// tabs or CR around the words.
pub fn is_interrupt_line(raw: &[u8]) -> bool {
    let text = String::from_utf8_lossy(raw);
    match text.trim().strip_prefix('#') {
        Some(rest) => rest.trim() == "interrupt",
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_interrupt_comment_is_an_interrupt_line() {
        for line in [
            "# interrupt",
            "#interrupt",
            "  # interrupt \r",
            "\t#\tinterrupt",
        ] {
            assert!(is_interrupt_line(line.as_bytes()), "{line:?}");
        }
        for line in [
            "",
            "# comment",
            "# interrupted",
            "name # interrupt",
            "interrupt",
        ] {
            assert!(!is_interrupt_line(line.as_bytes()), "{line:?}");
        }
    }

    #[test]
    fn an_interrupt_reaches_every_command_read_before_it_and_none_after() {
        let counters = InputCounters::new();
        let first = Interrupt::for_line(counters.clone(), counters.line_read());
        let second = Interrupt::for_line(counters.clone(), counters.line_read());
        assert!(!first.is_requested() && !second.is_requested());
        counters.interrupt();
        assert!(first.is_requested(), "the running command");
        assert!(second.is_requested(), "the command still in the queue");
        let third = Interrupt::for_line(counters.clone(), counters.line_read());
        assert!(!third.is_requested(), "a command read after the interrupt");
    }

    #[test]
    fn input_is_waiting_once_a_later_line_is_read() {
        let counters = InputCounters::new();
        let running = Interrupt::for_line(counters.clone(), counters.line_read());
        assert!(!running.input_waiting());
        counters.line_read();
        assert!(running.input_waiting());
        assert!(
            !running.is_requested(),
            "new input is not an interrupt request"
        );
    }

    #[test]
    fn a_blank_line_or_a_comment_is_input_after_a_command_but_no_command_waiting() {
        let counters = InputCounters::new();
        let running = Interrupt::for_line(counters.clone(), counters.line_read());
        assert!(!running.any_input_after());
        counters.line_seen();
        assert!(running.any_input_after());
        assert!(!running.input_waiting());
        assert!(!running.is_requested());
    }

    #[test]
    fn a_command_without_a_reader_is_never_interrupted() {
        let never = Interrupt::never();
        assert!(!never.is_requested());
        assert!(!never.input_waiting());
        assert!(!never.input_ended());
        assert!(!never.any_input_after());
    }

    #[test]
    fn the_end_of_input_reaches_every_command() {
        let counters = InputCounters::new();
        let running = Interrupt::for_line(counters.clone(), counters.line_read());
        assert!(!running.input_ended());
        counters.end();
        assert!(running.input_ended());
        assert!(
            !running.is_requested(),
            "the end of input is no interrupt request"
        );
    }
}
