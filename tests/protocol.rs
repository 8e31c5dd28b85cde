//! The GTP wire format, byte for byte, through the real binary: ids, framing, line cleaning,
//! exact error texts, `quit` and end of input, pipelining, bad bytes and over-long lines, and the
//! command-line flags. Game rules belong in gtp-scripts/, not here.

use std::time::Duration;

use regex::Regex;

use crate::util::{Session, run, run_with, run_with_seed, split_replies};

/// Runs `input` through the engine and checks that stdout is exactly `expected` and that the
/// process exited with status 0.
fn assert_transcript(input: &str, expected: &str) {
    assert_bytes(input.as_bytes(), expected);
}

fn assert_bytes(input: &[u8], expected: &str) {
    let run = run(input);
    assert_eq!(
        run.stdout_text(),
        expected,
        "input: {:?}",
        String::from_utf8_lossy(input)
    );
    assert!(run.status.success(), "exit status {:?}", run.status);
}

#[test]
fn ids_are_echoed_on_success_and_on_failure() {
    assert_transcript(
        "1 protocol_version\n2 name\n3 foo\n4 play b\n0 name\n2147483647 name\n",
        "=1 2\n\n=2 Kosumi\n\n?3 unknown command\n\n?4 syntax error\n\n=0 Kosumi\n\n\
         =2147483647 Kosumi\n\n",
    );
}

#[test]
fn replies_without_an_id_start_with_the_status_and_a_space() {
    assert_transcript("name\nfoo\n", "= Kosumi\n\n? unknown command\n\n");
}

#[test]
fn empty_results_keep_the_space_after_the_status_and_id() {
    assert_transcript(
        "boardsize 9\n7 clear_board\n8 komi 6.5\n",
        "= \n\n=7 \n\n=8 \n\n",
    );
}

#[test]
fn blank_and_comment_lines_get_no_reply() {
    assert_transcript(
        "\t1 name # hi\r\n# only comment\n\n   \n\t\n  # interrupt\n2 name\n",
        "=1 Kosumi\n\n=2 Kosumi\n\n",
    );
}

#[test]
fn crlf_line_ends_are_accepted() {
    assert_transcript(
        "1 boardsize 9\r\n2 play b E5\r\n3 color E5\r\n4 countlib e5\r\n",
        "=1 \n\n=2 \n\n=3 black\n\n=4 4\n\n",
    );
}

#[test]
fn tabs_and_runs_of_spaces_separate_words() {
    assert_transcript(
        "1\tboardsize\t9\n2 play\tb \t E5\n3\t color   E5 \t\n",
        "=1 \n\n=2 \n\n=3 black\n\n",
    );
}

#[test]
fn control_characters_are_dropped() {
    assert_transcript(
        "1 na\x01me\x7f\n2\x00 protocol_version\n",
        "=1 Kosumi\n\n=2 2\n\n",
    );
}

#[test]
fn command_names_are_exact_and_lower_case() {
    assert_transcript(
        "1 NAME\n2 Name\n3 nam\n4 names\n5 name\n",
        "?1 unknown command\n\n?2 unknown command\n\n?3 unknown command\n\n\
         ?4 unknown command\n\n=5 Kosumi\n\n",
    );
}

#[test]
fn colours_vertices_and_pass_are_case_insensitive() {
    assert_transcript(
        "boardsize 9\n1 play B D4\n2 play w e5\n3 play black PASS\n4 play WHITE Pass\n\
         5 play Black c3\n6 list_stones b\n7 list_stones White\n",
        "= \n\n=1 \n\n=2 \n\n=3 \n\n=4 \n\n=5 \n\n=6 D4 C3\n\n=7 E5\n\n",
    );
}

