//! The runner for `gtp-scripts/*.tst`: GTP regression scripts in the GNU Go / gogui-regress
//! format (docs/clients.md §6), each run through a fresh `kosumi --seed 1`. The scripts hold
//! the game rules' worked examples; this file holds only the format and the verdicts.
//!
//! The format, line by line (each line trimmed first):
//! - empty lines and `#` comments are skipped;
//! - `ID command …` (a leading integer) is a test; `command …` without one is setup;
//! - `#? [PATTERN]` on the line right after a test sets what the response must be: a
//!   regular expression matched against the whole response (the text after `=ID `, trimmed),
//!   case-sensitive, `.` matching newlines; `[!PATTERN]` negates it; a `*` right after the
//!   closing bracket marks an expected failure. A test without a pattern passes when the
//!   command succeeds. An error reply (`?`) always fails a test, whatever the pattern.
//!
//! A comment line `# kosumi-arguments: ARGUMENT…` (anywhere in the script, usually first)
//! adds command-line arguments to the engine's start, as in
//! `# kosumi-arguments: --player mcts --playouts 3000 --threads 1`; gogui-regress reads it
//! as a plain comment, so such a script runs there with the program given on its command line.
//!
//! Verdicts: every unexpected failure is reported as `file:ID`, with the pattern and the
//! response, and fails the test.
//!
//! The scripts that hold the examples of docs/rules.md §2–6 run a second time in variants: under
//! every preset (`kata-set-rules` first; a script names a ruleset itself where an expectation
//! depends on one) and with their setup stones placed in same-colour orders, all black stones first
//! or all white stones first, as GUIs replay a record's setup stones. Setup stones are the runs of
//! unnumbered `play COLOR VERTEX` lines; moves whose order is part of an example are numbered. This
//! runner is stricter than gogui-regress in three ways, so that a script that passes here also
//! passes there: a failing setup command, an unexpected pass (a `*` test that passed) and a
//! malformed file are failures too.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;

use crate::util::{SEED, Session, kosumi_path, repository_root};

/// What a test's response must look like.
#[derive(Clone, Debug)]
struct Expectation {
    /// The pattern as written between the brackets (trimmed, `!` removed).
    source: String,
    /// The pattern compiled for a whole-response match.
    pattern: Option<Regex>,
    /// `[!…]`: the response must not match.
    negated: bool,
}

/// One line of a script that is sent to the engine.
#[derive(Clone, Debug)]
enum Entry {
    /// An unnumbered command: it must succeed.
    Setup { line: usize, command: String },
    /// A numbered command: a test.
    Test {
        line: usize,
        id: u64,
        command: String,
        expectation: Option<Expectation>,
        expected_failure: bool,
    },
}

/// Reads a script, or says at which line it is malformed.
fn parse_script(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut previous_was_test = false;
    for (index, raw) in text.lines().enumerate() {
        let line_number = index + 1;
        let line = raw.trim();
        if let Some(pattern) = line.strip_prefix("#?") {
            let Some(Entry::Test {
                expectation,
                expected_failure,
                ..
            }) = entries.last_mut().filter(|_| previous_was_test)
            else {
                return Err(format!(
                    "line {line_number}: `#?` must come right after a numbered command"
                ));
            };
            (*expectation, *expected_failure) =
                parse_pattern(pattern).map_err(|error| format!("line {line_number}: {error}"))?;
            previous_was_test = false;
            continue;
        }
        previous_was_test = false;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let command = line.replace('\t', " ");
        let digits = command.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && command[digits..].starts_with(' ') {
            let id: u64 = command[..digits]
                .parse()
                .map_err(|_| format!("line {line_number}: id too large"))?;
            let repeated = entries
                .iter()
                .any(|entry| matches!(entry, Entry::Test { id: other, .. } if *other == id));
            if repeated {
                return Err(format!("line {line_number}: test {id} appears twice"));
            }
            entries.push(Entry::Test {
                line: line_number,
                id,
                command,
                expectation: None,
                expected_failure: false,
            });
            previous_was_test = true;
        } else {
            entries.push(Entry::Setup {
                line: line_number,
                command,
            });
        }
    }
    Ok(entries)
}

