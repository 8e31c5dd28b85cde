//! The engine's side of the player contract: asking the player for a decision (`genmove`,
//! `reg_genmove`, `kgs-genmove_cleanup`) with the limits of the command line and the game
//! clock and a stop signal from the protocol loop, and telling the player of every change a
//! command made to the game. No Go knowledge: what to play is the player's.

use std::time::Instant;

use super::live::{Reports, decide_reporting};
use super::{Analyst, Engine, Live};
use crate::board::Color;
use crate::clock::TimeControl;
use crate::game::Game;
use crate::gtp::analysis::{self, Analysis};
use crate::gtp::interrupt::Interrupt;
use crate::player::{Action, Change, Limits, Purpose, Request};
use crate::rules::Rules;

/// What a command may change about the game, noted before it runs: the start (size, rules,
/// komi, the game's lineage) and the length and end of its history. Constant in size, so that
/// noting it costs nothing however long the game.
pub(super) struct GameMark {
    size: usize,
    rules: Rules,
    komi: u64,
    lineage: u64,
    move_count: usize,
}

impl GameMark {
    pub(super) fn of(game: &Game) -> GameMark {
        GameMark {
            size: game.size(),
            rules: game.rules(),
            komi: game.komi().to_bits(),
            lineage: game.lineage(),
            move_count: game.moves().len(),
        }
    }

    /// The change from the marked game to `game`, or `None` when there is none. Within one
    /// lineage the history changes only at its end, and one command adds or takes back at
    /// most one move.
    pub(super) fn change_to(&self, game: &Game) -> Option<Change> {
        let same_start = self.size == game.size()
            && self.rules == game.rules()
            && self.komi == game.komi().to_bits()
            && self.lineage == game.lineage();
        let moves = game.moves();
        if !same_start {
            Some(Change::Replaced)
        } else if moves.len() == self.move_count {
            None
        } else if moves.len() == self.move_count + 1 {
            let (color, turn) = moves[self.move_count];
            Some(Change::Played(color, turn))
        } else if moves.len() + 1 == self.move_count {
            Some(Change::Undone)
        } else {
            Some(Change::Replaced)
        }
    }
}

impl Engine {
    /// Asks the player what `color` does and answers its text: the move (played into the game
    /// unless `purpose` is `Suggest`) or `resign` (nothing played). With `analysis`
    /// (`*genmove_analyze`) the search's `info` lines go to `live` as it runs (one line just
    /// before the answer when the analysis has no interval); a player that does not search
    /// decides after the analyst's search with the same limits has sent them. With
    /// `--gogui-gfx`, live graphics, cleared before the answer.
    ///
    /// The limits are the command line's, with the game clock, from which the player plans its
    /// time; the time the move took is recorded on the clock. The search stops early on
    /// `# interrupt`, and at the end of input when it is limited by time (a search limited by
    /// playouts alone is bounded, and stays reproducible when a file of commands is piped in).
    pub(super) fn generate(
        &mut self,
        color: Color,
        purpose: Purpose<'_>,
        interrupt: &Interrupt,
        live: &mut dyn Live,
        analysis: Option<&Analysis>,
    ) -> String {
        let limits = Limits {
            clock: self.clock,
            arrived: Some(interrupt.arrived()),
            ..self.limits
        };
        let timed = limits.time.is_some() || limits.clock.control() != TimeControl::Unlimited;
        let stop = move || interrupt.is_requested() || (timed && interrupt.input_ended());
        // The move's time counts from when the command arrived.
        let started = interrupt.arrived();
        let reports = Reports {
            analysis,
            gfx: self.gogui_gfx && purpose != Purpose::Suggest,
            color,
        };
        let request = Request {
            game: &self.game,
            color,
            purpose,
            limits,
            stop: &stop,
            progress: None,
            ownership: false,
        };
        let (decision, statistics) = match (&mut self.analyst, analysis) {
            // A player that does not search: the analyst's search streams the lines first.
            (Analyst::Own(analyst), Some(_)) => {
                let searched =
                    decide_reporting(analyst.as_mut(), &self.game, request, &reports, live);
                let decision = self.player.decide(Request {
                    game: &self.game,
                    color,
                    purpose,
                    limits,
                    stop: &stop,
                    progress: None,
                    ownership: false,
                });
                (decision, searched.statistics)
            }
            _ => {
                let decision =
                    decide_reporting(self.player.as_mut(), &self.game, request, &reports, live);
                let statistics = decision.statistics.clone();
                (decision, statistics)
            }
        };
        if let (Some(analysis), Some(statistics)) = (analysis, &statistics) {
            if analysis.interval.is_none() {
                if let Some(line) =
                    analysis::info_line(analysis, self.game.board(), statistics, color)
                {
                    live.line(&line);
                }
            }
        }
        if reports.gfx {
            live.gfx("CLEAR");
        }
        self.conclude(color, purpose, decision.action, started)
    }

