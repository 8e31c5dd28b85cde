//! The end-of-game judgement: which chains are alive, dead or in seki, for `final_score`,
//! `final_status_list`, cleanup and the breakdown. Knows no GTP text and no ruleset beyond
//! "every stone alive"; counting is `score`'s, the playouts are `playout`'s.
//!
//! The judgement (`judge`) works in two steps:
//!
//! 1. Benson's algorithm finds the chains that are alive unconditionally: no sequence of
//!    opposing moves can capture them, even if their owner always passes. They are never dead,
//!    and neither are chains that no opposing stone can be reached from (`unopposed`: a lone
//!    stone on an empty board).
//! 2. Every other chain is judged by Monte-Carlo ownership. `JUDGEMENT_PLAYOUTS` playouts run
//!    from copies of the final board (half with the side to move first, half with the other),
//!    under the seki-keeping policy of `playout` (light, but no chain of two stones or more
//!    puts itself into atari next to two opposing chains). A chain is in **seki** when in
//!    more than half of the playouts (`SEKI_SHARE`) it survives next to an empty point that
//!    both colours touch at the end: a shared liberty that nobody could fill. Otherwise it is
//!    **dead** when the opponent owns its points at the end of more than `DEAD_SHARE` (48 %)
//!    of the playouts, and alive when not.
//!
//! The playouts are seeded from the position (board hash and side to move) and never from
//! `--seed`, so the same position always gets the same judgement.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::benson::{unconditionally_alive, unopposed};
use crate::board::{Board, CELLS, Color, Point};
use crate::game::Game;
use crate::playout::{self, Policy};

/// How the end-of-game judgement sees a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The chain stays on the board and counts for its owner.
    Alive,
    /// The chain is removed at the end and counted as the opponent's prisoners.
    Dead,
    /// The chain lives by liberties it shares with opposing chains: it stays, and the shared
    /// liberties (under rules without seki territory, every region it touches) are nobody's.
    Seki,
}

/// The judgement of the chains on a board: the stones of the dead chains and of the chains in
/// seki, each in board order. Every other stone is alive.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Judgement {
    /// Every stone of every chain judged dead.
    pub dead: Vec<Point>,
    /// Every stone of every chain judged to be in seki.
    pub seki: Vec<Point>,
}

impl Judgement {
    /// The status of the chain through the stone on `point` (`Alive` for an empty point).
    pub fn status(&self, point: Point) -> Status {
        if self.dead.contains(&point) {
            Status::Dead
        } else if self.seki.contains(&point) {
            Status::Seki
        } else {
            Status::Alive
        }
    }
}

/// The number of playouts behind a judgement. About 35 ms of CPU time on a full 19×19 end
/// position in a release build (50 ms on a 19×19 opening, 90 ms on a nearly empty 25×25
/// board); the shares it measures are within ±3 % (two standard errors) of their limit.
pub const JUDGEMENT_PLAYOUTS: u32 = 1000;

/// A chain is dead when the opponent owns its points at the end of more than this share of the
/// playouts.
///
/// Why a little under half: random playouts give the owner of a dead chain as many moves as
/// the side that should capture it, so a dead chain in an open, unsettled area comes out near
/// one half, while a living chain at the end of a game keeps its points almost always. Over
/// 214 distinct GNU Go self-play games (9×9 and 13×13, `--level 1`, seeds 1–50, 101–130 and
/// 201–232) every chain GNU Go called alive measured at most 0.472 and most chains it called
/// dead more than 0.5, with a tail down to 0.40 in unsettled positions; the same score came
/// out in 211 games at 0.48, 209 at 0.45 and 207 at 0.5. The shares between 0.45 and 0.5 are
/// a toss-up either way.
pub const DEAD_SHARE: f64 = 0.48;

/// A chain is in seki when more than this share of the playouts end with it standing next to
/// a shared liberty.
pub const SEKI_SHARE: f64 = 0.5;

/// Mixed into the position's hash to seed the judgement's playouts.
const JUDGEMENT_SEED: u64 = 0x6B6F_7375_6D69_6A75;
/// Mixed into the seed when White is to move.
const WHITE_TO_MOVE_SEED: u64 = 0x2545_F491_4F6C_DD1D;

/// A generator seeded from the position alone (`salt`, the board's hash and the side to
/// move), so that the same position always gives the same playouts.
pub(super) fn position_random(salt: u64, board: &Board, to_move: Color) -> Xoshiro256PlusPlus {
    let side = match to_move {
        Color::Black => 0,
        Color::White => WHITE_TO_MOVE_SEED,
    };
    Xoshiro256PlusPlus::seed_from_u64(salt ^ board.hash() ^ side)
}

/// Judges the chains of `game`'s final position: dead, in seki, or alive (see the module
/// text). Under rules where every stone is alive (`tromp-taylor`) nothing is dead and nothing is
/// in seki. A deterministic function of the position and the side to move.
pub fn judge(game: &Game) -> Judgement {
    if game.rules().every_stone_alive {
        return Judgement::default();
    }
    judge_board(game.board(), game.to_move())
}

/// Judges the chains of `board` with `to_move` to play, whatever the rules, from
/// `JUDGEMENT_PLAYOUTS` playouts.
pub fn judge_board(board: &Board, to_move: Color) -> Judgement {
    judge_board_from(board, to_move, JUDGEMENT_PLAYOUTS)
}