/// Reads the text after `#?`: nothing, or `[PATTERN]` with an optional `*` right after it.
fn parse_pattern(text: &str) -> Result<(Option<Expectation>, bool), String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok((None, false));
    }
    let (bracketed, expected_failure) = match text.strip_suffix('*') {
        Some(rest) => (rest, true),
        None => (text, false),
    };
    let inner = bracketed
        .strip_prefix('[')
        .ok_or("the pattern has no opening bracket")?
        .strip_suffix(']')
        .ok_or("the pattern has no closing bracket (or text after it)")?
        .trim();
    let (negated, source) = match inner.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    // Java's String.matches: the whole response, `.` across lines (gogui-regress uses DOTALL).
    let pattern = Regex::new(&format!(r"(?s)\A(?:{source})\z"))
        .map_err(|error| format!("bad pattern [{source}]: {error}"))?;
    Ok((
        Some(Expectation {
            source: source.to_string(),
            pattern: Some(pattern),
            negated,
        }),
        expected_failure,
    ))
}

/// The tallies of one script run, and a line for every surprise.
#[derive(Debug, Default)]
struct Outcome {
    tests: usize,
    passed: usize,
    expected_failures: usize,
    surprises: Vec<String>,
}

/// Runs one script through a fresh engine started in `directory` and judges every test.
fn run_script(name: &str, text: &str, directory: &Path) -> Outcome {
    match parse_script(text) {
        Ok(entries) => run_entries(name, &entries, &script_arguments(text), directory),
        Err(error) => Outcome {
            surprises: vec![format!("{name}: malformed: {error}")],
            ..Outcome::default()
        },
    }
}

/// In which order a variant places each run of setup stones.
#[derive(Clone, Copy, Debug)]
enum SetupOrder {
    BlackFirst,
    WhiteFirst,
}

/// The colour of a setup stone: `Some(true)` for black, `Some(false)` for white, for an
/// unnumbered `play COLOR VERTEX` that is not a pass; `None` for anything else.
fn setup_stone_is_black(entry: &Entry) -> Option<bool> {
    let Entry::Setup { command, .. } = entry else {
        return None;
    };
    let words: Vec<String> = command
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["play", _, "pass"] => None,
        ["play", "b" | "black", _] => Some(true),
        ["play", "w" | "white", _] => Some(false),
        _ => None,
    }
}

/// A script's variant: `kata-set-rules PRESET` first, then the script with every run of setup
/// stones reordered by colour (stable within a colour).
fn variant(entries: &[Entry], preset: &str, order: SetupOrder) -> Vec<Entry> {
    let mut result = vec![Entry::Setup {
        line: 0,
        command: format!("kata-set-rules {preset}"),
    }];
    let mut index = 0;
    while index < entries.len() {
        let run = entries[index..]
            .iter()
            .take_while(|entry| setup_stone_is_black(entry).is_some())
            .count();
        if run == 0 {
            result.push(entries[index].clone());
            index += 1;
            continue;
        }
        let mut stones: Vec<&Entry> = entries[index..index + run].iter().collect();
        stones.sort_by_key(|entry| {
            let black = setup_stone_is_black(entry).expect("a setup stone");
            match order {
                SetupOrder::BlackFirst => !black,
                SetupOrder::WhiteFirst => black,
            }
        });
        result.extend(stones.into_iter().cloned());
        index += run;
    }
    result
}

/// Runs parsed entries through a fresh engine started in `directory` and judges every test.
/// `arguments` are the script's `# kosumi-arguments:` (the player and its limits).
fn run_entries(name: &str, entries: &[Entry], arguments: &[String], directory: &Path) -> Outcome {
    let mut outcome = Outcome::default();
    let mut command = Command::new(kosumi_path());
    command
        .arg("--seed")
        .arg(SEED.to_string())
        .args(arguments)
        .current_dir(directory);
    let mut engine = Session::start(name, command).expect("kosumi starts");
    for entry in entries {
        match entry {
            Entry::Setup { line, command } => {
                if let Err(message) = engine.send(command) {
                    outcome.surprises.push(format!(
                        "{name}:{line}: setup command `{command}` failed: {message}"
                    ));
                }
            }
            Entry::Test {
                line,
                id,
                command,
                expectation,
                expected_failure,
            } => {
                outcome.tests += 1;
                let reply = engine.send(command);
                let passed = match (&reply, expectation) {
                    (Err(_), _) => false,
                    (Ok(_), None) => true,
                    (Ok(text), Some(expectation)) => {
                        let pattern = expectation.pattern.as_ref().expect("compiled");
                        pattern.is_match(text.trim()) != expectation.negated
                    }
                };
                let wanted = match expectation {
                    Some(expectation) => format!(
                        "[{}{}]",
                        if expectation.negated { "!" } else { "" },
                        expectation.source
                    ),
                    None => "success".to_string(),
                };
                let got = match &reply {
                    Ok(text) => format!("'{}'", text.trim()),
                    Err(message) => format!("error '{message}'"),
                };
                match (passed, expected_failure) {
                    (true, false) => outcome.passed += 1,
                    (false, true) => outcome.expected_failures += 1,
                    (false, false) => outcome.surprises.push(format!(
                        "{name}:{id} (line {line}) unexpected FAIL: `{command}`: expected {wanted}, \
                         got {got}"
                    )),
                    (true, true) => outcome.surprises.push(format!(
                        "{name}:{id} (line {line}) unexpected PASS: `{command}` was marked as failing \
                         ({wanted}*), got {got}"
                    )),
                }
            }
        }
    }
    let status = engine.close_and_wait(std::time::Duration::from_secs(30));
    if !status.success() {
        outcome
            .surprises
            .push(format!("{name}: the engine exited with {status:?}"));
    }
    outcome
}

