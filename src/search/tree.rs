//! The search tree: nodes with lock-free statistics, shared by every search thread. A node's
//! children come in segments: the first when the node is expanded, best prior first, and more
//! as the node's visits grow (progressive widening), each created once (`OnceLock`) after the
//! one before and never changed afterwards but for their statistics. Knows the board's points
//! and moves, not the rules, the playouts or the time.
//!
//! Freeing is off the search's critical path: what a new root leaves behind is freed on a
//! background thread, which takes the nodes it frees off the tree's count.
//!
//! Statistics are plain atomic counters updated with relaxed ordering: a read that mixes two
//! updates now and then is accepted (as in Fuego's lock-free search), it only makes one
//! selection slightly worse. A descent counts `VIRTUAL_LOSS` lost visits and lost AMAF visits
//! on each node it passes on the way down, and on the way up trades them for its one real visit
//! and its win, so that a descent in progress looks like several losses to the threads that
//! meet it (the virtual loss that spreads threads over different lines) and leaves no trace
//! once backed up.

use std::sync::atomic::{AtomicI64, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

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

/// A node's score sum counts final margins in units of 1/`SCORE_SCALE` point: exact for
/// half-point and quarter-point komi, and room in 64 bits for more playouts than any search
/// runs.
pub const SCORE_SCALE: f64 = 256.0;

/// The lost visits (and lost AMAF visits) a descent in progress counts for on each node it
/// passes below the root, until its result is backed up (docs/search.md §6).
pub const VIRTUAL_LOSS: u32 = 3;

/// What a node has learnt about its move: real playouts, the prior's virtual ones, and the
/// AMAF playouts (every playout where the move's colour played its point first later on).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Experience {
    /// Real playouts through the node, and `VIRTUAL_LOSS` for each descent in progress.
    pub visits: u32,
    /// Real wins for the player who made the move.
    pub wins: u32,
    /// Virtual playouts from the prior.
    pub prior_visits: f32,
    /// Virtual wins from the prior.
    pub prior_wins: f32,
    /// AMAF playouts, and `VIRTUAL_LOSS` for each descent in progress.
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
    /// The move model's probability of the move among its siblings (0 when unknown).
    probability: f32,
    /// Virtual experience from the priors: visits and wins added at creation.
    prior_visits: f32,
    prior_wins: f32,
    /// Real visits (low 32 bits) and wins (high 32 bits), one word so that a thread reads a
    /// consistent pair and a won AMAF update is one atomic addition.
    stats: AtomicU64,
    /// AMAF visits and wins, packed the same way.
    amaf: AtomicU64,
    /// The sum of the final margins of the real playouts through the node, for the player who
    /// made the move, in units of 1/`SCORE_SCALE` point.
    score: AtomicI64,
    children: OnceLock<Box<Children>>,
}

impl<'a> IntoIterator for &'a Children {
    type Item = &'a Node;
    type IntoIter = ChildNodes<'a>;

    fn into_iter(self) -> ChildNodes<'a> {
        self.iter()
    }
}

/// Every child of a node, segment after segment (`Children::iter`).
pub struct ChildNodes<'a> {
    /// The rest of the current segment.
    nodes: std::slice::Iter<'a, Node>,
    /// The segment after the current one, if it has been added.
    next: Option<&'a Children>,
}

impl<'a> Iterator for ChildNodes<'a> {
    type Item = &'a Node;

    #[inline]
    fn next(&mut self) -> Option<&'a Node> {
        loop {
            if let Some(node) = self.nodes.next() {
                return Some(node);
            }
            let segment = self.next?;
            self.nodes = segment.nodes.iter();
            self.next = segment.next.get().map(|next| &**next);
        }
    }
}

#[cfg(test)]
impl std::ops::Index<usize> for Children {
    type Output = Node;

    /// The child at `index` in the order of `iter`.
    fn index(&self, index: usize) -> &Node {
        let mut index = index;
        for segment in self.segments() {
            if index < segment.len() {
                return &segment[index];
            }
            index -= segment.len();
        }
        panic!("no child at this index")
    }
}

