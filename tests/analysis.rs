//! Live analysis from the outside (docs/analysis.md §1–2): `analyze`, `lz-analyze`, `kata-analyze`
//! open their reply at once, stream one `info` line per interval with every candidate, and close it
//! on any input line (a command, an empty line, `# interrupt`) before that line is handled; the
//! `*genmove_analyze` twins end with `play MOVE`; the game is left exactly as it was; bad arguments
//! are refused before the reply opens; GoGui live graphics and pondering.
//!
//! The stop latency is measured here (from writing the stopping line to reading the next
//! command's reply) because it is part of the protocol: Sabaki waits for that reply before it
//! syncs the next position. The figures are printed (`cargo test -- --nocapture`).

use std::time::{Duration, Instant};

use crate::util::{SMALL_MCTS, Session, run_with, split_replies};

/// The longest the engine may take to answer the command that stopped an analysis.
const STOP_LIMIT: Duration = Duration::from_millis(100);

/// One candidate block of an `info` line: its key-value pairs before `pv`, and the `pv`.
#[derive(Debug)]
struct Block {
    fields: Vec<(String, String)>,
    pv: Vec<String>,
}

impl Block {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }
}

/// Splits an `info` line into its blocks; the `ownership` tail, if any, is returned apart.
fn blocks(line: &str) -> (Vec<Block>, Option<Vec<f64>>) {
    assert!(line.starts_with("info move "), "{line:?}");
    assert!(!line.contains("  "), "single spaces: {line:?}");
    let (body, ownership) = match line.split_once(" ownership ") {
        Some((body, tail)) => (
            body,
            Some(
                tail.split(' ')
                    .map(|value| value.parse::<f64>().expect("an ownership value"))
                    .collect(),
            ),
        ),
        None => (line, None),
    };
    let mut result = Vec::new();
    for text in body.split("info ").filter(|text| !text.is_empty()) {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let pv_at = tokens
            .iter()
            .position(|&token| token == "pv")
            .unwrap_or_else(|| panic!("no pv in {text:?}"));
        let fields = tokens[..pv_at]
            .chunks(2)
            .map(|pair| (pair[0].to_string(), pair[1].to_string()))
            .collect();
        let pv = tokens[pv_at + 1..].iter().map(|v| v.to_string()).collect();
        result.push(Block { fields, pv });
    }
    (result, ownership)
}

/// Whether `text` is a vertex of a `size`×`size` board (no `I`, upper case) or `pass`.
fn is_move(text: &str, size: usize) -> bool {
    if text == "pass" {
        return true;
    }
    let letters = &"ABCDEFGHJKLMNOPQRSTUVWXYZ"[..size];
    let mut characters = text.chars();
    let Some(column) = characters.next() else {
        return false;
    };
    let row: Option<usize> = characters.as_str().parse().ok();
    letters.contains(column) && row.is_some_and(|row| (1..=size).contains(&row))
}

/// Checks one `info` line of `command`'s dialect on a `size` board.
fn check_line(command: &str, line: &str, size: usize) {
    let (blocks, _) = blocks(line);
    assert!(!blocks.is_empty());
    let mut last_visits = u64::MAX;
    for (order, block) in blocks.iter().enumerate() {
        let turn = block.get("move").expect("move");
        assert!(is_move(turn, size), "{turn} in {line}");
        assert_eq!(block.pv.first().map(String::as_str), Some(turn), "{line}");
        assert!(block.pv.iter().all(|v| is_move(v, size)), "{line}");
        assert_eq!(block.get("order"), Some(order.to_string().as_str()));
        let visits: u64 = block.get("visits").unwrap().parse().unwrap();
        assert!(visits <= last_visits, "best first: {line}");
        last_visits = visits;
        let winrate = block.get("winrate").expect("winrate");
        if command.starts_with("kata") {
            let value: f64 = winrate.parse().unwrap();
            assert!(
                winrate.contains('.') && (0.0..=1.0).contains(&value),
                "{line}"
            );
            assert!(block.get("scoreLead").is_some(), "{line}");
        } else {
            let value: u32 = winrate.parse().expect("an integer win rate");
            assert!(value <= 10000);
            let prior: u32 = block.get("prior").unwrap().parse().unwrap();
            assert!(prior <= 10000);
            let _: u32 = block.get("lcb").unwrap().parse().unwrap();
        }
    }
}

