//! Running programs under test: the real `kosumi` binary with a fixed seed (whole runs over a
//! prepared stdin, or a live session), any other GTP engine as a child process, and GTP reply
//! reading. Holds no assertions about Kosumi's behaviour.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The seed every test run uses, so that generated moves are reproducible.
pub const SEED: u64 = 1;

/// The arguments of a small, reproducible mcts player: one thread and a playout budget, never
/// resigning.
pub const SMALL_MCTS: [&str; 8] = [
    "--player",
    "mcts",
    "--playouts",
    "300",
    "--threads",
    "1",
    "--resign",
    "0",
];

/// The `kosumi` binary Cargo built for these tests.
pub fn kosumi_path() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_kosumi"))
}

/// The repository root (where `gtp-scripts/` lives).
pub fn repository_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// GNU Go: `$KOSUMI_GNUGO` if set, else `/usr/games/gnugo` (Debian's path), else `gnugo`.
pub fn gnugo_path() -> PathBuf {
    if let Some(path) = std::env::var_os("KOSUMI_GNUGO") {
        return PathBuf::from(path);
    }
    let debian = PathBuf::from("/usr/games/gnugo");
    if debian.exists() {
        debian
    } else {
        PathBuf::from("gnugo")
    }
}

/// A number from the environment variable `name`, or `default` when it is unset. A value that
/// is set but not a number stops the test: a typo must not silently run the default.
pub fn environment_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a non-negative integer")),
        Err(_) => default,
    }
}

/// docs/rules.md §2.7's ko shape, placed on a `size`×`size` board (at least 4×4) for the random
/// sequences to set up and fight over: the seven stones (in the order given by `order`, a
/// permutation of 0..7, so that colours need not alternate), the capture, and the immediate
/// retake that the basic ko rule forbids. Points are slots `y * size + x`. `symmetry` (0..8)
/// reflects and turns the shape, `(dx, dy)` (each below `size - 3`) moves it, and `swap`
/// exchanges the colours: `true` for Black as the capturer.
pub struct KoShape {
    /// The stones set up before the capture, each with its colour (`true`: the capturer's).
    pub stones: Vec<(bool, usize)>,
    /// The capturer's stone that takes one stone and is left with one liberty.
    pub capture: usize,
    /// Where the captured stone stood: the retake point.
    pub retake: usize,
}

impl KoShape {
    /// The shape as described above.
    pub fn new(size: usize, symmetry: usize, dx: usize, dy: usize, order: &[usize]) -> KoShape {
        //   2 . X O .      X the capturer, O the other side; the capturer's stone at (2, 1)
        //   1 X O . O      takes (1, 1).
        //   0 . X O .
        //     0 1 2 3
        let capturer = [(0, 1), (1, 0), (1, 2)];
        let other = [(1, 1), (2, 0), (3, 1), (2, 2)];
        let place = |(x, y): (usize, usize)| {
            let (x, y) = if symmetry & 1 != 0 {
                (3 - x, y)
            } else {
                (x, y)
            };
            let (x, y) = if symmetry & 2 != 0 {
                (x, 2 - y)
            } else {
                (x, y)
            };
            let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
            (y + dy) * size + x + dx
        };
        let all: Vec<(bool, usize)> = capturer
            .iter()
            .map(|&point| (true, place(point)))
            .chain(other.iter().map(|&point| (false, place(point))))
            .collect();
        KoShape {
            stones: order.iter().map(|&index| all[index]).collect(),
            capture: place((2, 1)),
            retake: place((1, 1)),
        }
    }
}

/// What a whole run of the binary produced.
pub struct Run {
    /// Everything written to stdout.
    pub stdout: Vec<u8>,
    /// Everything written to stderr.
    pub stderr: Vec<u8>,
    /// How the process ended.
    pub status: ExitStatus,
}

