//! Resource bounds of the real `kosumi` binary: memory over a session of 100,000 moves (many
//! games with `clear_board`, and one game of 100,000 moves with undo at its end), and the
//! whole-board commands on the largest board, dead-stone judgement included. Nothing here
//! asserts speed: times are printed (run with `--nocapture` to see them) and only counts,
//! answers and memory are checked.

use std::time::{Duration, Instant};

use crate::util::{Reply, Session};

/// Sends the commands in one write and returns their replies, trimmed.
fn send_all(session: &mut Session, commands: &[String]) -> Vec<Reply> {
    session.write_commands(commands);
    session
        .read_replies(commands)
        .into_iter()
        .map(|reply| reply.map(|text| text.trim().to_string()))
        .collect()
}

fn quit(mut session: Session) {
    assert_eq!(session.ok("quit"), "");
    assert!(session.wait(Duration::from_secs(10)).success());
}

/// Asserts that the peak memory measured `later` grew by less than `slack_kib` over `earlier`.
fn assert_bounded(earlier: Option<u64>, later: Option<u64>, slack_kib: u64, what: &str) {
    eprintln!("{what}: peak memory {earlier:?} KiB, then {later:?} KiB");
    if let (Some(earlier), Some(later)) = (earlier, later) {
        assert!(
            later < earlier + slack_kib,
            "{what}: peak memory grew from {earlier} KiB to {later} KiB"
        );
    }
}

const MOVES: usize = 100_000;