/// Starts an analysis on `session`: reads the header and then `lines` info lines, checking
/// each. Returns the lines.
fn start(session: &mut Session, command: &str, id: &str, lines: usize, size: usize) -> Vec<String> {
    let separator = if id.is_empty() { "" } else { " " };
    session.write_raw(format!("{id}{separator}{command}\n").as_bytes());
    let header = session.read_line().expect("a header");
    assert_eq!(header, format!("={id}"), "the header alone on its line");
    let name = command.split(' ').next().unwrap();
    (0..lines)
        .map(|_| {
            let line = session.read_line().expect("an info line");
            check_line(name, &line, size);
            line
        })
        .collect()
}

/// Sends `stopper` (a raw line), reads the rest of the analysis up to its empty line (only
/// info lines), then, when `stopper` is a command, its reply. Returns the time from the write
/// to the end of the analysis's reply, and to the command's reply.
fn stop(session: &mut Session, stopper: &str, command: &str) -> (Duration, Option<String>) {
    let started = Instant::now();
    session.write_raw(format!("{stopper}\n").as_bytes());
    loop {
        let line = session
            .read_line()
            .expect("the analysis ends with an empty line");
        if line.is_empty() {
            break;
        }
        check_line(command, &line, 25);
    }
    if stopper.trim().is_empty() || stopper.trim_start().starts_with('#') {
        return (started.elapsed(), None);
    }
    let reply = session.read_framed().expect("the stopping command's reply");
    (started.elapsed(), Some(reply))
}

#[test]
fn each_analysis_command_streams_info_lines_and_ends_before_the_next_reply() {
    for command in ["analyze b 5", "lz-analyze w 5", "kata-analyze B 5"] {
        let mut session = Session::kosumi(&["--threads", "1"]);
        session.ok("boardsize 9");
        session.ok("play b E5");
        start(&mut session, command, "7", 3, 9);
        let (_, reply) = stop(&mut session, "8 protocol_version", command);
        assert_eq!(reply.as_deref(), Some("=8 2"));
        // Nothing of the analysis follows the answer.
        assert_eq!(session.ok("name"), "Kosumi");
        session.close_and_wait(Duration::from_secs(10));
    }
}

#[test]
fn every_kind_of_input_line_stops_the_analysis_within_100_ms_on_9x9_and_19x19() {
    for size in [9, 19] {
        let mut session = Session::kosumi(&[]);
        session.ok(&format!("boardsize {size}"));
        let mut figures = Vec::new();
        for stopper in [
            "protocol_version",
            "",
            "# interrupt",
            "name",
            "  ",
            "# a comment",
        ] {
            start(&mut session, "lz-analyze b 10", "", 2, size);
            let (elapsed, reply) = stop(&mut session, stopper, "lz-analyze");
            match stopper {
                "protocol_version" => assert_eq!(reply.as_deref(), Some("= 2")),
                "name" => assert_eq!(reply.as_deref(), Some("= Kosumi")),
                _ => assert_eq!(reply, None),
            }
            figures.push(elapsed);
        }
        figures.sort();
        println!("{size}x{size}: stop answered in {figures:?}");
        let median = figures[figures.len() / 2];
        assert!(median <= STOP_LIMIT, "{size}x{size}: {figures:?}");
        // A loaded machine may delay one of them; none may be far off.
        assert!(
            figures.iter().all(|&time| time <= 5 * STOP_LIMIT),
            "{figures:?}"
        );
        session.close_and_wait(Duration::from_secs(10));
    }
}

/// The state a test compares: the board, the prisoners, the side to move and the record.
fn state(session: &mut Session) -> String {
    [
        "showboard",
        "printsgf",
        "kosumi-clock",
        "list_stones b",
        "list_stones w",
    ]
    .iter()
    .map(|command| session.ok(command))
    .collect::<Vec<_>>()
    .join("\n")
}

