//! Fuzz target: arbitrary bytes as one whole GTP session, run in-process the way `gtp::serve`
//! runs it (lines read with `read_line` under `LINE_LIMIT`, parsed with `parse_line`, executed
//! by `Engine::execute`, framed by `write_reply`), without the input thread. Any board size,
//! any command, any order; the session stops at `quit`.
//!
//! Besides "no panic", after every command it checks that a failed command left the game and
//! the clock exactly as they were, that the reply frames as one GTP response (no empty line
//! inside), and at the end that the incremental board agrees with a recomputation (on
//! boards of up to 32 stones).
//!
//! The first byte chooses the player: the random player, or the mcts player with a budget of
//! 16 playouts a move.
//!
//! Commands that touch the file system (`loadsgf FILE`, `printsgf FILE`) are skipped: a fuzzer
//! must not write files wherever it runs. `printsgf` and `printsgf -` answer in the reply and
//! are run. So are the end-of-game commands (`final_score`, `final_status_list`,
//! `kosumi-score_breakdown`, `kgs-genmove_cleanup`, `kosumi-dead_stones`, and `printsgf` once
//! two passes have ended the game) under `tromp-taylor`, where every stone is alive; under
//! the other rules they run the Monte-Carlo judgement and are skipped here (the `judgement`
//! target covers it), as are ownership estimates of more than 16 playouts.

#![no_main]

use kosumi::gtp::command::Command;
use kosumi::gtp::parse::{Line, parse_line};
use kosumi::gtp::response::write_reply;
use kosumi::gtp::{Engine, Flow, InputLine, LINE_LIMIT, read_line};
use kosumi::player::{Limits, MctsPlayer, MctsSettings, Player, RandomPlayer, judges_moves};
use kosumi::rules::Rules;
use libfuzzer_sys::fuzz_target;

fn touches_files(command: &Command) -> bool {
    match command {
        Command::LoadSgf(..) => true,
        Command::PrintSgf(Some(file)) => file != "-",
        _ => false,
    }
}

/// Whether the command runs Monte-Carlo playouts: the end-of-game judgement (`score::judge`,
/// 1,000 playouts: tens of milliseconds in a release build, a second under the fuzzer's
/// instrumentation) or an ownership estimate of more than 16 playouts. Such a command would
/// cost as much as thousands of sessions; the `judgement` target fuzzes the judgement on its
/// own, and small ownership estimates run here. `printsgf` judges the result of a game ended
/// by two passes.
///
/// The mcts player judges its moves before searching late in the game and right after the
/// opponent's pass (`player::judges_moves`: 800 playouts whatever its own budget of 16, under
/// every rule), so with `mcts` those moves count as judging too: run, they cut the target
/// from thousands of sessions a second to about 65.
fn plays_out(command: &Command, engine: &Engine, mcts: bool) -> bool {
    if let Command::GenMove(color) | Command::RegGenMove(color) = command {
        if mcts && judges_moves(engine.game(), *color) {
            return true;
        }
    }
    let judging = match command {
        Command::FinalScore
        | Command::FinalStatusList(_)
        | Command::GenMoveCleanup(_)
        | Command::ScoreBreakdown
        | Command::DeadStones => true,
        Command::PrintSgf(_) => engine.game().is_over(),
        _ => false,
    };
    let estimating = matches!(command, Command::Ownership(playouts) if *playouts > 16);
    (judging && !engine.game().rules().every_stone_alive) || estimating
}

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the player: odd for mcts with a tiny budget (16 playouts a move,
    // one thread, a tree of at most 1 MB), even for the random player.
    let Some((&choice, data)) = data.split_first() else {
        return;
    };
    let mcts = choice & 1 == 1;
    let player: Box<dyn Player + Send> = if mcts {
        let settings = MctsSettings {
            threads: 1,
            memory: 1 << 20,
            ..MctsSettings::default()
        };
        Box::new(MctsPlayer::new(settings, 1))
    } else {
        Box::new(RandomPlayer::new(1))
    };
    let mut engine = Engine::new(19, Rules::default(), 7.5, player).expect("19 is a valid size");
    // A small budget for every search: the mcts player's moves, and the analysis commands'
    // search, which runs under the random player too (kata-genmove_analyze streams it first).
    engine.set_limits(Limits {
        playouts: Some(16),
        ..Limits::default()
    });
    let mut input: &[u8] = data;
    let mut output = Vec::new();
    while let Some(line) = read_line(&mut input, LINE_LIMIT).expect("reading a slice never fails") {
        let raw = match line {
            InputLine::Complete(raw) => raw,
            InputLine::TooLong(_) => continue,
        };
        let request = match parse_line(&raw) {
            Line::Request(request) => request,
            Line::Nothing | Line::Invalid(..) => continue,
        };
        if touches_files(&request.command) || plays_out(&request.command, &engine, mcts) {
            continue;
        }
        let game = engine.game().clone();
        let clock = *engine.clock();
        let (reply, flow) = engine.execute(request.command.clone());
        if reply.is_err() {
            assert!(
                engine.game() == &game,
                "{:?} failed but changed the game",
                request.command
            );
            assert_eq!(
                engine.clock(),
                &clock,
                "{:?} failed but changed the clock",
                request.command
            );
        }
        output.clear();
        write_reply(&mut output, request.id, &reply).expect("writing to memory never fails");
        assert!(output.ends_with(b"\n\n"));
        let body = &output[..output.len() - 2];
        assert!(
            !body.windows(2).any(|pair| pair == b"\n\n"),
            "an empty line inside the reply to {:?}",
            request.command
        );
        if flow == Flow::Quit {
            break;
        }
    }
    // Board::verify flood-fills the chain of every stone, cubic in the size of a chain: one
    // verify of a 600-stone handicap chain costs as much as thousands of sessions, and perf
    // showed it took half the fuzzing time. So it runs on boards of up to 32 stones only; the
    // property tests (tests/sequences.rs) verify after every move of their random games.
    let board = engine.game().board();
    let stones: u32 = board.stone_counts().iter().sum();
    if stones <= 32 {
        if let Err(error) = board.verify() {
            panic!("the board is inconsistent: {error}");
        }
    }
});
