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
    /// What each side has left by our own measure: its last report (or its initial time),
    /// less the moves it made since, charged as a controller charges them. Controllers such
    /// as gogui-twogtp never send `time_left`, so the clock must run on its own.
    estimated: [Estimate; 2],
}

/// A side's time left by our own measure, in seconds (fractions kept), with the overtime
/// count as in `TimeLeft` (0 in main time).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Estimate {
    seconds: f64,
    count: u32,
}

impl Estimate {
    fn of(left: TimeLeft) -> Estimate {
        Estimate {
            seconds: f64::from(left.seconds),
            count: left.count,
        }
    }
}

impl Eq for Estimate {}

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
        self.estimated = [Estimate::of(control.initial()); 2];
    }

    /// Records what `color` has left.
    pub fn set_left(&mut self, color: Color, left: TimeLeft) {
        self.reported[color.index()] = Some(left);
        self.estimated[color.index()] = Estimate::of(left);
    }

    /// Records that `color` spent `thinking` on a move it made (a generated move): until the
    /// next report, its time left is counted down by our own measure.
    pub fn record_move(&mut self, color: Color, thinking: Duration) {
        let control = self.control;
        let estimate = &mut self.estimated[color.index()];
        let mut used = thinking.as_secs_f64();
        if estimate.count == 0 {
            // Main time, then the overtime the move runs into.
            if used <= estimate.seconds {
                estimate.seconds -= used;
                return;
            }
            used -= estimate.seconds;
            *estimate = match control {
                TimeControl::Canadian { period, stones, .. } if stones > 0 => Estimate {
                    seconds: f64::from(period),
                    count: stones,
                },
                TimeControl::Byoyomi {
                    period, periods, ..
                } if periods > 0 => Estimate {
                    seconds: f64::from(period),
                    count: periods,
                },
                _ => Estimate::default(),
            };
            if estimate.count == 0 {
                return;
            }
        }
        match control {
            TimeControl::Canadian { period, stones, .. } => {
                estimate.seconds = (estimate.seconds - used).max(0.0);
                estimate.count -= 1;
                if estimate.count == 0 {
                    *estimate = Estimate {
                        seconds: f64::from(period),
                        count: stones,
                    };
                }
            }
            TimeControl::Byoyomi { period, .. } => {
                // A move within the period costs nothing; each period overrun is lost.
                let lost = (used / f64::from(period.max(1))).floor() as u32;
                estimate.count = estimate.count.saturating_sub(lost).max(1);
                estimate.seconds = f64::from(period);
            }
            _ => estimate.seconds = 0.0,
        }
    }

    /// A new game (clear_board, boardsize, loadsgf): the system stays, both sides start again
    /// with their initial time.
    pub fn new_game(&mut self) {
        self.reported = [None; 2];
        self.estimated = [Estimate::of(self.control.initial()); 2];
    }

    /// What `color` has left: the last report, or the initial time before any.
    pub fn left(&self, color: Color) -> TimeLeft {
        self.reported[color.index()].unwrap_or_else(|| self.control.initial())
    }

    /// What `color` has left by our own measure (see `record_move`): seconds, and the
    /// overtime count (0 in main time).
    fn estimated_left(&self, color: Color) -> (f64, u32) {
        let estimate = self.estimated[color.index()];
        (estimate.seconds.max(0.0), estimate.count)
    }

    /// How long `color` may think about its next move if about `moves_to_play` more moves of
    /// its own are expected (time left as `estimated_left` counts it) (at least 1 is assumed), with a 10 % margin; `None` when time is
    /// unlimited. In main time the main time left is shared over the expected moves, and the
    /// overtime that follows is planned with it: with byo-yomi a period comes on top (a move
    /// within it costs nothing), with Canadian overtime a period's share per stone (every
    /// move beyond the main time will have that much). In Canadian overtime the period's time
    /// is shared over the stones left in it.
    pub fn move_budget(&self, color: Color, moves_to_play: u32) -> Option<Duration> {
        let (left, count) = self.estimated_left(color);
        let moves = f64::from(moves_to_play.max(1));
        let seconds = match self.control {
            TimeControl::Unlimited => return None,
            TimeControl::Absolute { .. } => left / moves,
            TimeControl::Canadian { .. } if count > 0 => left / f64::from(count),
            TimeControl::Canadian { period, stones, .. } => {
                let overtime = if stones > 0 {
                    f64::from(period) / f64::from(stones)
                } else {
                    0.0
                };
                left / moves + overtime
            }
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

    /// The most `color` may spend on its next move when the search asks for more time than
    /// `move_budget` (its best move is in doubt), or `None` when time is unlimited: three
    /// budgets, but at most a quarter of the main time left (with the overtime share on top);
    /// in byo-yomi, the period; in Canadian overtime, two budgets and half the period's time
    /// left, or the budget for the period's last stone. With the same 10 % margin.
    pub fn move_maximum(&self, color: Color, moves_to_play: u32) -> Option<Duration> {
        let budget = self.move_budget(color, moves_to_play)?.as_secs_f64();
        let (left, count) = self.estimated_left(color);
        let cap = match self.control {
            TimeControl::Unlimited => return None,
            TimeControl::Absolute { .. } => left / 4.0,
            TimeControl::Byoyomi { .. } if count > 0 => left,
            TimeControl::Byoyomi {
                period, periods, ..
            } => left / 4.0 + if periods > 0 { f64::from(period) } else { 0.0 },
            TimeControl::Canadian { .. } if count > 1 => left / 2.0,
            TimeControl::Canadian { .. } if count == 1 => left,
            TimeControl::Canadian { period, stones, .. } => {
                left / 4.0 + f64::from(period) / f64::from(stones.max(1))
            }
        };
        let overtime = matches!(self.control, TimeControl::Canadian { .. }) && count > 1;
        let budgets = if overtime { 2.0 } else { 3.0 };
        let seconds = (budget * budgets).min(cap * SAFETY).max(budget);
        Some(Duration::from_secs_f64(seconds))
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
        // Main time planned with the overtime after it: 600 s over 60 moves, and a period's
        // 6 s per stone.
        assert_eq!(seconds(clock.move_budget(Color::White, 60)), Some(14.4));
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
        // Canadian: the move that used up the main time ran 1 s into the first period and
        // was its first stone: 29 s for 4 stones.
        clock.set_control(TimeControl::from_gtp(10, 30, 5));
        clock.record_move(Color::White, Duration::from_secs(11));
        assert_eq!(seconds(clock.move_budget(Color::White, 10)), Some(6.525));
        // Byo-yomi: a move within a period costs nothing, one over it loses the period.
        clock.set_control(TimeControl::Byoyomi {
            main: 10,
            period: 5,
            periods: 3,
        });
        clock.record_move(Color::Black, Duration::from_secs(12));
        assert_eq!(seconds(clock.move_budget(Color::Black, 10)), Some(4.5));
        clock.record_move(Color::Black, Duration::from_secs(4));
        assert_eq!(clock.estimated_left(Color::Black), (5.0, 3));
        clock.record_move(Color::Black, Duration::from_secs(6));
        assert_eq!(clock.estimated_left(Color::Black), (5.0, 2));
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