#[test]
fn memory_stays_bounded_over_a_hundred_thousand_moves_in_many_games() {
    let mut session = Session::kosumi(&[]);
    session.ok("boardsize 9");
    let pair = ["genmove b".to_string(), "genmove w".to_string()];
    let batch: Vec<String> = pair.iter().cycle().take(40).cloned().collect();
    let (mut moves, mut games, mut early) = (0, 1, None);
    let start = Instant::now();
    while moves < MOVES {
        let replies = send_all(&mut session, &batch);
        moves += replies.len();
        let last: Vec<&str> = replies[replies.len() - 2..]
            .iter()
            .map(|reply| reply.as_deref().expect("genmove never fails"))
            .collect();
        if last == ["pass", "pass"] {
            session.ok("clear_board");
            games += 1;
        }
        if early.is_none() && moves >= MOVES / 10 {
            early = session.peak_memory_kib();
        }
    }
    eprintln!(
        "{moves} moves in {games} games on 9x9 in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert!(games > 100, "only {games} games: the games did not end");
    assert_bounded(
        early,
        session.peak_memory_kib(),
        1024,
        "many games, from 10% to 100% of the moves",
    );
    quit(session);
}

/// The triple-ko position of `game.rs`'s tests: under simple ko the six captures of
/// `TRIPLE_KO_CYCLE` bring it back, so a game can go on for ever with stones and captures.
///
/// ```text
///   9 X . X O . . . . .
///   8 . X O . . . . . .
///   2 . X O . . . X O .
///   1 X O . O . X O . O
///     A B C D E F G H J
/// ```
const TRIPLE_KO: [&str; 15] = [
    "play b A1",
    "play b B2",
    "play b A9",
    "play b B8",
    "play b C9",
    "play b F1",
    "play b G2",
    "play w B1",
    "play w C2",
    "play w D1",
    "play w C8",
    "play w D9",
    "play w G1",
    "play w H2",
    "play w J1",
];
const TRIPLE_KO_CYCLE: [&str; 6] = [
    "play b C1",
    "play w B9",
    "play b H1",
    "play w B1",
    "play b C9",
    "play w G1",
];

#[test]
fn one_game_of_a_hundred_thousand_moves_keeps_memory_bounded_and_undo_still_works() {
    let mut session = Session::kosumi(&[]);
    session.ok("boardsize 9");
    session.ok("kata-set-rules japanese");
    let setup: Vec<String> = TRIPLE_KO.iter().map(|line| line.to_string()).collect();
    assert!(send_all(&mut session, &setup).iter().all(Result::is_ok));
    let stones = |session: &mut Session| {
        [
            session.ok("list_stones black"),
            session.ok("list_stones white"),
        ]
    };
    let start_position = stones(&mut session);
    let batch: Vec<String> = TRIPLE_KO_CYCLE
        .iter()
        .cycle()
        .take(TRIPLE_KO_CYCLE.len() * 100)
        .map(|line| line.to_string())
        .collect();
    let (mut moves, mut early) = (TRIPLE_KO.len(), None);
    let start = Instant::now();
    while moves < MOVES {
        let replies = send_all(&mut session, &batch);
        assert!(
            replies.iter().all(|reply| reply.as_deref() == Ok("")),
            "a move of the cycle was refused"
        );
        moves += batch.len();
        if early.is_none() && moves >= MOVES / 10 {
            early = session.peak_memory_kib();
        }
    }
    eprintln!(
        "{moves} moves in one game in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let captures = session.ok("captures black").parse::<usize>().unwrap();
    assert_eq!(captures, (moves - TRIPLE_KO.len()) / 2);
    // The game keeps its moves (8 bytes each, in a vector that doubles): 100,000 moves are
    // under 2 MiB at the peak of a reallocation; nothing else may grow.
    assert_bounded(
        early,
        session.peak_memory_kib(),
        4 * 1024,
        "one long game, from 10% to 100% of the moves",
    );

    // Undo replays the game from its setup: each undo costs the length of the game. Six
    // undos take back one cycle and give back the position the cycle started from.
    let undos = vec!["undo".to_string(); TRIPLE_KO_CYCLE.len()];
    let start = Instant::now();
    assert!(send_all(&mut session, &undos).iter().all(Result::is_ok));
    eprintln!(
        "{} undos in a game of {moves} moves: {:.1} ms each",
        undos.len(),
        start.elapsed().as_secs_f64() * 1000.0 / undos.len() as f64
    );
    assert_eq!(stones(&mut session), start_position);
    assert_eq!(
        session.ok("captures black").parse::<usize>().unwrap(),
        captures - TRIPLE_KO_CYCLE.len() / 2
    );
    quit(session);
}

#[test]
fn whole_board_commands_on_a_full_twenty_five_by_twenty_five_board_finish() {
    let mut session = Session::kosumi(&[]);
    session.ok("boardsize 25");
    session.ok("kata-set-rules tromp-taylor");
    let pair = ["genmove b".to_string(), "genmove w".to_string()];
    let batch: Vec<String> = pair.iter().cycle().take(100).cloned().collect();
    let start = Instant::now();
    let mut moves = 0;
    loop {
        let replies = send_all(&mut session, &batch);
        moves += replies.len();
        if replies[replies.len() - 2..]
            .iter()
            .all(|reply| reply.as_deref() == Ok("pass"))
        {
            break;
        }
        assert!(moves < 20_000, "the random game on 25x25 does not end");
    }
    eprintln!(
        "a random game on 25x25: {moves} genmoves in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for command in [
        "all_legal black",
        "all_legal white",
        "final_score",
        "showboard",
        "printsgf",
        "list_stones black",
        // Dead-stone and seki judgement on the full board, under rules that judge them.
        "kata-set-rules japanese",
        "final_score",
        "final_status_list dead",
        "final_status_list seki",
        "final_status_list alive",
        "kosumi-score_breakdown",
    ] {
        let start = Instant::now();
        let reply = session.ok(command);
        eprintln!(
            "{command} on the full board: {:.2} ms, {} bytes",
            start.elapsed().as_secs_f64() * 1000.0,
            reply.len()
        );
    }
    // The random player passes only when no legal move is left outside its own eyes: every
    // point all_legal lists for Black is an empty point.
    let legal = session.ok("all_legal black");
    let checks: Vec<String> = legal
        .split_whitespace()
        .map(|vertex| format!("color {vertex}"))
        .collect();
    assert!(
        send_all(&mut session, &checks)
            .iter()
            .all(|reply| reply.as_deref() == Ok("empty"))
    );
    session.ok("kata-set-rules tromp-taylor");
    session.ok("clear_board");
    let start = Instant::now();
    let stones = session.ok("place_free_handicap 624");
    eprintln!(
        "place_free_handicap 624 on 25x25: {:.2} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    assert_eq!(stones.split_whitespace().count(), 624);
    // One empty point is left: White there captures all 624 stones; Black there is a
    // multi-stone suicide, which Tromp-Taylor allows (the game began with the handicap
    // stones, so the empty board it leaves is no earlier position of this game).
    let last_point = session.ok("all_legal white");
    assert_eq!(last_point.split_whitespace().count(), 1);
    assert_eq!(session.ok("all_legal black"), last_point);
    session.ok(&format!("play b {last_point}"));
    assert_eq!(
        session.ok("captures white"),
        "625",
        "the 624 stones and the new one"
    );
    quit(session);
}

/// Peak memory of a fresh engine that loads the record `text` (written to a scratch file):
/// the `loadsgf` reply and the peak resident memory in KiB.
fn load_record_in_fresh_engine(name: &str, text: &str) -> (Reply, Option<u64>) {
    let path = std::env::temp_dir().join(format!("kosumi-{name}-{}.sgf", std::process::id()));
    std::fs::write(&path, text).expect("a scratch record");
    let mut session = Session::kosumi(&[]);
    let reply = session.send(&format!("loadsgf {}", path.display()));
    let peak = session.peak_memory_kib();
    quit(session);
    let _ = std::fs::remove_file(&path);
    (reply, peak)
}

/// About `bytes` of text made of `unit` repeated, inside `prefix` … `suffix`.
fn record_of(prefix: &str, unit: &str, suffix: &str, bytes: usize) -> String {
    let mut text = String::with_capacity(bytes + 64);
    text.push_str(prefix);
    while text.len() + unit.len() + suffix.len() <= bytes {
        text.push_str(unit);
    }
    text.push_str(suffix);
    text
}

const PEAK_LIMIT_KIB: u64 = 200 * 1024;

#[test]
fn loading_a_fifteen_mebibyte_record_of_small_properties_stays_under_two_hundred_megabytes() {
    const SIZE: usize = 15 << 20;
    let records = [
        (
            "small-properties",
            record_of("(;GM[1]FF[4]SZ[19]", ";XA[a]XB[b]N[c]", ")", SIZE),
            Ok("black".to_string()),
        ),
        (
            "short-values",
            record_of("(;GM[1]FF[4]SZ[19]XX", "[a]", ")", SIZE),
            Ok("black".to_string()),
        ),
        (
            "comments",
            record_of("(;GM[1]FF[4]SZ[19];B[dd]", ";C[a]", ")", SIZE),
            Ok("white".to_string()),
        ),
        (
            "setup-values",
            record_of("(;GM[1]FF[4]SZ[19]AB", "[aa]", ")", SIZE),
            Ok("black".to_string()),
        ),
        (
            "variations",
            record_of("(;GM[1]FF[4]SZ[19]", "(;B[aa]C[a])", ")", SIZE),
            Ok("white".to_string()),
        ),
    ];
    for (name, text, expected) in records {
        let (reply, peak) = load_record_in_fresh_engine(name, &text);
        eprintln!(
            "loadsgf of {} bytes ({name}): peak memory {peak:?} KiB",
            text.len()
        );
        assert_eq!(reply, expected, "{name}");
        if let Some(peak) = peak {
            assert!(
                peak < PEAK_LIMIT_KIB,
                "{name}: peak memory {peak} KiB over {PEAK_LIMIT_KIB} KiB"
            );
        }
    }
}
