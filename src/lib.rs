//! Kosumi: a Go engine that speaks the Go Text Protocol (GTP v2).
//!
//! Reading guide. Data flows one way: a line of text comes in, is cleaned and parsed into a
//! typed command (`gtp::parse`, `gtp::command` with its argument parsers in `gtp::arguments`),
//! the engine applies it to the game (`gtp::engine`, its handlers by family in
//! `gtp::engine::{play, inspect, rules, setup, scoring, analyze}`), and the reply is framed and
//! written out (`gtp::response`). The words they share are in `gtp::vocabulary`.
//!
//! - Bottom up: `board` (stones, chains, liberties, captures, hash: mechanics, no policy), then
//!   `rules` (plain data, and `rules::NAMES`, the one table of ruleset names), `game`
//!   (legality, history, undo), `score` (counting and the one result formatter; beside it
//!   `score::{benson, judgement, ownership}`: unconditional life, the end-of-game judgement of
//!   dead stones and seki, the ownership estimate).
//! - Setting a game up: `handicap` (where handicap stones go), `clock` (time control as data)
//!   and `sgf` (reading and writing game records).
//! - The players: `player` (the contract: a `Request` with the game, the colour, the limits
//!   and a stop signal, answered by a `Decision` with the search's statistics, and `Change`
//!   notices; `RandomPlayer` is the default, `MctsPlayer` the search), `search` (the
//!   Monte-Carlo tree search: UCT+RAVE over one lock-free tree shared by its threads, priors,
//!   time budget; no GTP text) and `playout` (light and heavy playouts on a bare board;
//!   `playout::policy` holds the eye test and the playout move filter, `playout::patterns`
//!   the 3×3 patterns). Beside them `knowledge`, the learned move model the priors read: a
//!   candidate move's tactical facts and features, the trained gammas built in from
//!   `data/move-model.bin`, and the trainer behind `kosumi train`. For measuring the
//!   playouts, `judged` reads positions a stronger engine has judged and
//!   `playout::accuracy` sets the playouts' results beside its win rates (`kosumi
//!   playout-accuracy`).
//! - `tactics`: the one tactical reader both playouts and priors use (atari, ladders,
//!   two-liberty fights, eye spaces, self-atari and nakade judged by the enclosed space).
//! - Top down: `gtp::serve` is the protocol loop that `main` wires to stdin and stdout.
//!   Replies that stream while the search runs (`lz-analyze`, `kata-analyze`, live GoGui
//!   graphics, pondering) are `gtp::engine::live`'s, with their text in `gtp::analysis`.
//!
//! Invariants: dependencies point one way (`gtp → player → search → playout → tactics`,
//! `{player, score} → game → {rules, board}`); the board never sees GTP text and the parser
//! never sees the board; stdout carries GTP replies only (logs go to stderr); nothing that
//! input can trigger panics, and a failed command leaves the game exactly as it was.

pub mod board;
pub mod clock;
pub mod game;
pub mod gtp;
pub mod handicap;
pub mod judged;
pub mod knowledge;
pub mod player;
pub mod playout;
pub mod rules;
pub mod score;
pub mod search;
pub mod sgf;
pub mod tactics;
