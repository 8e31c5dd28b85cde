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

/// Taken off every move's time by default (`--lag`) for the delays between the controller's
/// clock and ours (process start-up, pipes, the reply's way back).
pub const DEFAULT_LAG: Duration = Duration::from_millis(50);

/// The moves `color` may still have to play on `board`: half the empty points beyond a fifth
/// of the board, and at least 30 (PACHI's estimate: 32 on an empty 9×9, 144 on 19×19).
pub fn expected_moves(board: &Board) -> u32 {
    let points = board.size() * board.size();
    let open = board.empty_count().saturating_sub(points / 5);
    (open as u32 / 2).max(30)
}

/// The time `color` may spend on its next move on `board` under `clock`, and the most it may
/// spend when its best move is in doubt, less `lag`; `None` when time is unlimited.
/// Byo-yomi periods are used but never overrun: the clock's budget keeps a margin.
pub fn clock_time(
    clock: &Clock,
    board: &Board,
    color: Color,
    lag: Duration,
) -> Option<(Duration, Duration)> {
    let moves = expected_moves(board);
    let budget = clock.move_budget(color, moves)?;
    let maximum = clock.move_maximum(color, moves).unwrap_or(budget);
    Some((budget.saturating_sub(lag), maximum.saturating_sub(lag)))
}

