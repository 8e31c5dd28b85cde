//! Choosing the move from a search's numbers: the most visited candidate, unless it is a pass
//! that does not win the count, or resignation when the best win rate is hopeless after
//! enough playouts.

use super::MctsSettings;
use crate::board::Color;
use crate::game::{Game, Move};
use crate::player::{Action, Statistics};
use crate::score;

/// What the choice of the move must respect besides the search's numbers.
pub(super) struct Choice<'a> {
    pub game: &'a Game,
    pub color: Color,
    /// Passing is allowed (not in the cleanup phase while dead stones stand).
    pub pass_allowed: bool,
    /// Resigning is allowed (not in the cleanup phase, nor under dynamic komi).
    pub may_resign: bool,
}

impl Choice<'_> {
    /// The action the search's statistics call for (`fallback` when it ran no playout): the
    /// most visited move, unless it is a pass that does not win the count (then the next most
    /// visited move), or resignation when the best win rate is hopeless after enough
    /// playouts.
    pub(super) fn choose(
        &self,
        statistics: &Statistics,
        fallback: Move,
        settings: &MctsSettings,
    ) -> Action {
        let mut candidates = statistics.candidates.iter();
        let Some(best) = candidates.next() else {
            // No playout ran (a budget of 0): the best prior.
            return Action::Play(fallback);
        };
        if self.may_resign
            && settings.resign_below > 0.0
            && statistics.visits >= settings.resign_after
            && best.win_rate < settings.resign_below
        {
            return Action::Resign;
        }
        if best.turn == Move::Pass {
            let other = candidates.find(|candidate| candidate.turn != Move::Pass);
            match other {
                Some(other) if !self.pass_allowed || !passing_wins(self.game, self.color) => {
                    return Action::Play(other.turn);
                }
                _ => {}
            }
        }
        Action::Play(best.turn)
    }
}

/// Whether `color` wins the count (the end-of-game judgement's, as `final_score` gives it) if
/// it passes now and the game ends there.
pub fn passing_wins(game: &Game, color: Color) -> bool {
    let mut ended = game.clone();
    if ended.play(color, Move::Pass).is_err() {
        return false;
    }
    let margin = score::final_count(&ended).margin;
    match color {
        Color::Black => margin > 0.0,
        Color::White => margin < 0.0,
    }
}
