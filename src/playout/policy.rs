//! The playout policy's judgements of a point: the eye test of the random player and the light
//! playouts (`is_eye`), and the playout move filter (`is_playout_move`: not into an own eye,
//! not suicide, not a simple-ko retake). Policy, not mechanics: it reads the board through its
//! small read-only accessors and never changes it; it knows no rules beyond simple ko.

use crate::board::{Board, Color, Point};

/// Whether `point` is an eye of `color` for the random player: every orthogonal neighbour
/// is a `color` stone or the edge, and fewer than two diagonal points hold opposing stones
/// (none when the point is on the edge).
#[inline]
pub fn is_eye(board: &Board, color: Color, point: Point) -> bool {
    let opponent = color.opponent();
    !board.has_empty_neighbour(point)
        && board.neighbours_of_color(opponent, point) == 0
        && diagonals_allow_eye(board, opponent, point)
}

/// The diagonal part of `is_eye` for a point of `opponent`'s opponent: fewer than two diagonal
/// `opponent` stones, and none when the point is on the edge. Counted without branches: the
/// edge counts as one opposing stone.
#[inline(always)]
fn diagonals_allow_eye(board: &Board, opponent: Color, point: Point) -> bool {
    let (opposing, off_board) = board.diagonal_counts(opponent, point);
    opposing + u32::from(off_board > 0) < 2
}

/// Whether the light-playout policy may play `color` on the empty point `point`: not into
/// one of its own eyes (`is_eye`), not suicide, not a simple-ko retake. Equivalent to
/// `!is_eye && !is_ko_banned && !placement(..).suicide`, specialised by the colours of the
/// neighbours so that the common cases cost one lookup.
#[inline(always)]
pub fn is_playout_move(board: &Board, color: Color, point: Point) -> bool {
    if board.has_empty_neighbour(point) {
        // An empty neighbour: never an eye, never suicide, never the ko point (which is
        // surrounded by the capturing colour).
        return true;
    }
    let opponent = color.opponent();
    let own = board.neighbours_of_color(color, point);
    let opposing = board.neighbours_of_color(opponent, point);
    if opposing == 0 {
        // Own stones and walls only: an eye, or a false eye that is playable unless it
        // fills the last liberty of every chain around it.
        !diagonals_allow_eye(board, opponent, point) && !board.every_neighbour_chain_in_atari(point)
    } else if own == 0 {
        // Opposing stones and walls only: playable only by capturing, and not as a ko
        // retake.
        board.any_neighbour_chain_in_atari(point) && !board.is_ko_banned(color, point)
    } else {
        !board.placement(color, point).suicide
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram, random_positions};

    #[test]
    fn an_eye_needs_own_neighbours_and_few_opposing_diagonals() {
        let board = diagram(
            "
            . X . O .
            X . X . .
            . X O . .
            . . . . .
            X . . . .",
        );
        // B4 is surrounded by black with one white diagonal (C3): still an eye.
        assert!(is_eye(&board, Color::Black, at(&board, "B4")));
        // A5 is on the edge; its only diagonal (B4) is empty: an eye.
        assert!(is_eye(&board, Color::Black, at(&board, "A5")));
        // A1's neighbours are empty: not an eye.
        assert!(!is_eye(&board, Color::Black, at(&board, "B1")));
        // B1 is on the edge with one black diagonal (A2): not an eye for White.
        let edge = diagram(
            "
            . . .
            X O .
            O . O",
        );
        assert!(!is_eye(&edge, Color::White, at(&edge, "B1")));
        // C3 has two black diagonals: not an eye; with one, it is.
        let two = diagram(
            "
            . . . . .
            . X O X .
            . O . O .
            . . O . .
            . . . . .",
        );
        assert!(!is_eye(&two, Color::White, at(&two, "C3")));
        let one = diagram(
            "
            . . . . .
            . X O . .
            . O . O .
            . . O . .
            . . . . .",
        );
        assert!(is_eye(&one, Color::White, at(&one, "C3")));
    }

    #[test]
    fn the_playout_move_test_agrees_with_its_definition_everywhere() {
        random_positions(&[2, 3, 4, 5, 7, 9, 13, 19, 25], |board, _| {
            board.verify().unwrap();
            for point in board.empty_points() {
                for color in Color::BOTH {
                    let definition = !is_eye(board, color, point)
                        && !board.is_ko_banned(color, point)
                        && !board.placement(color, point).suicide;
                    assert_eq!(is_playout_move(board, color, point), definition);
                }
            }
        });
    }
}