    /// Logs and clocks the move decided for `color` (the search began at `started`), plays it
    /// unless it is only a suggestion, and gives the reply's text: the vertex, or `resign`.
    fn conclude(
        &mut self,
        color: Color,
        purpose: Purpose<'_>,
        action: Action,
        started: Instant,
    ) -> String {
        let thinking = started.elapsed();
        log::debug!(
            "{color:?} decided {action:?} in {:.3} s",
            thinking.as_secs_f64()
        );
        if purpose != Purpose::Suggest {
            // Until the controller reports the time left, the clock counts our own.
            self.clock.record_move(color, thinking);
        }
        match (action, purpose) {
            (Action::Resign, _) => "resign".to_string(),
            (Action::Play(turn), Purpose::Suggest) => self.move_text(turn),
            (Action::Play(turn), _) => {
                self.ponder_due = self.ponder && purpose == Purpose::Play;
                self.play_generated(color, turn)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use crate::board::Color;
    use crate::clock::{TimeControl, TimeLeft};
    use crate::game::{Game, Move};
    use crate::gtp::Engine;
    use crate::gtp::parse::{Line, parse_line};
    use crate::player::{Action, Change, Decision, Limits, Player, Purpose, Request};
    use crate::rules::Rules;

    /// What a recording player saw.
    #[derive(Default)]
    struct Seen {
        requests: Vec<(Color, Limits, bool)>,
        changes: Vec<Change>,
    }

    /// A player that passes, resigns when asked as White, and records what it is told.
    struct Recorder(Arc<Mutex<Seen>>);

    impl Player for Recorder {
        fn decide(&mut self, request: Request<'_>) -> Decision {
            let suggest = request.purpose == Purpose::Suggest;
            self.0
                .lock()
                .unwrap()
                .requests
                .push((request.color, request.limits, suggest));
            Decision::plain(match request.color {
                Color::Black => Action::Play(Move::Pass),
                Color::White => Action::Resign,
            })
        }

        fn notice(&mut self, change: Change, _game: &Game) {
            self.0.lock().unwrap().changes.push(change);
        }
    }

    fn run(engine: &mut Engine, line: &str) -> String {
        match parse_line(line.as_bytes()) {
            Line::Request(request) => engine.execute(request.command).0.unwrap(),
            _ => panic!("{line:?} is no command"),
        }
    }

    #[test]
    fn the_player_gets_the_clock_s_time_and_hears_of_every_change() {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let mut engine =
            Engine::new(9, Rules::BGA, 7.5, Box::new(Recorder(Arc::clone(&seen)))).unwrap();
        engine.set_limits(Limits {
            playouts: Some(500),
            time: Some(Duration::from_secs(100)),
            ..Limits::default()
        });
        run(&mut engine, "play b E5");
        run(&mut engine, "time_settings 300 0 0");
        run(&mut engine, "time_left b 64 0");
        assert_eq!(run(&mut engine, "genmove b"), "pass");
        assert_eq!(run(&mut engine, "genmove w"), "resign");
        assert_eq!(run(&mut engine, "reg_genmove w"), "resign");
        run(&mut engine, "undo");
        run(&mut engine, "komi 6.5");
        run(&mut engine, "name");
        assert_eq!(engine.game().moves().len(), 1, "resign plays nothing");
        let seen = seen.lock().unwrap();
        let (color, limits, suggest) = seen.requests[0];
        assert_eq!((color, suggest), (Color::Black, false));
        assert_eq!(limits.playouts, Some(500));
        // The command line's time, and the clock to plan within it.
        assert_eq!(limits.time, Some(Duration::from_secs(100)));
        assert_eq!(limits.clock.control(), TimeControl::Absolute { main: 300 });
        assert_eq!(limits.clock.left(Color::Black), TimeLeft::main(64));
        assert!(seen.requests[2].2, "reg_genmove asks for a suggestion");
        assert_eq!(
            seen.changes,
            vec![
                Change::Played(Color::Black, engine.game().moves()[0].1),
                Change::Played(Color::Black, Move::Pass),
                Change::Undone,
                Change::Replaced,
            ]
        );
    }

    #[test]
    fn the_player_gets_the_kgs_byo_yomi_clock_and_when_the_command_arrived() {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let mut engine =
            Engine::new(9, Rules::BGA, 7.5, Box::new(Recorder(Arc::clone(&seen)))).unwrap();
        run(&mut engine, "kgs-time_settings byoyomi 30 10 5");
        run(&mut engine, "time_left b 8 3");
        let before = std::time::Instant::now();
        run(&mut engine, "genmove b");
        let seen = seen.lock().unwrap();
        let (_, limits, _) = seen.requests[0];
        assert_eq!(
            limits.clock.control(),
            TimeControl::Byoyomi {
                main: 30,
                period: 10,
                periods: 5
            }
        );
        assert_eq!(
            limits.clock.left(Color::Black),
            TimeLeft {
                seconds: 8,
                count: 3
            }
        );
        let arrived = limits.arrived.expect("the command's arrival");
        assert!(arrived >= before && arrived.elapsed() < Duration::from_secs(60));
    }
}
