//! Input and output faults, each against the real `kosumi` binary: an over-long line (answered
//! `line too long` in bounded memory), NUL and other control bytes, invalid UTF-8, CRLF line
//! ends, a missing final newline, stdin closed in the middle of a line, and stdout or stderr
//! closed by the other side (the engine exits quietly, status 0, no panic).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::thread;

use kosumi::gtp::LINE_LIMIT;

fn kosumi() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kosumi"));
    command.args(["--seed", "1"]).env("RUST_LOG", "info");
    command
}

/// Runs the engine on `input` (stdin closed after it); returns stdout, stderr and whether it
/// exited with status 0.
fn run(input: &[u8]) -> (String, String, bool) {
    let mut child = kosumi()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kosumi binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the engine exits");
    writer.join().expect("the writer thread does not panic");
    (
        String::from_utf8(output.stdout).expect("replies are UTF-8"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.success(),
    )
}

/// Asserts that nothing on stderr looks like a crash.
fn assert_no_panic(stderr: &str) {
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!stderr.contains("RUST_BACKTRACE"), "stderr: {stderr}");
}

/// A running engine spoken to one line at a time.
struct Session {
    child: Child,
    replies: BufReader<ChildStdout>,
}

impl Session {
    fn start() -> Session {
        let mut child = kosumi()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the kosumi binary starts");
        let replies = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Session { child, replies }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.child.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// The next reply, up to and without its terminating empty line.
    fn reply(&mut self) -> String {
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            let read = self
                .replies
                .read_line(&mut line)
                .expect("replies are UTF-8");
            assert!(
                read > 0,
                "the engine closed stdout in the middle of {reply:?}"
            );
            if line == "\n" {
                return reply.trim_end_matches('\n').to_string();
            }
            reply.push_str(&line);
        }
    }

    fn close_stdin(&mut self) {
        drop(self.child.stdin.take());
    }

    /// The peak resident memory of the engine so far, in KiB (Linux: VmHWM).
    fn peak_memory_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Closes stdin, reads what is left on stdout, and returns it with the exit status.
    fn finish(mut self) -> (String, bool) {
        self.close_stdin();
        let mut rest = String::new();
        self.replies
            .read_to_string(&mut rest)
            .expect("replies are UTF-8");
        let status = self.child.wait().expect("the engine exits");
        (rest, status.success())
    }
}

#[test]
fn a_line_of_ten_megabytes_is_answered_line_too_long_without_holding_it_in_memory() {
    let mut session = Session::start();
    session.send(b"1 name\n");
    assert_eq!(session.reply(), "=1 Kosumi");
    let before = session.peak_memory_kib();
    let mut long_line = b"2 play b ".to_vec();
    long_line.resize(10 << 20, b'a');
    long_line.extend_from_slice(b" D4\n");
    // Written from a thread: the engine answers while the pipe is still being filled.
    let mut stdin = session.child.stdin.take().expect("stdin is open");
    let writer = thread::spawn(move || {
        stdin
            .write_all(&long_line)
            .expect("the engine reads the long line");
        stdin
            .write_all(b"3 name\n4 list_stones black\n")
            .expect("the engine reads on");
        stdin
    });
    assert_eq!(session.reply(), "?2 line too long");
    assert_eq!(session.reply(), "=3 Kosumi");
    assert_eq!(
        session.reply(),
        "=4 ",
        "the over-long play was not executed"
    );
    session.child.stdin = Some(writer.join().expect("the writer does not panic"));
    if let (Some(before), Some(after)) = (before, session.peak_memory_kib()) {
        // The engine keeps at most LINE_LIMIT (1 MiB) of a line; 10 MiB held would show.
        assert!(
            after < before + 6 * 1024,
            "peak memory grew from {before} KiB to {after} KiB on a 10 MiB line"
        );
    }
    let (rest, success) = session.finish();
    assert_eq!(rest, "");
    assert!(success);
}

#[test]
fn a_line_of_exactly_the_limit_is_read_and_one_byte_more_is_too_long() {
    let line = |length: usize| {
        let mut line = b"known_command ".to_vec();
        line.resize(length, b'x');
        line.push(b'\n');
        line
    };
    let mut input = line(LINE_LIMIT);
    input.extend(line(LINE_LIMIT + 1));
    input.extend_from_slice(b"7 name\n");
    let (stdout, stderr, success) = run(&input);
    assert_eq!(stdout, "= false\n\n? line too long\n\n=7 Kosumi\n\n");
    assert_no_panic(&stderr);
    assert!(success);
}

