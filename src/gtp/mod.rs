//! The Go Text Protocol, version 2: the only part of Kosumi that knows GTP text.
//!
//! A line comes in (`serve` reads it on its own thread, bounded in length), `parse` cleans it
//! and turns it into a typed `Command` (the table in `command`, whose argument parsers are
//! `arguments`), `engine` runs the command against the game, and `response` frames the reply.
//! The words they share (vertices, column letters, failures) are in `vocabulary`, a leaf:
//! `parse → command → arguments → vocabulary` and `response → vocabulary`, no circle. Replies go out strictly in the order the commands came in, and
//! each is flushed at once. While a command runs, the input thread keeps reading: GoGui's
//! `# interrupt` line and later commands are seen at once (`interrupt`), so long commands can
//! stop early. `gogui` holds GoGui's analyze-command list and the gfx text.
//!
//! Some replies stream (`lz-analyze`, `kata-analyze`, `analyze`, the `*genmove_analyze`
//! twins, docs/analysis.md §2): the engine sends them through `Live`, which this loop implements
//! (`Wire`): the header at once, each line flushed, and the closing empty line only after the
//! command has returned, so nothing of an analysis can follow the next reply. The input
//! thread counts every line, blank and comment lines included, so that any line ends an
//! analysis. `analysis` holds the analysis commands' arguments and `info` text. With
//! `--ponder`, the loop lets the engine think between a generated move and the next line.

pub mod analysis;
pub mod arguments;
pub mod command;
pub mod engine;
pub mod gogui;
pub mod interrupt;
pub mod parse;
pub mod response;
pub mod vocabulary;

use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::mpsc;

pub use engine::{Engine, Flow, Live};
pub use interrupt::Interrupt;

use interrupt::InputCounters;

use parse::Line;
use response::write_reply;
use vocabulary::Failure;

/// The longest line the engine reads, in bytes (1 MiB, far more than any real command). A
/// longer line is answered `line too long` and skipped without being held in memory.
pub const LINE_LIMIT: usize = 1 << 20;

/// How many lines the input thread reads ahead of the command running. When the queue is full
/// the thread waits, and the controller's writes wait on the pipe: a controller that pipes in
/// a large file while a long command runs costs at most this many lines of memory (at most
/// `LINE_LIMIT` each), not the whole file (some 80 bytes a line otherwise). A `# interrupt`
/// line is still seen at once unless this many commands are already waiting.
pub const INPUT_QUEUE: usize = 64;

/// One line read from the input.
#[derive(Debug, PartialEq)]
pub enum InputLine {
    /// A whole line, without its LF.
    Complete(Vec<u8>),
    /// A line over `LINE_LIMIT`: only its first `LINE_LIMIT` bytes were kept.
    TooLong(Vec<u8>),
}

