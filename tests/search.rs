//! The mcts player from the outside: reproducible with one thread and a playout budget, legal
//! under every ruleset, stopped by `# interrupt` and by the end of input, and bounded by its
//! limits (time 0, no time left, a tiny memory limit on 25×25).

use std::time::Duration;

use crate::util::{SMALL_MCTS, Session, run_with, split_replies};

/// The moves of a short 9×9 game the mcts player plays against itself.
fn self_play_moves(seed: u64) -> Vec<String> {
    let mut session = Session::kosumi_with_seed(seed, &SMALL_MCTS);
    session.ok("boardsize 9");
    session.ok("clear_board");
    let mut moves = Vec::new();
    for turn in 0..12 {
        let color = if turn % 2 == 0 { "b" } else { "w" };
        moves.push(session.ok(&format!("genmove {color}")));
    }
    moves.push(session.ok("reg_genmove b"));
    session.close_and_wait(Duration::from_secs(30));
    moves
}

#[test]
fn the_same_seed_with_one_thread_and_fixed_playouts_gives_the_same_game() {
    let first = self_play_moves(7);
    assert_eq!(first, self_play_moves(7));
    assert!(first.iter().all(|reply| reply != "resign"), "{first:?}");
}

#[test]
fn reg_genmove_names_the_same_move_whatever_came_before_and_whatever_the_threads() {
    let mut first = Session::kosumi(&["--player", "mcts", "--playouts", "300", "--threads", "2"]);
    let mut second = Session::kosumi(&SMALL_MCTS);
    for session in [&mut first, &mut second] {
        session.ok("boardsize 9");
        session.ok("play b E5");
    }
    // One of them searched another position first: its tree is not used by reg_genmove.
    first.ok("genmove w");
    first.ok("undo");
    assert_eq!(first.ok("reg_genmove w"), second.ok("reg_genmove w"));
    first.close_and_wait(Duration::from_secs(30));
    second.close_and_wait(Duration::from_secs(30));
}

/// Plays a whole game of the mcts player against itself on a small board under `rules`, and
/// has a second engine (the random player, a plain referee of legality) replay every move: it
/// refuses any move that `play` refuses.
fn game_is_legal_under(rules: &str, size: u32, seed: u64) {
    let mut player = Session::kosumi_with_seed(
        seed,
        &[
            "--player",
            "mcts",
            "--playouts",
            "150",
            "--threads",
            "1",
            "--resign",
            "0",
        ],
    );
    let mut referee = Session::kosumi(&[]);
    for session in [&mut player, &mut referee] {
        session.ok(&format!("boardsize {size}"));
        session.ok(&format!("kata-set-rules {rules}"));
        session.ok("clear_board");
    }
    let mut passes = 0;
    for turn in 0..(4 * size * size) {
        let color = if turn % 2 == 0 { "b" } else { "w" };
        let reply = player.ok(&format!("genmove {color}"));
        if reply == "resign" {
            break;
        }
        let played = referee.send(&format!("play {color} {reply}"));
        assert!(
            played.is_ok(),
            "{rules}, seed {seed}: the referee refused {color} {reply}: {played:?}"
        );
        passes = if reply == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
    }
    player.close_and_wait(Duration::from_secs(30));
    referee.close_and_wait(Duration::from_secs(30));
}

#[test]
fn mcts_never_answers_a_move_that_play_would_refuse_under_any_ruleset() {
    for (index, rules) in ["tromp-taylor", "japanese", "chinese", "bga", "new-zealand"]
        .into_iter()
        .enumerate()
    {
        game_is_legal_under(rules, 5, index as u64 + 1);
    }
}

#[test]
fn an_interrupt_ends_a_long_search_and_the_move_is_still_answered() {
    let mut session = Session::kosumi(&["--player", "mcts", "--time", "600", "--threads", "2"]);
    session.ok("boardsize 9");
    session.write_raw(b"1 genmove b\n");
    std::thread::sleep(Duration::from_millis(300));
    session.write_raw(b"# interrupt\n");
    let reply = session.read_framed().expect("a reply to genmove");
    assert!(reply.starts_with("=1 "), "{reply:?}");
    assert_eq!(session.ok("name"), "Kosumi");
    let status = session.close_and_wait(Duration::from_secs(30));
    assert!(status.success());
}

