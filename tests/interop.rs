//! Interoperability: the real `kosumi` binary driven the way GoGui, gogui-twogtp and
//! gogui-regress drive it (GoGui's analyze commands with their exact gfx replies, the
//! `# interrupt` line, twogtp's exact traffic). The clients themselves (gomill's ringmaster,
//! Sabaki's @sabaki/gtp, GoGui's tools) run in `.ci/interop`; these tests need nothing but the
//! binary. Self-contained: it needs none of the other modules' helpers.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// A running `kosumi` and the pipes to talk GTP with it, one command at a time.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// One reply: success or failure, and the text after `=`/`?` and the space.
#[derive(Debug, PartialEq)]
enum Reply {
    Success(String),
    Failure(String),
}

impl Engine {
    fn start(arguments: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kosumi"))
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kosumi starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            input,
            output,
        }
    }

    /// Writes a line (a command, or a comment that gets no reply).
    fn write(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("kosumi reads its input");
        self.input.flush().expect("flush");
    }

    /// Reads one reply, checking GTP framing: `=` or `?`, an optional id, a space, the text,
    /// one empty line. The id is dropped.
    fn read(&mut self) -> Reply {
        let text = self.read_raw();
        let (status, rest) = text.split_at(1);
        let rest = rest.trim_start_matches(|character: char| character.is_ascii_digit());
        let Some(rest) = rest.strip_prefix(' ') else {
            panic!("no space after the status and id: {text:?}")
        };
        match status {
            "=" => Reply::Success(rest.to_string()),
            "?" => Reply::Failure(rest.to_string()),
            _ => panic!("not a GTP reply: {text:?}"),
        }
    }

    /// Reads one reply as it came, without its final empty line.
    fn read_raw(&mut self) -> String {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("a reply");
            assert!(read > 0, "kosumi closed its output mid-reply: {text:?}");
            if line == "\n" {
                break;
            }
            text.push_str(&line);
        }
        assert!(!text.is_empty(), "an empty line where a reply should start");
        text.strip_suffix('\n').unwrap_or(&text).to_string()
    }

    /// Sends a command and returns its reply.
    fn send(&mut self, command: &str) -> Reply {
        self.write(command);
        self.read()
    }

    /// Sends a command that must succeed and returns its text.
    fn ok(&mut self, command: &str) -> String {
        match self.send(command) {
            Reply::Success(text) => text,
            Reply::Failure(text) => panic!("{command}: ? {text}"),
        }
    }

    /// Sends `quit` and waits for a clean exit.
    fn quit(mut self) {
        assert_eq!(self.send("quit"), Reply::Success(String::new()));
        let status = self.child.wait().expect("kosumi exits");
        assert!(status.success(), "exit status {status}");
    }
}

/// The moves of docs/rules.md §2.7's ko: Black E4 captures D4, so White may not retake at once.
const KO: [&str; 8] = [
    "play W D4",
    "play B C4",
    "play W E3",
    "play B D3",
    "play W F4",
    "play B D5",
    "play W E5",
    "play B E4",
];

#[test]
fn gogui_lists_the_interrupt_and_the_analyze_commands() {
    let mut engine = Engine::start(&["--seed", "1"]);
    let commands = engine.ok("list_commands");
    let commands: Vec<&str> = commands.lines().collect();
    for name in [
        "gogui-interrupt",
        "gogui-analyze_commands",
        "kosumi-legal_moves",
        "kosumi-liberties",
        "kosumi-atari",
        "kosumi-ko_ban",
        "kosumi-ownership",
        "kosumi-dead_stones",
        "kosumi-score_breakdown",
    ] {
        assert!(commands.contains(&name), "{name} is listed");
    }
    assert_eq!(engine.ok("gogui-interrupt"), "");
    assert_eq!(
        engine.ok("gogui-analyze_commands"),
        "gfx/Legal Moves/kosumi-legal_moves %m\n\
         gfx/Liberties/kosumi-liberties %p\n\
         gfx/Stones in Atari/kosumi-atari\n\
         gfx/Ko Ban/kosumi-ko_ban %m\n\
         gfx/Ownership/kosumi-ownership\n\
         gfx/Dead Stones/kosumi-dead_stones\n\
         gfx/Search: Best Moves/kosumi-best_moves %m\n\
         var/Search: Principal Variation/kosumi-principal_variation %m\n\
         gfx/Search: Ownership/kosumi-search_ownership %m\n\
         param/Search Settings/kosumi-param\n\
         string/Score Breakdown/kosumi-score_breakdown\n\
         string/Final Score/final_score"
    );
    engine.quit();
}