impl Run {
    /// Stdout as text (replies are ASCII; anything else shows up as U+FFFD in the assertion).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Runs `kosumi --seed SEED` on `input` (stdin is closed after it) and waits for it to exit.
pub fn run(input: &[u8]) -> Run {
    run_with(&[], input)
}

/// Runs `kosumi --seed SEED ARGUMENTS…` on `input` and waits for it to exit.
pub fn run_with(arguments: &[&str], input: &[u8]) -> Run {
    run_with_seed(SEED, arguments, input)
}

/// Runs `kosumi --seed SEED ARGUMENTS…` with another seed.
pub fn run_with_seed(seed: u64, arguments: &[&str], input: &[u8]) -> Run {
    let mut command = Command::new(kosumi_path());
    command.arg("--seed").arg(seed.to_string()).args(arguments);
    run_command(command, input)
}

/// Runs a prepared command on `input` and waits for it to exit. Stdin is written from a thread
/// of its own, so a large input cannot deadlock against a full stdout pipe.
pub fn run_command(mut command: Command, input: &[u8]) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot start {command:?}: {error}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The engine may exit (after `quit`) before reading everything: a broken pipe here
        // is expected, not a failure.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("waiting for the process");
    writer.join().expect("the stdin writer does not panic");
    Run {
        stdout: output.stdout,
        stderr: output.stderr,
        status: output.status,
    }
}

/// A reply as text: `Ok` with the result of `=`, `Err` with the message of `?`. The text is
/// what follows `=id ` or `?id `, without the terminating empty line (multi-line results keep
/// their inner newlines).
pub type Reply = Result<String, String>;

/// Splits a whole stdout into replies (each ends with one empty line). Panics on output that is
/// not well-framed GTP: a reply not starting with `=` or `?`, or missing the space after the
/// status and id.
pub fn split_replies(stdout: &[u8]) -> Vec<Reply> {
    let text = std::str::from_utf8(stdout).expect("replies are UTF-8 (ASCII in fact)");
    let mut replies = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest
            .find("\n\n")
            .unwrap_or_else(|| panic!("a reply without its empty line: {rest:?}"));
        replies.push(parse_reply(&rest[..end]));
        rest = &rest[end + 2..];
    }
    replies
}

/// Reads one framed reply (without its final `\n\n`) into a `Reply`.
pub fn parse_reply(framed: &str) -> Reply {
    let status = framed.chars().next();
    let after_status = &framed[1.min(framed.len())..];
    let digits = after_status.bytes().take_while(u8::is_ascii_digit).count();
    let text = after_status[digits..]
        .strip_prefix(' ')
        .unwrap_or_else(|| panic!("no space after the status and id: {framed:?}"))
        .to_string();
    match status {
        Some('=') => Ok(text),
        Some('?') => Err(text),
        _ => panic!("a reply must start with = or ?: {framed:?}"),
    }
}

/// A GTP engine running as a child process, spoken to one command at a time.
pub struct Session {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    /// Starts `kosumi --seed SEED ARGUMENTS…` (its log on stderr is discarded).
    pub fn kosumi(arguments: &[&str]) -> Session {
        Session::kosumi_with_seed(SEED, arguments)
    }

    /// Starts `kosumi --seed SEED ARGUMENTS…` with another seed.
    pub fn kosumi_with_seed(seed: u64, arguments: &[&str]) -> Session {
        let mut command = Command::new(kosumi_path());
        command.arg("--seed").arg(seed.to_string()).args(arguments);
        Session::start(&format!("kosumi (seed {seed})"), command)
            .unwrap_or_else(|error| panic!("cannot start kosumi: {error}"))
    }

    /// Starts GNU Go in GTP mode with the given extra arguments. Panics with a clear message
    /// when it is not installed.
    pub fn gnugo(arguments: &[&str]) -> Session {
        let path = gnugo_path();
        let mut command = Command::new(&path);
        command.arg("--mode").arg("gtp").args(arguments);
        Session::start("gnugo", command).unwrap_or_else(|error| {
            panic!(
                "cannot start GNU Go ({}): {error}; install it (apt-get install gnugo) or set \
                 KOSUMI_GNUGO",
                path.display()
            )
        })
    }

