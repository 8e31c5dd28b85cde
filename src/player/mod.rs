//! Move generators behind one trait. A player reads the game and never changes it; the GTP
//! engine plays the move it returns. `random` is the default player.

mod random;

pub use random::RandomPlayer;

use crate::board::{Color, Point};
use crate::clock::Clock;
use crate::game::{Game, Move};

/// Something that chooses moves.
pub trait Player {
    /// Chooses a move for `color` in `game`. The move must be legal under the game's rules
    /// (a pass always is). May advance the player's own random state.
    fn generate(&mut self, game: &Game, color: Color) -> Move;

    /// Chooses a move as `generate` would, but as a pure function of the position: the same
    /// game always gets the same answer, and the player's state does not advance
    /// (`reg_genmove`).
    fn suggest(&self, game: &Game, color: Color) -> Move;

    /// Takes note of the time control and the time each side has left; called whenever they
    /// change (GTP `time_settings`, `kgs-time_settings`, `time_left`, and a new game). A
    /// player that thinks should keep each move within `Clock::move_budget`. The default
    /// ignores the clock: the random player answers at once.
    fn set_clock(&mut self, clock: &Clock) {
        let _ = clock;
    }

    /// Chooses a move for `color` in the cleanup phase after two passes
    /// (`kgs-genmove_cleanup`): as `generate`, but `targets` are opposing stones judged dead,
    /// and while the player can still play a legal move on a liberty of one of them it must not
    /// pass; it should capture them, or at least take their liberties.
    fn generate_cleanup(&mut self, game: &Game, color: Color, targets: &[Point]) -> Move;
}
