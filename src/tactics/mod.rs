//! Tactical reading, the one implementation that the playouts (`playout::heavy`) and the
//! search's move knowledge (`knowledge::reading`, read by the priors) both use: liberties and
//! ataris here; ladders (`ladder`), two-liberty fights (`fight`), eye spaces and their vital
//! points (`eye_space`), and self-atari judged by the enclosed eye space (`self_atari`).
//!
//! Every question is asked of the real board, under fixed bounds: readings play real moves on
//! copies of the board (`on_copy`), drawn from a pool each thread keeps, so that a copy costs
//! only the part of the grid the board's size uses and no allocation once the pool is filled.
//! Knows only the board; no policy (how often a playout follows an answer is the playout's
//! business).

pub mod eye_space;
pub mod fight;
pub mod ladder;
pub mod self_atari;

pub use eye_space::{EyeSpace, ShapeOfStones};
pub use fight::{two_liberty_capture, two_liberty_save};
pub use ladder::{atari_captures, atari_catches, extension_escapes, is_captured_in_ladder};
pub use self_atari::{SelfAtari, permits, self_atari};

use std::cell::RefCell;

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point};

thread_local! {
    /// Boards that readings copy positions into, kept between readings (see `on_copy`).
    static SCRATCH_BOARDS: RefCell<Vec<Box<Board>>> = const { RefCell::new(Vec::new()) };
}

/// What `read` returns when run on a copy of `board` that it may change. The copy is one of
/// this thread's scratch boards (a new one only while every one is in use, as in a reading
/// nested in another), so it costs the used part of the board rather than a whole clone.
pub fn on_copy<R>(board: &Board, read: impl FnOnce(&mut Board) -> R) -> R {
    let mut copy = SCRATCH_BOARDS
        .with_borrow_mut(Vec::pop)
        .unwrap_or_else(|| Box::new(board.clone()));
    copy.copy_from(board);
    let result = read(&mut copy);
    SCRATCH_BOARDS.with_borrow_mut(|pool| pool.push(copy));
    result
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    #[test]
    fn a_reading_on_a_copy_leaves_the_board_alone_and_nested_copies_are_apart() {
        // Black's C3 has two liberties, C4 and D3: the outer reading takes D3, the inner one
        // captures at C4.
        let board = diagram(
            "
            . . . . .
            . . . . .
            . O X . .
            . . O . .
            . . . . .",
        );
        let (c3, c4, d3) = (at(&board, "C3"), at(&board, "C4"), at(&board, "D3"));
        let readings = on_copy(&board, |outer| {
            outer.play(Color::White, d3);
            let inner = on_copy(outer, |inner| {
                assert_eq!(inner.atari_liberty(c3), Some(c4));
                inner.play(Color::White, c4)
            });
            (inner, outer.atari_liberty(c3))
        });
        assert_eq!(readings, (1, Some(c4)));
        assert_eq!(board.atari_liberty(c3), None);
        board.verify().unwrap();
        // A copy from the pool that last held the 5×5 board holds a 9×9 board as well.
        let large = Board::new(9).unwrap();
        on_copy(&large, |copy| {
            assert_eq!(copy.empty_count(), 81);
            copy.verify().unwrap();
        });
    }
}