#[test]
fn legal_moves_are_squares_with_their_number() {
    let mut engine = Engine::start(&["--seed", "1", "--size", "3"]);
    engine.ok("play B B2");
    assert_eq!(
        engine.ok("kosumi-legal_moves w"),
        "SQUARE A3 B3 C3 A2 C2 A1 B1 C1\nTEXT 8 for White, and pass"
    );
    //   3 X X X
    //   2 X X X      Black fills all but C1: White C1 captures all eight stones, Black C1
    //   1 X X .      would be suicide.
    //     A B C
    for vertex in ["A3", "B3", "C3", "A2", "C2", "A1", "B1"] {
        engine.ok(&format!("play B {vertex}"));
    }
    assert_eq!(
        engine.ok("kosumi-legal_moves w"),
        "SQUARE C1\nTEXT 1 for White, and pass"
    );
    assert_eq!(
        engine.ok("kosumi-legal_moves B"),
        "TEXT none for Black but pass"
    );
    engine.quit();
}

#[test]
fn liberties_mark_the_chain_and_its_liberties() {
    //   5 . . . . .
    //   4 . . O . .
    //   3 . X X O .
    //   2 . . X . .
    //   1 . . . . .
    //     A B C D E
    let mut engine = Engine::start(&["--seed", "1", "--size", "5"]);
    for command in [
        "play B B3",
        "play W C4",
        "play B C3",
        "play W D3",
        "play B C2",
    ] {
        engine.ok(command);
    }
    assert_eq!(
        engine.ok("kosumi-liberties C3"),
        "SQUARE B3 C3 C2\nCIRCLE B4 A3 B2 D2 C1\nTEXT Black chain at C3: 3 stones, 5 liberties"
    );
    assert_eq!(
        engine.ok("kosumi-liberties c4"),
        "SQUARE C4\nCIRCLE C5 B4 D4\nTEXT White chain at C4: 1 stone, 3 liberties"
    );
    assert_eq!(engine.ok("kosumi-liberties E5"), "TEXT E5 is empty");
    assert_eq!(
        engine.send("kosumi-liberties pass"),
        Reply::Failure("syntax error".to_string())
    );
    assert_eq!(
        engine.send("kosumi-liberties F1"),
        Reply::Failure("syntax error".to_string())
    );
    engine.quit();
}

#[test]
fn stones_in_atari_are_triangles_and_their_last_liberties_crosses() {
    //   3 X . . . .
    //   2 O X . . O      White A2 A1 has one liberty left, B1; the other chains have two
    //   1 O . . X .      or more.
    //     A B C D E
    let mut engine = Engine::start(&["--seed", "1", "--size", "5"]);
    assert_eq!(
        engine.ok("kosumi-atari"),
        "TEXT 0 black stones, 0 white stones"
    );
    for command in [
        "play W A2",
        "play B A3",
        "play W A1",
        "play B B2",
        "play W E2",
        "play B D1",
    ] {
        engine.ok(command);
    }
    assert_eq!(
        engine.ok("kosumi-atari"),
        "TRIANGLE A2 A1\nMARK B1\nTEXT 0 black stones, 2 white stones"
    );
    // White D2 and E1 put D1 in atari as well (its last liberty is C1).
    engine.ok("play W D2");
    engine.ok("play W E1");
    assert_eq!(
        engine.ok("kosumi-atari"),
        "TRIANGLE A2 A1 D1\nMARK B1 C1\nTEXT 1 black stone, 2 white stones"
    );
    engine.quit();
}

#[test]
fn the_ko_ban_is_shown_for_the_side_that_may_not_retake() {
    //   6 . . . . . .
    //   5 . . . X O .
    //   4 . . X . X O      Black E4 has just captured White D4:
    //   3 . . . X O .      White may not retake at D4 at once.
    //     A B C D E F
    // The basic ko rule under every ruleset; after a pass, superko where the retake would
    // recreate the board before E4 (White's E5 created it).
    for (rules, after_a_pass) in [
        ("japanese", None),
        ("chinese-kgs", Some("superko")),
        ("bga", Some("superko")),
    ] {
        let mut engine = Engine::start(&["--seed", "1", "--size", "9", "--rules", rules]);
        for command in KO {
            engine.ok(command);
        }
        assert_eq!(
            engine.ok("kosumi-ko_ban w"),
            "SQUARE D4\nTEXT White may not play D4 (ko)",
            "{rules}"
        );
        assert_eq!(engine.ok("kosumi-ko_ban b"), "TEXT none for Black");
        engine.ok("play W pass");
        let expected = match after_a_pass {
            Some(reason) => format!("SQUARE D4\nTEXT White may not play D4 ({reason})"),
            None => "TEXT none for White".to_string(),
        };
        assert_eq!(engine.ok("kosumi-ko_ban w"), expected, "{rules}");
        engine.ok("undo");
        // A threat and an answer lift the ban.
        engine.ok("play W H8");
        engine.ok("play B H7");
        assert_eq!(engine.ok("kosumi-ko_ban w"), "TEXT none for White");
        engine.quit();
    }
}