/// The arguments of the script's `# kosumi-arguments:` lines, in order.
fn script_arguments(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("# kosumi-arguments:"))
        .flat_map(|arguments| arguments.split_whitespace().map(str::to_string))
        .collect()
}

/// Every `gtp-scripts/*.tst`, sorted by name.
fn script_paths() -> Vec<PathBuf> {
    let directory = repository_root().join("gtp-scripts");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&directory)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", directory.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "tst"))
        .collect();
    paths.sort();
    paths
}

#[test]
fn every_gtp_script_passes() {
    let paths = script_paths();
    assert!(
        paths.len() >= 10,
        "gtp-scripts/ holds the rules' worked examples and one script per command family"
    );
    let mut report = String::new();
    let mut surprises = 0;
    for path in &paths {
        let name = path.file_name().expect("a file name").to_string_lossy();
        let text = std::fs::read_to_string(path).expect("a readable script");
        let outcome = run_script(&name, &text, path.parent().expect("a directory"));
        assert!(outcome.tests > 0, "{name} has no tests");
        writeln!(
            report,
            "{name}: {} tests, {} passed, {} failed as expected, {} surprises",
            outcome.tests,
            outcome.passed,
            outcome.expected_failures,
            outcome.surprises.len()
        )
        .unwrap();
        for surprise in &outcome.surprises {
            writeln!(report, "  {surprise}").unwrap();
        }
        surprises += outcome.surprises.len();
    }
    println!("{report}");
    assert_eq!(surprises, 0, "gtp-scripts surprises:\n{report}");
}

/// The scripts that hold the examples of docs/rules.md §2–6: every `rules-*.tst` but
/// `rules-commands.tst` (which checks which ruleset is in force, so that a preset imposed from
/// outside contradicts it), and the other scripts that cite docs/rules.md.
fn rules_example_paths() -> Vec<PathBuf> {
    script_paths()
        .into_iter()
        .filter(|path| {
            let name = path.file_name().expect("a file name").to_string_lossy();
            let text = std::fs::read_to_string(path).expect("a readable script");
            name != "rules-commands.tst"
                && (name.starts_with("rules-") || text.contains("docs/rules.md"))
        })
        .collect()
}

const PRESETS: [&str; 9] = [
    "bga",
    "aga",
    "chinese",
    "chinese-kgs",
    "chinese-ogs",
    "japanese",
    "korean",
    "tromp-taylor",
    "new-zealand",
];

#[test]
fn every_rules_example_holds_under_every_preset_with_same_colour_setup_orders() {
    let paths = rules_example_paths();
    assert!(paths.len() >= 10, "the rules' examples: {paths:?}");
    let mut report = String::new();
    let (mut runs, mut tests, mut surprises) = (0, 0, 0);
    for path in &paths {
        let name = path.file_name().expect("a file name").to_string_lossy();
        let text = std::fs::read_to_string(path).expect("a readable script");
        let entries = parse_script(&text).unwrap_or_else(|error| panic!("{name}: {error}"));
        for preset in PRESETS {
            for order in [SetupOrder::BlackFirst, SetupOrder::WhiteFirst] {
                let label = format!("{name} [{preset}, {order:?}]");
                let outcome = run_entries(
                    &label,
                    &variant(&entries, preset, order),
                    &script_arguments(&text),
                    path.parent().expect("a directory"),
                );
                runs += 1;
                tests += outcome.tests;
                for surprise in &outcome.surprises {
                    writeln!(report, "  {surprise}").unwrap();
                }
                surprises += outcome.surprises.len();
            }
        }
    }
    println!("{runs} variants, {tests} tests, {surprises} surprises\n{report}");
    assert!(tests > 0);
    assert_eq!(surprises, 0, "rules examples in variants:\n{report}");
}