#[test]
fn an_analysis_stopped_by_each_kind_of_input_leaves_the_game_exactly_as_it_was() {
    let setup = [
        "boardsize 9",
        "komi 6.5",
        "play b C3",
        "play w D4",
        "play b E5",
        "time_settings 300 10 5",
    ];
    // The same commands with no analysis: the random player's move after them.
    let mut plain = Session::kosumi(&[]);
    for command in setup {
        plain.ok(command);
    }
    let expected_move = plain.ok("genmove w");
    for stopper in ["name", "", "# interrupt"] {
        for command in [
            "lz-analyze w 5",
            "kata-analyze b 5 ownership true",
            "analyze 5",
        ] {
            let mut session = Session::kosumi(&[]);
            for line in setup {
                session.ok(line);
            }
            let before = state(&mut session);
            start(&mut session, command, "", 1, 9);
            stop(&mut session, stopper, command.split(' ').next().unwrap());
            assert_eq!(
                state(&mut session),
                before,
                "{command} stopped by {stopper:?}"
            );
            // The player is untouched too: its next move is the one it would have played.
            assert_eq!(session.ok("genmove w"), expected_move);
            session.close_and_wait(Duration::from_secs(10));
        }
    }
}

/// `kata-genmove_analyze b` with no interval: the header, one info line, `play MOVE`.
fn genmove_analyze_transcript(seed: u64, command: &str) -> (Vec<String>, String) {
    let mut session = Session::kosumi_with_seed(seed, &SMALL_MCTS);
    session.ok("boardsize 9");
    session.ok("play b E5");
    session.write_raw(format!("{command}\n").as_bytes());
    let mut lines = Vec::new();
    loop {
        let line = session.read_line().expect("a line");
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    let stones = session.ok("list_stones w");
    session.close_and_wait(Duration::from_secs(30));
    (lines, stones)
}

#[test]
fn genmove_analyze_streams_then_plays_the_move_genmove_would_play() {
    let mut plain = Session::kosumi_with_seed(5, &SMALL_MCTS);
    plain.ok("boardsize 9");
    plain.ok("play b E5");
    let genmove = plain.ok("genmove w");
    for command in ["kata-genmove_analyze w", "lz-genmove_analyze w"] {
        let (lines, stones) = genmove_analyze_transcript(5, command);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0], "=");
        check_line(command, &lines[1], 9);
        assert_eq!(lines[2], format!("play {genmove}"));
        assert_eq!(stones, genmove, "the move is played");
        // The same seed and budget give the same transcript.
        assert_eq!(genmove_analyze_transcript(5, command).0, lines);
    }
    // With an interval, lines come while it thinks, and input does not stop it.
    let mut session = Session::kosumi(&["--player", "mcts", "--playouts", "20000"]);
    session.ok("boardsize 9");
    session.write_raw(b"3 kata-genmove_analyze b 1\nname\n");
    assert_eq!(session.read_line().as_deref(), Some("=3"));
    let mut infos = 0;
    let last = loop {
        let line = session.read_line().expect("a line");
        if !line.starts_with("info ") {
            break line;
        }
        check_line("kata-genmove_analyze", &line, 9);
        infos += 1;
    };
    assert!(infos >= 2, "{infos} info lines");
    assert!(last.starts_with("play "), "{last}");
    assert_eq!(session.read_line().as_deref(), Some(""));
    assert_eq!(session.read_framed().as_deref(), Some("= Kosumi"));
    session.close_and_wait(Duration::from_secs(30));
}

#[test]
fn genmove_analyze_under_the_random_player_streams_the_search_then_plays_the_random_move() {
    let random = ["--playouts", "300", "--threads", "1"];
    let mut plain = Session::kosumi_with_seed(7, &random);
    plain.ok("boardsize 9");
    plain.ok("play b E5");
    let genmove = plain.ok("genmove w");
    plain.close_and_wait(Duration::from_secs(10));
    for command in ["kata-genmove_analyze w", "lz-genmove_analyze w"] {
        let mut session = Session::kosumi_with_seed(7, &random);
        session.ok("boardsize 9");
        session.ok("play b E5");
        session.write_raw(format!("{command}\n").as_bytes());
        let mut lines = Vec::new();
        loop {
            let line = session.read_line().expect("a line");
            if line.is_empty() {
                break;
            }
            lines.push(line);
        }
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0], "=");
        check_line(command, &lines[1], 9);
        // The random player's move, as genmove plays it with the same seed.
        assert_eq!(lines[2], format!("play {genmove}"));
        session.close_and_wait(Duration::from_secs(10));
    }
}