#[test]
fn the_spec_error_texts_are_exact() {
    assert_transcript(
        "1 foo\n2 boardsize 26\n3 boardsize 1\n4 boardsize 0\n5 boardsize nine\n\
         6 play b E5\n7 play w E5\n8 play b I5\n9 play b Z1\n10 play b\n11 play b D4 extra\n\
         12 genmove purple\n13 komi seven\n14 clear_board\n15 undo\n16 countlib D4\n\
         17 kata-set-rules klingon\n18 kgs-rules chinese-ogs\n19 findlib pass\n20 known_command\n",
        "?1 unknown command\n\n?2 unacceptable size\n\n?3 unacceptable size\n\n\
         ?4 unacceptable size\n\n?5 syntax error\n\n=6 \n\n?7 illegal move\n\n\
         ?8 syntax error\n\n?9 syntax error\n\n?10 syntax error\n\n?11 syntax error\n\n\
         ?12 syntax error\n\n?13 syntax error\n\n=14 \n\n?15 cannot undo\n\n\
         ?16 vertex must not be empty\n\n?17 unknown rules\n\n?18 unknown rules\n\n\
         ?19 syntax error\n\n?20 syntax error\n\n",
    );
}

#[test]
fn off_board_vertices_are_syntax_errors_on_every_size() {
    // Z1 exists only on 25×25, J9 is the corner of 9×9 and K9 is past it.
    assert_transcript(
        "1 play b Z1\n2 boardsize 25\n3 play b Z25\n4 boardsize 9\n5 play b J9\n6 play b K9\n\
         7 play b A10\n8 is_legal b K1\n9 color K1\n",
        "?1 syntax error\n\n=2 \n\n=3 \n\n=4 \n\n=5 \n\n?6 syntax error\n\n?7 syntax error\n\n\
         ?8 syntax error\n\n?9 syntax error\n\n",
    );
}

#[test]
fn a_failed_command_leaves_the_game_as_it_was() {
    let setup = "boardsize 9\nplay b E5\nplay w D5\n";
    let probe = "showboard\nall_legal b\nall_legal w\ncaptures b\nkata-get-rules\nfinal_score\n";
    let clean = run(format!("{setup}{probe}").as_bytes());
    let failing = "play w E5\nplay b E5\nboardsize 30\nkomi x\nkata-set-rules none\n\
                   play b Z9\nplay b I1\nfoo\n";
    let after_failures = run(format!("{setup}{failing}{probe}").as_bytes());
    let clean_replies = split_replies(&clean.stdout);
    let failed_replies = split_replies(&after_failures.stdout);
    let failures = failing.lines().count();
    assert!(
        failed_replies[3..3 + failures]
            .iter()
            .all(|reply| reply.is_err()),
        "every one of those commands fails: {failed_replies:?}"
    );
    assert_eq!(&failed_replies[3 + failures..], &clean_replies[3..]);
}

#[test]
fn quit_replies_then_exits_at_once_with_status_zero() {
    let mut session = Session::kosumi(&[]);
    session.write_raw(b"1 name\n2 quit\n3 name\n");
    assert_eq!(session.read_framed().as_deref(), Some("=1 Kosumi"));
    assert_eq!(session.read_framed().as_deref(), Some("=2 "));
    // Stdin stays open: the engine must exit because of `quit`, not because input ended.
    let status = session.wait(Duration::from_secs(10));
    assert!(status.success(), "exit status {status:?}");
    assert_eq!(
        session.remaining_output(),
        b"",
        "nothing is read after quit"
    );
}

#[test]
fn quit_without_an_id_and_nothing_after_it() {
    let run = run(b"quit\nname\nname\n");
    assert_eq!(run.stdout_text(), "= \n\n");
    assert!(run.status.success());
}

#[test]
fn end_of_input_exits_with_status_zero() {
    assert_transcript("", "");
    assert_transcript("1 name", "=1 Kosumi\n\n");
    assert_transcript("1 name\n# a last comment without newline", "=1 Kosumi\n\n");
    let session = Session::kosumi(&[]);
    let status = session.close_and_wait(Duration::from_secs(10));
    assert!(status.success(), "exit status {status:?}");
}

