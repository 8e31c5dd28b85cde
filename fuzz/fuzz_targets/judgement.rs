//! Fuzz target: the end-of-game judgement (`score::judge_board_from`) and the count on
//! arbitrary small positions, including ones no game reaches but a record can set up (chains
//! without a liberty, a full board). The first byte chooses the size (2–7), the ruleset and
//! the side to move; the second the number of playouts (1–32: the engine's 1,000 would cost a
//! hundred times more per input and find nothing the same steps with fewer do not); each
//! further byte gives four points (two bits each: empty, black, white, empty).
//!
//! Besides "no panic", it checks that the judgement names only stones, each stone at most
//! once as dead or in seki, whole chains at a time, and that the count is finite.

#![no_main]

use kosumi::board::{Color, Point};
use kosumi::game::Game;
use kosumi::rules::Rules;
use kosumi::score;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [choice, budget, cells @ ..] = data else {
        return;
    };
    let (choice, playouts) = (*choice, 1 + u32::from(budget % 32));
    let size = 2 + usize::from(choice % 6);
    let rules = Rules::PRESETS[usize::from(choice / 6) % Rules::PRESETS.len()];
    let mut game = Game::new(size, rules, 7.5).expect("sizes 2 to 7 are valid");
    let mut stones: Vec<(Color, Point)> = Vec::new();
    for slot in 0..size * size {
        let byte = cells.get(slot / 4).copied().unwrap_or(0);
        let color = match (byte >> (2 * (slot % 4))) & 3 {
            1 => Color::Black,
            2 => Color::White,
            _ => continue,
        };
        let point = game
            .board()
            .point(slot % size, slot / size)
            .expect("slots are on the board");
        stones.push((color, point));
    }
    game.place_setup(&stones, false)
        .expect("distinct points on an empty board");
    if choice >= 128 {
        game.set_first_to_move(Color::White);
    }

    let judgement = if game.rules().every_stone_alive {
        score::judge(&game)
    } else {
        score::judge_board_from(game.board(), game.to_move(), playouts)
    };
    let board = game.board();
    for (index, &point) in judgement.dead.iter().chain(&judgement.seki).enumerate() {
        assert!(board.get(point).is_some(), "an empty point judged");
        let others = judgement.dead.iter().chain(&judgement.seki);
        assert!(
            !others.skip(index + 1).any(|&other| other == point),
            "a stone judged twice"
        );
        let status = judgement.status(point);
        for stone in board.chain(point) {
            assert_eq!(judgement.status(stone), status, "a chain judged in parts");
        }
    }
    let counted = score::count(&game, &judgement.dead, &judgement.seki);
    assert!(counted.margin.is_finite());
});