/// Splits the `INFLUENCE` line of a gfx reply into (vertex, value) pairs.
fn influence(reply: &str) -> Vec<(String, f64)> {
    let line = reply
        .lines()
        .find_map(|line| line.strip_prefix("INFLUENCE "))
        .expect("an INFLUENCE line");
    let tokens: Vec<&str> = line.split(' ').collect();
    tokens
        .chunks(2)
        .map(|pair| (pair[0].to_string(), pair[1].parse().expect("a number")))
        .collect()
}

#[test]
fn ownership_is_an_influence_on_every_point_from_the_playouts() {
    //   5 . X . O .
    //   4 X X . O O      Black owns the left, White the right: two eyes each would be a
    //   3 . X . O .      settled game; here the middle column is still open.
    //   2 X X . O O
    //   1 . X . O .
    //     A B C D E
    let mut engine = Engine::start(&["--seed", "1", "--size", "5", "--rules", "chinese"]);
    const WALLS: [&str; 14] = [
        "play B B1",
        "play W D1",
        "play B B2",
        "play W D2",
        "play B A2",
        "play W E2",
        "play B B3",
        "play W D3",
        "play B B4",
        "play W D4",
        "play B A4",
        "play W E4",
        "play B B5",
        "play W D5",
    ];
    for command in WALLS {
        engine.ok(command);
    }
    let reply = engine.ok("kosumi-ownership 200");
    let values = influence(&reply);
    let vertices: Vec<&str> = values.iter().map(|(vertex, _)| vertex.as_str()).collect();
    assert_eq!(
        vertices[..6],
        ["A5", "B5", "C5", "D5", "E5", "A4"],
        "top row first"
    );
    assert_eq!(values.len(), 25);
    for (vertex, value) in &values {
        assert!((-1.0..=1.0).contains(value), "{vertex} {value}");
        match &vertex[..1] {
            "A" | "B" => assert!(*value > 0.0, "{vertex} {value}"),
            "D" | "E" => assert!(*value < 0.0, "{vertex} {value}"),
            _ => {}
        }
    }
    let text = reply.lines().last().unwrap();
    assert!(
        text.starts_with("TEXT ") && text.ends_with(" by area before komi, 200 playouts"),
        "{text}"
    );
    // A deterministic function of the position and the budget, whatever the seed.
    let mut other = Engine::start(&["--seed", "2", "--size", "5", "--rules", "chinese"]);
    for command in WALLS {
        other.ok(command);
    }
    assert_eq!(other.ok("kosumi-ownership 200"), reply);
    assert_eq!(
        engine.send("kosumi-ownership 0"),
        Reply::Failure("syntax error".to_string())
    );
    engine.quit();
    other.quit();
}

#[test]
fn dead_stones_are_crossed_and_territory_marked() {
    //   5 . X O . .
    //   4 . X O . X      Black E4 is alone in White's area: dead. Columns A and D–E are
    //   3 . X O . .      each side's territory once it is gone (E4's point is White's).
    //   2 . X O . .
    //   1 . X O . .
    //     A B C D E
    let mut engine = Engine::start(&["--seed", "1", "--size", "5", "--rules", "chinese"]);
    for row in 1..=5 {
        engine.ok(&format!("play B B{row}"));
        engine.ok(&format!("play W C{row}"));
    }
    engine.ok("play B E4");
    assert_eq!(
        engine.ok("kosumi-dead_stones"),
        "MARK E4\n\
         BLACK A5 A4 A3 A2 A1\n\
         WHITE D5 E5 D4 E4 D3 E3 D2 E2 D1 E1\n\
         TEXT dead: 1 black stone, 0 white stones; seki: 0 stones"
    );
    let breakdown = engine.ok("kosumi-score_breakdown");
    assert!(
        breakdown.lines().last() == Some("result W+12.5"),
        "{breakdown}"
    );
    engine.quit();
}