/// The transcript of docs/commands.md §1, byte for byte except the generated move.
#[test]
fn the_minimal_conformance_transcript() {
    let input = "1 protocol_version\n2 name\nboardsize 9\nclear_board\nkomi 7\nplay B E5\n\
                 play b pass\nplay W e5\ngenmove white\nundo\nundo\nundo\nundo\nfinal_score\n\
                 foo\nknown_command genmove\nquit\n";
    let run = run(input.as_bytes());
    assert!(run.status.success());
    let text = run.stdout_text();
    let generated = Regex::new(r"\n\n= ([A-HJ][1-9]|pass)\n\n").unwrap();
    let found = generated
        .find(&text)
        .unwrap_or_else(|| panic!("no generated move in {text:?}"));
    let expected_before = "=1 2\n\n=2 Kosumi\n\n= \n\n= \n\n= \n\n= \n\n= \n\n? illegal move";
    let expected_after = "= \n\n= \n\n= \n\n? cannot undo\n\n= W+7.0\n\n? unknown command\n\n\
                          = true\n\n= \n\n";
    assert_eq!(&text[..found.start()], expected_before);
    assert_eq!(&text[found.end()..], expected_after);
}

/// The edge cases of docs/commands.md §1.
#[test]
fn the_conformance_checklist_extras() {
    assert_transcript(
        "1 boardsize 26\n2 play B I5\n3 play B Z1\n4 komi -3.5\n5 final_score\n",
        "?1 unacceptable size\n\n?2 syntax error\n\n?3 syntax error\n\n=4 \n\n=5 B+3.5\n\n",
    );
}

/// `set_free_handicap` and `time_settings` are not part of this engine yet: while they are not
/// listed they must be unknown commands; once listed, they must behave as the checklist says.
#[test]
fn handicap_and_time_commands_answer_as_listed() {
    let listed = run(b"list_commands\n");
    let commands = listed.stdout_text();
    let is_listed = |name: &str| {
        commands
            .lines()
            .any(|line| line.trim_start_matches("= ") == name)
    };
    let expected = if is_listed("set_free_handicap") {
        "?1 bad vertex list\n\n?2 bad vertex list\n\n"
    } else {
        "?1 unknown command\n\n?2 unknown command\n\n"
    };
    assert_transcript(
        "1 set_free_handicap D4 D4\n2 set_free_handicap D4\n",
        expected,
    );
    let expected = if is_listed("time_settings") {
        "=1 \n\n"
    } else {
        "?1 unknown command\n\n"
    };
    assert_transcript("1 time_settings 0 1 0\n", expected);
}

#[test]
fn a_thousand_pipelined_play_and_undo_lines_are_answered_in_order() {
    let vertices: Vec<String> = "ABCDEFGHJ"
        .chars()
        .flat_map(|column| (1..=9).map(move |row| format!("{column}{row}")))
        .collect();
    let mut input = String::from("boardsize 9\n");
    let mut expected = String::from("= \n\n");
    for id in 1..=1000 {
        if id % 2 == 1 {
            let color = if id % 4 == 1 { "b" } else { "W" };
            let vertex = &vertices[(id / 2) % vertices.len()];
            input.push_str(&format!("{id} play {color} {vertex}\n"));
        } else {
            input.push_str(&format!("{id} undo\n"));
        }
        expected.push_str(&format!("={id} \n\n"));
    }
    input.push_str("1001 list_stones black\n1002 list_stones white\n1003 undo\n");
    expected.push_str("=1001 \n\n=1002 \n\n?1003 cannot undo\n\n");
    assert_transcript(&input, &expected);
}

#[test]
fn hundreds_of_moves_can_be_played_and_undone_in_one_write() {
    // Black fills rows 1 to 15 of 19×19 (one chain with liberties on row 16), then every move
    // is taken back.
    let mut input = String::new();
    let mut expected = String::new();
    let mut count = 0;
    for row in 1..=15 {
        for column in "ABCDEFGHJKLMNOPQRST".chars() {
            count += 1;
            input.push_str(&format!("{count} play b {column}{row}\n"));
            expected.push_str(&format!("={count} \n\n"));
        }
    }
    input.push_str("countlib A1\n");
    expected.push_str("= 19\n\n");
    for _ in 0..count {
        input.push_str("undo\n");
        expected.push_str("= \n\n");
    }
    input.push_str("list_stones black\nundo\n");
    expected.push_str("= \n\n? cannot undo\n\n");
    assert_transcript(&input, &expected);
}

