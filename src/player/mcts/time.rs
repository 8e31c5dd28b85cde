//! How long the `mcts` player thinks about one move: the time left on the game clock shared
//! over the moves still to come (docs/search.md §5), less a margin for the controller's own
//! delays, and never more than the command line's `--time`; the playout default when nothing
//! limits the move. Knows the board (to guess how many moves are left) and the clock, nothing
//! of the search's insides.

use std::time::Duration;

use crate::board::{Board, Color};
use crate::clock::Clock;
use crate::player::Limits;
use crate::search::Budget;

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
pub fn clock_time(clock: &Clock, board: &Board, color: Color) -> Option<Duration> {
    clock
        .move_budget(color, expected_moves(board))
        .map(|budget| budget.saturating_sub(LAG))
}

/// The budget of a move for `color` on `board` under `limits`: at most the limits' playouts,
/// and at most the shorter of the limits' time and what the clock allows; `default_playouts`
/// when neither a playout count nor a time limits the move.
pub fn budget(limits: &Limits, board: &Board, color: Color, default_playouts: u64) -> Budget {
    let time = match (limits.time, clock_time(&limits.clock, board, color)) {
        (Some(flag), Some(clock)) => Some(flag.min(clock)),
        (flag, clock) => flag.or(clock),
    };
    let playouts = match (limits.playouts, time) {
        (None, None) => Some(default_playouts),
        (playouts, _) => playouts,
    };
    Budget { playouts, time }
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
        assert_eq!(clock_time(&clock, &board, Color::Black), None);
        clock.set_control(TimeControl::Absolute { main: 64 });
        let time = clock_time(&clock, &board, Color::Black).unwrap();
        assert!((time.as_secs_f64() - (64.0 / 32.0 * 0.9 - 0.05)).abs() < 1e-6);
        clock.set_left(Color::Black, TimeLeft::main(0));
        assert_eq!(
            clock_time(&clock, &board, Color::Black),
            Some(Duration::ZERO)
        );
    }

    #[test]
    fn the_budget_takes_the_shorter_time_and_the_default_playouts_only_without_limits() {
        let board = Board::new(9).unwrap();
        let mut limits = Limits::default();
        let unlimited = budget(&limits, &board, Color::Black, 777);
        assert_eq!((unlimited.playouts, unlimited.time), (Some(777), None));
        limits.clock.set_control(TimeControl::Absolute { main: 64 });
        limits.time = Some(Duration::from_secs(100));
        let clocked = budget(&limits, &board, Color::Black, 777);
        assert_eq!(clocked.playouts, None);
        let seconds = clocked.time.unwrap().as_secs_f64();
        assert!(
            (seconds - (64.0 / 32.0 * 0.9 - 0.05)).abs() < 1e-6,
            "{seconds}"
        );
        limits.time = Some(Duration::from_secs(1));
        limits.playouts = Some(5);
        let both = budget(&limits, &board, Color::Black, 777);
        assert_eq!(both.playouts, Some(5));
        assert_eq!(both.time, Some(Duration::from_secs(1)));
    }
}