#[test]
fn nul_and_other_control_bytes_are_dropped_from_a_line() {
    let (stdout, stderr, success) =
        run(b"1 na\x00me\x01\x7f\n2 play\x1b b\x00 D4\x08\n3 list_stones\x00 black\n\x00\x07\n");
    assert_eq!(stdout, "=1 Kosumi\n\n=2 \n\n=3 D4\n\n");
    assert_no_panic(&stderr);
    assert!(success);
}

#[test]
fn invalid_utf8_gets_a_syntax_error_and_the_session_goes_on() {
    let (stdout, stderr, success) = run(
        b"\xff\xfe\n7 name \xc3\x28\n8 play b \xe9\n9 name # comment \xff\n10 kata-set-rules \xc0\xaf\n11 name\n",
    );
    assert_eq!(
        stdout,
        "? syntax error\n\n?7 syntax error\n\n?8 syntax error\n\n=9 Kosumi\n\n\
         ?10 syntax error\n\n=11 Kosumi\n\n"
    );
    assert_no_panic(&stderr);
    assert!(success);
}

#[test]
fn crlf_line_ends_are_accepted_and_replies_use_lf_only() {
    let (stdout, stderr, success) =
        run(b"1 name\r\n2 play b D4\r\n3 list_stones b\r\n\r\n4 quit\r\n");
    assert_eq!(stdout, "=1 Kosumi\n\n=2 \n\n=3 D4\n\n=4 \n\n");
    assert_no_panic(&stderr);
    assert!(success);
}

#[test]
fn a_last_line_without_newline_is_answered_before_the_engine_exits() {
    let (stdout, stderr, success) = run(b"1 name\n2 version");
    assert_eq!(
        stdout,
        format!("=1 Kosumi\n\n=2 {}\n\n", env!("CARGO_PKG_VERSION"))
    );
    assert_no_panic(&stderr);
    assert!(success);
}

#[test]
fn stdin_closed_in_the_middle_of_a_line_ends_the_session_cleanly() {
    // The line cut short is read as it stands (the engine cannot tell it from a last line
    // without newline): here it lacks its vertex, so it is a syntax error and changes nothing.
    let mut session = Session::start();
    session.send(b"1 play b D4\n");
    assert_eq!(session.reply(), "=1 ");
    session.send(b"2 play w");
    let (rest, success) = session.finish();
    assert_eq!(rest, "?2 syntax error\n\n");
    assert!(success);

    // In the middle of an over-long line: the part read is answered `line too long`.
    let mut session = Session::start();
    let mut partial = b"3 name ".to_vec();
    partial.resize(LINE_LIMIT + 4096, b'a');
    session.send(&partial);
    let (rest, success) = session.finish();
    assert_eq!(rest, "?3 line too long\n\n");
    assert!(success);
}

#[test]
fn the_engine_exits_quietly_when_the_reader_closes_stdout() {
    let mut child = kosumi()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kosumi binary starts");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The first reply fails to write; the engine stops. Writing on may then fail too.
    for _ in 0..100 {
        if stdin.write_all(b"showboard\n").is_err() {
            break;
        }
    }
    drop(stdin);
    let output = child.wait_with_output().expect("the engine exits");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_no_panic(&stderr);
    assert!(!stderr.contains("ERROR"), "stderr: {stderr}");
    assert!(output.status.success(), "status {:?}", output.status);
}

#[test]
fn the_engine_keeps_answering_when_stderr_is_closed() {
    let mut child = kosumi()
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kosumi binary starts");
    drop(child.stderr.take());
    let mut input = b"1 name ".to_vec();
    input.resize(LINE_LIMIT + 10, b'a');
    input.extend_from_slice(b"\n2 play b Q\n3 genmove w\n4 quit\n");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the engine exits");
    writer.join().expect("the writer does not panic");
    let stdout = String::from_utf8(output.stdout).expect("replies are UTF-8");
    let replies: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(replies.len(), 5, "{stdout:?}");
    assert_eq!(replies[0], "?1 line too long");
    assert_eq!(replies[1], "?2 syntax error");
    assert!(replies[2].starts_with("=3 "), "{stdout:?}");
    assert_eq!(replies[3], "=4 ");
    assert!(output.status.success());
}
