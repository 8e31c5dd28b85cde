//! The engine's handlers for the game itself: `boardsize`, `clear_board`, `komi`, `play`,
//! `genmove`, `reg_genmove` and `undo`. Legality is the game's and the choice of move the
//! player's; a failure leaves the game as it was.

use super::{Engine, Live, Silent};
use crate::board::{Color, MAX_SIZE, MIN_SIZE};
use crate::game::Move;
use crate::gtp::interrupt::Interrupt;
use crate::gtp::response;
use crate::gtp::vocabulary::{Failure, Reply, Vertex};
use crate::player::Purpose;

impl Engine {
    /// `boardsize N`: an empty N×N board, komi and rules kept, the clock restarted. Fails:
    /// `unacceptable size` outside 2–25.
    pub(super) fn board_size(&mut self, size: u32) -> Reply {
        if self
            .game
            .resize(usize::try_from(size).unwrap_or(usize::MAX))
        {
            self.start_clock_for_new_game();
            Ok(String::new())
        } else {
            log::warn!("boardsize {size} refused: sizes are {MIN_SIZE} to {MAX_SIZE}");
            Err(Failure::UnacceptableSize)
        }
    }

    /// `clear_board`: an empty board, no captures, no history; the clock restarted.
    pub(super) fn clear_board(&mut self) -> Reply {
        self.game.clear();
        self.start_clock_for_new_game();
        Ok(String::new())
    }

    /// `komi K`: any finite number.
    pub(super) fn komi(&mut self, komi: f64) -> Reply {
        self.game.set_komi(komi);
        Ok(String::new())
    }

    /// `play COLOR VERTEX`: the move, if the rules allow it. Fails: syntax error for a vertex
    /// off the board, `illegal move`.
    pub(super) fn play(&mut self, color: Color, vertex: Vertex) -> Reply {
        let turn = self.turn(vertex)?;
        self.game.play(color, turn).map_err(|reason| {
            log::warn!(
                "play {} {vertex} refused: {reason}",
                response::color_text(color)
            );
            Failure::IllegalMove
        })?;
        Ok(String::new())
    }

    /// `genmove COLOR`: the player's move, played; its vertex or `pass`.
    pub(super) fn generate_move(
        &mut self,
        color: Color,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> Reply {
        Ok(self.generate(color, Purpose::Play, interrupt, live, None))
    }

    /// `reg_genmove COLOR`: the move `genmove` would choose, not played.
    pub(super) fn suggest_move(&mut self, color: Color, interrupt: &Interrupt) -> Reply {
        Ok(self.generate(color, Purpose::Suggest, interrupt, &mut Silent, None))
    }

    /// `undo`: takes back the last move. Fails: `cannot undo` with no move left.
    pub(super) fn undo(&mut self) -> Reply {
        if self.game.undo() {
            Ok(String::new())
        } else {
            log::warn!("undo refused: no move to take back (handicap stones stay)");
            Err(Failure::CannotUndo)
        }
    }

    /// Plays a move the player generated and returns its text. A player that proposes an
    /// illegal move is a bug; passing instead keeps the game going and the reply honest.
    pub(super) fn play_generated(&mut self, color: Color, turn: Move) -> String {
        if let Err(reason) = self.game.play(color, turn) {
            log::error!("the player chose an illegal move ({reason}); passing instead");
            self.game
                .play(color, Move::Pass)
                .expect("a pass is always legal");
            return "pass".to_string();
        }
        self.move_text(turn)
    }
}
