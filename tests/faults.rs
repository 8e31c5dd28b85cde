//! Input and output faults against the real binary, beyond the wire-format cases of
//! `protocol` (CRLF, control bytes, invalid UTF-8, a line just over the limit): a 10 MiB line
//! answered `line too long` in bounded memory, a last command without newline, stdin closed in
//! the middle of a line, stdout or stderr closed by the other side (the engine exits quietly
//! with status 0, no panic), and a flood of input behind a long command (read ahead only as
//! far as `gtp::INPUT_QUEUE`).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use kosumi::gtp::{INPUT_QUEUE, LINE_LIMIT};

use crate::util::{Session, kosumi_path, run, split_replies};

/// Asserts that nothing on stderr looks like a crash.
fn assert_no_panic(stderr: &[u8]) {
    let stderr = String::from_utf8_lossy(stderr);
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!stderr.contains("RUST_BACKTRACE"), "stderr: {stderr}");
}

#[test]
fn a_line_of_ten_megabytes_is_answered_line_too_long_without_holding_it_in_memory() {
    let mut session = Session::kosumi(&[]);
    assert_eq!(session.ok("1 name"), "Kosumi");
    let before = session.peak_memory_kib();
    let mut long_line = b"2 play b ".to_vec();
    long_line.resize(10 << 20, b'a');
    long_line.extend_from_slice(b" D4\n3 name\n4 list_stones black\n");
    // The engine reads while this is written, and answers only once the line has ended.
    session.write_raw(&long_line);
    let replies: Vec<String> = (0..3).filter_map(|_| session.read_framed()).collect();
    assert_eq!(replies, ["?2 line too long", "=3 Kosumi", "=4 "]);
    if let (Some(before), Some(after)) = (before, session.peak_memory_kib()) {
        // The engine keeps at most LINE_LIMIT (1 MiB) of a line: 10 MiB held would show.
        assert!(
            after < before + 6 * 1024,
            "peak memory grew from {before} KiB to {after} KiB on a 10 MiB line"
        );
    }
    assert!(session.close_and_wait(Duration::from_secs(10)).success());
}

#[test]
fn a_last_command_without_newline_is_answered_before_the_engine_exits() {
    let run = run(b"1 name\n2 version");
    assert_eq!(
        run.stdout_text(),
        format!("=1 Kosumi\n\n=2 {}\n\n", env!("CARGO_PKG_VERSION"))
    );
    assert_no_panic(&run.stderr);
    assert!(run.status.success());
}

#[test]
fn stdin_closed_in_the_middle_of_a_line_ends_the_session_cleanly() {
    // The cut line is read as it stands (the engine cannot tell it from a last line without
    // newline): here it lacks its vertex, so it is a syntax error and changes nothing.
    let mut session = Session::kosumi(&[]);
    assert_eq!(session.ok("1 play b D4"), "");
    session.write_raw(b"2 play w");
    session.close_stdin();
    assert!(session.wait(Duration::from_secs(10)).success());

    assert_eq!(session.remaining_output(), b"?2 syntax error\n\n");

    // In the middle of an over-long line: the part read is answered `line too long`.
    let mut session = Session::kosumi(&[]);
    let mut partial = b"3 name ".to_vec();
    partial.resize(LINE_LIMIT + 4096, b'a');
    session.write_raw(&partial);
    session.close_stdin();
    assert!(session.wait(Duration::from_secs(10)).success());
    assert_eq!(session.remaining_output(), b"?3 line too long\n\n");
}

#[test]
fn the_engine_exits_quietly_when_the_reader_closes_stdout() {
    let mut child = Command::new(kosumi_path())
        .args(["--seed", "1"])
        .env("RUST_LOG", "info")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kosumi binary starts");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The first reply cannot be written and the engine stops; writing on may then fail too.
    for _ in 0..100 {
        if stdin.write_all(b"showboard\n").is_err() {
            break;
        }
    }
    drop(stdin);
    let output = child.wait_with_output().expect("the engine exits");
    assert_no_panic(&output.stderr);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("ERROR"), "stderr: {stderr}");
    assert!(output.status.success(), "status {:?}", output.status);
}