/// A segment of a node's children, and the segments after it.
#[derive(Debug)]
pub struct Children {
    nodes: Box<[Node]>,
    /// The ranked moves (`Children::ranked`) the segments up to this one hold.
    ranked_end: u16,
    /// All the ranked moves the node has (the segments may never hold them all).
    ranked_total: u16,
    next: OnceLock<Box<Children>>,
    /// The segment the first widening will add, built with this one from the same ranking
    /// (`Children::with_pending`) so that the priors are not computed twice; counted in the
    /// node budget from the start.
    pending: Mutex<Option<Box<Children>>>,
}

impl Children {
    /// A segment of `nodes`, which hold the ranked moves up to `ranked_end` of `ranked_total`.
    /// The nodes move to an allocation of exactly their number: shrinking a longer vector in
    /// place (an expansion's whole ranking, cut to its first moves) would leave the allocator
    /// a hole the size of the moves cut off for every node expanded (docs/search.md §6).
    pub fn new(mut nodes: Vec<Node>, ranked_end: usize, ranked_total: usize) -> Children {
        let mut exact = Vec::with_capacity(nodes.len());
        exact.append(&mut nodes);
        Children {
            nodes: exact.into_boxed_slice(),
            ranked_end: ranked_end.min(u16::MAX as usize) as u16,
            ranked_total: ranked_total.min(u16::MAX as usize) as u16,
            next: OnceLock::new(),
            pending: Mutex::new(None),
        }
    }

    /// These children with `pending`, the segment that their first widening will add
    /// (`Children::take_pending`).
    pub fn with_pending(self, pending: Children) -> Children {
        *self.pending.lock().unwrap_or_else(PoisonError::into_inner) = Some(Box::new(pending));
        self
    }

    /// The pending segment if it starts at ranked move `end`, taken out; `None` otherwise.
    pub fn take_pending(&self, end: usize) -> Option<Children> {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        let starts_at_end = pending
            .as_ref()
            .is_some_and(|segment| usize::from(segment.ranked_end) - segment.len() == end);
        starts_at_end
            .then(|| pending.take())
            .flatten()
            .map(|segment| *segment)
    }

    /// The units of the node budget the pending segment takes (`Children::units`).
    fn pending_units(&self) -> usize {
        let pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        pending.as_ref().map_or(0, |segment| segment.len() + 1)
    }