    /// Starts any GTP engine; its stderr is discarded.
    pub fn start(label: &str, mut command: Command) -> io::Result<Session> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Ok(Session {
            label: label.to_string(),
            child,
            stdin,
            stdout,
        })
    }

    /// The name used in panic messages.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Writes raw bytes to the engine's stdin (no newline added) and flushes.
    pub fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        stdin
            .write_all(bytes)
            .and_then(|()| stdin.flush())
            .unwrap_or_else(|error| panic!("{}: writing failed: {error}", self.label));
    }

    /// Reads one reply (up to and including its empty line). Returns the framed text without
    /// the final `\n\n`, or `None` at end of output.
    pub fn read_framed(&mut self) -> Option<String> {
        let mut framed = String::new();
        loop {
            let Some(line) = self.read_raw_line() else {
                return if framed.is_empty() {
                    None
                } else {
                    panic!("{}: output ended inside a reply: {framed:?}", self.label)
                };
            };
            if line == "\n" {
                if framed.is_empty() {
                    // Only a stray newline before a reply; GTP controllers skip it.
                    continue;
                }
                framed.pop(); // the newline ending the last line of the reply
                return Some(framed);
            }
            framed.push_str(&line);
        }
    }

    /// Reads one line of output without its LF, or `None` at end of output (for replies that
    /// stream, such as `lz-analyze`'s).
    pub fn read_line(&mut self) -> Option<String> {
        self.read_raw_line()
            .map(|line| line.trim_end_matches('\n').to_string())
    }

    /// Reads one line of output with its LF, or `None` at end of output.
    fn read_raw_line(&mut self) -> Option<String> {
        let mut line = String::new();
        let read = self
            .stdout
            .read_line(&mut line)
            .unwrap_or_else(|error| panic!("{}: reading failed: {error}", self.label));
        (read > 0).then_some(line)
    }

    /// Sends one command line and returns its reply.
    pub fn send(&mut self, command: &str) -> Reply {
        self.write_raw(format!("{command}\n").as_bytes());
        let framed = self
            .read_framed()
            .unwrap_or_else(|| panic!("{}: no reply to {command:?}", self.label));
        parse_reply(&framed)
    }

    /// Writes several command lines in one write, without reading the replies.
    pub fn write_commands(&mut self, commands: &[String]) {
        let text: String = commands
            .iter()
            .map(|command| format!("{command}\n"))
            .collect();
        self.write_raw(text.as_bytes());
    }

    /// Reads the replies to `commands`, written before (controllers such as Sabaki pipeline
    /// like this: the engine must queue the commands and answer them in order).
    pub fn read_replies(&mut self, commands: &[String]) -> Vec<Reply> {
        commands
            .iter()
            .map(|command| {
                let framed = self
                    .read_framed()
                    .unwrap_or_else(|| panic!("{}: no reply to {command:?}", self.label));
                parse_reply(&framed)
            })
            .collect()
    }

    /// Sends a command that must succeed, and returns its result trimmed.
    pub fn ok(&mut self, command: &str) -> String {
        match self.send(command) {
            Ok(text) => text.trim().to_string(),
            Err(message) => panic!("{}: {command:?} failed: {message}", self.label),
        }
    }

    /// Takes the engine's stdin, to write to it from another thread.
    pub fn take_stdin(&mut self) -> ChildStdin {
        self.stdin.take().expect("stdin is still open")
    }

    /// Closes stdin (end of input), leaving the process running.
    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes stdin (end of input) and waits up to `limit` for the process to exit.
    pub fn close_and_wait(mut self, limit: Duration) -> ExitStatus {
        drop(self.stdin.take());
        self.wait(limit)
    }

    /// Waits up to `limit` for the process to exit, with stdin left open (so an engine that
    /// waited for more input would not exit). Kills it and panics when the time is up.
    pub fn wait(&mut self, limit: Duration) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("polling the process") {
                return status;
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("{} did not exit within {limit:?}", self.label);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The process's peak resident memory so far, in KiB (`VmHWM` of /proc/PID/status), or
    /// `None` where that cannot be read (not Linux, or the process is gone).
    pub fn peak_memory_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Whatever is left on stdout after the process exited.
    pub fn remaining_output(&mut self) -> Vec<u8> {
        let mut rest = Vec::new();
        let _ = self.stdout.read_to_end(&mut rest);
        rest
    }
}

impl Drop for Session {
    /// A session that a test left running (after a failed assertion) is stopped.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            drop(self.stdin.take());
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