#[test]
fn a_bench_whose_reader_closes_stdout_ends_without_a_panic() {
    // As in `kosumi bench | head -1`: the report's lines find the pipe closed.
    let mut child = Command::new(kosumi_path())
        .args(["bench", "--size", "9", "--playouts", "1000", "--seed", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kosumi binary starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the bench exits");
    assert_no_panic(&output.stderr);
    assert!(output.status.success(), "status {:?}", output.status);
}

#[test]
fn the_engine_keeps_answering_when_stderr_is_closed() {
    // Closed, not merely discarded: the debug log then fails to write on every line.
    let mut input = b"1 name ".to_vec();
    input.resize(LINE_LIMIT + 10, b'a');
    input.extend_from_slice(b"\n2 play b Q\n3 genmove w\n4 quit\n");
    let mut child = Command::new(kosumi_path())
        .args(["--seed", "1"])
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kosumi binary starts");
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the engine exits");
    writer.join().expect("the writer does not panic");
    let replies = split_replies(&output.stdout);
    assert_eq!(replies.len(), 4, "{replies:?}");
    assert_eq!(replies[0], Err("line too long".to_string()));
    assert_eq!(replies[1], Err("syntax error".to_string()));
    assert!(replies[2].is_ok(), "{replies:?}");
    assert_eq!(replies[3], Ok(String::new()));
    assert!(output.status.success());
}

#[test]
fn a_flood_of_input_behind_a_long_command_is_not_read_into_memory() {
    let mut child = Command::new(kosumi_path())
        .args(["--seed", "1", "--size", "19"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the kosumi binary starts");
    let status_path = format!("/proc/{}/status", child.id());
    let peak_kib = || -> Option<u64> {
        let status = std::fs::read_to_string(&status_path).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A million playouts: tens of seconds at least, during which nothing is answered.
    stdin
        .write_all(b"kosumi-ownership 1000000\n")
        .and_then(|()| stdin.flush())
        .expect("the engine reads its input");
    std::thread::sleep(Duration::from_millis(300));
    let before = peak_kib();
    // Two million short lines (10 MB), written as fast as the engine takes them: unbounded
    // read-ahead would hold them all (some 160 MB); the engine takes only INPUT_QUEUE lines
    // and the pipe's buffer, and the writer waits.
    let writer = std::thread::spawn(move || {
        let chunk = b"name\n".repeat(100_000);
        for _ in 0..20 {
            if stdin.write_all(&chunk).is_err() {
                return false;
            }
        }
        true
    });
    std::thread::sleep(Duration::from_millis(1500));
    let after = peak_kib();
    let _ = child.kill();
    let _ = child.wait();
    let wrote_everything = writer.join().expect("the writer does not panic");
    assert!(
        !wrote_everything,
        "the engine read two million lines while one command ran (queue {INPUT_QUEUE})"
    );
    if let (Some(before), Some(after)) = (before, after) {
        assert!(
            after < before + 8 * 1024,
            "peak memory grew from {before} KiB to {after} KiB under a flood of input"
        );
    }
}

#[test]
fn loadsgf_refuses_a_fifo_a_directory_a_missing_file_and_a_non_record_at_once_saying_why() {
    let directory = std::env::temp_dir().join(format!("kosumi-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let fifo = directory.join("record.sgf");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let not_sgf = directory.join("notes.sgf");
    std::fs::write(&not_sgf, "(;SZ[9]\n;B[ee] oops)").unwrap();
    // Should the engine open the FIFO and wait for a writer, this thread becomes one and
    // hands it a record, which would then load: the test fails instead of hanging.
    let watchdog_fifo = fifo.clone();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(20));
        let _ = std::fs::write(watchdog_fifo, "(;SZ[9])");
    });
    let input = format!(
        "play b e5\nloadsgf {}\nloadsgf {}\nloadsgf {}\nloadsgf {}\nlist_stones black\nquit\n",
        fifo.display(),
        directory.display(),
        directory.join("missing.sgf").display(),
        not_sgf.display(),
    );
    let run = crate::util::run(input.as_bytes());
    let replies = crate::util::split_replies(&run.stdout);
    let refused = Err("cannot load file".to_string());
    assert_eq!(
        replies,
        [
            Ok(String::new()),
            refused.clone(),
            refused.clone(),
            refused.clone(),
            refused,
            Ok("E5".to_string()),
            Ok(String::new()),
        ]
    );
    let log = String::from_utf8_lossy(&run.stderr);
    for reason in [
        "not a regular file but a FIFO, socket or device",
        "not a regular file but a directory",
        "the file does not exist",
        "not an SGF record: a property name without capitals at line 2, column 8",
    ] {
        assert!(
            log.lines()
                .any(|line| line.contains("WARN") && line.contains(reason)),
            "no warning {reason:?} in:\n{log}"
        );
    }
    std::fs::remove_dir_all(&directory).unwrap();
}
