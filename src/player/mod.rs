//! Move generators behind one trait. A player reads the game and never changes it; the GTP
//! engine plays the move it returns. `random` is the default player, `mcts` the Monte-Carlo
//! tree search. Players never print: what a GUI sees is formatted by `gtp/` from the
//! `Decision` and from the `Statistics` a search reports while it runs.
//!
//! The contract, in one place:
//! - the engine asks with a `Request`: the game, the colour, what the move is for (`Purpose`:
//!   play it, only name it, or clean up dead stones), the `Limits` (playouts, time for this
//!   move), a stop signal the protocol loop raises, and an optional `Progress` observer;
//! - the player answers a `Decision`: a move, a pass or a resignation, with the `Statistics`
//!   behind it when it searched;
//! - the engine tells the player of every change to the game (`Change`), so that a player that
//!   keeps a search tree between moves can follow the game.

pub mod cleanup;
mod mcts;
mod passing;
mod random;
pub mod territory;

pub use mcts::{
    DEFAULT_MEMORY_MB, DEFAULT_PLAYOUTS, DEFAULT_RESIGN, MctsPlayer, MctsSettings, SearchBench,
    SharedSettings, bench_search,
};
pub use passing::judges_moves;
pub use random::RandomPlayer;

use std::time::{Duration, Instant};

use crate::board::{Color, Point};
use crate::clock::Clock;
use crate::game::{Game, Move};
pub use crate::search::{Candidate, Progress, Statistics};

/// What a decision is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose<'a> {
    /// `genmove`: the move will be played; the player may advance its own state (its random
    /// generator, its tree).
    Play,
    /// `reg_genmove`: the move is only named. The answer is a pure function of the position
    /// and the player's settings (the same game always gets the same answer), and the
    /// player's state does not change.
    Suggest,
    /// `kgs-genmove_cleanup`: the move will be played in the cleanup phase after two passes.
    /// `targets` are opposing stones judged dead: while the player can still play a legal
    /// move on a liberty of one of them it must not pass; it should capture them.
    Cleanup {
        /// Opposing stones judged dead.
        targets: &'a [Point],
    },
    /// Analysis (`lz-analyze`, `kata-analyze`, pondering): nothing will be played. A player
    /// that searches searches until `stop`, whatever the limits,
    /// reports through `progress`, keeps what it found for the moves to come, never resigns
    /// and never passes without searching; a player that does not search answers at once.
    Analyze {
        /// Moves the search must not consider at the root (`avoid`, `allow`).
        excluded: &'a [Move],
    },
}

/// How much a player may think about one move. `None` means no limit of that kind; a player
/// that searches plans its time from the game clock, and falls back to its own default when
/// nothing limits the move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// At most this many playouts (simulations) for this move.
    pub playouts: Option<u64>,
    /// At most this much wall time for this move (`--time`), whatever the clock allows.
    pub time: Option<Duration>,
    /// The game clock: the time system and what each side has left (unlimited by default).
    pub clock: Clock,
    /// When the command arrived: the move's time counts from there (from the request when
    /// `None`), so that what happened before the search started is on the clock too.
    pub arrived: Option<Instant>,
}

/// A request for a decision.
pub struct Request<'a> {
    /// The game as it stands.
    pub game: &'a Game,
    /// The colour to decide for (GTP may ask for either colour at any time).
    pub color: Color,
    /// What the decision is for.
    pub purpose: Purpose<'a>,
    /// How long the player may think.
    pub limits: Limits,
    /// Raised by the protocol loop (`# interrupt`, end of input): a search stops as soon as
    /// it can and answers from what it has found. Polled often, from any search thread.
    pub stop: &'a (dyn Fn() -> bool + Sync),
    /// Who wants to hear how the search goes, if anybody.
    pub progress: Option<Progress<'a>>,
    /// Whether the statistics (reports and decision) should carry the ownership of every
    /// point as the search's playouts end (`Statistics::ownership`); it costs some speed.
    pub ownership: bool,
}

/// What a player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Plays the move (a pass included). It must be legal under the game's rules.
    Play(Move),
    /// Gives the game up. Nothing is played.
    Resign,
}

/// A player's answer, with the statistics behind it when it searched.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The move, pass or resignation.
    pub action: Action,
    /// The search behind it; `None` for a player that does not search.
    pub statistics: Option<Statistics>,
}

impl Decision {
    /// A decision without statistics.
    pub fn plain(action: Action) -> Decision {
        Decision {
            action,
            statistics: None,
        }
    }
}

/// A change to the game, as the engine tells a player about it after the command that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// One move was added (`play`, or a generated move the engine played).
    Played(Color, Move),
    /// The last move was taken back (`undo`).
    Undone,
    /// Anything else: a new or resized board, setup or handicap stones, a loaded record, other
    /// rules or komi. What the player kept about the old game no longer applies.
    Replaced,
}

/// Something that decides moves.
pub trait Player {
    /// Decides what `request.color` does in `request.game`. A move must be legal under the
    /// game's rules (a pass always is).
    fn decide(&mut self, request: Request<'_>) -> Decision;

    /// Takes note of a change to the game; `game` is the game after it. The default ignores
    /// it: a player without memory of earlier positions has nothing to update.
    fn notice(&mut self, change: Change, game: &Game) {
        let _ = (change, game);
    }
}
