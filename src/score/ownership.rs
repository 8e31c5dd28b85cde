//! Who owns each point, estimated from Monte-Carlo playouts (GoGui's Ownership analysis,
//! `kosumi-ownership`). Knows no GTP text; the playouts are `playout`'s.

use super::judgement::position_random;
use crate::board::{Board, Color, Point};
use crate::playout::{self, Policy};

/// Who owns each point, as Monte-Carlo playouts from a position see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ownership {
    /// For each point in `board.points()` order: the share of playouts that ended with Black
    /// owning it minus the share that ended with White owning it, from −1 (White's in every
    /// playout) to 1 (Black's in every playout).
    pub values: Vec<f64>,
    /// Black's area minus White's area at the end of the playouts, on average (no komi).
    pub area_margin: f64,
    /// The playouts behind the estimate: fewer than asked when `stop` said so.
    pub playouts: u32,
}

/// Mixed into the position's hash to seed the ownership playouts.
const OWNERSHIP_SEED: u64 = 0x6F77_6E65_7273_6869;

/// Estimates who owns each point of `board` from up to `playouts` playouts under the same
/// seki-keeping policy as the judgement, half with `to_move` first and half with the other
/// side. `stop` is asked after each playout; when it says yes the estimate is made from the
/// playouts run so far (at least one). Seeded from the position, like the judgement: the same
/// position and budget always give the same estimate.
pub fn ownership(
    board: &Board,
    to_move: Color,
    playouts: u32,
    mut stop: impl FnMut() -> bool,
) -> Ownership {
    let mut random = position_random(OWNERSHIP_SEED, board, to_move);
    let points: Vec<Point> = board.points().collect();
    let mut balance = vec![0i64; points.len()];
    let mut margin_sum = 0i64;
    let mut played = 0;
    while played < playouts {
        let mut end = board.clone();
        let first = if played % 2 == 0 {
            to_move
        } else {
            to_move.opponent()
        };
        let outcome = playout::playout_under(Policy::SekiKeeping, &mut end, first, &mut random);
        margin_sum += outcome.area_margin as i64;
        for (slot, &point) in points.iter().enumerate() {
            match playout::owner(&end, point) {
                Some(Color::Black) => balance[slot] += 1,
                Some(Color::White) => balance[slot] -= 1,
                None => {}
            }
        }
        played += 1;
        if stop() {
            break;
        }
    }
    let runs = played.max(1) as f64;
    Ownership {
        values: balance.iter().map(|&count| count as f64 / runs).collect(),
        area_margin: margin_sum as f64 / runs,
        playouts: played,
    }
}