#[test]
fn the_end_of_input_ends_a_timed_search_which_answers_and_exits_cleanly() {
    // A ten-minute move: the test would time out if the end of input did not stop it.
    let run = run_with(
        &["--player", "mcts", "--time", "600", "--size", "9"],
        b"genmove b\n",
    );
    assert!(run.status.success(), "{:?}", run.status);
    let replies = split_replies(&run.stdout);
    assert_eq!(replies.len(), 1, "{}", run.stdout_text());
    assert!(replies[0].is_ok(), "{replies:?}");
}

#[test]
fn no_time_at_all_still_gets_a_legal_move() {
    let run = run_with(
        &["--player", "mcts", "--time", "0", "--size", "9"],
        b"genmove b\ntime_settings 10 0 0\ntime_left w 0 0\ngenmove w\ntime_left b -5 0\n\
          genmove b\nkgs-time_settings byoyomi 0 0 0\ngenmove w\n",
    );
    assert!(run.status.success());
    let replies = split_replies(&run.stdout);
    assert_eq!(replies.len(), 8, "{}", run.stdout_text());
    for (index, reply) in replies.iter().enumerate() {
        // `time_left b -5 0` is a syntax error (negative seconds); everything else works.
        if index == 4 {
            continue;
        }
        assert!(reply.is_ok(), "reply {index}: {reply:?}");
    }
}

#[test]
fn a_tiny_memory_limit_on_25x25_bounds_the_tree_and_the_search_goes_on() {
    // 1 MB of tree fills after a few thousand playouts on 25×25: the search runs its playouts
    // all the same, below the full tree's leaves, in bounded memory.
    let mut session = Session::kosumi(&[
        "--player",
        "mcts",
        "--memory",
        "1",
        "--playouts",
        "6000",
        "--threads",
        "2",
        "--size",
        "25",
    ]);
    for _ in 0..2 {
        let reply = session.ok("genmove b");
        assert!(reply != "resign", "{reply}");
        session.ok("genmove w");
    }
    if let Some(peak) = session.peak_memory_kib() {
        assert!(peak < 100 * 1024, "peak memory {peak} KiB");
    }
    session.close_and_wait(Duration::from_secs(30));
}

#[test]
fn a_clocked_game_without_time_left_reports_never_runs_out_of_time() {
    // Like gogui-twogtp: `time_settings` once, never `time_left`. Three seconds each for a
    // whole 9×9 game of the mcts player against itself.
    let mut session = Session::kosumi(&["--player", "mcts", "--threads", "2", "--resign", "0"]);
    session.ok("boardsize 9");
    session.ok("time_settings 3 0 0");
    let mut used = [Duration::ZERO; 2];
    let mut passes = 0;
    for turn in 0..160 {
        let started = std::time::Instant::now();
        let reply = session.ok(if turn % 2 == 0 {
            "genmove b"
        } else {
            "genmove w"
        });
        used[turn % 2] += started.elapsed();
        passes = if reply == "pass" { passes + 1 } else { 0 };
        if passes == 2 || reply == "resign" {
            break;
        }
    }
    for (side, time) in ["Black", "White"].iter().zip(used) {
        assert!(time < Duration::from_secs(3), "{side} used {time:?}");
    }
    session.close_and_wait(Duration::from_secs(30));
}

#[test]
fn bench_with_the_mcts_player_reports_search_playouts_per_second() {
    let run = run_with(
        &[
            "bench",
            "--player",
            "mcts",
            "--threads",
            "2",
            "--size",
            "9",
            "--playouts",
            "500",
        ],
        b"",
    );
    assert!(run.status.success());
    let text = run.stdout_text();
    assert!(text.contains("a search of "), "{text}");
    assert!(text.contains("2 thread(s)"), "{text}");
    assert!(
        text.lines()
            .any(|line| line.ends_with(" search playouts/s")),
        "{text}"
    );
}

#[test]
fn help_names_both_players_and_the_search_flags() {
    let run = run_with(&["--help"], b"");
    assert!(run.status.success());
    let text = run.stdout_text();
    for flag in [
        "--player",
        "random",
        "mcts",
        "--playouts",
        "--time",
        "--threads",
        "--memory",
        "--resign",
        "--policy",
        "--lag",
    ] {
        assert!(
            text.contains(flag),
            "--help does not mention {flag}:\n{text}"
        );
    }
    let bad = run_with(&["--player", "gnugo"], b"");
    assert!(!bad.status.success());
    let bad = run_with(&["--resign", "1.5"], b"");
    assert!(!bad.status.success());
    let bad = run_with(&["--lag", "-1"], b"");
    assert!(!bad.status.success());
    let lagged = run_with(&["--lag", "0.5"], b"name\n");
    assert!(lagged.status.success());
}