#[test]
fn the_keys_are_honoured_maxmoves_ownership_avoid_and_allow() {
    let mut session = Session::kosumi(&["--threads", "1"]);
    session.ok("boardsize 9");
    let lines = start(
        &mut session,
        "kata-analyze b interval 5 maxmoves 2 ownership true",
        "",
        2,
        9,
    );
    for line in &lines {
        let (blocks, ownership) = blocks(line);
        assert!(blocks.len() <= 2, "{line}");
        let ownership = ownership.expect("the ownership tail");
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|value| (-1.0..=1.0).contains(value)));
    }
    stop(&mut session, "", "kata-analyze");
    let lines = start(
        &mut session,
        "lz-analyze b 5 avoid b E5,D4:F6 1 avoid w A1 1",
        "",
        3,
        9,
    );
    for line in &lines {
        for block in blocks(line).0 {
            let turn = block.get("move").unwrap().to_string();
            assert!(
                !["D4", "E4", "F4", "D5", "E5", "F5", "D6", "E6", "F6"].contains(&turn.as_str()),
                "{line}"
            );
        }
    }
    stop(&mut session, "", "lz-analyze");
    let lines = start(&mut session, "lz-analyze w 5 allow w C3,G7 1", "", 3, 9);
    for line in &lines {
        for block in blocks(line).0 {
            assert!(["C3", "G7"].contains(&block.get("move").unwrap()), "{line}");
        }
    }
    stop(&mut session, "", "lz-analyze");
    session.close_and_wait(Duration::from_secs(10));
}

#[test]
fn malformed_or_refused_analysis_arguments_get_an_error_and_change_nothing() {
    let commands = [
        "lz-analyze x",
        "lz-analyze b 10 interval",
        "kata-analyze b -5",
        "lz-analyze b w",
        "lz-analyze maxmoves 0",
        "lz-analyze minmoves 3",
        "kata-analyze allow b D4 1 allow b E5 1",
        "kata-analyze avoid b D4 1 allow b E5 1",
        "lz-analyze avoid b D4 0",
        "lz-analyze avoid b D4 2",
        "lz-analyze avoid b Z30 1",
        "lz-analyze avoid x D4 1",
        "kata-analyze pvVisits true",
        "kata-analyze rootInfo true",
        "kata-analyze ownership maybe",
        "kata-analyze b 10 bogus 1",
        "lz-genmove_analyze b avoid b D4 1",
        "kata-genmove_analyze x",
        "analyze b 1e999",
    ];
    let mut input = String::from("boardsize 9\nplay b E5\nshowboard\n");
    for command in commands {
        input.push_str(command);
        input.push('\n');
    }
    // Off the 9×9 board: a syntax error, as for `play`.
    input.push_str("lz-analyze avoid b T19 1\nshowboard\n");
    let run = run_with(&[], input.as_bytes());
    assert!(run.status.success());
    let replies = split_replies(&run.stdout);
    assert_eq!(replies.len(), 3 + commands.len() + 2);
    for (command, reply) in commands.iter().zip(&replies[3..]) {
        assert_eq!(
            reply,
            &Err("cannot parse analyze arguments".to_string()),
            "{command}"
        );
    }
    assert_eq!(replies[3 + commands.len()], Err("syntax error".to_string()));
    assert_eq!(
        replies[2],
        replies[3 + commands.len() + 1],
        "the game is unchanged"
    );
}

