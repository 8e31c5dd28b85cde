//! Tactical reading, the one implementation that the playouts (`playout::heavy`) and the
//! search's move knowledge (`knowledge::reading`, read by the priors) both use: liberties and
//! ataris here; ladders (`ladder`), two-liberty fights (`fight`), eye spaces and their vital
//! points (`eye_space`), and self-atari judged by the enclosed eye space (`self_atari`).
//!
//! Every question is asked of the real board and answered without allocating: readings play
//! real moves on copies of the board kept on the stack, under fixed bounds. Knows only the
//! board; no policy (how often a playout follows an answer is the playout's business).

pub mod eye_space;
pub mod fight;
pub mod ladder;
pub mod self_atari;

pub use eye_space::{EyeSpace, ShapeOfStones};
pub use fight::{two_liberty_capture, two_liberty_save};
pub use ladder::{atari_captures, atari_catches, extension_escapes, is_captured_in_ladder};
pub use self_atari::{SelfAtari, permits, self_atari};

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point};

/// Whether the board lets `color` play on `point` in a reading: the point is empty, the move
/// is no suicide and no retake of a simple ko.
#[inline]
pub fn is_playable(board: &Board, color: Color, point: Point) -> bool {
    board.is_empty(point)
        && !board.is_ko_banned(color, point)
        && !board.placement(color, point).suicide
}

/// The two liberties of the chain through the stone on `stone` when it has exactly two.
#[inline]
pub fn two_liberties(board: &Board, stone: Point) -> Option<[Point; 2]> {
    let mut found = [Point(0); 8];
    (board.chain_liberties_up_to(stone, 3, &mut found) == 2).then_some([found[0], found[1]])
}

/// The stones that `color` playing on the empty point `point` would capture: the opposing
/// chains next to it whose only liberty it is.
pub fn captured_stones(board: &Board, color: Color, point: Point) -> u32 {
    let mut heads = [Point(0); 4];
    let mut count = 0;
    let mut stones = 0;
    for step in NEIGHBOUR_STEPS {
        let Some(neighbour) = board.step(point, step) else {
            continue;
        };
        if !board.has_stone(color.opponent(), neighbour) {
            continue;
        }
        let head = board.chain_head(neighbour);
        if heads[..count].contains(&head) || board.atari_liberty(neighbour) != Some(point) {
            continue;
        }
        heads[count] = head;
        count += 1;
        stones += board.chain_size(neighbour) as u32;
    }
    stones
}

/// Writes to the start of `found` the liberties of the opposing chains in atari that touch
/// the chain through the stone on `stone` (capturing one gives that chain liberties), each
/// once and at most `found.len()`; returns how many.
pub fn capturing_moves_next_to(board: &Board, stone: Point, found: &mut [Point]) -> usize {
    let Some(owner) = board.get(stone) else {
        return 0;
    };
    let opponent = owner.opponent();
    let mut count = 0;
    let mut current = stone;
    loop {
        for step in NEIGHBOUR_STEPS {
            let Some(neighbour) = board.step(current, step) else {
                continue;
            };
            if !board.has_stone(opponent, neighbour) {
                continue;
            }
            if let Some(liberty) = board.atari_liberty(neighbour) {
                if count < found.len() && !found[..count].contains(&liberty) {
                    found[count] = liberty;
                    count += 1;
                }
            }
        }
        current = board.next_in_chain(current);
        if current == stone {
            return count;
        }
    }
}