/// The budget of a move for `color` on `board` under `limits`: at most the limits' playouts;
/// the clock's time for the move, never more than the limits' time (`--time`), and a longer
/// maximum for a move in doubt on the clock; both counted from when the command arrived.
/// `default_playouts` when neither a playout count nor a time limits the move.
pub fn budget(
    limits: &Limits,
    board: &Board,
    color: Color,
    default_playouts: u64,
    lag: Duration,
) -> Budget {
    let (time, maximum) = match (limits.time, clock_time(&limits.clock, board, color, lag)) {
        (flag, None) => (flag, None),
        (None, Some((time, maximum))) => (Some(time), Some(maximum)),
        (Some(flag), Some((time, maximum))) => (Some(flag.min(time)), Some(flag.min(maximum))),
    };
    let spent = limits
        .arrived
        .map_or(Duration::ZERO, |arrived| arrived.elapsed());
    let playouts = match (limits.playouts, time) {
        (None, None) => Some(default_playouts),
        (playouts, _) => playouts,
    };
    Budget {
        playouts,
        time: time.map(|time| time.saturating_sub(spent)),
        maximum: maximum.map(|maximum| maximum.saturating_sub(spent)),
    }
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
        assert_eq!(clock_time(&clock, &board, Color::Black, DEFAULT_LAG), None);
        clock.set_control(TimeControl::Absolute { main: 64 });
        let (time, maximum) = clock_time(&clock, &board, Color::Black, DEFAULT_LAG).unwrap();
        assert!((time.as_secs_f64() - (64.0 / 32.0 * 0.9 - 0.05)).abs() < 1e-6);
        assert!((maximum.as_secs_f64() - (3.0 * 64.0 / 32.0 * 0.9 - 0.05)).abs() < 1e-6);
        clock.set_left(Color::Black, TimeLeft::main(0));
        assert_eq!(
            clock_time(&clock, &board, Color::Black, DEFAULT_LAG),
            Some((Duration::ZERO, Duration::ZERO))
        );
    }

    #[test]
    fn the_budget_takes_the_shorter_time_and_the_default_playouts_only_without_limits() {
        let board = Board::new(9).unwrap();
        let mut limits = Limits::default();
        let unlimited = budget(&limits, &board, Color::Black, 777, DEFAULT_LAG);
        assert_eq!((unlimited.playouts, unlimited.time), (Some(777), None));
        limits.clock.set_control(TimeControl::Absolute { main: 64 });
        limits.time = Some(Duration::from_secs(100));
        let clocked = budget(&limits, &board, Color::Black, 777, DEFAULT_LAG);
        assert_eq!(clocked.playouts, None);
        let seconds = clocked.time.unwrap().as_secs_f64();
        assert!(
            (seconds - (64.0 / 32.0 * 0.9 - 0.05)).abs() < 1e-6,
            "{seconds}"
        );
        limits.time = Some(Duration::from_secs(1));
        limits.playouts = Some(5);
        let both = budget(&limits, &board, Color::Black, 777, DEFAULT_LAG);
        assert_eq!(both.playouts, Some(5));
        assert_eq!(both.time, Some(Duration::from_secs(1)));
    }

    /// A controller's clock for one side, as a referee keeps it.
    #[derive(Debug)]
    struct Referee {
        control: TimeControl,
        /// Seconds left: of main time, or of the period.
        seconds: f64,
        /// In overtime: stones left in the period (Canadian) or periods left (byo-yomi).
        count: u32,
        in_overtime: bool,
    }

    impl Referee {
        fn new(control: TimeControl) -> Referee {
            let main = match control {
                TimeControl::Absolute { main }
                | TimeControl::Canadian { main, .. }
                | TimeControl::Byoyomi { main, .. } => main,
                TimeControl::Unlimited => u32::MAX,
            };
            Referee {
                control,
                seconds: f64::from(main),
                count: 0,
                in_overtime: false,
            }
        }

        /// Charges a move of `used` seconds; `false` when the side lost on time.
        fn charge(&mut self, used: f64) -> bool {
            let mut used = used;
            if !self.in_overtime {
                if used <= self.seconds {
                    self.seconds -= used;
                    return true;
                }
                used -= self.seconds;
                match self.control {
                    TimeControl::Canadian { period, stones, .. } => {
                        (self.seconds, self.count) = (f64::from(period), stones);
                    }
                    TimeControl::Byoyomi {
                        period, periods, ..
                    } => (self.seconds, self.count) = (f64::from(period), periods),
                    _ => return false,
                }
                self.in_overtime = true;
            }
            match self.control {
                TimeControl::Canadian { period, stones, .. } => {
                    if used > self.seconds {
                        return false;
                    }
                    self.seconds -= used;
                    self.count -= 1;
                    if self.count == 0 {
                        (self.seconds, self.count) = (f64::from(period), stones);
                    }
                    true
                }
                TimeControl::Byoyomi { period, .. } => {
                    while used > f64::from(period) {
                        used -= f64::from(period);
                        self.count -= 1;
                        if self.count == 0 {
                            return false;
                        }
                    }
                    true
                }
                _ => false,
            }
        }

        /// What `time_left` says.
        fn report(&self) -> TimeLeft {
            TimeLeft {
                seconds: self.seconds.floor() as u32,
                count: if self.in_overtime { self.count } else { 0 },
            }
        }
    }

    /// Plays `moves` moves of Black on 19×19 under `control`, each taking the most the plan
    /// allows (the maximum of a move in doubt) plus the lag, with or without `time_left`
    /// reports; returns the referee's clock at the end, or the move lost on time.
    fn scripted_game(control: TimeControl, moves: usize, reports: bool) -> Result<Referee, usize> {
        let mut board = Board::new(19).unwrap();
        let mut clock = Clock::default();
        clock.set_control(control);
        let mut referee = Referee::new(control);
        let empty: Vec<_> = board.empty_points().collect();
        for turn in 0..moves {
            let (_, maximum) = clock_time(&clock, &board, Color::Black, DEFAULT_LAG).unwrap();
            let used = maximum + DEFAULT_LAG;
            if !referee.charge(used.as_secs_f64()) {
                return Err(turn);
            }
            if reports {
                clock.set_left(Color::Black, referee.report());
            } else {
                clock.record_move(Color::Black, used);
            }
            // The board fills: a Black and a White stone a turn, away from each other.
            board.play(Color::Black, empty[2 * turn]);
            board.play(Color::White, empty[2 * turn + 1]);
        }
        Ok(referee)
    }

    #[test]
    fn a_scripted_game_of_sudden_death_never_runs_out_of_time() {
        for reports in [true, false] {
            let end = scripted_game(TimeControl::Absolute { main: 300 }, 170, reports).unwrap();
            assert!(end.seconds > 1.0, "{end:?}");
        }
    }

    #[test]
    fn a_scripted_game_of_japanese_byo_yomi_never_loses_a_period() {
        let control = TimeControl::Byoyomi {
            main: 60,
            period: 10,
            periods: 3,
        };
        for reports in [true, false] {
            let end = scripted_game(control, 170, reports).unwrap();
            assert!(end.in_overtime, "{end:?}");
            assert_eq!(end.count, 3, "no period lost: {end:?}");
        }
    }

    #[test]
    fn a_scripted_game_of_canadian_byo_yomi_never_overruns_a_period() {
        let control = TimeControl::Canadian {
            main: 60,
            period: 30,
            stones: 5,
        };
        for reports in [true, false] {
            let end = scripted_game(control, 170, reports).unwrap();
            assert!(end.in_overtime, "{end:?}");
        }
        // Without main time, straight into the periods.
        let control = TimeControl::Canadian {
            main: 0,
            period: 20,
            stones: 10,
        };
        assert!(scripted_game(control, 170, true).is_ok());
    }

    #[test]
    fn canadian_main_time_is_planned_with_the_periods_that_follow() {
        let board = Board::new(19).unwrap();
        let mut clock = Clock::default();
        clock.set_control(TimeControl::Canadian {
            main: 144,
            period: 60,
            stones: 10,
        });
        let (time, _) = clock_time(&clock, &board, Color::Black, Duration::ZERO).unwrap();
        // 144 s over the 144 moves an empty 19×19 expects, and 6 s a stone of the periods.
        assert!(
            (time.as_secs_f64() - (1.0 + 6.0) * 0.9).abs() < 1e-6,
            "{time:?}"
        );
    }

    #[test]
    fn the_move_s_time_counts_from_when_the_command_arrived_and_the_lag_comes_off() {
        let board = Board::new(9).unwrap();
        let mut limits = Limits::default();
        limits.clock.set_control(TimeControl::Absolute { main: 64 });
        let fresh = budget(&limits, &board, Color::Black, 0, Duration::ZERO);
        let lagged = budget(&limits, &board, Color::Black, 0, Duration::from_millis(300));
        let difference = fresh.time.unwrap() - lagged.time.unwrap();
        assert_eq!(difference, Duration::from_millis(300));
        limits.arrived = Some(std::time::Instant::now() - Duration::from_millis(500));
        let late = budget(&limits, &board, Color::Black, 0, Duration::ZERO);
        assert!(fresh.time.unwrap() - late.time.unwrap() >= Duration::from_millis(500));
        assert!(fresh.maximum.unwrap() - late.maximum.unwrap() >= Duration::from_millis(500));
    }
}
