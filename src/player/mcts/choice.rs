//! Choosing the move from a search's numbers: the most visited candidate, unless it is a pass
//! that the rules of passing reject (player/passing.rs), or resignation when the best win rate
//! is hopeless after enough playouts.

use super::MctsSettings;
use crate::game::Move;
use crate::player::passing::Passing;
use crate::player::{Action, Statistics};

/// What the choice of the move must respect besides the search's numbers.
pub(super) struct Choice<'a> {
    /// The rules of passing (none for an analysis).
    pub passing: Option<Passing<'a>>,
    /// Passing is allowed (not in the cleanup phase while dead stones stand).
    pub pass_allowed: bool,
    /// Resigning is allowed (not in the cleanup phase, nor under dynamic komi).
    pub may_resign: bool,
}

impl Choice<'_> {
    /// The action the search's statistics call for (`fallback` when it ran no playout): the
    /// most visited move, unless it is a pass that the rules of passing reject (then their
    /// choice, `Passing::instead_of_pass`), or resignation when the best win rate is
    /// hopeless after enough playouts.
    pub(super) fn choose(
        &self,
        statistics: &Statistics,
        fallback: Move,
        settings: &MctsSettings,
    ) -> Action {
        let Some(best) = statistics.candidates.first() else {
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
        if let Some(instead) = self
            .passing
            .as_ref()
            .and_then(|passing| passing.instead_of_pass(statistics, self.pass_allowed))
        {
            return Action::Play(instead);
        }
        Action::Play(best.turn)
    }
}