/// The variants really change what runs: the setup stones are reordered by colour, the preset
/// is set first, and an expectation that holds under one preset only fails under the others.
#[test]
fn variants_reorder_setup_stones_and_can_fail() {
    let script = "boardsize 9\nplay w B1\nplay b C1\nplay w A2\nplay b B2\nplay b A3\n\
                  1 play b E5\nplay w pass\nplay w J9\n\
                  2 is_legal w A1\n#? [0]\n";
    let entries = parse_script(script).unwrap();
    let commands = |entries: &[Entry]| -> Vec<String> {
        entries
            .iter()
            .map(|entry| match entry {
                Entry::Setup { command, .. } | Entry::Test { command, .. } => command.clone(),
            })
            .collect()
    };
    assert_eq!(
        commands(&variant(&entries, "aga", SetupOrder::WhiteFirst)),
        [
            "kata-set-rules aga",
            "boardsize 9",
            "play w B1",
            "play w A2",
            "play b C1",
            "play b B2",
            "play b A3",
            "1 play b E5",
            "play w pass",
            "play w J9",
            "2 is_legal w A1",
        ]
    );
    assert_eq!(
        commands(&variant(&entries, "bga", SetupOrder::BlackFirst))[2..5],
        ["play b C1", "play b B2", "play b A3"]
    );
    // White A1 is a multi-stone suicide: legal only under tromp-taylor and new-zealand.
    for preset in PRESETS {
        let outcome = run_entries(
            "inline.tst",
            &variant(&entries, preset, SetupOrder::BlackFirst),
            &[],
            &repository_root(),
        );
        let allowed = matches!(preset, "tromp-taylor" | "new-zealand");
        assert_eq!(
            outcome.surprises.len(),
            usize::from(allowed),
            "{preset}: {outcome:?}"
        );
    }
}

/// The runner itself: a script with one of every verdict is judged as gogui-regress judges it.
#[test]
fn the_runner_tells_passes_from_failures() {
    let script = "boardsize 9\nplay b E5\n\
                  1 color E5\n#? [black]\n\
                  2 color E5\n#? [white]\n\
                  3 color E5\n#? [white]*\n\
                  4 color E5\n#? [black]*\n\
                  5 play w E5\n#? [.*]*\n\
                  6 play w E5\n\
                  7 color D4\n#? [!black|white]\n\
                  8 list_stones black\n#? [ E5 ]\n\
                  9 showboard\n#? [A B C.*\\(X\\).*to move]\n\
                  10 name\n#?\n\
                  play w E5\n";
    let outcome = run_script("inline.tst", script, &repository_root());
    assert_eq!(outcome.tests, 10);
    assert_eq!(outcome.passed, 5, "{outcome:?}"); // 1, 7, 8, 9, 10
    assert_eq!(outcome.expected_failures, 2, "{outcome:?}"); // 3, 5
    assert_eq!(
        outcome.surprises,
        vec![
            "inline.tst:2 (line 5) unexpected FAIL: `2 color E5`: expected [white], got 'black'",
            "inline.tst:4 (line 9) unexpected PASS: `4 color E5` was marked as failing \
             ([black]*), got 'black'",
            "inline.tst:6 (line 13) unexpected FAIL: `6 play w E5`: expected success, got \
             error 'illegal move'",
            "inline.tst:22: setup command `play w E5` failed: illegal move",
        ]
    );
}

#[test]
fn malformed_scripts_are_reported() {
    for (script, error) in [
        (
            "#? [x]\n",
            "line 1: `#?` must come right after a numbered command",
        ),
        ("1 name\n\n#? [x]\n", "line 3: `#?` must come right after"),
        (
            "1 name\n# note\n#? [x]\n",
            "line 3: `#?` must come right after",
        ),
        ("name\n#? [x]\n", "line 2: `#?` must come right after"),
        (
            "1 name\n#? x\n",
            "line 2: the pattern has no opening bracket",
        ),
        (
            "1 name\n#? [x] *\n",
            "line 2: the pattern has no closing bracket",
        ),
        (
            "1 name\n#? [x]y\n",
            "line 2: the pattern has no closing bracket",
        ),
        ("1 name\n#? [(]\n", "line 2: bad pattern [(]"),
        ("1 name\n1 name\n", "line 2: test 1 appears twice"),
    ] {
        let outcome = run_script("bad.tst", script, &repository_root());
        assert_eq!(outcome.surprises.len(), 1, "{script:?}: {outcome:?}");
        assert!(
            outcome.surprises[0].starts_with(&format!("bad.tst: malformed: {error}")),
            "{script:?}: {:?}",
            outcome.surprises
        );
    }
}
