//! How long to think about one move when a game clock runs: the time left shared over the moves
//! still to come (docs/search.md §5), less a margin for the controller's own delays. Knows the
//! board (to guess how many moves are left) and the clock, nothing of the search.

use std::time::Duration;

use crate::board::{Board, Color};
use crate::clock::Clock;

/// Taken off every move's time for the delays between the controller's clock and ours
/// (process start-up, pipes, the reply's way back).
pub const LAG: Duration = Duration::from_millis(50);

/// The moves `color` may still have to play on `board`: half the empty points beyond a fifth
/// of the board, and at least 30 (PACHI's estimate: 32 on an empty 9×9, 144 on 19×19).
pub fn expected_moves(board: &Board) -> u32 {
    let points = board.size() * board.size();
    let open = board.empty_count().saturating_sub(points / 5);
    (open as u32 / 2).max(30)
}

/// The time `color` may spend on its next move on `board` under `clock`, or `None` when time
/// is unlimited. Byo-yomi periods are used but never overrun: the clock's budget keeps a
/// margin and `LAG` comes off it.
pub fn move_time(clock: &Clock, board: &Board, color: Color) -> Option<Duration> {
    clock
        .move_budget(color, expected_moves(board))
        .map(|budget| budget.saturating_sub(LAG))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{TimeControl, TimeLeft};

    #[test]
    fn an_empty_board_expects_pachi_s_number_of_moves() {
        assert_eq!(expected_moves(&Board::new(9).unwrap()), 32);
        assert_eq!(expected_moves(&Board::new(19).unwrap()), 144);
        assert_eq!(expected_moves(&Board::new(5).unwrap()), 30);
    }

    #[test]
    fn sudden_death_shares_the_time_left_and_no_time_left_means_no_time() {
        let board = Board::new(9).unwrap();
        let mut clock = Clock::default();
        assert_eq!(move_time(&clock, &board, Color::Black), None);
        clock.set_control(TimeControl::Absolute { main: 64 });
        let time = move_time(&clock, &board, Color::Black).unwrap();
        assert!((time.as_secs_f64() - (64.0 / 32.0 * 0.9 - 0.05)).abs() < 1e-6);
        clock.set_left(Color::Black, TimeLeft::main(0));
        assert_eq!(
            move_time(&clock, &board, Color::Black),
            Some(Duration::ZERO)
        );
    }
}