/// Judges the chains of `board` with `to_move` to play, whatever the rules, from `playouts`
/// playouts (at least one). The engine always uses `JUDGEMENT_PLAYOUTS`; fewer make a rougher
/// judgement by the same steps, which the `judgement` fuzz target uses to run thousands of
/// positions a second.
pub fn judge_board_from(board: &Board, to_move: Color, playouts: u32) -> Judgement {
    let playouts = playouts.max(1);
    let chains = chains(board);
    let open = open_chains(board, &chains);
    if open.is_empty() {
        return Judgement::default();
    }
    let tally = Tally::from_playouts(board, to_move, playouts, &open);
    tally.verdict(board, &open, playouts)
}

/// The chains of `chains` that neither colour's proof settles: every chain but those
/// unconditionally alive (Benson) and those no opposing stone can reach.
fn open_chains<'a>(board: &Board, chains: &'a [Vec<Point>]) -> Vec<&'a Vec<Point>> {
    let mut proven = vec![false; CELLS];
    for color in Color::BOTH {
        for stone in unconditionally_alive(board, color) {
            proven[stone.index()] = true;
        }
        for stone in unopposed(board, color) {
            proven[stone.index()] = true;
        }
    }
    chains
        .iter()
        .filter(|stones| !proven[stones[0].index()])
        .collect()
}

/// What the playouts said of each open chain, slot by slot in the order of the open chains.
struct Tally {
    /// How many of the chain's stones, summed over the playouts, the opponent owned at the end.
    owned_by_opponent: Vec<u32>,
    /// In how many playouts the chain stood at the end sharing a liberty with the other colour.
    in_seki: Vec<u32>,
}

impl Tally {
    /// Plays `playouts` seki-keeping playouts from `board`, the side to move first in every
    /// other one, and counts each open chain's fate at their ends.
    fn from_playouts(board: &Board, to_move: Color, playouts: u32, open: &[&Vec<Point>]) -> Tally {
        let mut random = position_random(JUDGEMENT_SEED, board, to_move);
        let mut tally = Tally {
            owned_by_opponent: vec![0; open.len()],
            in_seki: vec![0; open.len()],
        };
        let colors: Vec<Color> = open
            .iter()
            .map(|stones| board.get(stones[0]).expect("a chain has stones"))
            .collect();
        let mut sharing: Vec<Point> = Vec::new();
        for index in 0..playouts {
            let mut end = board.clone();
            let first = if index % 2 == 0 {
                to_move
            } else {
                to_move.opponent()
            };
            playout::playout_under(Policy::SekiKeeping, &mut end, first, &mut random);
            sharing_chains(&end, &mut sharing);
            for (slot, (stones, &color)) in open.iter().zip(&colors).enumerate() {
                for &stone in stones.iter() {
                    if playout::owner(&end, stone) == Some(color.opponent()) {
                        tally.owned_by_opponent[slot] += 1;
                    }
                }
                let anchor = stones[0];
                if end.get(anchor) == Some(color) && sharing.contains(&end.chain_head(anchor)) {
                    tally.in_seki[slot] += 1;
                }
            }
        }
        tally
    }

    /// The judgement the tally gives over `playouts` playouts: a chain in seki in more than
    /// `SEKI_SHARE` of them is in seki, else one whose stones the opponent owned more than
    /// `DEAD_SHARE` of the time is dead.
    fn verdict(&self, board: &Board, open: &[&Vec<Point>], playouts: u32) -> Judgement {
        let mut judgement = Judgement::default();
        let playouts = f64::from(playouts);
        for (slot, stones) in open.iter().enumerate() {
            let seki_share = self.in_seki[slot] as f64 / playouts;
            let dead_share = self.owned_by_opponent[slot] as f64 / (playouts * stones.len() as f64);
            log::debug!(
                "chain at {:?} ({} stones): owned by the opponent {:.3}, in seki {:.3}",
                board.coordinates(stones[0]),
                stones.len(),
                dead_share,
                seki_share
            );
            if seki_share > SEKI_SHARE {
                judgement.seki.extend(stones.iter());
            } else if dead_share > DEAD_SHARE {
                judgement.dead.extend(stones.iter());
            }
        }
        judgement.dead.sort();
        judgement.seki.sort();
        judgement
    }
}

/// Fills `sharing` with the chain heads next to an empty point that neither colour owns at
/// the end of a playout: the chains that share a liberty.
fn sharing_chains(end: &Board, sharing: &mut Vec<Point>) {
    sharing.clear();
    for empty in end.empty_points() {
        if playout::owner(end, empty).is_none() {
            for neighbour in end.neighbours(empty) {
                if end.get(neighbour).is_some() {
                    sharing.push(end.chain_head(neighbour));
                }
            }
        }
    }
}

/// Every chain on the board, each as its stones, in board order of their first stone (row by
/// row from the lower left).
pub fn chains(board: &Board) -> Vec<Vec<Point>> {
    let mut seen = vec![false; CELLS];
    let mut chains = Vec::new();
    for point in board.points() {
        if board.get(point).is_some() && !seen[point.index()] {
            let mut stones = board.chain(point);
            stones.sort();
            for stone in &stones {
                seen[stone.index()] = true;
            }
            chains.push(stones);
        }
    }
    chains
}
