//! The search tree: nodes with lock-free statistics, shared by every search thread. A node's
//! children are created once, all together, when the node is expanded (`OnceLock`), and never
//! change afterwards but for their statistics. Knows the board's points and moves, not the
//! rules, the playouts or the time.
//!
//! Statistics are plain atomic counters updated with relaxed ordering: a lost or torn update
//! now and then is accepted (as in Fuego's lock-free search), a wrong read only makes one
//! selection slightly worse. A visit is counted on the way down and its win on the way up, so a
//! descent in progress counts as a loss for the threads that meet it: the virtual loss that
//! spreads threads over different lines.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};

use crate::board::Point;
use crate::game::Move;

/// The `point` of a pass node.
const PASS: u16 = u16::MAX;

/// A node's move not yet checked against the repetitions of its line.
const UNCHECKED: u8 = 0;
/// A node's move checked and allowed.
const VALID: u8 = 1;
/// A node's move that may not be played here (it repeats a position); never selected.
const INVALID: u8 = 2;

/// What a node has learnt about its move: real playouts, the prior's virtual ones, and the
/// AMAF playouts (every playout where the move's colour played its point first later on).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Experience {
    /// Real playouts through the node (descents in progress included).
    pub visits: u32,
    /// Real wins for the player who made the move.
    pub wins: u32,
    /// Virtual playouts from the prior.
    pub prior_visits: f32,
    /// Virtual wins from the prior.
    pub prior_wins: f32,
    /// AMAF playouts.
    pub amaf_visits: u32,
    /// AMAF wins.
    pub amaf_wins: u32,
}

/// One move in the tree, with what the search learnt about it. Values are from the point of
/// view of the player who made the move.
#[derive(Debug)]
pub struct Node {
    point: u16,
    state: AtomicU8,
    /// Virtual experience from the priors: visits and wins added at creation.
    prior_visits: f32,
    prior_wins: f32,
    /// Real visits (low 32 bits) and wins (high 32 bits), one word so that a thread reads a
    /// consistent pair and a won AMAF update is one atomic addition.
    stats: AtomicU64,
    /// AMAF visits and wins, packed the same way.
    amaf: AtomicU64,
    children: OnceLock<Box<[Node]>>,
}

impl Node {
    /// A node for `turn` with prior experience `prior_wins` out of `prior_visits`.
    pub fn new(turn: Move, prior_wins: f32, prior_visits: f32) -> Node {
        Node {
            point: match turn {
                Move::Pass => PASS,
                Move::Place(point) => point.0,
            },
            state: AtomicU8::new(UNCHECKED),
            prior_visits,
            prior_wins,
            stats: AtomicU64::new(0),
            amaf: AtomicU64::new(0),
            children: OnceLock::new(),
        }
    }

    /// The move this node stands for.
    #[inline]
    pub fn turn(&self) -> Move {
        if self.point == PASS {
            Move::Pass
        } else {
            Move::Place(Point(self.point))
        }
    }

    /// The board index of the move, or `None` for a pass.
    #[inline]
    pub fn point_index(&self) -> Option<usize> {
        (self.point != PASS).then_some(self.point as usize)
    }

    /// Real playouts through this node (descents in progress included).
    #[inline]
    pub fn visits(&self) -> u32 {
        self.stats.load(Ordering::Relaxed) as u32
    }

    /// Real wins through this node.
    #[inline]
    pub fn wins(&self) -> u32 {
        (self.stats.load(Ordering::Relaxed) >> 32) as u32
    }

    /// The mean of the real playouts, or `None` before any.
    pub fn win_rate(&self) -> Option<f64> {
        let visits = self.visits();
        (visits > 0).then(|| f64::from(self.wins().min(visits)) / f64::from(visits))
    }

    /// The prior's value (0.5 without a prior).
    pub fn prior_value(&self) -> f64 {
        if self.prior_visits > 0.0 {
            f64::from(self.prior_wins / self.prior_visits)
        } else {
            0.5
        }
    }