    /// The segments, this one first.
    pub fn segments(&self) -> impl Iterator<Item = &[Node]> + '_ {
        std::iter::successors(Some(self), |segment| segment.next.get().map(|next| &**next))
            .map(|segment| &segment.nodes[..])
    }

    /// Every child, segment after segment.
    pub fn iter(&self) -> ChildNodes<'_> {
        ChildNodes {
            nodes: self.nodes.iter(),
            next: self.next.get().map(|next| &**next),
        }
    }

    /// The last segment.
    fn last(&self) -> &Children {
        let mut segment = self;
        while let Some(next) = segment.next.get() {
            segment = next;
        }
        segment
    }

    /// The units of the tree's node budget this segment and those after it take: a node
    /// each, and one for each segment's own header (which is smaller than a node).
    pub fn units(&self) -> usize {
        let pending = self.pending_units();
        pending
            + self
                .segments()
                .map(|segment| segment.len() + 1)
                .sum::<usize>()
    }

    /// The number of children.
    pub fn len(&self) -> usize {
        self.segments().map(<[Node]>::len).sum()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.segments().all(<[Node]>::is_empty)
    }

    /// The ranked moves the children hold (`ranked_end`) and all the node has
    /// (`ranked_total`): widening adds `ranked_end..` when the first is below the second.
    pub fn ranked(&self) -> (usize, usize) {
        let last = self.last();
        (usize::from(last.ranked_end), usize::from(last.ranked_total))
    }

    /// Adds the segment `make` builds after the last one, unless another thread added one
    /// there first; `make` gets the last segment's `ranked_end`, where the new one starts.
    pub fn widen(&self, make: impl FnOnce(usize) -> Children) {
        let last = self.last();
        last.next
            .get_or_init(|| Box::new(make(usize::from(last.ranked_end))));
    }
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
            probability: 0.0,
            prior_visits,
            prior_wins,
            stats: AtomicU64::new(0),
            amaf: AtomicU64::new(0),
            score: AtomicI64::new(0),
            children: OnceLock::new(),
        }
    }

    /// The node with the move model's `probability` for its move.
    pub fn with_probability(mut self, probability: f32) -> Node {
        self.probability = probability;
        self
    }

    /// The move model's probability of the move among its siblings (0 when unknown).
    pub fn probability(&self) -> f32 {
        self.probability
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

    /// Real playouts through this node, and `VIRTUAL_LOSS` for each descent in progress.
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

    /// The mean final margin of the real playouts through the node, in points, for the player
    /// who made the move, or `None` before any.
    pub fn mean_margin(&self) -> Option<f64> {
        let visits = self.visits();
        (visits > 0)
            .then(|| self.score.load(Ordering::Relaxed) as f64 / SCORE_SCALE / f64::from(visits))
    }

    /// Adds a playout's final margin for the player who made the move, in units of
    /// 1/`SCORE_SCALE` point (`scaled_margin`).
    #[inline]
    pub fn add_score(&self, scaled: i64) {
        self.score.fetch_add(scaled, Ordering::Relaxed);
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

    /// Counts a descent in progress through this node as `VIRTUAL_LOSS` lost visits and lost
    /// AMAF visits, until `end_descent`.
    #[inline]
    pub fn begin_descent(&self) {
        self.stats
            .fetch_add(u64::from(VIRTUAL_LOSS), Ordering::Relaxed);
        self.amaf
            .fetch_add(u64::from(VIRTUAL_LOSS), Ordering::Relaxed);
    }

    /// Ends a descent `begin_descent` counted: its virtual loss is taken back and its real
    /// result, one visit, `won` or not, is counted in one addition. The visits never go below
    /// the virtual losses they hold, so taking them back borrows nothing from the wins.
    #[inline]
    pub fn end_descent(&self, won: bool) {
        let result = (u64::from(won) << 32).wrapping_sub(u64::from(VIRTUAL_LOSS - 1));
        self.stats.fetch_add(result, Ordering::Relaxed);
        self.amaf
            .fetch_sub(u64::from(VIRTUAL_LOSS), Ordering::Relaxed);
    }

    /// The visits of the node as if the descent in progress on this thread counted one, as
    /// without virtual loss (the count for decisions such as expansion, which one thread must
    /// make as a search without virtual loss would).
    #[inline]
    pub fn visits_during_descent(&self) -> u32 {
        self.visits().saturating_sub(VIRTUAL_LOSS - 1)
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
    pub fn children(&self) -> Option<&Children> {
        self.children.get().map(|children| &**children)
    }

    /// Expands the node with the children `make` builds, unless another thread did it first;
    /// returns the children either way. `make` runs at most once per node.
    pub fn expand(&self, make: impl FnOnce() -> Children) -> &Children {
        self.children.get_or_init(|| Box::new(make()))
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

    /// Takes the subtree of the child playing `turn` out of this node, leaving an empty node
    /// in its place, or `None` when there is no such child.
    pub fn take_child(&mut self, turn: Move) -> Option<Node> {
        let mut segment = self.children.get_mut()?;
        loop {
            if let Some(child) = segment.nodes.iter_mut().find(|child| child.turn() == turn) {
                return Some(std::mem::replace(child, Node::new(Move::Pass, 0.0, 0.0)));
            }
            segment = segment.next.get_mut()?;
        }
    }

    /// The units of the node budget this subtree takes, this node included: a node each and
    /// one per segment of children (`Children::units`).
    pub fn count(&self) -> usize {
        let mut total = 0;
        let mut stack = vec![self];
        while let Some(node) = stack.pop() {
            total += 1;
            if let Some(children) = node.children() {
                total += children.segments().count() + children.pending_units();
                stack.extend(children.iter());
            }
        }
        total
    }

    /// Removes the children of every node below this one visited fewer than `visits` times,
    /// and returns them (for the caller to free where it likes).
    fn cut_below(&mut self, visits: u32) -> Vec<Children> {
        let mut cut = Vec::new();
        let mut stack: Vec<&mut Node> = vec![self];
        while let Some(node) = stack.pop() {
            let Some(children) = node.children.get_mut() else {
                continue;
            };
            let mut segment = Some(&mut **children);
            while let Some(current) = segment {
                for child in current.nodes.iter_mut() {
                    if child.visits() < visits {
                        cut.extend(child.children.take().map(|children| *children));
                    } else {
                        stack.push(child);
                    }
                }
                segment = current.next.get_mut().map(|next| &mut **next);
            }
        }
        cut
    }
}

/// Frees the segments `stack` holds and every node below them without recursion, so that no
/// tree is too deep to free; returns the units of the node budget freed (`Children::units`).
fn free(mut stack: Vec<Children>) -> usize {
    let mut freed = 0;
    while let Some(mut segment) = stack.pop() {
        freed += segment.nodes.len() + 1;
        for child in segment.nodes.iter_mut() {
            stack.extend(child.children.take().map(|children| *children));
        }
        stack.extend(segment.next.take().map(|next| *next));
        let pending = segment
            .pending
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        stack.extend(pending.take().map(|pending| *pending));
    }
    freed
}

impl Drop for Node {
    /// Frees a subtree without recursion, so that no tree is too deep to drop.
    fn drop(&mut self) {
        if let Some(children) = self.children.take() {
            free(vec![*children]);
        }
    }
}

/// Frees `segments` on a background thread, then takes the nodes freed off `nodes`.
fn free_in_background(segments: Vec<Children>, nodes: Arc<AtomicUsize>) {
    if segments.is_empty() {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("tree-free".to_string())
        .spawn(move || {
            let freed = free(segments);
            nodes.fetch_sub(freed, Ordering::Relaxed);
        });
    if let Err(error) = spawned {
        log::warn!("freeing a tree on this thread: no background thread ({error})");
    }
}

/// A tree with a node budget: the root and every node created under it, counted.
#[derive(Debug)]
pub struct Tree {
    root: Node,
    /// Shared with the background threads that free what the tree no longer holds.
    nodes: Arc<AtomicUsize>,
    capacity: usize,
}

impl Tree {
    /// A tree holding only `root`, allowed to grow to `capacity` nodes.
    pub fn new(root: Node, capacity: usize) -> Tree {
        let nodes = root.count();
        Tree {
            root,
            nodes: Arc::new(AtomicUsize::new(nodes)),
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

    /// Units of the node budget the tree takes: its nodes and its segments of children.
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

    /// Makes the child playing `turn` the new root; the rest is freed on a background thread
    /// (the count of nodes falls as it goes). `false`, and the tree left with its root alone,
    /// when there is no such child.
    pub fn promote(&mut self, turn: Move) -> bool {
        let child = self.root.take_child(turn);
        let found = child.is_some();
        let alone = Node::new(self.root.turn(), 0.0, 0.0);
        let mut old = std::mem::replace(&mut self.root, child.unwrap_or(alone));
        // What is freed: every node below the old root but the child's subtree, with the empty
        // node left in the child's place, which the old root, counted but not freed, makes up.
        let counter = Arc::clone(&self.nodes);
        if !found {
            self.nodes = Arc::new(AtomicUsize::new(1));
        }
        let segments = old.children.take().map(|children| *children);
        free_in_background(segments.into_iter().collect(), counter);
        found
    }

    /// Frees the children of every node below the root visited fewer than `visits` times, on
    /// this thread (a caller that must not wait runs it on its own thread); returns the nodes
    /// freed.
    pub fn prune(&mut self, visits: u32) -> usize {
        let freed = free(self.root.cut_below(visits));
        self.nodes.fetch_sub(freed, Ordering::Relaxed);
        freed
    }
}

/// A final margin in the units of a node's score sum (`Node::add_score`).
#[inline]
pub fn scaled_margin(margin: f64) -> i64 {
    (margin * SCORE_SCALE).round() as i64
}

/// The memory one unit of the node budget stands for (`--memory`): a node, or a segment's
/// header, which is smaller.
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
        assert!(tree.reserve(4, false));
        let children = tree.root().expand(|| {
            Children::new(
                vec![
                    Node::new(point(30), 7.0, 14.0),
                    Node::new(point(31), 7.0, 14.0),
                    Node::new(Move::Pass, 0.0, 14.0),
                ],
                0,
                0,
            )
        });
        children[1].add_visit();
        assert!(tree.reserve(2, false));
        children[1].expand(|| Children::new(vec![Node::new(point(32), 1.0, 2.0)], 0, 0));
        // The root, 3 children in a segment, a grandchild in another.
        assert_eq!(tree.root().count(), 7);
        assert_eq!(tree.nodes(), 7);
        assert!(tree.promote(point(31)));
        assert_eq!(tree.root().turn(), point(31));
        assert_eq!(tree.root().visits(), 1);
        // The siblings are freed on a background thread, which then counts them off.
        let counted = |tree: &Tree, nodes: usize| {
            let start = std::time::Instant::now();
            while tree.nodes() != nodes && start.elapsed().as_secs() < 10 {
                std::thread::yield_now();
            }
            tree.nodes() == nodes
        };
        assert!(counted(&tree, 3), "{} nodes", tree.nodes());
        assert!(!tree.promote(point(40)));
        assert!(counted(&tree, 1), "{} nodes", tree.nodes());
    }

    #[test]
    fn a_pending_segment_is_counted_from_the_start_and_freed_with_its_node() {
        // The root's child 31 holds one child, 32, and the pending segment 33, 34.
        let mut tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 100);
        let children = tree.root().expand(|| {
            Children::new(
                vec![
                    Node::new(point(30), 7.0, 14.0),
                    Node::new(point(31), 7.0, 14.0),
                ],
                2,
                2,
            )
        });
        tree.reserve(children.units(), true);
        children[1].add_visit();
        let grandchildren = children[1].expand(|| {
            let pending = Children::new(
                vec![
                    Node::new(point(33), 1.0, 2.0),
                    Node::new(point(34), 1.0, 2.0),
                ],
                3,
                4,
            );
            Children::new(vec![Node::new(point(32), 1.0, 2.0)], 1, 4).with_pending(pending)
        });
        assert_eq!(grandchildren.units(), 5);
        tree.reserve(grandchildren.units(), true);
        // The root; a header, 30 and 31; a header and 32; a header, 33 and 34.
        assert_eq!(tree.root().count(), 9);
        assert_eq!(tree.nodes(), 9);
        assert!(tree.promote(point(30)));
        let start = std::time::Instant::now();
        while tree.nodes() != 1 && start.elapsed().as_secs() < 10 {
            std::thread::yield_now();
        }
        assert_eq!(
            tree.nodes(),
            1,
            "the pending segment was freed and counted off"
        );
    }

    #[test]
    fn a_segment_s_header_takes_no_more_memory_than_a_node() {
        // The node budget counts a header as one node (`NODE_BYTES`).
        assert!(std::mem::size_of::<Children>() <= NODE_BYTES);
    }

    #[test]
    fn pruning_frees_the_subtrees_below_nodes_with_few_visits() {
        let mut tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 100);
        tree.reserve(3, false);
        let children = tree.root().expand(|| {
            Children::new(
                vec![
                    Node::new(point(30), 7.0, 14.0),
                    Node::new(point(31), 7.0, 14.0),
                ],
                0,
                0,
            )
        });
        for _ in 0..20 {
            children[0].add_visit();
        }
        children[1].add_visit();
        for child in [&children[0], &children[1]] {
            tree.reserve(3, false);
            child.expand(|| {
                Children::new(
                    vec![
                        Node::new(point(32), 1.0, 2.0),
                        Node::new(point(33), 1.0, 2.0),
                    ],
                    0,
                    0,
                )
            });
        }
        assert_eq!(tree.nodes(), 10);
        // The children of the node with 1 visit go; those of the node with 20 stay.
        assert_eq!(tree.prune(10), 3);
        assert_eq!(tree.nodes(), 7);
        assert_eq!(tree.root().count(), 7);
        assert!(tree.root().children().unwrap()[1].children().is_none());
        assert!(tree.root().children().unwrap()[0].children().is_some());
        // "Fewer than": the node with exactly 20 visits keeps its children at 20.
        assert_eq!(tree.prune(20), 0);
        assert!(tree.root().children().unwrap()[0].children().is_some());
    }

    #[test]
    fn the_node_budget_refuses_growth_beyond_capacity_except_when_forced() {
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 10);
        assert_eq!(tree.capacity(), 10);
        assert!(tree.reserve(9, false));
        assert!(!tree.reserve(1, false));
        assert!(tree.is_full());
        assert!(tree.reserve(5, true));
        assert_eq!(tree.nodes(), 15);
        // What `kosumi bench` reports as the tree's memory: a node's size per unit.
        assert_eq!(tree.bytes(), 15 * NODE_BYTES);
    }

    #[test]
    fn a_node_s_mean_margin_is_the_mean_of_the_margins_added_for_its_visits() {
        let node = Node::new(point(30), 7.0, 14.0);
        assert_eq!(node.mean_margin(), None);
        for margin in [12.5, -3.5, 0.25] {
            node.add_visit();
            node.add_score(scaled_margin(margin));
        }
        assert_eq!(node.mean_margin(), Some((12.5 - 3.5 + 0.25) / 3.0));
        // A margin beyond the unit rounds to the nearest 1/256 point.
        let small = Node::new(point(31), 7.0, 14.0);
        small.add_visit();
        small.add_score(scaled_margin(1.0 / 1024.0));
        assert_eq!(small.mean_margin(), Some(0.0));
    }

    #[test]
    fn a_descent_counts_as_several_losses_until_its_result_replaces_them_exactly() {
        let node = Node::new(point(30), 7.0, 14.0);
        let plain = Node::new(point(30), 7.0, 14.0);
        for won in [true, false, true] {
            node.add_amaf(won);
            plain.add_amaf(won);
        }
        node.begin_descent();
        node.begin_descent();
        let during = node.experience();
        assert_eq!(during.visits, 2 * VIRTUAL_LOSS);
        assert_eq!(during.wins, 0);
        assert_eq!(during.amaf_visits, 3 + 2 * VIRTUAL_LOSS);
        assert_eq!(during.amaf_wins, 2);
        assert_eq!(node.visits_during_descent(), VIRTUAL_LOSS + 1);
        node.end_descent(true);
        node.end_descent(false);
        plain.add_visit();
        plain.add_win();
        plain.add_visit();
        assert_eq!(node.experience(), plain.experience());
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
            node = &node.expand(|| Children::new(vec![Node::new(Move::Pass, 0.0, 0.0)], 0, 0))[0];
        }
        drop(root);
    }

    #[test]
    fn children_are_iterated_segment_after_segment_past_an_empty_one() {
        let segment = |indices: &[u16]| {
            let nodes = indices
                .iter()
                .map(|&index| Node::new(point(index), 0.0, 0.0))
                .collect();
            Children::new(nodes, 0, 0)
        };
        let children = segment(&[10, 11]);
        children.widen(|_| segment(&[]));
        children.widen(|_| segment(&[12]));
        children.widen(|_| segment(&[13, 14]));
        let points: Vec<Move> = children.iter().map(Node::turn).collect();
        let expected: Vec<Move> = (10..=14).map(point).collect();
        assert_eq!(points, expected);
        let by_reference: Vec<Move> = (&children).into_iter().map(Node::turn).collect();
        assert_eq!(by_reference, expected);
        assert_eq!(segment(&[]).iter().count(), 0);
    }

    #[test]
    fn children_take_a_unit_per_node_and_one_for_the_segment_and_know_when_they_are_empty() {
        let three = Children::new(
            vec![
                Node::new(Move::Pass, 0.0, 0.0),
                Node::new(Move::Pass, 0.0, 0.0),
                Node::new(Move::Pass, 0.0, 0.0),
            ],
            0,
            0,
        );
        assert_eq!(
            (three.len(), three.units(), three.is_empty()),
            (3, 4, false)
        );
        let none = Children::new(Vec::new(), 0, 0);
        assert_eq!((none.len(), none.units(), none.is_empty()), (0, 1, true));
    }

    #[test]
    fn a_node_has_no_win_rate_before_its_first_playout_and_its_prior_value_is_the_prior_s_mean() {
        let node = Node::new(point(30), 3.0, 4.0);
        assert_eq!(node.win_rate(), None);
        assert_eq!(node.prior_value(), 0.75);
        node.add_visit();
        node.add_win();
        node.add_visit();
        assert_eq!(node.win_rate(), Some(0.5));
        // Without a prior, the neutral one half.
        assert_eq!(Node::new(point(31), 0.0, 0.0).prior_value(), 0.5);
    }
}
