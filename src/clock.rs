//! Time control as plain data: the system in force (GTP `time_settings`, KGS
//! `kgs-time_settings`), the time each side has left (GTP `time_left`), and how long a player
//! may think about its next move. Knows no board, no game and no text; measures no time itself.

use std::time::Duration;

use crate::board::Color;

/// A time system, all times in whole seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimeControl {
    /// No time limit (the default, and GTP `time_settings M B 0` with B > 0).
    #[default]
    Unlimited,
    /// `main` seconds for the whole game, no overtime (`time_settings M 0 0`).
    Absolute {
        /// Main time.
        main: u32,
    },
    /// Canadian overtime: main time, then periods of `period` seconds in each of which
    /// `stones` stones must be played (GTP's own system).
    Canadian {
        /// Main time.
        main: u32,
        /// The length of one overtime period.
        period: u32,
        /// The stones to play in each period.
        stones: u32,
    },
    /// Japanese byo-yomi (KGS): main time, then `periods` periods of `period` seconds; a move
    /// made within a period does not use it up.
    Byoyomi {
        /// Main time.
        main: u32,
        /// The length of one period.
        period: u32,
        /// The number of periods.
        periods: u32,
    },
}

impl TimeControl {
    /// The system GTP `time_settings M B S` describes: B > 0 and S = 0 means no limit, B = 0
    /// and S = 0 absolute time, anything else Canadian overtime.
    pub fn from_gtp(main: u32, period: u32, stones: u32) -> TimeControl {
        match (period, stones) {
            (1.., 0) => TimeControl::Unlimited,
            (0, 0) => TimeControl::Absolute { main },
            _ => TimeControl::Canadian {
                main,
                period,
                stones,
            },
        }
    }

    /// The time a side has at the start of a game: main time, or the first overtime period
    /// when there is no main time.
    pub fn initial(self) -> TimeLeft {
        match self {
            TimeControl::Unlimited => TimeLeft::main(0),
            TimeControl::Absolute { main } => TimeLeft::main(main),
            TimeControl::Canadian {
                main: 0,
                period,
                stones,
            } => TimeLeft {
                seconds: period,
                count: stones,
            },
            TimeControl::Byoyomi {
                main: 0,
                period,
                periods,
            } => TimeLeft {
                seconds: period,
                count: periods,
            },
            TimeControl::Canadian { main, .. } | TimeControl::Byoyomi { main, .. } => {
                TimeLeft::main(main)
            }
        }
    }
}

/// What a side has left, as GTP `time_left C T S` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLeft {
    /// Seconds left: of main time, or of the current overtime period.
    pub seconds: u32,
    /// 0 in main time; in overtime the stones left to play in the period (Canadian) or the
    /// periods left (byo-yomi).
    pub count: u32,
}

impl TimeLeft {
    /// `seconds` of main time.
    pub fn main(seconds: u32) -> TimeLeft {
        TimeLeft { seconds, count: 0 }
    }
}

/// The time control of the games being played and the time left to each side in this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Clock {
    control: TimeControl,
    /// The last `time_left` report per colour (Black first), `None` before any in this game.
    reported: [Option<TimeLeft>; 2],
    /// The time each side has thought since its last report (or the start), by our own
    /// measure, and the moves it made in that time: controllers such as gogui-twogtp never
    /// send `time_left`, so the clock must run on its own.
    used: [(Duration, u32); 2],
}

/// The share of the computed time a player actually uses: the rest is a margin for the
/// controller's and the engine's own overhead.
const SAFETY: f64 = 0.9;

impl Clock {
    /// The time system in force.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Sets the time system; both sides start again with their initial time.
    pub fn set_control(&mut self, control: TimeControl) {
        self.control = control;
        self.reported = [None; 2];
        self.used = [(Duration::ZERO, 0); 2];
    }

    /// Records what `color` has left.
    pub fn set_left(&mut self, color: Color, left: TimeLeft) {
        self.reported[color.index()] = Some(left);
        self.used[color.index()] = (Duration::ZERO, 0);
    }

