//! How well the playouts judge positions: the share of playouts Black wins from positions
//! that a stronger engine has judged, set beside the judge's win rates. Above all, whether
//! the playouts rank the replies to one position as the judge does, which is what a search
//! built on them needs (`kosumi playout-accuracy`, docs/strength.md "How well the playouts
//! judge"). This is the error simulation balancing lowers. Knows only the board (the judge's
//! positions are read by `judged`).

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::{Policy, playout_after};
use crate::board::{Board, Color, Point};

/// The judge's gaps between two replies to one position above which the playouts' ranking
/// of the two is counted.
pub const SIBLING_GAPS: [f64; 2] = [0.1, 0.2];

/// A position with a judge's verdict.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The board.
    pub board: Board,
    /// The colour to move.
    pub to_move: Color,
    /// The move that made the position, which the heavy policy answers.
    pub last_move: Option<Point>,
    /// Black wins a playout when its area margin exceeds this (komi and what turns the area
    /// count into the game's count).
    pub komi: f64,
    /// The judge's win rate for Black.
    pub black_win_rate: f64,
    /// The position before the last move: positions with the same family are replies to one
    /// position.
    pub family: String,
}

/// How the playouts' results compare with the judge's win rates.
#[derive(Clone, Debug, PartialEq)]
pub struct Accuracy {
    /// Positions measured.
    pub positions: usize,
    /// The correlation of Black's share of the playouts with the judge's win rate for Black.
    pub correlation: f64,
    /// The mean of Black's share minus the judge's win rate.
    pub mean_difference: f64,
    /// For each gap of `SIBLING_GAPS`, the pairs of replies to one position that the judge
    /// sets more than that gap apart, and how many of them the playouts rank the same way.
    pub siblings: Vec<(f64, usize, usize)>,
}

/// The share of `playouts` playouts of `policy` from `judged` that Black wins.
pub fn black_share(
    judged: &Judged,
    policy: Policy,
    playouts: u32,
    random: &mut Xoshiro256PlusPlus,
) -> f64 {
    let mut record = Vec::new();
    let mut wins = 0u32;
    for _ in 0..playouts {
        let mut board = judged.board.clone();
        record.clear();
        let outcome = playout_after(
            policy,
            &mut board,
            judged.to_move,
            judged.last_move,
            random,
            &mut record,
        );
        if f64::from(outcome.area_margin) > judged.komi {
            wins += 1;
        }
    }
    f64::from(wins) / f64::from(playouts.max(1))
}

/// Plays `playouts` playouts of `policy` from every position of `judged` (the random
/// generator seeded by `seed` and the position's place) and compares Black's shares with the
/// judge's win rates.
pub fn measure(judged: &[Judged], policy: Policy, playouts: u32, seed: u64) -> Accuracy {
    let shares: Vec<f64> = judged
        .iter()
        .enumerate()
        .map(|(place, position)| {
            let mut random = Xoshiro256PlusPlus::seed_from_u64(seed ^ (place as u64 + 1));
            black_share(position, policy, playouts, &mut random)
        })
        .collect();
    let verdicts: Vec<f64> = judged
        .iter()
        .map(|position| position.black_win_rate)
        .collect();
    let count = judged.len().max(1) as f64;
    let mean_difference = shares
        .iter()
        .zip(&verdicts)
        .map(|(share, verdict)| share - verdict)
        .sum::<f64>()
        / count;
    Accuracy {
        positions: judged.len(),
        correlation: correlation(&shares, &verdicts),
        mean_difference,
        siblings: SIBLING_GAPS
            .iter()
            .map(|&gap| {
                let (pairs, agreeing) = sibling_agreement(judged, &shares, gap);
                (gap, pairs, agreeing)
            })
            .collect(),
    }
}

/// Pearson's correlation of `first` and `second` (0 when either does not vary).
fn correlation(first: &[f64], second: &[f64]) -> f64 {
    let count = first.len().max(1) as f64;
    let mean = |values: &[f64]| values.iter().sum::<f64>() / count;
    let (first_mean, second_mean) = (mean(first), mean(second));
    let (mut covariance, mut first_spread, mut second_spread) = (0.0, 0.0, 0.0);
    for (a, b) in first.iter().zip(second) {
        covariance += (a - first_mean) * (b - second_mean);
        first_spread += (a - first_mean).powi(2);
        second_spread += (b - second_mean).powi(2);
    }
    if first_spread == 0.0 || second_spread == 0.0 {
        return 0.0;
    }
    covariance / (first_spread * second_spread).sqrt()
}

/// Of the pairs of positions in one family whose judge's win rates differ by more than
/// `gap`, how many there are and in how many Black's playout shares differ the same way.
fn sibling_agreement(judged: &[Judged], shares: &[f64], gap: f64) -> (usize, usize) {
    let (mut pairs, mut agreeing) = (0, 0);
    for first in 0..judged.len() {
        for second in first + 1..judged.len() {
            if judged[first].family != judged[second].family {
                continue;
            }
            let verdict = judged[first].black_win_rate - judged[second].black_win_rate;
            if verdict.abs() <= gap {
                continue;
            }
            pairs += 1;
            if verdict * (shares[first] - shares[second]) > 0.0 {
                agreeing += 1;
            }
        }
    }
    (pairs, agreeing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::diagram;

    /// A judged position on `board`, Black to move, komi 0.5.
    fn judged(board: &Board, black_win_rate: f64, family: &str) -> Judged {
        Judged {
            board: board.clone(),
            to_move: Color::Black,
            last_move: None,
            komi: 0.5,
            black_win_rate,
            family: family.to_string(),
        }
    }

    fn black_owns_everything() -> Board {
        diagram(
            ". X . X .
             X X X X X
             . X . X .
             X X X X X
             . X . X .",
        )
    }

    fn white_owns_everything() -> Board {
        diagram(
            ". O . O .
             O O O O O
             . O . O .
             O O O O O
             . O . O .",
        )
    }

    #[test]
    fn a_board_of_black_eyes_is_won_by_black_in_every_playout() {
        let mut random = Xoshiro256PlusPlus::seed_from_u64(1);
        let share = black_share(
            &judged(&black_owns_everything(), 1.0, "a"),
            Policy::Heavy,
            64,
            &mut random,
        );
        assert_eq!(share, 1.0);
    }

    #[test]
    fn replies_the_playouts_rank_as_the_judge_does_agree_and_correlate() {
        let positions = [
            judged(&black_owns_everything(), 0.9, "a"),
            judged(&white_owns_everything(), 0.2, "a"),
        ];
        let accuracy = measure(&positions, Policy::Light, 32, 7);
        assert_eq!(accuracy.positions, 2);
        assert!((accuracy.correlation - 1.0).abs() < 1e-9);
        assert!((accuracy.mean_difference - (0.5 * (1.0 - 0.9) + 0.5 * (0.0 - 0.2))).abs() < 1e-9);
        assert_eq!(accuracy.siblings, vec![(0.1, 1, 1), (0.2, 1, 1)]);
    }

    #[test]
    fn replies_the_judge_sets_close_together_or_to_other_positions_are_not_compared() {
        let positions = [
            judged(&black_owns_everything(), 0.6, "a"),
            judged(&white_owns_everything(), 0.45, "a"),
            judged(&white_owns_everything(), 0.1, "b"),
        ];
        let accuracy = measure(&positions, Policy::Light, 8, 7);
        assert_eq!(accuracy.siblings, vec![(0.1, 1, 1), (0.2, 0, 0)]);
    }
}
