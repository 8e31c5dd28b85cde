//! The light playout policy's two tests: what counts as an eye for the random player, and
//! which moves a playout may play at all. Knows only the board.

use crate::board::{Board, Color, Point};

/// Whether `point` is an eye of `color` for the random player: every orthogonal neighbour is
/// a `color` stone or the edge, and fewer than two diagonal points hold opposing stones (none
/// when the point is on the edge).
#[inline]
pub fn is_eye(board: &Board, color: Color, point: Point) -> bool {
    board.is_eye(color, point)
}

/// Whether a playout may play `color` on the empty point `point`: not into one of its own
/// eyes (`is_eye`), not suicide, not a simple-ko retake.
#[inline]
pub fn is_playout_move(board: &Board, color: Color, point: Point) -> bool {
    board.is_playout_move(color, point)
}