    /// Records that `color` spent `thinking` on a move it made (a generated move): until the
    /// next report, its time left is counted down by our own measure.
    pub fn record_move(&mut self, color: Color, thinking: Duration) {
        let used = &mut self.used[color.index()];
        used.0 += thinking;
        used.1 += 1;
    }

    /// A new game (clear_board, boardsize, loadsgf): the system stays, both sides start again
    /// with their initial time.
    pub fn new_game(&mut self) {
        self.reported = [None; 2];
        self.used = [(Duration::ZERO, 0); 2];
    }

    /// What `color` has left: the last report, or the initial time before any.
    pub fn left(&self, color: Color) -> TimeLeft {
        self.reported[color.index()].unwrap_or_else(|| self.control.initial())
    }

    /// What `color` has left by our own measure: the last report (or the initial time) less
    /// the time recorded since with `record_move`, in seconds, with the overtime count. When
    /// main time runs out by this measure, the side is taken to start a fresh overtime period
    /// (`None` without overtime: nothing is left).
    fn estimated_left(&self, color: Color) -> (f64, u32) {
        let left = self.left(color);
        let (used, moves) = self.used[color.index()];
        let seconds = (f64::from(left.seconds) - used.as_secs_f64()).max(0.0);
        let fresh_period = match self.control {
            TimeControl::Canadian { period, stones, .. } => (f64::from(period), stones),
            TimeControl::Byoyomi {
                period, periods, ..
            } => (f64::from(period), periods),
            _ => (0.0, 0),
        };
        match self.control {
            TimeControl::Canadian { .. } if left.count > 0 => {
                // The period's stones played by our count: a new period has begun.
                let stones = left.count.saturating_sub(moves);
                if stones == 0 {
                    fresh_period
                } else {
                    (seconds, stones)
                }
            }
            TimeControl::Byoyomi { .. } if left.count > 0 => (f64::from(left.seconds), left.count),
            TimeControl::Canadian { .. } | TimeControl::Byoyomi { .. }
                if seconds <= 0.0 && fresh_period.1 > 0 =>
            {
                fresh_period
            }
            _ => (seconds, left.count),
        }
    }