#[test]
fn bytes_that_are_not_utf8_get_an_error_reply() {
    assert_bytes(
        b"7 name \xff\xfe\n\xc3\x28\n8 play b \xe9\n9 name # \xff in a comment is fine\n10 name\n",
        "?7 syntax error\n\n? syntax error\n\n?8 syntax error\n\n=9 Kosumi\n\n=10 Kosumi\n\n",
    );
}

#[test]
fn an_over_long_line_gets_an_error_reply_and_the_next_line_is_served() {
    let mut input = b"5 name ".to_vec();
    input.extend(std::iter::repeat_n(b'a', (1 << 20) + (1 << 19)));
    input.extend_from_slice(b"\n6 name\n");
    // Exactly one byte over the limit, without an id.
    input.extend(std::iter::repeat_n(b' ', (1 << 20) + 1));
    input.extend_from_slice(b"\n7 protocol_version\n");
    assert_bytes(
        &input,
        "?5 line too long\n\n=6 Kosumi\n\n? line too long\n\n=7 2\n\n",
    );
}

#[test]
fn a_line_of_exactly_the_limit_is_still_read() {
    // 1 MiB of text: the command followed by spaces up to the limit.
    let mut input = b"3 name".to_vec();
    input.resize(1 << 20, b' ');
    input.extend_from_slice(b"\n");
    assert_bytes(&input, "=3 Kosumi\n\n");
}

#[test]
fn list_commands_and_known_command_agree() {
    let run = run(b"list_commands\n");
    let replies = split_replies(&run.stdout);
    let list = replies[0].clone().expect("list_commands succeeds");
    let names: Vec<&str> = list.lines().collect();
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "reg_genmove",
        "undo",
        "showboard",
        "final_score",
        "is_legal",
        "all_legal",
        "countlib",
        "findlib",
        "list_stones",
        "captures",
        "color",
        "kata-set-rules",
        "kata-get-rules",
        "kgs-rules",
    ] {
        assert!(names.contains(&required), "{required} is listed");
    }
    let mut input = String::new();
    let mut expected = String::new();
    let command_name = Regex::new("^[a-z][a-z0-9_-]*$").unwrap();
    for name in &names {
        assert!(
            command_name.is_match(name),
            "one lower-case name per line: {name:?}"
        );
        input.push_str(&format!("known_command {name}\n"));
        expected.push_str("= true\n\n");
    }
    for unknown in ["foo", "NAME", "Play", "pla", "gogui-sigint", "lz-analyse"] {
        input.push_str(&format!("known_command {unknown}\n"));
        expected.push_str("= false\n\n");
    }
    assert_transcript(&input, &expected);
}

/// The command reference (docs/commands.md §2) is the documentation users read: it must list
/// exactly the commands of `list_commands`, in its order.
#[test]
fn the_command_reference_lists_exactly_the_commands_of_list_commands() {
    let listed = run(b"list_commands\n");
    let listed = split_replies(&listed.stdout)[0]
        .clone()
        .expect("list_commands succeeds");
    let reference =
        std::fs::read_to_string(crate::util::repository_root().join("docs/commands.md"))
            .expect("docs/commands.md is readable");
    let table = reference
        .split("<!-- list_commands begin -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- list_commands end -->").next())
        .expect("docs/commands.md marks its command table");
    let documented: Vec<&str> = table
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|cell| cell.split(['`', ' ']).next())
        .collect();
    assert_eq!(documented, listed.lines().collect::<Vec<_>>());
}