#[test]
fn the_analysis_commands_are_listed_and_known() {
    let mut session = Session::kosumi(&[]);
    let listed = session.ok("list_commands");
    for name in [
        "analyze",
        "lz-analyze",
        "kata-analyze",
        "lz-genmove_analyze",
        "kata-genmove_analyze",
    ] {
        assert!(listed.lines().any(|line| line == name), "{name}");
        assert_eq!(session.ok(&format!("known_command {name}")), "true");
    }
    session.close_and_wait(Duration::from_secs(10));
}

#[test]
fn the_end_of_input_during_an_analysis_closes_the_reply_and_exits_cleanly() {
    let mut session = Session::kosumi(&[]);
    session.ok("boardsize 9");
    start(&mut session, "kata-analyze b 5", "", 1, 9);
    session.close_stdin();
    loop {
        let line = session.read_line().expect("the reply is closed");
        if line.is_empty() {
            break;
        }
        assert!(line.starts_with("info "), "{line}");
    }
    assert!(session.wait(Duration::from_secs(5)).success());
    assert!(session.remaining_output().is_empty());
}

#[test]
fn a_flood_of_input_during_an_analysis_is_answered_in_order_in_bounded_memory() {
    let mut session = Session::kosumi(&[]);
    session.ok("boardsize 19");
    start(&mut session, "lz-analyze b 5", "", 1, 19);
    let count = 20_000;
    let flood: Vec<String> = (1..=count).map(|id| format!("{id} name")).collect();
    // Written from a thread: the engine answers while we write.
    let mut writer = session.take_stdin();
    let sender = std::thread::spawn(move || {
        use std::io::Write;
        let text: String = flood.iter().map(|line| format!("{line}\n")).collect();
        writer.write_all(text.as_bytes()).unwrap();
        writer
    });
    loop {
        let line = session.read_line().unwrap();
        if line.is_empty() {
            break;
        }
    }
    for id in 1..=count {
        assert_eq!(session.read_framed(), Some(format!("={id} Kosumi")));
    }
    let peak = session.peak_memory_kib();
    drop(sender.join().unwrap());
    if let Some(peak) = peak {
        assert!(peak < 300 * 1024, "peak memory {peak} KiB");
    }
    assert!(session.wait(Duration::from_secs(10)).success());
}

#[test]
fn an_empty_or_finished_25x25_board_is_analysed_and_the_next_command_answered() {
    let mut session = Session::kosumi(&["--threads", "1"]);
    session.ok("boardsize 25");
    start(&mut session, "kata-analyze b 5 ownership true", "", 1, 25);
    stop(&mut session, "1 name", "kata-analyze");
    session.ok("play b pass");
    session.ok("play w pass");
    // The game is over: the analysis still answers, perhaps with nothing but passes.
    session.write_raw(b"lz-analyze b 5\n");
    assert_eq!(session.read_line().as_deref(), Some("="));
    std::thread::sleep(Duration::from_millis(200));
    let (_, reply) = stop(&mut session, "2 showboard", "lz-analyze");
    assert!(reply.unwrap().starts_with("=2 "));
    // Nothing left to analyse for anyone: a full 2×2 board of passes is fine too.
    session.ok("boardsize 2");
    start(&mut session, "lz-analyze b 5", "", 1, 2);
    stop(&mut session, "3 name", "lz-analyze");
    session.close_and_wait(Duration::from_secs(10));
}

#[test]
fn live_graphics_go_to_stderr_only_with_the_flag_and_are_cleared_before_the_reply() {
    let input = b"boardsize 9\ngenmove b\nkosumi-best_moves w\n";
    let arguments = ["--player", "mcts", "--playouts", "20000", "--threads", "1"];
    let quiet = run_with(&arguments, input);
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("gogui-gfx"));
    let mut with_flag = arguments.to_vec();
    with_flag.push("--gogui-gfx");
    let live = run_with(&with_flag, input);
    assert_eq!(
        split_replies(&live.stdout).len(),
        3,
        "stdout carries replies only"
    );
    let stderr = String::from_utf8_lossy(&live.stderr);
    let sets: Vec<&str> = stderr
        .split("gogui-gfx:\n")
        .skip(1)
        .map(|set| set.split("\n\n").next().unwrap())
        .collect();
    assert!(sets.len() >= 2, "{stderr}");
    assert_eq!(*sets.last().unwrap(), "CLEAR");
    let drawn = sets
        .iter()
        .find(|set| set.contains("VAR"))
        .expect("a drawing");
    for keyword in ["INFLUENCE ", "VAR b ", "LABEL ", "TEXT "] {
        assert!(drawn.contains(keyword), "{keyword} in {drawn}");
    }
}

