//! Priors: the virtual wins and visits a new node starts with (docs/search.md §2). Every move gets
//! the even prior (half of `even` visits won), without which UCT+RAVE does not work at all; Go
//! knowledge about the move adds to it: captures and escapes are tried first, self-ataris and the
//! first two lines of an empty area last, moves near the last move early. Knows the board and the
//! move's features, not the tree.

use crate::board::{Board, Color, Point};
use crate::playout::knowledge::{self, MoveFeatures};
use crate::tactics::SelfAtari;

/// What the priors know about a move: the playout knowledge's features (`move_features`),
/// and whether the move is in an empty area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// What the move does, as `playout::knowledge` reads it.
    pub knowledge: MoveFeatures,
    /// No stone within distance 2 (a 5×5 square around the move).
    pub is_empty_area: bool,
}

/// Reads the features of `color` playing on the empty point `point`.
pub fn features(board: &Board, color: Color, point: Point, last_move: Option<Point>) -> Features {
    let knowledge = knowledge::move_features(board, color, point, last_move);
    let size = board.size();
    let (x, y) = board.coordinates(point);
    let mut is_empty_area = true;
    'window: for window_y in y.saturating_sub(2)..=(y + 2).min(size - 1) {
        for window_x in x.saturating_sub(2)..=(x + 2).min(size - 1) {
            let stone = board
                .point(window_x, window_y)
                .and_then(|near| board.get(near));
            if stone.is_some() {
                is_empty_area = false;
                break 'window;
            }
        }
    }
    Features {
        knowledge,
        is_empty_area,
    }
}

/// Virtual experience: wins out of visits.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prior {
    /// Virtual wins.
    pub wins: f32,
    /// Virtual visits.
    pub visits: f32,
}

impl Prior {
    fn add(&mut self, value: f32, visits: f32) {
        self.wins += value * visits;
        self.visits += visits;
    }
}

/// The even prior's visits on a board of `size`: 14 below 19×19, 20 from 19×19 on (PACHI's
/// `eqex`, docs/search.md §2.1).
pub fn even_visits(size: usize) -> f32 {
    if size >= 19 { 20.0 } else { 14.0 }
}

/// The prior of a move with `features`, `even` being the even prior's visits: the even prior,
/// then wins for captures, escapes, nakade, patterns and closeness to the last move, losses
/// for self-ataris and for the first two lines of an empty area (PACHI's and MICHI's priors,
/// docs/search.md §2.2, scaled to the even prior).
pub fn prior(features: &Features, even: f32) -> Prior {
    let known = &features.knowledge;
    let mut prior = Prior::default();
    prior.add(0.5, even);
    if known.captured_stones > 0 {
        prior.add(1.0, even + 2.0 * known.captured_stones.min(10) as f32);
    }
    if known.saves_own_stones > 0 {
        prior.add(1.0, even + 2.0 * known.saves_own_stones.min(10) as f32);
    }
    if known.is_bad_self_atari {
        prior.add(0.0, 2.0 * even);
    } else if known.self_atari == SelfAtari::SingleStone {
        prior.add(0.0, even / 2.0);
    }
    if known.is_nakade_vital_point {
        prior.add(1.0, 2.0 * even);
    }
    if known.matches_pattern {
        prior.add(1.0, even);
    }
    if known.is_own_eye {
        prior.add(0.0, even);
    }
    // Gridcular distance: 2 next to the last move, 3 diagonal, 4–5 one point further.
    match known.distance_to_last_move {
        Some(0..=2) => prior.add(1.0, 1.5 * even),
        Some(3) => prior.add(1.0, 1.3 * even),
        Some(4 | 5) => prior.add(1.0, 0.5 * even),
        _ => {}
    }
    if features.is_empty_area {
        match known.line {
            1 | 2 => prior.add(0.0, 0.7 * even),
            3 => prior.add(1.0, 0.7 * even),
            _ => {}
        }
    }
    prior
}

/// The prior of a pass: a small value, so that the search passes only when every move looks
/// worse than giving the turn away.
pub fn pass_prior(even: f32) -> Prior {
    let mut prior = Prior::default();
    prior.add(0.1, even);
    prior
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    #[test]
    fn capturing_a_chain_in_atari_gets_a_winning_prior() {
        //   5 . . . . .
        //   4 . X O X .    White C4 has its last liberty at C5.
        //   3 . . X . .
        //   2 . . . . .
        //   1 . . . . .
        let board = diagram(
            "
            . . . . .
            . X O X .
            . . X . .
            . . . . .
            . . . . .",
        );
        let capture = features(&board, Color::Black, at(&board, "C5"), None);
        assert_eq!(capture.knowledge.captured_stones, 1);
        assert_eq!(capture.knowledge.self_atari_stones, 0);
        let elsewhere = features(&board, Color::Black, at(&board, "A1"), None);
        let even = even_visits(5);
        assert!(prior(&capture, even).wins / prior(&capture, even).visits > 0.7);
        assert_eq!(
            prior(&elsewhere, even).wins / prior(&elsewhere, even).visits,
            0.5
        );
    }

    #[test]
    fn escaping_from_atari_gets_a_winning_prior() {
        //   5 . . . . .
        //   4 . O X O .    Black C4 is in atari: C5 gives it two liberties.
        //   3 . . O . .
        //   2 . . . . .
        //   1 . . . . .
        let board = diagram(
            "
            . . . . .
            . O X O .
            . . O . .
            . . . . .
            . . . . .",
        );
        let escape = features(&board, Color::Black, at(&board, "C5"), None);
        assert_eq!(escape.knowledge.saves_own_stones, 1);
        assert_eq!(escape.knowledge.self_atari_stones, 0);
        let even = even_visits(5);
        let escape_prior = prior(&escape, even);
        assert!(escape_prior.wins / escape_prior.visits > 0.7);
    }

    #[test]
    fn the_self_atari_of_a_big_chain_gets_a_losing_prior() {
        //   5 . . . . .
        //   4 O O O . .    Black A3-B3 has the liberties A2 and B2. Black A2 leaves the
        //   3 X X O . .    three stones with B2 alone (it does not capture A1, which keeps
        //   2 . . . . .    B1): a self-atari in the open, no nakade. Black B2 keeps three
        //   1 O . . . .    liberties (A2, B1, C2).
        let board = diagram(
            "
            . . . . .
            O O O . .
            X X O . .
            . . . . .
            O . . . .",
        );
        let even = even_visits(5);
        let self_atari = features(&board, Color::Black, at(&board, "A2"), None);
        assert_eq!(self_atari.knowledge.self_atari_stones, 3);
        let self_atari_prior = prior(&self_atari, even);
        assert!(self_atari_prior.wins / self_atari_prior.visits < 0.3);
        let extension = features(&board, Color::Black, at(&board, "B2"), None);
        assert_eq!(extension.knowledge.self_atari_stones, 0);
        let extension_prior = prior(&extension, even);
        assert!(extension_prior.wins / extension_prior.visits >= 0.5);
    }

    #[test]
    fn moves_near_the_last_move_are_preferred_and_the_first_line_of_an_empty_area_is_not() {
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let last = Some(at(&board, "E5"));
        let even = even_visits(9);
        let value = |name| {
            let found = features(&board, Color::White, at(&board, name), last);
            let prior = prior(&found, even);
            prior.wins / prior.visits
        };
        assert!(value("E6") > value("C3"));
        assert!(
            value("C3") > value("A1"),
            "third line beats the first in empty areas"
        );
        assert!(value("A1") < 0.5);
    }
}