#[test]
fn version_is_the_crate_version() {
    assert_transcript("version\n", &format!("= {}\n\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn stdout_carries_replies_only_and_the_log_goes_to_stderr() {
    let run = run(b"1 name\n2 genmove b\n3 showboard\n");
    let replies = split_replies(&run.stdout);
    assert_eq!(replies.len(), 3);
    assert!(replies.iter().all(Result::is_ok));
    let log = String::from_utf8_lossy(&run.stderr);
    assert!(log.contains("seed 1"), "the seed is logged: {log:?}");
}

/// Refusals at the default log level (no RUST_LOG): the wire keeps the spec's texts, and one
/// warning line on stderr (which GoGui's shell and Sabaki's console show) says why.
#[test]
fn refused_commands_keep_the_spec_s_texts_and_say_why_on_stderr() {
    let input = "boardsize 9\n\
                 play b K10\n\
                 boardsize 30\n\
                 kata-set-rules ing\n\
                 kgs-rules bga\n\
                 kata-set-rules chinese\n\
                 play b C4\nplay w D4\nplay b D3\nplay w E3\nplay b D5\nplay w F4\n\
                 play b A9\nplay w E5\nplay b E4\n\
                 play w D4\n\
                 play w C4\n\
                 play w J2\nplay b pass\nplay w H1\n\
                 play b J1\n\
                 countlib E6\n\
                 clear_board\n\
                 undo\n";
    let mut command = std::process::Command::new(crate::util::kosumi_path());
    command.args(["--seed", "1"]).env_remove("RUST_LOG");
    let run = crate::util::run_command(command, input.as_bytes());
    let replies = split_replies(&run.stdout);
    let failures: Vec<&str> = replies
        .iter()
        .filter_map(|reply| reply.as_ref().err())
        .map(String::as_str)
        .collect();
    assert_eq!(
        failures,
        [
            "syntax error",
            "unacceptable size",
            "unknown rules",
            "unknown rules",
            "illegal move",
            "illegal move",
            "illegal move",
            "vertex must not be empty",
            "cannot undo",
        ]
    );
    assert_eq!(replies.len(), input.lines().count());
    let log = String::from_utf8_lossy(&run.stderr);
    let warnings: Vec<&str> = log.lines().filter(|line| line.contains("WARN")).collect();
    let expected = [
        "K10 is off the 9x9 board (columns A to J, rows 1 to 9)",
        "boardsize 30 refused: sizes are 2 to 25",
        "unknown rules 'ing'; known: bga, aga, chinese, chinese-kgs, chinese-ogs, japanese, \
         korean, tromp-taylor, new-zealand",
        "unknown rules 'bga' for kgs-rules; known: aga, chinese, japanese, new_zealand",
        "play white D4 refused: the move retakes a ko",
        "play white C4 refused: the point is occupied",
        "play black J1 refused: the move is suicide",
        "E6 is empty",
        "undo refused: no move to take back",
    ];
    assert_eq!(warnings.len(), expected.len(), "{log}");
    for (warning, reason) in warnings.iter().zip(expected) {
        assert!(
            warning.contains(reason),
            "{warning:?} should say {reason:?}"
        );
    }
}

#[test]
fn without_a_seed_the_chosen_seed_is_logged() {
    let run = crate::util::run_command(
        std::process::Command::new(crate::util::kosumi_path()),
        b"name\n",
    );
    assert_eq!(run.stdout_text(), "= Kosumi\n\n");
    let log = String::from_utf8_lossy(&run.stderr);
    assert!(
        Regex::new(r"seed \d+").unwrap().is_match(&log),
        "the seed is logged: {log:?}"
    );
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let input = "boardsize 9\n".to_string() + &"genmove b\ngenmove w\n".repeat(20);
    let first = run_with_seed(42, &[], input.as_bytes());
    let second = run_with_seed(42, &[], input.as_bytes());
    assert_eq!(first.stdout, second.stdout);
    assert_eq!(split_replies(&first.stdout).len(), 41);
    let other = run_with_seed(43, &[], input.as_bytes());
    assert_ne!(
        first.stdout, other.stdout,
        "40 random moves from two seeds are (almost surely) not the same"
    );
}

#[test]
fn the_command_line_sets_rules_komi_and_size() {
    let run = run_with(
        &["--rules", "japanese", "--komi", "6.5", "--size", "9"],
        b"kata-get-rules\nfinal_score\nplay b J9\nplay b K10\n",
    );
    assert_eq!(
        run.stdout_text(),
        "= {\"friendlyPassOk\":false,\"hasButton\":false,\"ko\":\"SIMPLE\",\
         \"scoring\":\"TERRITORY\",\"suicide\":false,\"tax\":\"SEKI\",\
         \"whiteHandicapBonus\":\"0\"}\n\n= W+6.5\n\n= \n\n? syntax error\n\n"
    );
    let run = run_with(&["--komi", "-2"], b"final_score\n");
    assert_eq!(run.stdout_text(), "= B+2.0\n\n");
    // KataGo's spellings are accepted on the command line too.
    let run = run_with(&["--rules", "tromp_taylor"], b"kata-get-rules\n");
    assert!(run.stdout_text().contains("\"ko\":\"POSITIONAL\""));
}

#[test]
fn bad_command_line_flags_are_refused_before_any_gtp() {
    for arguments in [
        &["--rules", "klingon"][..],
        &["--size", "26"],
        &["--size", "1"],
        &["--komi", "x"],
        &["--frobnicate"],
    ] {
        let run = run_with(arguments, b"name\n");
        assert!(!run.status.success(), "{arguments:?} is refused");
        assert_eq!(run.stdout, b"", "{arguments:?}: nothing on stdout");
    }
}

#[test]
fn help_and_version_flags_answer_and_exit() {
    let help = run_with(&["--help"], b"");
    assert!(help.status.success());
    let text = help.stdout_text();
    for flag in ["--seed", "--rules", "--komi", "--size", "bench"] {
        assert!(text.contains(flag), "--help mentions {flag}: {text}");
    }
    let version = run_with(&["--version"], b"");
    assert!(version.status.success());
    assert_eq!(
        version.stdout_text().trim(),
        format!("kosumi {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn bench_runs_heavy_playouts_when_asked_and_refuses_an_unknown_policy() {
    let run = run_with(
        &[
            "bench",
            "--policy",
            "heavy",
            "--size",
            "9",
            "--playouts",
            "200",
        ],
        b"",
    );
    assert!(run.status.success());
    let text = run.stdout_text();
    assert!(text.contains("200 heavy playouts"), "{text}");
    assert!(
        Regex::new(r"(?m)^\d+ playouts/s$").unwrap().is_match(&text),
        "{text}"
    );
    let unknown = run_with(&["bench", "--policy", "medium"], b"");
    assert!(!unknown.status.success());
    assert!(unknown.stdout_text().is_empty());
}

#[test]
fn playout_accuracy_reads_a_judge_s_cache_and_reports_the_agreement() {
    let path = std::env::temp_dir().join(format!("kosumi-judged-{}.jsonl", std::process::id()));
    std::fs::write(
        &path,
        "{\"key\": \"9/7.5/chinese/BE5 WC3\", \"black_win_rate\": 0.6}\n\
         {\"key\": \"9/7.5/chinese/BE5 WA1\", \"black_win_rate\": 0.9}\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let run = run_with(&["playout-accuracy", file, "--playouts", "64"], b"");
    std::fs::remove_file(&path).unwrap();
    assert!(run.status.success());
    let text = run.stdout_text();
    assert!(
        text.starts_with("2 positions, 64 Heavy playouts each"),
        "{text}"
    );
    assert!(
        Regex::new(r"(?m)^replies to one position more than 0.2 apart: [01] of 1 ranked")
            .unwrap()
            .is_match(&text),
        "{text}"
    );
    let missing = run_with(&["playout-accuracy", "/nonexistent/judge.jsonl"], b"");
    assert!(!missing.status.success());
    assert!(missing.stdout_text().is_empty());
}

#[test]
fn bench_prints_playouts_per_second() {
    let run = run_with(&["bench", "--size", "9", "--playouts", "200"], b"");
    assert!(run.status.success());
    let text = run.stdout_text();
    assert!(
        Regex::new(r"(?m)^\d+ playouts/s$").unwrap().is_match(&text),
        "{text}"
    );
    assert!(
        Regex::new(r"(?m)^\d+\.\d moves per playout$")
            .unwrap()
            .is_match(&text),
        "{text}"
    );
}
