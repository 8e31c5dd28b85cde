//! Learned move knowledge: a model of which move a good player picks in a position, trained
//! on game records and used for the search's priors and the playouts' 3×3 weights.
//!
//! - `shape`: the canonical 3×3 codes and diamond hashes around a move;
//! - `reading`: the tactical facts of a candidate move (captures, saved stones, ataris,
//!   self-atari, nakade, own eye, distances), read with `tactics`;
//! - `features`: what a candidate move is to the model (capture, escape, atari, self-atari,
//!   nakade, own eye, line, distance to the last two moves, pass, and its shapes);
//! - `model`: the trained gammas, the file format and the built-in table
//!   (`data/move-model.bin`), and the playouts' weights (`playout_pattern_weights`);
//! - `book`: the opening book, moves chosen in advance for early 9×9 positions
//!   (`data/opening-book.txt`);
//! - `train`: fitting the gammas by minorization–maximization (`kosumi train`).
//!
//! A move's strength is the product of its features' gammas; its probability is its share of
//! the strengths of every candidate in the position (`move_probabilities`).

pub mod book;
pub mod features;
pub mod model;
pub mod reading;
pub mod shape;
pub mod train;

pub use features::{History, MoveFeatures};
pub use model::{Model, ModelError, PlayoutPatternWeights, model, playout_pattern_weights};

use crate::board::{Board, Color, Point};

/// The probabilities `model` gives to `color` playing each of `points` (each empty and no
/// suicide) and to passing, in a position with the recent moves `history`. The pass is
/// one of the candidates, so the probabilities of `points` and the pass add up to 1.
pub fn move_probabilities(
    model: &Model,
    board: &Board,
    color: Color,
    history: &History,
    points: &[Point],
) -> (Vec<f32>, f32) {
    let mut gammas: Vec<f32> = points
        .iter()
        .map(|&point| model.gamma(&features::move_features(board, color, point, history)))
        .collect();
    let pass = model.gamma(&features::pass_features(history));
    let total: f32 = gammas.iter().sum::<f32>() + pass;
    for gamma in &mut gammas {
        *gamma /= total;
    }
    (gammas, pass / total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    fn built_in() -> &'static Model {
        model().expect("the built-in move model loads")
    }

    fn gamma_at(board: &Board, color: Color, point: &str, history: &History) -> f32 {
        built_in().gamma(&features::move_features(
            board,
            color,
            at(board, point),
            history,
        ))
    }

    #[test]
    fn the_trained_model_captures_a_big_chain_in_atari_first() {
        // White's four stones D5-E5-D4-E4 have one liberty left, F4; White just played E4.
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X X . . . .
            . . X O O X . . .
            . . X O O . . . .
            . . . X X . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let history = History {
            last: Some(at(&board, "E4")),
            second_last: Some(at(&board, "C4")),
            last_was_pass: false,
        };
        let capture = at(&board, "F4");
        assert_eq!(
            train::rank_of(built_in(), &board, Color::Black, &history, capture),
            0
        );
    }

    #[test]
    fn the_trained_model_prefers_the_corner_points_to_the_one_one_point() {
        let board = Board::new(19).expect("19x19");
        let history = History::default();
        let one_one = gamma_at(&board, Color::Black, "A1", &history);
        for point in ["C3", "D4", "D3", "Q16", "R16"] {
            assert!(
                gamma_at(&board, Color::Black, point, &history) > one_one,
                "{point} beats A1"
            );
        }
    }

    #[test]
    fn the_trained_model_prefers_a_hane_to_an_empty_triangle() {
        // White D5 is attached on top of black D4 (with C4 beside it): E5 is the hane,
        // C3 the empty triangle of C3-C4-D4.
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . O . . . . .
            . . X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let history = History::default();
        let hane = gamma_at(&board, Color::Black, "E5", &history);
        let empty_triangle = gamma_at(&board, Color::Black, "C3", &history);
        assert!(hane > empty_triangle, "{hane} against {empty_triangle}");
        // White has just played C4 between black B4 and D4: C3, the enclosing hane, beats a
        // move far away on the edge.
        let board = diagram(
            "
            . . . . .
            . X O X .
            . . . . .
            . . . . .
            . . . . .",
        );
        let history = History {
            last: Some(at(&board, "C4")),
            ..History::default()
        };
        let hane = gamma_at(&board, Color::Black, "C3", &history);
        assert!(hane > gamma_at(&board, Color::Black, "E1", &history));
        assert_eq!(
            train::rank_of(built_in(), &board, Color::Black, &history, at(&board, "C3")),
            0
        );
    }

    #[test]
    fn probabilities_add_up_with_the_pass_and_rank_from_the_likeliest() {
        let board = Board::new(9).expect("9x9");
        let points: Vec<Point> = board.empty_points().collect();
        let (probabilities, pass) = move_probabilities(
            built_in(),
            &board,
            Color::Black,
            &History::default(),
            &points,
        );
        let total: f32 = probabilities.iter().sum::<f32>() + pass;
        assert!((total - 1.0).abs() < 1e-4);
        let mut order: Vec<usize> = (0..probabilities.len()).collect();
        order.sort_by(|&first, &second| probabilities[second].total_cmp(&probabilities[first]));
        assert!(probabilities[order[0]] >= probabilities[order[1]]);
        assert!(probabilities[order[0]] > probabilities[order[80]]);
        let first = points[order[0]];
        let (x, y) = board.coordinates(first);
        assert!(
            (2..=6).contains(&x) && (2..=6).contains(&y),
            "the first move is not on the edge"
        );
    }
}
