//! The engine's handlers for the end of the game: `final_score`, `final_status_list`,
//! `kgs-genmove_cleanup` and `kosumi-score_breakdown`. The count and the judgement of dead
//! stones are the score module's; these handlers only ask and format.

use super::{Engine, Live};
use crate::board::{Color, Point};
use crate::gtp::interrupt::Interrupt;
use crate::gtp::response;
use crate::gtp::vocabulary::{Failure, Reply};
use crate::player::Purpose;
use crate::score::{self, Status};

impl Engine {
    /// `final_score`: `B+x`, `W+x` or `0` after the judgement's dead stones are removed.
    /// Fails: `cannot score` when the count is not a number.
    pub(super) fn final_score(&self) -> Reply {
        let score = score::final_count(&self.game);
        if score.margin.is_finite() {
            Ok(response::result_text(&score))
        } else {
            Err(Failure::CannotScore)
        }
    }

    /// `final_status_list STATUS`: the chains judged so, one per line.
    pub(super) fn final_status_list(&self, status: Status) -> Reply {
        let judgement = score::judge(&self.game);
        let board = self.game.board();
        let chains: Vec<Vec<Point>> = score::chains(board)
            .into_iter()
            .filter(|stones| judgement.status(stones[0]) == status)
            .collect();
        Ok(response::chain_lines_text(board, &chains))
    }

    /// `kgs-genmove_cleanup COLOR`: like `genmove`, but taking the opposing dead stones off
    /// before passing.
    pub(super) fn generate_cleanup_move(
        &mut self,
        color: Color,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> Reply {
        let judgement = score::judge(&self.game);
        let board = self.game.board();
        let targets: Vec<Point> = judgement
            .dead
            .iter()
            .copied()
            .filter(|&point| board.get(point) == Some(color.opponent()))
            .collect();
        Ok(self.generate(
            color,
            Purpose::Cleanup { targets: &targets },
            interrupt,
            live,
            None,
        ))
    }

    /// `kosumi-score_breakdown`: the count of `final_score`, item by item.
    pub(super) fn score_breakdown(&self) -> Reply {
        let score = score::final_count(&self.game);
        Ok(response::breakdown_text(
            &score,
            &self.game.rules(),
            self.game.handicap(),
        ))
    }
}