    /// How long `color` may think about its next move if about `moves_to_play` more moves of
    /// its own are expected (time left as `estimated_left` counts it) (at least 1 is assumed), with a 10 % margin; `None` when time is
    /// unlimited. In main time the main time left is shared over the expected moves (with
    /// byo-yomi a period comes on top, as a move within it costs nothing); in Canadian
    /// overtime the period's time is shared over the stones left in it.
    pub fn move_budget(&self, color: Color, moves_to_play: u32) -> Option<Duration> {
        let (left, count) = self.estimated_left(color);
        let moves = f64::from(moves_to_play.max(1));
        let seconds = match self.control {
            TimeControl::Unlimited => return None,
            TimeControl::Absolute { .. } => left / moves,
            TimeControl::Canadian { .. } if count > 0 => left / f64::from(count),
            TimeControl::Canadian { .. } => left / moves,
            TimeControl::Byoyomi { .. } if count > 0 => left,
            TimeControl::Byoyomi {
                period, periods, ..
            } => {
                let overtime = if periods > 0 { f64::from(period) } else { 0.0 };
                left / moves + overtime
            }
        };
        Some(Duration::from_secs_f64(seconds * SAFETY))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(budget: Option<Duration>) -> Option<f64> {
        budget.map(|duration| (duration.as_secs_f64() * 1000.0).round() / 1000.0)
    }

    #[test]
    fn gtp_time_settings_mean_no_limit_absolute_or_canadian() {
        assert_eq!(TimeControl::from_gtp(0, 1, 0), TimeControl::Unlimited);
        assert_eq!(
            TimeControl::from_gtp(300, 0, 0),
            TimeControl::Absolute { main: 300 }
        );
        assert_eq!(
            TimeControl::from_gtp(600, 30, 5),
            TimeControl::Canadian {
                main: 600,
                period: 30,
                stones: 5
            }
        );
    }

    #[test]
    fn a_side_starts_with_main_time_or_in_overtime_when_there_is_none() {
        let mut clock = Clock::default();
        clock.set_control(TimeControl::from_gtp(600, 30, 5));
        assert_eq!(clock.left(Color::Black), TimeLeft::main(600));
        clock.set_control(TimeControl::from_gtp(0, 30, 5));
        assert_eq!(
            clock.left(Color::White),
            TimeLeft {
                seconds: 30,
                count: 5
            }
        );
        clock.set_control(TimeControl::Byoyomi {
            main: 0,
            period: 10,
            periods: 3,
        });
        assert_eq!(
            clock.left(Color::White),
            TimeLeft {
                seconds: 10,
                count: 3
            }
        );
    }

    #[test]
    fn reports_are_kept_per_colour_until_a_new_game_or_new_settings() {
        let mut clock = Clock::default();
        clock.set_control(TimeControl::Absolute { main: 300 });
        clock.set_left(Color::White, TimeLeft::main(120));
        assert_eq!(clock.left(Color::White), TimeLeft::main(120));
        assert_eq!(clock.left(Color::Black), TimeLeft::main(300));
        clock.new_game();
        assert_eq!(clock.left(Color::White), TimeLeft::main(300));
        assert_eq!(clock.control(), TimeControl::Absolute { main: 300 });
        clock.set_left(Color::Black, TimeLeft::main(10));
        clock.set_control(TimeControl::Absolute { main: 60 });
        assert_eq!(clock.left(Color::Black), TimeLeft::main(60));
    }

    #[test]
    fn the_move_budget_shares_the_time_left_over_the_moves_or_stones_to_play() {
        let mut clock = Clock::default();
        assert_eq!(clock.move_budget(Color::Black, 40), None);
        clock.set_control(TimeControl::Absolute { main: 400 });
        assert_eq!(seconds(clock.move_budget(Color::Black, 40)), Some(9.0));
        assert_eq!(seconds(clock.move_budget(Color::Black, 0)), Some(360.0));
        clock.set_control(TimeControl::from_gtp(600, 30, 5));
        assert_eq!(seconds(clock.move_budget(Color::White, 60)), Some(9.0));
        clock.set_left(
            Color::White,
            TimeLeft {
                seconds: 20,
                count: 4,
            },
        );
        assert_eq!(seconds(clock.move_budget(Color::White, 60)), Some(4.5));
        clock.set_control(TimeControl::Byoyomi {
            main: 100,
            period: 10,
            periods: 5,
        });
        assert_eq!(seconds(clock.move_budget(Color::Black, 50)), Some(10.8));
        clock.set_left(
            Color::Black,
            TimeLeft {
                seconds: 10,
                count: 2,
            },
        );
        assert_eq!(seconds(clock.move_budget(Color::Black, 50)), Some(9.0));
    }

    #[test]
    fn without_time_left_reports_the_clock_counts_our_own_thinking() {
        let mut clock = Clock::default();
        clock.set_control(TimeControl::Absolute { main: 100 });
        clock.record_move(Color::Black, Duration::from_secs(60));
        assert_eq!(seconds(clock.move_budget(Color::Black, 10)), Some(3.6));
        assert_eq!(seconds(clock.move_budget(Color::White, 10)), Some(9.0));
        clock.record_move(Color::Black, Duration::from_secs(50));
        assert_eq!(seconds(clock.move_budget(Color::Black, 10)), Some(0.0));
        // A report replaces our measure.
        clock.set_left(Color::Black, TimeLeft::main(20));
        assert_eq!(seconds(clock.move_budget(Color::Black, 10)), Some(1.8));
        // Canadian: main time used up, then the period's stones count down.
        clock.set_control(TimeControl::from_gtp(10, 30, 5));
        clock.record_move(Color::White, Duration::from_secs(11));
        assert_eq!(seconds(clock.move_budget(Color::White, 10)), Some(5.4));
        clock.set_left(
            Color::White,
            TimeLeft {
                seconds: 30,
                count: 5,
            },
        );
        clock.record_move(Color::White, Duration::from_secs(10));
        assert_eq!(seconds(clock.move_budget(Color::White, 10)), Some(4.5));
        // No time left in the period: no time for the move.
        clock.set_left(
            Color::White,
            TimeLeft {
                seconds: 0,
                count: 5,
            },
        );
        assert_eq!(seconds(clock.move_budget(Color::White, 10)), Some(0.0));
    }
}
