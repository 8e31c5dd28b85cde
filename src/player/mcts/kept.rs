//! Keeping the tree between moves: the tree of the last search, with the game it stands for,
//! moved on as moves are played when they are children in it, and dropped when the game
//! changes otherwise.

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

    /// Forgets the kept tree.
    pub(super) fn forget(&mut self) {
        self.kept = None;
    }

    /// Whether a tree is kept.
    pub(super) fn is_empty(&self) -> bool {
        self.kept.is_none()
    }

    /// Moves the kept tree on to `game`'s position, so that what the moves since made
    /// unreachable is freed; forgets it when it does not apply.
    pub(super) fn follow(&mut self, game: &Game) {
        if let Some(tree) = self.take(game, None) {
            if let Some(kept) = self.kept.as_mut() {
                kept.tree = tree;
            }
        }
    }

    /// The kept tree moved on to `game`'s position with `color` to play, if it can be: same
    /// game, the moves since are children in the tree. Forgotten when it does not follow the
    /// game; kept, and `None` returned, when it does but `color` is not to play. What the
    /// caller takes out it must `keep` again to keep.
    pub(super) fn take(&mut self, game: &Game, color: Option<Color>) -> Option<Tree> {
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
