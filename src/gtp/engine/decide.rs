//! The engine's side of the player contract: asking the player for a decision (`genmove`,
//! `reg_genmove`, `kgs-genmove_cleanup`) with the limits of the command line and the game
//! clock and a stop signal from the protocol loop, and telling the player of every change a
//! command made to the game. No Go knowledge: what to play is the player's.

use std::time::Instant;

use super::Engine;
use crate::board::{Color, Point};
use crate::game::{Game, Move};
use crate::gtp::interrupt::Interrupt;
use crate::player::{Action, Change, Limits, Purpose, Request};
use crate::rules::Rules;
use crate::search;

/// What a command may change about the game, noted before it runs.
pub(super) struct GameMark {
    size: usize,
    rules: Rules,
    komi: u64,
    setup: Vec<(Color, Point)>,
    first_to_move: Color,
    moves: Vec<(Color, Move)>,
}

impl GameMark {
    pub(super) fn of(game: &Game) -> GameMark {
        GameMark {
            size: game.size(),
            rules: game.rules(),
            komi: game.komi().to_bits(),
            setup: game.setup().to_vec(),
            first_to_move: game.first_to_move(),
            moves: game.moves().to_vec(),
        }
    }

    /// The change from the marked game to `game`, or `None` when there is none.
    pub(super) fn change_to(&self, game: &Game) -> Option<Change> {
        let same_start = self.size == game.size()
            && self.rules == game.rules()
            && self.komi == game.komi().to_bits()
            && self.setup == game.setup()
            && self.first_to_move == game.first_to_move();
        let moves = game.moves();
        if !same_start {
            return Some(Change::Replaced);
        }
        if moves == self.moves.as_slice() {
            None
        } else if moves.len() == self.moves.len() + 1 && moves[..self.moves.len()] == self.moves {
            let (color, turn) = moves[self.moves.len()];
            Some(Change::Played(color, turn))
        } else if moves.len() + 1 == self.moves.len() && self.moves[..moves.len()] == *moves {
            Some(Change::Undone)
        } else {
            Some(Change::Replaced)
        }
    }
}

impl Engine {
    /// Asks the player what `color` does and answers its text: the move (played into the game
    /// unless `purpose` is `Suggest`) or `resign` (nothing played).
    ///
    /// The limits are the command line's, with the time shortened to what the game clock allows
    /// for this move. The search stops early on `# interrupt`, and at the end of input when it
    /// is limited by time (a search limited by playouts alone is bounded, and stays
    /// reproducible when a file of commands is piped in).
    pub(super) fn generate(
        &mut self,
        color: Color,
        purpose: Purpose<'_>,
        interrupt: &Interrupt,
    ) -> String {
        let clock_time = search::time::move_time(&self.clock, self.game.board(), color);
        let limits = Limits {
            playouts: self.limits.playouts,
            time: match (self.limits.time, clock_time) {
                (Some(flag), Some(clock)) => Some(flag.min(clock)),
                (flag, clock) => flag.or(clock),
            },
        };
        let timed = limits.time.is_some();
        let stop = move || interrupt.is_requested() || (timed && interrupt.input_ended());
        let started = Instant::now();
        let decision = self.player.decide(Request {
            game: &self.game,
            color,
            purpose,
            limits,
            stop: &stop,
            progress: None,
        });
        log::debug!(
            "{color:?} decided {:?} in {:.3} s",
            decision.action,
            started.elapsed().as_secs_f64()
        );
        match (decision.action, purpose) {
            (Action::Resign, _) => "resign".to_string(),
            (Action::Play(turn), Purpose::Suggest) => self.move_text(turn),
            (Action::Play(turn), _) => self.play_generated(color, turn),
        }
    }
}