    /// Everything learnt about the move so far, read at one moment.
    #[inline]
    pub fn experience(&self) -> Experience {
        let stats = self.stats.load(Ordering::Relaxed);
        let amaf = self.amaf.load(Ordering::Relaxed);
        Experience {
            visits: stats as u32,
            wins: (stats >> 32) as u32,
            prior_visits: self.prior_visits,
            prior_wins: self.prior_wins,
            amaf_visits: amaf as u32,
            amaf_wins: (amaf >> 32) as u32,
        }
    }

    /// Counts a descent through this node (its win, if any, comes with `add_win`).
    #[inline]
    pub fn add_visit(&self) {
        self.stats.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a win for the player who made this node's move.
    #[inline]
    pub fn add_win(&self) {
        self.stats.fetch_add(1 << 32, Ordering::Relaxed);
    }

    /// Counts an AMAF playout through this node's move, won or not.
    #[inline]
    pub fn add_amaf(&self, won: bool) {
        self.amaf
            .fetch_add(1 + (u64::from(won) << 32), Ordering::Relaxed);
    }

    /// Adds AMAF visits (low 32 bits) and wins (high 32 bits) gathered elsewhere.
    #[inline]
    pub fn add_amaf_packed(&self, delta: u64) {
        self.amaf.fetch_add(delta, Ordering::Relaxed);
    }

    /// The children, or `None` before expansion.
    #[inline]
    pub fn children(&self) -> Option<&[Node]> {
        self.children.get().map(|children| &children[..])
    }

    /// Expands the node with the children `make` builds, unless another thread did it first;
    /// returns the children either way. `make` runs at most once per node.
    pub fn expand(&self, make: impl FnOnce() -> Box<[Node]>) -> &[Node] {
        self.children.get_or_init(make)
    }

    /// Whether the node may be selected: not marked invalid.
    #[inline]
    pub fn is_selectable(&self) -> bool {
        self.state.load(Ordering::Relaxed) != INVALID
    }

    /// Whether the node's move has been checked against repetitions.
    #[inline]
    pub fn is_checked(&self) -> bool {
        self.state.load(Ordering::Relaxed) != UNCHECKED
    }

    /// Records whether the node's move may be played.
    pub fn set_valid(&self, valid: bool) {
        self.state
            .store(if valid { VALID } else { INVALID }, Ordering::Relaxed);
    }

    /// The most visited selectable child (ties to the better value), or `None`.
    pub fn best_child(&self) -> Option<&Node> {
        self.children()?
            .iter()
            .filter(|child| child.is_selectable())
            .max_by(|first, second| {
                first.visits().cmp(&second.visits()).then(
                    first
                        .win_rate()
                        .unwrap_or(0.0)
                        .total_cmp(&second.win_rate().unwrap_or(0.0)),
                )
            })
    }

    /// Takes the subtree of the child playing `turn` out of this node, or `None` when there is
    /// no such child. Leaves this node without children.
    pub fn take_child(&mut self, turn: Move) -> Option<Node> {
        let mut children = self.children.take()?;
        let child = children.iter_mut().find(|child| child.turn() == turn)?;
        Some(std::mem::replace(child, Node::new(Move::Pass, 0.0, 0.0)))
    }

    /// The number of nodes in this subtree, this node included.
    pub fn count(&self) -> usize {
        let mut total = 0;
        let mut stack = vec![self];
        while let Some(node) = stack.pop() {
            total += 1;
            if let Some(children) = node.children() {
                stack.extend(children.iter());
            }
        }
        total
    }
}

impl Drop for Node {
    /// Frees a subtree without recursion, so that no tree is too deep to drop.
    fn drop(&mut self) {
        let mut stack: Vec<Box<[Node]>> = Vec::new();
        if let Some(children) = self.children.take() {
            stack.push(children);
        }
        while let Some(mut children) = stack.pop() {
            for child in children.iter_mut() {
                if let Some(grandchildren) = child.children.take() {
                    stack.push(grandchildren);
                }
            }
        }
    }
}

/// A tree with a node budget: the root and every node created under it, counted.
#[derive(Debug)]
pub struct Tree {
    root: Node,
    nodes: AtomicUsize,
    capacity: usize,
}

impl Tree {
    /// A tree holding only `root`, allowed to grow to `capacity` nodes.
    pub fn new(root: Node, capacity: usize) -> Tree {
        let nodes = root.count();
        Tree {
            root,
            nodes: AtomicUsize::new(nodes),
            capacity,
        }
    }

