//! Priors: the virtual wins and visits a new node starts with (docs/knowledge.md). Every move
//! gets the even prior (half of `even` visits won), without which UCT+RAVE does not work at
//! all; the learned move model (`knowledge`) adds virtual wins growing with the square root of
//! the move's probability, so the moves a good player would choose are tried first (and, being
//! ranked by their priors, let in first by progressive widening). Knows the board and the
//! model, not the tree.

use super::LARGE_BOARD;
use crate::board::{Board, Color, Point};
use crate::knowledge::{self, History};

/// The model's virtual wins for a move of probability p are `MODEL_WEIGHT × even × √p`.
pub const MODEL_WEIGHT: f32 = 10.0;

/// The priors of a node's children, from the move model.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Priors {
    /// The prior of each candidate point, in the order given.
    pub moves: Vec<Prior>,
    /// The model's probability of each candidate point (with the pass, they add up to 1).
    pub probabilities: Vec<f32>,
    /// The model's probability of a pass (0 without a model, like every move's).
    pub pass_probability: f32,
    /// The pass's prior (`pass_prior`).
    pub pass: Prior,
}

/// The priors of `color` playing each of `points` (each empty and no suicide) on `board`,
/// with `history` the recent moves. Without a usable move model every move gets the even
/// prior alone (the binary refuses to start without one; see `knowledge::model`).
pub fn priors(
    board: &Board,
    color: Color,
    history: &History,
    points: &[Point],
    even: f32,
) -> Priors {
    let (probabilities, pass_probability) = match knowledge::model() {
        Ok(model) => knowledge::move_probabilities(model, board, color, history, points),
        Err(_) => (vec![0.0; points.len()], 0.0),
    };
    let moves = probabilities
        .iter()
        .map(|&probability| model_prior(probability, even))
        .collect();
    Priors {
        moves,
        probabilities,
        pass_probability,
        pass: pass_prior(even),
    }
}

/// The prior of a move the model gives `probability`: the even prior, and
/// `MODEL_WEIGHT × even × √probability` virtual wins.
pub fn model_prior(probability: f32, even: f32) -> Prior {
    let mut prior = Prior::default();
    prior.add(0.5, even);
    let visits = MODEL_WEIGHT * even * probability.max(0.0).sqrt();
    if visits > 0.0 {
        prior.add(1.0, visits);
    }
    prior
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
    if size >= LARGE_BOARD { 20.0 } else { 14.0 }
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

    fn value(prior: &Prior) -> f32 {
        prior.wins / prior.visits
    }

    #[test]
    fn a_move_the_model_finds_likelier_gets_more_virtual_wins() {
        let even = even_visits(9);
        let unlikely = model_prior(0.0, even);
        assert_eq!(
            unlikely,
            Prior {
                wins: 7.0,
                visits: 14.0
            },
            "the even prior alone"
        );
        let likely = model_prior(0.25, even);
        let likelier = model_prior(0.5, even);
        assert!(value(&likelier) > value(&likely));
        assert!(value(&likely) > 0.5);
        assert!(likelier.visits > likely.visits);
        assert_eq!(pass_prior(even).visits, even);
    }

    #[test]
    fn capturing_a_chain_in_atari_gets_the_best_prior_and_ranks_first() {
        //   5 . . X X X . .    White's three stones C4-E4 have their last liberty at F4,
        //   4 . X O O O . .    where Black captures them.
        //   3 . . X X X . .
        let board = diagram(
            "
            . . . . . . .
            . . . . . . .
            . . X X X . .
            . X O O O . .
            . . X X X . .
            . . . . . . .
            . . . . . . .",
        );
        let points: Vec<Point> = board
            .empty_points()
            .filter(|&point| !board.placement(Color::Black, point).suicide)
            .collect();
        let history = History {
            last: Some(at(&board, "E4")),
            ..History::default()
        };
        let priors = priors(&board, Color::Black, &history, &points, even_visits(7));
        let capture = points
            .iter()
            .position(|&point| point == at(&board, "F4"))
            .expect("F4 is a candidate");
        let best = priors.moves[capture];
        for (index, prior) in priors.moves.iter().enumerate() {
            assert!(value(prior) >= 0.5);
            if index != capture {
                assert!(value(prior) < value(&best));
            }
        }
        let total: f32 = priors.probabilities.iter().sum();
        assert!(total > 0.9 && total <= 1.0001);
    }
}
