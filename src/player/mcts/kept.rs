//! Keeping the tree between moves: the tree of the last search, with the game it stands for,
//! moved on as moves are played when they are children in it, and dropped when the game
//! changes otherwise. Nothing here costs the clock: what a move makes unreachable is freed on
//! a background thread, a tree more than half full is pruned on one between the moves, and a
//! tree forgotten is dropped on one.

use std::thread::JoinHandle;

use crate::board::{Color, Point};
use crate::game::{Game, Move};
use crate::rules::Rules;
use crate::search::{Node, Tree};

/// What must stay the same for a kept tree to apply to a later position.
#[derive(Clone, Debug, PartialEq)]
struct GameKey {
    size: usize,
    rules: Rules,
    komi: u64,
    setup: Vec<(Color, Point)>,
    first_to_move: Color,
}

impl GameKey {
    fn of(game: &Game) -> GameKey {
        GameKey {
            size: game.size(),
            rules: game.rules(),
            komi: game.komi().to_bits(),
            setup: game.setup().to_vec(),
            first_to_move: game.first_to_move(),
        }
    }
}

/// A tree kept between moves, and the game it stands for: its root is the position after
/// `moves`, with `to_move` to play.
struct Kept {
    tree: Tree,
    key: GameKey,
    moves: Vec<(Color, Move)>,
    to_move: Color,
}

/// The tree the player keeps between moves, if any.
#[derive(Default)]
pub(super) struct KeptTree {
    kept: Option<Kept>,
    /// The kept tree while a background thread prunes it.
    pruning: Option<JoinHandle<Kept>>,
}

/// A tree fuller than this share of its capacity is pruned when the game moves on...
const PRUNE_ABOVE: f64 = 0.5;
/// ... to at most this share.
const PRUNE_TO: f64 = 0.25;

/// Frees the children of the nodes with fewest visits until `tree` holds at most `PRUNE_TO` of
/// its capacity: below 16 visits first, then twice as many each round.
pub(super) fn prune(tree: &mut Tree) {
    let target = (tree.capacity() as f64 * PRUNE_TO) as usize;
    let mut visits = 16u32;
    let mut freed = 0;
    while tree.root().count() > target && visits < u32::MAX / 2 {
        freed += tree.prune(visits);
        visits *= 2;
    }
    log::debug!("pruned the kept tree: {freed} nodes freed, below {visits} visits");
}

/// Whether `tree` is full enough to be pruned.
pub(super) fn needs_pruning(tree: &Tree) -> bool {
    tree.nodes() as f64 > tree.capacity() as f64 * PRUNE_ABOVE
}

impl KeptTree {
    /// Keeps `tree`, whose root is `game`'s position with `to_move` to play.
    pub(super) fn keep(&mut self, tree: Tree, game: &Game, to_move: Color) {
        self.kept = Some(Kept {
            tree,
            key: GameKey::of(game),
            moves: game.moves().to_vec(),
            to_move,
        });
    }

    /// Forgets the kept tree (freed on a background thread).
    pub(super) fn forget(&mut self) {
        // A pruning thread left alone frees its tree when it is done.
        self.pruning = None;
        if let Some(kept) = self.kept.take() {
            let spawned = std::thread::Builder::new()
                .name("tree-free".to_string())
                .spawn(move || drop(kept));
            if let Err(error) = spawned {
                log::warn!("freeing a tree on this thread: no background thread ({error})");
            }
        }
    }

    /// The kept tree, once the thread that prunes it (if any) is done.
    pub(super) fn settle(&mut self) {
        if let Some(pruning) = self.pruning.take() {
            match pruning.join() {
                Ok(kept) => self.kept = Some(kept),
                Err(_) => log::warn!("pruning the kept tree failed: starting afresh"),
            }
        }
    }

    /// Whether a tree is kept.
    pub(super) fn is_empty(&self) -> bool {
        self.kept.is_none() && self.pruning.is_none()
    }

    /// Moves the kept tree on to `game`'s position, so that what the moves since made
    /// unreachable is freed, and prunes it on a background thread when it is more than half
    /// full; forgets it when it does not apply.
    pub(super) fn follow(&mut self, game: &Game) {
        let Some(tree) = self.take(game, None) else {
            return;
        };
        let Some(mut kept) = self.kept.take() else {
            return;
        };
        kept.tree = tree;
        if !needs_pruning(&kept.tree) {
            self.kept = Some(kept);
            return;
        }
        let spawned = std::thread::Builder::new()
            .name("tree-prune".to_string())
            .spawn(move || {
                prune(&mut kept.tree);
                kept
            });
        match spawned {
            Ok(handle) => self.pruning = Some(handle),
            Err(error) => log::warn!("no thread to prune the kept tree ({error}): dropped"),
        }
    }

    /// The kept tree moved on to `game`'s position with `color` to play, if it can be: same
    /// game, the moves since are children in the tree. Forgotten when it does not follow the
    /// game; kept, and `None` returned, when it does but `color` is not to play. What the
    /// caller takes out it must `keep` again to keep.
    pub(super) fn take(&mut self, game: &Game, color: Option<Color>) -> Option<Tree> {
        self.settle();
        let mut kept = self.kept.take()?;
        let moves = game.moves();
        if kept.key != GameKey::of(game)
            || moves.len() < kept.moves.len()
            || moves[..kept.moves.len()] != kept.moves[..]
        {
            return None;
        }
        let mut to_move = kept.to_move;
        for &(mover, turn) in &moves[kept.moves.len()..] {
            if mover != to_move || !kept.tree.promote(turn) {
                return None;
            }
            to_move = to_move.opponent();
        }
        kept.moves = moves.to_vec();
        kept.to_move = to_move;
        if color.is_some_and(|color| color != to_move) {
            // A search for the colour not to move (an analysis of the other side): the tree
            // stays for the colour to move.
            self.kept = Some(kept);
            return None;
        }
        let tree = std::mem::replace(
            &mut kept.tree,
            Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1),
        );
        self.kept = Some(kept);
        Some(tree)
    }
}