    /// The root.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The root, for changes between searches.
    pub fn root_mut(&mut self) -> &mut Node {
        &mut self.root
    }

    /// Nodes in the tree.
    pub fn nodes(&self) -> usize {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The memory the tree's nodes take, in bytes.
    pub fn bytes(&self) -> usize {
        self.nodes() * NODE_BYTES
    }

    /// The node budget.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Reserves room for `count` new nodes; `false` (and nothing reserved) when the budget
    /// does not allow them. `always` reserves even beyond the budget (the root's children,
    /// without which there is no answer).
    pub fn reserve(&self, count: usize, always: bool) -> bool {
        let before = self.nodes.fetch_add(count, Ordering::Relaxed);
        if always || before + count <= self.capacity {
            true
        } else {
            self.nodes.fetch_sub(count, Ordering::Relaxed);
            false
        }
    }

    /// Whether the tree is full: no node of a typical size can be added.
    pub fn is_full(&self) -> bool {
        self.nodes() >= self.capacity
    }

    /// Makes the child playing `turn` the new root, dropping the rest; `false` (and the tree
    /// unchanged but for losing its children) when there is no such child.
    pub fn promote(&mut self, turn: Move) -> bool {
        match self.root.take_child(turn) {
            Some(child) => {
                self.root = child;
                self.nodes.store(self.root.count(), Ordering::Relaxed);
                true
            }
            None => {
                self.nodes.store(1, Ordering::Relaxed);
                false
            }
        }
    }
}

/// The memory one node takes, children's slice included (for the `--memory` budget).
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

#[cfg(test)]
mod tests {
    use super::*;

    fn point(index: u16) -> Move {
        Move::Place(Point(index))
    }

    #[test]
    fn promote_keeps_the_played_child_s_subtree_and_counts_it() {
        let root = Node::new(Move::Pass, 0.0, 0.0);
        let mut tree = Tree::new(root, 100);
        assert!(tree.reserve(3, false));
        let children = tree.root().expand(|| {
            vec![
                Node::new(point(30), 7.0, 14.0),
                Node::new(point(31), 7.0, 14.0),
                Node::new(Move::Pass, 0.0, 14.0),
            ]
            .into_boxed_slice()
        });
        children[1].add_visit();
        children[1].expand(|| vec![Node::new(point(32), 1.0, 2.0)].into_boxed_slice());
        assert_eq!(tree.root().count(), 5);
        assert!(tree.promote(point(31)));
        assert_eq!(tree.root().turn(), point(31));
        assert_eq!(tree.root().visits(), 1);
        assert_eq!(tree.nodes(), 2);
        assert!(!tree.promote(point(40)));
        assert_eq!(tree.nodes(), 1);
    }

    #[test]
    fn the_node_budget_refuses_growth_beyond_capacity_except_when_forced() {
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 10);
        assert!(tree.reserve(9, false));
        assert!(!tree.reserve(1, false));
        assert!(tree.is_full());
        assert!(tree.reserve(5, true));
        assert_eq!(tree.nodes(), 15);
    }

    #[test]
    fn a_node_is_small() {
        const { assert!(NODE_BYTES <= 64) };
    }

    #[test]
    fn a_very_deep_tree_drops_without_overflowing_the_stack() {
        let root = Node::new(Move::Pass, 0.0, 0.0);
        let mut node = &root;
        for _ in 0..200_000 {
            node = &node.expand(|| vec![Node::new(Move::Pass, 0.0, 0.0)].into_boxed_slice())[0];
        }
        drop(root);
    }
}