/// Reads the next line of at most `limit` bytes, dropping the rest of a longer one. Returns
/// `None` at end of input; a last line without LF is still returned.
pub fn read_line(input: &mut impl BufRead, limit: usize) -> io::Result<Option<InputLine>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, found_end) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], true),
            None => (buffer, false),
        };
        let room = limit.saturating_sub(line.len());
        if chunk.len() > room {
            too_long = true;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + usize::from(found_end);
        input.consume(used);
        if found_end {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    Ok(Some(if too_long {
        InputLine::TooLong(line)
    } else {
        InputLine::Complete(line)
    }))
}

/// Serves GTP: reads commands from `input` until `quit` or end of input, runs them on
/// `engine`, and writes the replies to `output`. Input is read on a thread of its own, so
/// that lines arriving while a command runs are seen at once: a `# interrupt` line interrupts
/// every command read before it, and each command can tell whether more input waits (see
/// `interrupt`). Blank and comment lines get no reply. Returns an error only when writing a
/// reply fails (for instance, the reader closed the pipe).
pub fn serve(
    input: impl Read + Send + 'static,
    mut output: impl Write,
    engine: &mut Engine,
) -> io::Result<()> {
    let counters = InputCounters::new();
    let receiver = spawn_reader(input, counters.clone())?;
    for received in receiver {
        let (number, arrived, line) = match received {
            Ok(numbered) => numbered,
            Err(error) => {
                log::warn!("reading input failed: {error}");
                break;
            }
        };
        let (id, reply, flow) = match line {
            InputLine::TooLong(prefix) => {
                log::warn!("a line over {LINE_LIMIT} bytes was skipped");
                (
                    parse::leading_id(&prefix),
                    Err(Failure::LineTooLong),
                    Flow::Continue,
                )
            }
            InputLine::Complete(raw) => match parse::parse_line(&raw) {
                Line::Nothing => continue,
                Line::Invalid(id, failure) => {
                    log::debug!("invalid line: {}", String::from_utf8_lossy(&raw));
                    (id, Err(failure), Flow::Continue)
                }
                Line::Request(request) => {
                    log::debug!("command: {:?}", request.command);
                    let interrupt =
                        Interrupt::for_line(counters.clone(), number).arrived_at(arrived);
                    let mut wire = Wire::new(&mut output, request.id);
                    let (reply, flow) = engine.execute_live(request.command, &interrupt, &mut wire);
                    if wire.opened {
                        wire.close(&reply);
                        if let Some(error) = wire.error {
                            return Err(error);
                        }
                        if flow == Flow::Quit {
                            break;
                        }
                        engine.ponder(&interrupt);
                        continue;
                    }
                    if let Some(error) = wire.error {
                        return Err(error);
                    }
                    write_reply(&mut output, request.id, &reply)?;
                    if flow == Flow::Quit {
                        break;
                    }
                    // Pondering, if on and a move was just played, until the next line.
                    engine.ponder(&interrupt);
                    continue;
                }
            },
        };
        write_reply(&mut output, id, &reply)?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// The serving loop's `Live`: a reply sent in parts to the output, each part flushed at once,
/// and GoGui live graphics to stderr.
struct Wire<'a, W: Write> {
    output: &'a mut W,
    id: Option<u32>,
    /// The header has gone out.
    opened: bool,
    /// The first write that failed.
    error: Option<io::Error>,
}

impl<'a, W: Write> Wire<'a, W> {
    fn new(output: &'a mut W, id: Option<u32>) -> Wire<'a, W> {
        Wire {
            output,
            id,
            opened: false,
            error: None,
        }
    }

    fn write(&mut self, text: &str) {
        if self.error.is_some() {
            return;
        }
        let written = self
            .output
            .write_all(text.as_bytes())
            .and_then(|()| self.output.flush());
        if let Err(error) = written {
            self.error = Some(error);
        }
    }

    /// Ends an opened reply: the command's last text (`play D4`), if any, then the empty
    /// line. A failure after the header can only be logged: the reply is then just closed.
    fn close(&mut self, reply: &vocabulary::Reply) {
        match reply {
            Ok(text) if !text.is_empty() => {
                let text = format!("{}\n\n", text.trim_end_matches('\n'));
                self.write(&text);
            }
            Ok(_) => self.write("\n"),
            Err(failure) => {
                log::warn!("the command failed after its reply had begun: {failure}");
                self.write("\n");
            }
        }
    }
}

impl<W: Write> Live for Wire<'_, W> {
    fn open(&mut self) {
        if self.opened {
            return;
        }
        self.opened = true;
        let header = match self.id {
            Some(id) => format!("={id}\n"),
            None => "=\n".to_string(),
        };
        self.write(&header);
    }

    fn line(&mut self, text: &str) {
        if self.opened {
            // No empty line may go out inside a reply: it would end it.
            let text = format!("{}\n", text.replace('\n', " "));
            self.write(&text);
        }
    }

    fn gfx(&mut self, text: &str) {
        let mut block = String::from("gogui-gfx:\n");
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            block.push_str(line);
            block.push('\n');
        }
        block.push('\n');
        let mut stderr = io::stderr().lock();
        let _ = stderr.write_all(block.as_bytes());
        let _ = stderr.flush();
    }

    fn broken(&self) -> bool {
        self.error.is_some()
    }
}

/// A line passed on by the input thread, with its number (see `interrupt`) and when it was
/// read.
type NumberedLine = io::Result<(u64, std::time::Instant, InputLine)>;

/// Starts the input thread: it reads `input` line by line, handles `# interrupt` lines and
/// drops blank and comment lines itself, numbers the other lines and passes them on.
fn spawn_reader(
    input: impl Read + Send + 'static,
    counters: std::sync::Arc<InputCounters>,
) -> io::Result<mpsc::Receiver<NumberedLine>> {
    let (sender, receiver) = mpsc::sync_channel::<NumberedLine>(INPUT_QUEUE);
    std::thread::Builder::new()
        .name("gtp-input".to_string())
        .spawn(move || {
            let mut reader = BufReader::new(input);
            loop {
                let line = match read_line(&mut reader, LINE_LIMIT) {
                    Ok(Some(line)) => line,
                    Ok(None) => {
                        counters.end();
                        return;
                    }
                    Err(error) => {
                        counters.end();
                        let _ = sender.send(Err(error));
                        return;
                    }
                };
                if let InputLine::Complete(raw) = &line {
                    if interrupt::is_interrupt_line(raw) {
                        log::debug!("# interrupt");
                        counters.interrupt();
                        continue;
                    }
                    if parse::clean_line(raw).iter().all(|&byte| byte == b' ') {
                        // No command, but input all the same: it ends a running analysis.
                        counters.line_seen();
                        continue;
                    }
                }
                let number = counters.line_read();
                let arrived = std::time::Instant::now();
                if sender.send(Ok((number, arrived, line))).is_err() {
                    return;
                }
            }
        })?;
    Ok(receiver)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Input that arrives when the test sends it, as from a controller's pipe.
    struct PipeInput {
        chunks: mpsc::Receiver<Vec<u8>>,
        pending: Vec<u8>,
    }

    impl Read for PipeInput {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if self.pending.is_empty() {
                match self.chunks.recv() {
                    Ok(chunk) => self.pending = chunk,
                    Err(_) => return Ok(0),
                }
            }
            let count = buffer.len().min(self.pending.len());
            buffer[..count].copy_from_slice(&self.pending[..count]);
            self.pending.drain(..count);
            Ok(count)
        }
    }

    fn pipe() -> (mpsc::Sender<Vec<u8>>, PipeInput) {
        let (sender, chunks) = mpsc::channel();
        let input = PipeInput {
            chunks,
            pending: Vec::new(),
        };
        (sender, input)
    }

    fn next_line(receiver: &mpsc::Receiver<NumberedLine>) -> (u64, Vec<u8>) {
        match receiver.recv().unwrap().unwrap() {
            (number, _, InputLine::Complete(raw)) => (number, raw),
            (_, _, InputLine::TooLong(_)) => panic!("too long"),
        }
    }

    #[test]
    fn the_reader_numbers_commands_drops_comments_and_sees_interrupts_at_once() {
        let (sender, input) = pipe();
        let counters = InputCounters::new();
        let receiver = spawn_reader(input, counters.clone()).unwrap();
        sender
            .send(b"\n# a comment\n  \n1 kosumi-ownership\n".to_vec())
            .unwrap();
        let (first, raw) = next_line(&receiver);
        assert_eq!(
            (first, raw.as_slice()),
            (4, b"1 kosumi-ownership".as_slice()),
            "every line is numbered, blank and comment lines included"
        );
        // The first command runs; the controller interrupts it, then sends the next one.
        let running = Interrupt::for_line(counters.clone(), first);
        sender.send(b"# interrupt\n".to_vec()).unwrap();
        sender.send(b"2 name\n".to_vec()).unwrap();
        let (second, raw) = next_line(&receiver);
        assert_eq!((second, raw.as_slice()), (6, b"2 name".as_slice()));
        assert!(running.is_requested());
        assert!(running.input_waiting());
        let next = Interrupt::for_line(counters.clone(), second);
        assert!(!next.is_requested());
        assert!(!next.input_waiting());
        drop(sender);
        assert!(receiver.recv().is_err(), "end of input ends the reader");
    }

    #[test]
    fn read_line_returns_lines_and_a_last_line_without_newline() {
        let mut input: &[u8] = b"one\ntwo\r\nthree";
        assert_eq!(
            read_line(&mut input, 100).unwrap(),
            Some(InputLine::Complete(b"one".to_vec()))
        );
        assert_eq!(
            read_line(&mut input, 100).unwrap(),
            Some(InputLine::Complete(b"two\r".to_vec()))
        );
        assert_eq!(
            read_line(&mut input, 100).unwrap(),
            Some(InputLine::Complete(b"three".to_vec()))
        );
        assert_eq!(read_line(&mut input, 100).unwrap(), None);
    }

    #[test]
    fn read_line_keeps_only_the_start_of_an_over_long_line() {
        let mut input: &[u8] = b"12 name aaaaaaaaaaaaaaaaaaaa\nnext\n";
        assert_eq!(
            read_line(&mut input, 10).unwrap(),
            Some(InputLine::TooLong(b"12 name aa".to_vec()))
        );
        assert_eq!(
            read_line(&mut input, 10).unwrap(),
            Some(InputLine::Complete(b"next".to_vec()))
        );
    }
}