#[test]
fn a_long_ownership_estimate_stops_at_the_interrupt_line_and_still_answers() {
    let mut engine = Engine::start(&["--seed", "1", "--size", "19"]);
    let pid = engine.child.id();
    // A million playouts (the most the command takes) on 19×19 take tens of seconds.
    engine.write("1 kosumi-ownership 1000000");
    thread::sleep(Duration::from_millis(300));
    engine.write("# interrupt");
    let (sender, receiver) = mpsc::channel();
    let reader = thread::spawn(move || {
        let reply = engine.read_raw();
        let _ = sender.send(());
        (engine, reply)
    });
    if receiver.recv_timeout(Duration::from_secs(120)).is_err() {
        let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        panic!("no reply two minutes after # interrupt");
    }
    let (mut engine, reply) = reader.join().expect("the reader thread");
    assert!(reply.starts_with("=1 INFLUENCE A19 "), "{}", &reply[..40]);
    assert_eq!(influence(&reply["=1 ".len()..]).len(), 361);
    let text = reply.lines().last().unwrap();
    let played: u64 = text
        .split_once(" by area before komi, ")
        .and_then(|(_, rest)| rest.strip_suffix(" of 1000000 playouts (interrupted)"))
        .unwrap_or_else(|| panic!("{text}"))
        .parse()
        .unwrap();
    assert!((1..1_000_000).contains(&played), "{played}");
    // The interrupt was for that command only: the next ones run in full.
    engine.ok("boardsize 5");
    let text = engine.ok("kosumi-ownership 20");
    assert!(text.ends_with(", 20 playouts"), "{text}");
    engine.quit();
}

#[test]
fn a_command_queued_behind_a_long_one_does_not_cut_it_short() {
    // A GTP file piped in is read ahead at once; only `# interrupt` stops a computation, so
    // the file's results do not depend on the speed of the pipe.
    let mut engine = Engine::start(&["--seed", "1", "--size", "9"]);
    engine.write("1 kosumi-ownership 300\n2 name");
    let first = engine.read_raw();
    assert!(first.ends_with(", 300 playouts"), "{first}");
    assert_eq!(engine.read_raw(), "=2 Kosumi");
    engine.quit();
}

#[test]
fn the_interrupt_comment_gets_no_reply_and_stops_nothing_when_idle() {
    let mut engine = Engine::start(&["--seed", "1"]);
    engine.write("# interrupt");
    engine.write("#interrupt");
    engine.write("");
    engine.write("   # a comment");
    // The first thing on stdout is the reply to `name`: the comments got none.
    engine.write("1 name");
    assert_eq!(engine.read_raw(), "=1 Kosumi");
    assert_eq!(engine.ok("protocol_version"), "2");
    engine.quit();
}

/// Whether a genmove answer is one vertex, `pass` or `resign`, as twogtp parses it.
fn is_move(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if lower == "pass" || lower == "resign" {
        return true;
    }
    let mut characters = lower.chars();
    match characters.next() {
        Some(column) if column.is_ascii_lowercase() && column != 'i' => {
            let row = characters.as_str();
            !row.is_empty() && row.chars().all(|digit| digit.is_ascii_digit())
        }
        _ => false,
    }
}

/// Whether a final_score answer is `B+x`, `W+x` or `0`, as twogtp and gomill parse it.
fn is_score(text: &str) -> bool {
    text == "0"
        || (text.len() > 2
            && (text.starts_with("B+") || text.starts_with("W+"))
            && text[2..].parse::<f64>().is_ok())
}

/// gogui-twogtp's start-up for one program (docs/clients.md §4): protocol_version, name, version,
/// list_commands, then the interrupt probe, then the first synchronisation.
fn twogtp_start_up(engine: &mut Engine) {
    assert_eq!(engine.ok("protocol_version"), "2");
    assert_eq!(engine.ok("name"), "Kosumi");
    assert_eq!(engine.ok("version"), env!("CARGO_PKG_VERSION"));
    let commands = engine.ok("list_commands");
    assert!(commands.lines().any(|name| name == "gogui-interrupt"));
    assert_eq!(engine.ok("gogui-interrupt"), "");
    engine.ok("boardsize 9");
    engine.ok("clear_board");
    engine.ok("komi 7.5");
}

