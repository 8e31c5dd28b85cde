//! Whole games between engines over GTP, as a controller such as gogui-twogtp plays them:
//! `genmove` to the side to move, `play` of its answer to the other side, until two passes in
//! a row. Two Kosumi processes against each other, and Kosumi against GNU Go (ignored unless
//! GNU Go is there: `cargo test -- --include-ignored`).

use std::collections::BTreeSet;

use regex::Regex;

use crate::util::Session;

/// How a game ended.
#[derive(Debug, PartialEq)]
enum Ending {
    TwoPasses,
    Resignation,
}

/// Plays a game from the current position, Black first, until two passes in a row or a
/// resignation, and returns the moves and how it ended. Every reply must be a success: a
/// failed `genmove` or `play` fails the test with the game so far.
fn play_out(black: &mut Session, white: &mut Session, move_limit: usize) -> (Vec<String>, Ending) {
    let vertex = Regex::new("^([a-hj-z]([1-9]|1[0-9]|2[0-5])|pass|resign)$").unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut consecutive_passes = 0;
    for number in 0..move_limit {
        let (color, mover, other) = if number % 2 == 0 {
            ("b", &mut *black, &mut *white)
        } else {
            ("w", &mut *white, &mut *black)
        };
        let answer = match mover.send(&format!("genmove {color}")) {
            Ok(text) => text.trim().to_ascii_lowercase(),
            Err(message) => panic!(
                "{}: genmove {color} failed ({message}) after {moves:?}",
                mover.label()
            ),
        };
        assert!(
            vertex.is_match(&answer),
            "{}: genmove {color} answered {answer:?}",
            mover.label()
        );
        if answer == "resign" {
            return (moves, Ending::Resignation);
        }
        if let Err(message) = other.send(&format!("play {color} {answer}")) {
            panic!(
                "{}: play {color} {answer} failed ({message}) after {moves:?}",
                other.label()
            );
        }
        moves.push(format!("{color} {answer}"));
        consecutive_passes = if answer == "pass" {
            consecutive_passes + 1
        } else {
            0
        };
        if consecutive_passes == 2 {
            return (moves, Ending::TwoPasses);
        }
    }
    panic!("no end after {move_limit} moves: {moves:?}");
}

/// The stones of a colour, as a set of vertices (upper case).
fn stones(engine: &mut Session, color: &str) -> BTreeSet<String> {
    engine
        .ok(&format!("list_stones {color}"))
        .split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect()
}

fn set_up(engines: [&mut Session; 2], size: u32, komi: &str) {
    for engine in engines {
        engine.ok(&format!("boardsize {size}"));
        engine.ok("clear_board");
        engine.ok(&format!("komi {komi}"));
    }
}

#[test]
fn two_kosumi_processes_with_different_seeds_play_9x9_games_to_two_passes() {
    let score = Regex::new(r"^(B\+|W\+)[0-9]+\.[0-9]+$|^0$").unwrap();
    for rules in ["bga", "japanese", "tromp-taylor"] {
        let mut black = Session::kosumi_with_seed(1, &["--rules", rules]);
        let mut white = Session::kosumi_with_seed(2, &["--rules", rules]);
        set_up([&mut black, &mut white], 9, "7.5");
        let (moves, ending) = play_out(&mut black, &mut white, 1000);
        assert_eq!(ending, Ending::TwoPasses, "{rules}");
        assert!(moves.len() > 40, "{rules}: a real game, not {moves:?}");
        assert_eq!(stones(&mut black, "black"), stones(&mut white, "black"));
        assert_eq!(stones(&mut black, "white"), stones(&mut white, "white"));
        for color in ["black", "white"] {
            assert_eq!(
                black.ok(&format!("captures {color}")),
                white.ok(&format!("captures {color}"))
            );
        }
        let black_score = black.ok("final_score");
        let white_score = white.ok("final_score");
        assert!(score.is_match(&black_score), "{rules}: {black_score}");
        assert_eq!(black_score, white_score, "{rules}: both count the same");
        // Both engines took every move the same way, ko bans and superko history included.
        assert_eq!(black.ok("all_legal black"), white.ok("all_legal black"));
        assert_eq!(black.ok("all_legal white"), white.ok("all_legal white"));
    }
}

#[test]
fn different_seeds_play_different_games() {
    let mut games = Vec::new();
    for seeds in [(1, 2), (3, 4)] {
        let mut black = Session::kosumi_with_seed(seeds.0, &[]);
        let mut white = Session::kosumi_with_seed(seeds.1, &[]);
        set_up([&mut black, &mut white], 9, "7.5");
        games.push(play_out(&mut black, &mut white, 1000).0);
    }
    assert_ne!(games[0], games[1]);
}

/// GNU Go plays simple ko and no suicide: Kosumi plays under `chinese` (the README's
/// recommendation against GNU Go), which has the same move rules, so that every move of either
/// side is legal for the other.
#[test]
#[ignore = "needs GNU Go (/usr/games/gnugo)"]
fn a_game_against_gnu_go_level_0_completes_without_an_error_reply() {
    let score = Regex::new(r"^(B\+|W\+)[0-9]+(\.[0-9]+)?$|^0$").unwrap();
    for kosumi_is_black in [true, false] {
        let mut kosumi = Session::kosumi(&["--rules", "chinese"]);
        let mut gnugo = Session::gnugo(&["--level", "0"]);
        set_up([&mut kosumi, &mut gnugo], 9, "7.5");
        let (moves, _ending) = if kosumi_is_black {
            play_out(&mut kosumi, &mut gnugo, 1000)
        } else {
            play_out(&mut gnugo, &mut kosumi, 1000)
        };
        assert!(moves.len() > 20, "a real game, not {moves:?}");
        assert_eq!(stones(&mut kosumi, "black"), stones(&mut gnugo, "black"));
        assert_eq!(stones(&mut kosumi, "white"), stones(&mut gnugo, "white"));
        let kosumi_score = kosumi.ok("final_score");
        let gnugo_score = gnugo.ok("final_score");
        assert!(score.is_match(&kosumi_score), "{kosumi_score}");
        assert!(score.is_match(&gnugo_score), "{gnugo_score}");
        println!(
            "Kosumi {}: {} moves, Kosumi says {kosumi_score}, GNU Go says {gnugo_score}",
            if kosumi_is_black { "black" } else { "white" },
            moves.len()
        );
    }
}