#[test]
fn pondering_stops_at_once_on_input_and_is_refused_without_a_searching_player() {
    let mut session = Session::kosumi(&["--player", "mcts", "--playouts", "500", "--ponder"]);
    session.ok("boardsize 19");
    let first = session.ok("genmove b");
    assert_ne!(first, "resign");
    // The engine ponders now; a command stops it.
    std::thread::sleep(Duration::from_millis(300));
    // A star point Black left empty: on several threads its first move varies from run to run
    // and is now and then Q16 itself.
    let white_move = if first == "Q16" {
        "play w D4"
    } else {
        "play w Q16"
    };
    let started = Instant::now();
    session.ok(white_move);
    let elapsed = started.elapsed();
    println!("pondering stopped and play answered in {elapsed:?}");
    assert!(elapsed <= 5 * STOP_LIMIT, "{elapsed:?}");
    let second = session.ok("genmove b");
    assert_ne!(second, "resign");
    assert!(session.close_and_wait(Duration::from_secs(10)).success());
    let refused = run_with(&["--ponder"], b"name\n");
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn win_rates_are_from_the_side_analysed() {
    // A komi of 40 on 9×9: White wins almost every playout.
    let mut session = Session::kosumi(&["--threads", "1"]);
    session.ok("boardsize 9");
    session.ok("komi 40");
    // Ten lines, a second of search: enough playouts for the result to outweigh the priors'
    // even start, however slow the build or busy the machine.
    let best = |session: &mut Session, command: &str| -> f64 {
        let lines = start(session, command, "", 10, 9);
        stop(session, "", "kata-analyze");
        let (blocks, _) = blocks(lines.last().unwrap());
        blocks[0].get("winrate").unwrap().parse().unwrap()
    };
    let black = best(&mut session, "kata-analyze b 10");
    let white = best(&mut session, "kata-analyze w 10");
    assert!(black < 0.3 && white > 0.7, "Black {black}, White {white}");
    session.close_and_wait(Duration::from_secs(10));
}

#[test]
fn an_analysis_whose_memory_is_full_searches_on_until_input() {
    // 1 MB of tree fills within a second or two on 19×19; the search goes on below the
    // tree's leaves, the numbers keep changing, the memory stays small.
    let mut session = Session::kosumi(&["--memory", "1", "--threads", "1"]);
    session.ok("boardsize 19");
    start(&mut session, "lz-analyze b 20", "", 1, 19);
    let visits = |line: &str| -> u64 {
        blocks(line)
            .0
            .iter()
            .map(|block| block.get("visits").unwrap().parse::<u64>().unwrap())
            .sum()
    };
    let started = Instant::now();
    let mut at_three_seconds = None;
    let mut last = 0;
    while started.elapsed() < Duration::from_secs(5) {
        let line = session.read_line().expect("an info line");
        last = visits(&line);
        if started.elapsed() >= Duration::from_secs(3) && at_three_seconds.is_none() {
            at_three_seconds = Some(last);
        }
    }
    let at_three_seconds = at_three_seconds.expect("lines after three seconds");
    assert!(
        last > at_three_seconds,
        "{at_three_seconds} visits, then {last}"
    );
    let peak = session.peak_memory_kib();
    let (elapsed, reply) = stop(&mut session, "9 name", "lz-analyze");
    assert_eq!(reply.as_deref(), Some("=9 Kosumi"));
    assert!(elapsed <= 5 * STOP_LIMIT, "{elapsed:?}");
    if let Some(peak) = peak {
        assert!(peak < 100 * 1024, "peak memory {peak} KiB");
    }
    session.close_and_wait(Duration::from_secs(10));
}