#[test]
fn a_twogtp_match_with_a_referee_runs_exactly_as_twogtp_drives_it() {
    // Two Kosumis play each other and a third referees, with twogtp's exact traffic: per
    // game `boardsize`, `clear_board` and no `komi` (it must survive `clear_board`), genmove
    // to the side to move and `play` to the others, `final_score` to all three, colours
    // swapped in odd games (`-alternate`). Game 2 has two handicap stones, sent as
    // `set_free_handicap` because Kosumi lists it; game 3 starts from an opening file's setup
    // stones, which twogtp sends as consecutive plays of one colour (Kosumi does not list
    // `gogui-setup`).
    let mut first = Engine::start(&["--seed", "11"]);
    let mut second = Engine::start(&["--seed", "22"]);
    let mut referee = Engine::start(&["--seed", "33"]);
    let mut lists_set_free_handicap = false;
    for engine in [&mut first, &mut second, &mut referee] {
        twogtp_start_up(engine);
        lists_set_free_handicap = engine
            .ok("list_commands")
            .lines()
            .any(|name| name == "set_free_handicap");
    }
    for game in 0..4 {
        let (black, white) = if game % 2 == 0 {
            (&mut first, &mut second)
        } else {
            (&mut second, &mut first)
        };
        for engine in [&mut *black, &mut *white, &mut referee] {
            assert_eq!(engine.ok("boardsize 9"), "");
            assert_eq!(engine.ok("clear_board"), "");
        }
        let mut to_move = "b";
        if game == 2 {
            for engine in [&mut *black, &mut *white, &mut referee] {
                if lists_set_free_handicap {
                    assert_eq!(engine.ok("set_free_handicap C3 G7"), "");
                } else {
                    assert_eq!(engine.ok("play B C3"), "");
                    assert_eq!(engine.ok("play B G7"), "");
                }
            }
            to_move = "w";
        }
        if game == 3 {
            for engine in [&mut *black, &mut *white, &mut referee] {
                for setup in ["play B F4", "play B F7", "play W C7", "play W D4"] {
                    assert_eq!(engine.ok(setup), "", "{setup}");
                }
            }
        }
        let moves = play_to_two_passes(black, white, &mut referee, to_move, game);
        assert!(moves > 40, "game {game} ended after only {moves} moves");
        let scores: Vec<String> = [&mut *black, &mut *white, &mut referee]
            .into_iter()
            .map(|engine| engine.ok("final_score"))
            .collect();
        for score in &scores {
            assert!(is_score(score), "final_score answered {score:?}");
        }
        assert!(
            scores.iter().all(|score| *score == scores[0]),
            "game {game}: the three counts differ: {scores:?}"
        );
    }
    for engine in [first, second, referee] {
        engine.quit();
    }
}

/// Plays one game of a twogtp match to two passes in a row, as twogtp drives it: `genmove` to
/// the side to move (`to_move`, "b" or "w"), that move as `play` to the other side and the
/// referee. Returns the number of moves.
fn play_to_two_passes(
    black: &mut Engine,
    white: &mut Engine,
    referee: &mut Engine,
    mut to_move: &str,
    game: usize,
) -> usize {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 {
        assert!(moves <= 400, "game {game} passed the move limit");
        let (mover, other) = if to_move == "b" {
            (&mut *black, &mut *white)
        } else {
            (&mut *white, &mut *black)
        };
        let answer = mover.ok(&format!("genmove {to_move}"));
        assert!(is_move(&answer), "genmove answered {answer:?}");
        assert_ne!(answer.to_ascii_lowercase(), "resign");
        let vertex = answer.to_ascii_uppercase();
        let play = format!("play {} {vertex}", to_move.to_ascii_uppercase());
        assert_eq!(other.ok(&play), "", "{play}");
        assert_eq!(referee.ok(&play), "", "{play}");
        passes = if vertex == "PASS" { passes + 1 } else { 0 };
        moves += 1;
        to_move = if to_move == "b" { "w" } else { "b" };
    }
    moves
}

#[test]
fn kosumi_param_shows_the_settings_changes_one_and_refuses_a_bad_value_without_a_change() {
    let mut engine = Engine::start(&[
        "--seed",
        "1",
        "--player",
        "mcts",
        "--playouts",
        "500",
        "--threads",
        "1",
    ]);
    assert_eq!(
        engine.ok("kosumi-param"),
        "[string] playouts 500\n\
         [string] time none\n\
         [string] threads 1\n\
         [string] resign_threshold 0.1"
    );
    for change in [
        "time 2.5",
        "playouts none",
        "threads 2",
        "resign_threshold 0.05",
    ] {
        assert_eq!(engine.ok(&format!("kosumi-param {change}")), "");
    }
    let changed = "[string] playouts none\n\
                   [string] time 2.5\n\
                   [string] threads 2\n\
                   [string] resign_threshold 0.05";
    assert_eq!(engine.ok("kosumi-param"), changed);
    for refused in [
        "playouts -1",
        "time 2e9",
        "threads 0",
        "resign_threshold 1.5",
        "colour 3",
    ] {
        assert_eq!(
            engine.send(&format!("kosumi-param {refused}")),
            Reply::Failure("syntax error".to_string()),
            "{refused}"
        );
    }
    assert_eq!(engine.ok("kosumi-param"), changed);
    engine.quit();
}
