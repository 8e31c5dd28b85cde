//! One search thread's work: a simulation selects a line through the tree, expands its leaf,
//! plays a playout to the end, scores it by area with the search's komi and backs the result
//! up the line, with AMAF credit to every move played later by the same colour. Also what the
//! threads share besides the tree (the playout count, the stop flag, the ownership tally).

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};

use super::expansion;
use super::tree::{Children, scaled_margin};
use super::{Node, Position, Repetition, Settings, Tree, selection};
use crate::board::{Board, CELLS, Color, Point};
use crate::game::Move;
use crate::knowledge::History;
use crate::playout;

/// What the threads share besides the tree.
pub(super) struct Shared {
    /// Playouts run in this search, by every thread.
    pub(super) playouts: AtomicU64,
    /// Set by the coordinating thread: every thread stops after its current simulation.
    pub(super) finished: AtomicBool,
    /// Per board index, the playouts Black owned it at the end minus those White did (empty
    /// when ownership is not tallied).
    ownership: Vec<AtomicI64>,
    /// The playouts in `ownership`.
    owned_playouts: AtomicU64,
}

impl Shared {
    /// Nothing run yet; an ownership tally only when `ownership` asks for one.
    pub(super) fn new(ownership: bool) -> Shared {
        Shared {
            playouts: AtomicU64::new(0),
            finished: AtomicBool::new(false),
            ownership: if ownership {
                (0..CELLS).map(|_| AtomicI64::new(0)).collect()
            } else {
                Vec::new()
            },
            owned_playouts: AtomicU64::new(0),
        }
    }

    /// The ownership tally as shares from −1 to 1 in `board`'s point order, or `None`.
    pub(super) fn ownership_shares(&self, board: &Board) -> Option<Vec<f64>> {
        if self.ownership.is_empty() {
            return None;
        }
        let playouts = self.owned_playouts.load(Ordering::Relaxed).max(1) as f64;
        Some(
            board
                .points()
                .map(|point| {
                    self.ownership[point.index()].load(Ordering::Relaxed) as f64 / playouts
                })
                .collect(),
        )
    }
}

/// A worker adds its ownership tally to the shared one after this many playouts.
const OWNERSHIP_BATCH: u32 = 64;

/// Stones Black placed minus stones White placed in `moves` (passes place none).
fn placed_difference(moves: &[(Color, u16)]) -> i32 {
    moves
        .iter()
        .filter(|&&(_, point)| point != PASS_MARK)
        .map(|&(color, _)| match color {
            Color::Black => 1,
            Color::White => -1,
        })
        .sum()
}

/// A marker in `Worker::sequence` for a pass.
const PASS_MARK: u16 = u16::MAX;

/// Where a descent through the tree stopped: the colour to move there and the last move.
pub(super) struct Leaf {
    color: Color,
    recent: History,
}

/// One thread's scratch space, reused by every simulation.
pub(super) struct Worker {
    board: Board,
    random: Xoshiro256PlusPlus,
    /// The moves of the current simulation in order, tree part then playout part, with the
    /// board index of each (`PASS_MARK` for a pass).
    sequence: Vec<(Color, u16)>,
    /// The playout's stones, as the playout records them.
    recorded: Vec<(Color, Point)>,
    /// The keys of the positions along the current line in the tree (`Repetition::key`).
    line_hashes: Vec<u64>,
    /// For AMAF: per board index, 0, or 1 + the colour that played there first.
    first_played: Vec<u8>,
    /// This worker's ownership tally not yet added to the shared one, and its playouts.
    ownership: Vec<i64>,
    owned_playouts: u32,
    /// AMAF updates of the root's children not yet added to the tree (packed as in `Node`),
    /// and the simulations they come from.
    root_amaf: Vec<u64>,
    root_amaf_pending: u32,
}

impl Worker {
    pub(super) fn new(position: &Position, seed: u64, thread: u64) -> Worker {
        Worker {
            board: position.board.clone(),
            random: Xoshiro256PlusPlus::seed_from_u64(
                seed ^ thread.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ),
            sequence: Vec::with_capacity(1024),
            recorded: Vec::with_capacity(1024),
            line_hashes: Vec::with_capacity(128),
            first_played: vec![0; CELLS],
            ownership: Vec::new(),
            owned_playouts: 0,
            root_amaf: Vec::new(),
            root_amaf_pending: 0,
        }
    }

    /// Adds the playout's final board to the ownership tally.
    fn tally_ownership(&mut self, shared: &Shared) {
        if self.ownership.is_empty() {
            self.ownership = vec![0; CELLS];
        }
        for point in self.board.points() {
            match playout::owner(&self.board, point) {
                Some(Color::Black) => self.ownership[point.index()] += 1,
                Some(Color::White) => self.ownership[point.index()] -= 1,
                None => {}
            }
        }
        self.owned_playouts += 1;
        if self.owned_playouts >= OWNERSHIP_BATCH {
            self.flush_ownership(shared);
        }
    }

    /// Adds this worker's ownership tally to the shared one.
    pub(super) fn flush_ownership(&mut self, shared: &Shared) {
        if self.owned_playouts == 0 || shared.ownership.is_empty() {
            return;
        }
        for (total, count) in shared.ownership.iter().zip(self.ownership.iter_mut()) {
            if *count != 0 {
                total.fetch_add(*count, Ordering::Relaxed);
                *count = 0;
            }
        }
        shared
            .owned_playouts
            .fetch_add(u64::from(self.owned_playouts), Ordering::Relaxed);
        self.owned_playouts = 0;
    }

    /// One simulation: select, expand, play out, back up.
    pub(super) fn simulate(
        &mut self,
        tree: &Tree,
        position: &Position,
        settings: &Settings,
        even: f32,
        shared: &Shared,
    ) {
        let mut path: Vec<&Node> = Vec::with_capacity(64);
        let leaf = self.descend(tree, position, settings, even, &mut path);
        self.finish(&path, leaf, position, settings, shared);
    }

    /// The rest of a simulation after `descend` gave `path` and `leaf`: play out, back up.
    pub(super) fn finish(
        &mut self,
        path: &[&Node],
        leaf: Leaf,
        position: &Position,
        settings: &Settings,
        shared: &Shared,
    ) {
        let tree_moves = self.sequence.len();
        let (winner, margin) = self.play_out(leaf, position, settings, shared);
        self.back_up(path, tree_moves, position.to_move, winner, margin);
    }

    /// Walks from the root down the tree by the selection policy, playing each move on the
    /// worker's board, widening the nodes it passes that are due more children and expanding
    /// the leaf it reaches when the leaf has been visited often enough (while the tree has
    /// room), until a leaf, two passes or the depth limit. Every node on the way is pushed on
    /// `path`: the root counted as visited, the others as a descent in progress (a virtual
    /// loss, `Node::begin_descent`).
    pub(super) fn descend<'t>(
        &mut self,
        tree: &'t Tree,
        position: &Position,
        settings: &Settings,
        even: f32,
        path: &mut Vec<&'t Node>,
    ) -> Leaf {
        self.board.copy_from(&position.board);
        self.sequence.clear();
        self.line_hashes.clear();
        let root = tree.root();
        root.add_visit();
        path.push(root);
        let mut node = root;
        let mut leaf = Leaf {
            color: position.to_move,
            recent: History {
                last: position.last_move,
                second_last: position.second_last_move,
                last_was_pass: position.after_pass,
            },
        };
        let mut passes = u32::from(position.after_pass);
        let depth_limit = 2 * position.board.size() * position.board.size();
        while passes < 2 && path.len() < depth_limit {
            let Some(children) = self.children_of(tree, node, &leaf, settings, even) else {
                break;
            };
            let color = leaf.color;
            let Some(child) = self.select(children, node, color, position, settings) else {
                break;
            };
            child.begin_descent();
            match child.turn() {
                Move::Pass => {
                    self.board.pass();
                    passes += 1;
                    self.sequence.push((color, PASS_MARK));
                    leaf.recent = History {
                        last: None,
                        second_last: leaf.recent.last,
                        last_was_pass: true,
                    };
                }
                Move::Place(point) => {
                    self.board.play(color, point);
                    passes = 0;
                    self.sequence.push((color, point.index() as u16));
                    leaf.recent = History {
                        last: Some(point),
                        second_last: leaf.recent.last,
                        last_was_pass: false,
                    };
                }
            }
            let created = match child.turn() {
                Move::Place(_) => Some(position.repetition.key(self.board.hash(), color)),
                // A pass creates a situation of no one's.
                Move::Pass => {
                    (position.repetition == Repetition::Positional).then(|| self.board.hash())
                }
            };
            self.line_hashes.extend(created);
            path.push(child);
            node = child;
            leaf.color = color.opponent();
        }
        leaf
    }

    /// The children of `node`, where the descent stands (`leaf`): widened first when the node
    /// is due more, created when it has none and has been visited often enough; `None` for a
    /// leaf that stays one. A full tree stops growing, and the simulations go on below its
    /// leaves. The visits that decide are the node's as if no descent counted a virtual loss
    /// but this one's (`Node::visits_during_descent`; the root counts no virtual loss).
    fn children_of<'t>(
        &self,
        tree: &Tree,
        node: &'t Node,
        leaf: &Leaf,
        settings: &Settings,
        even: f32,
    ) -> Option<&'t Children> {
        let room = !tree.is_full();
        let board = &self.board;
        let visits = if std::ptr::eq(node, tree.root()) {
            node.visits()
        } else {
            node.visits_during_descent()
        };
        match node.children() {
            Some(children) => {
                if room && expansion::wants_widening(children, visits, board.size()) {
                    children.widen(|end| {
                        // A pending segment was counted when the node was expanded.
                        children.take_pending(end).unwrap_or_else(|| {
                            let more = expansion::next_children(
                                board,
                                leaf.color,
                                &leaf.recent,
                                even,
                                end,
                            );
                            tree.reserve(more.units(), true);
                            more
                        })
                    });
                }
                Some(children)
            }
            None => {
                if visits < settings.expansion_threshold || !room {
                    return None;
                }
                Some(node.expand(|| {
                    let children = expansion::inner_children(board, leaf.color, &leaf.recent, even);
                    tree.reserve(children.units(), true);
                    children
                }))
            }
        }
    }

    /// Plays a playout from the leaf to the end, records its moves for AMAF, tallies the
    /// ownership when asked, and returns the winner by area with the search's komi (a drawn
    /// count goes to either colour at random) and Black's margin, the one the winner is
    /// decided by.
    fn play_out(
        &mut self,
        leaf: Leaf,
        position: &Position,
        settings: &Settings,
        shared: &Shared,
    ) -> (Color, f64) {
        self.recorded.clear();
        // Under territory counting each stone placed in the tree costs its player a point.
        let tree_stones = if position.stones_cost {
            placed_difference(&self.sequence)
        } else {
            0
        };
        let outcome = playout::playout_after(
            settings.policy,
            &mut self.board,
            leaf.color,
            leaf.recent.last,
            &mut self.random,
            &mut self.recorded,
        );
        self.sequence.extend(
            self.recorded
                .iter()
                .map(|&(mover, point)| (mover, point.index() as u16)),
        );
        if settings.ownership {
            self.tally_ownership(shared);
        }
        let margin = f64::from(outcome.area_margin) - position.komi - f64::from(tree_stones);
        let black_wins = if margin == 0.0 {
            self.random.next_u32() & 1 == 1
        } else {
            margin > 0.0
        };
        let winner = if black_wins {
            Color::Black
        } else {
            Color::White
        };
        (winner, margin)
    }

    /// The child of highest urgency among the selectable ones under `parent` (ties broken at
    /// random, never to a pass; the exploration term where `parent`'s mover is losing). A child not yet checked is checked now against the repetitions of its line;
    /// one that repeats is marked invalid and skipped for good.
    pub(super) fn select<'t>(
        &mut self,
        children: &'t Children,
        parent: &Node,
        color: Color,
        position: &Position,
        settings: &Settings,
    ) -> Option<&'t Node> {
        let parent = parent.experience();
        loop {
            let offset = self.random.next_u32() as usize;
            let child = selection::most_urgent(
                children,
                offset,
                settings.rave_equivalence,
                parent,
                settings.exploration,
            )?;
            if child.is_checked() {
                return Some(child);
            }
            let valid = match child.turn() {
                Move::Pass => true,
                Move::Place(point) => {
                    let hash = self.board.hash_after(color, point);
                    let key = position.repetition.key(hash, color);
                    !position.history.contains(&key) && !self.line_hashes.contains(&key)
                }
            };
            child.set_valid(valid);
            if valid {
                return Some(child);
            }
        }
    }

    /// Counts the result (the win and Black's final `margin`) on every node of `path` for the
    /// player who made its move, in place of the descent's virtual loss, and gives AMAF credit
    /// to each child of a node on the path whose point its colour played first later in the
    /// simulation.
    fn back_up(
        &mut self,
        path: &[&Node],
        tree_moves: usize,
        to_move: Color,
        winner: Color,
        margin: f64,
    ) {
        let mover = |depth: usize| mover_at(depth, to_move);
        let black_margin = scaled_margin(margin);
        for (depth, node) in path.iter().enumerate() {
            let mover = mover(depth);
            let won = mover == winner;
            if depth == 0 {
                if won {
                    node.add_win();
                }
            } else {
                node.end_descent(won);
            }
            node.add_score(match mover {
                Color::Black => black_margin,
                Color::White => -black_margin,
            });
        }
        self.credit_amaf(path, tree_moves, to_move, winner);
    }

    /// Gives AMAF credit to each child of a node on `path` whose point its colour played first
    /// later in the simulation (`sequence` from the node's depth on).
    fn credit_amaf(&mut self, path: &[&Node], tree_moves: usize, to_move: Color, winner: Color) {
        let mover = |depth: usize| mover_at(depth, to_move);
        self.first_played.fill(0);
        for &(color, point) in self.sequence[tree_moves..].iter().rev() {
            self.first_played[point as usize] = 1 + color.index() as u8;
        }
        for depth in (0..path.len()).rev() {
            if depth < tree_moves {
                let (color, point) = self.sequence[depth];
                if point != PASS_MARK {
                    self.first_played[point as usize] = 1 + color.index() as u8;
                }
            }
            let Some(children) = path[depth].children() else {
                continue;
            };
            let color = mover(depth + 1);
            let mark = 1 + color.index() as u8;
            let won = color == winner;
            if depth == 0 {
                // The root's children: every simulation updates them, from every thread, so
                // each thread gathers their AMAF updates and adds them in batches.
                if self.root_amaf.len() != children.len() {
                    self.root_amaf = vec![0; children.len()];
                }
                for (slot, child) in children.iter().enumerate() {
                    if let Some(index) = child.point_index() {
                        if self.first_played[index] == mark {
                            self.root_amaf[slot] += 1 + (u64::from(won) << 32);
                        }
                    }
                }
                self.root_amaf_pending += 1;
                if self.root_amaf_pending >= ROOT_AMAF_BATCH {
                    self.flush_root_amaf(path[0]);
                }
                continue;
            }
            for child in children {
                if let Some(index) = child.point_index() {
                    if self.first_played[index] == mark {
                        child.add_amaf(won);
                    }
                }
            }
        }
    }

    /// Adds the gathered AMAF updates of the root's children to the tree.
    pub(super) fn flush_root_amaf(&mut self, root: &Node) {
        if let Some(children) = root.children() {
            for (child, delta) in children.iter().zip(self.root_amaf.iter_mut()) {
                if *delta != 0 {
                    child.add_amaf_packed(*delta);
                    *delta = 0;
                }
            }
        }
        self.root_amaf_pending = 0;
    }
}

/// The player who made the move of the node at `depth` on a line from the root, where
/// `to_move` is to play: the root's move was the opponent's, and colours alternate.
fn mover_at(depth: usize, to_move: Color) -> Color {
    if depth % 2 == 1 {
        to_move
    } else {
        to_move.opponent()
    }
}

/// A thread adds the AMAF updates of the root's children to the tree after this many
/// simulations (a delay that selection hardly notices, against cache lines that both threads
/// would otherwise write on every simulation).
const ROOT_AMAF_BATCH: u32 = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};
    use crate::search::tests::BLACK_OWNS_EVERYTHING;
    use std::collections::HashSet;

    /// A search position for `to_move` on `board` with nothing in its history.
    fn position(board: &Board, to_move: Color, repetition: Repetition) -> Position {
        Position {
            board: board.clone(),
            to_move,
            komi: 0.5,
            history: HashSet::new(),
            repetition,
            root_moves: Vec::new(),
            after_pass: false,
            last_move: None,
            second_last_move: None,
            stones_cost: false,
        }
    }

    /// A node for `turn` whose only child is `child` (a node, already built).
    fn with_child(turn: Move, child: Node) -> Node {
        let node = Node::new(turn, 0.0, 0.0);
        node.expand(|| Children::new(vec![child], 0, 0));
        node
    }

    /// The moves of one descent through `tree` from `position`.
    fn descent(tree: &Tree, position: &Position) -> Vec<Move> {
        let mut worker = Worker::new(position, 1, 0);
        let mut path = Vec::new();
        worker.descend(tree, position, &Settings::default(), 14.0, &mut path);
        path[1..].iter().map(|node| node.turn()).collect()
    }

    #[test]
    fn stones_placed_count_for_black_and_against_white_and_passes_not_at_all() {
        let moves = [
            (Color::Black, 3),
            (Color::White, 4),
            (Color::White, PASS_MARK),
            (Color::White, 5),
            (Color::Black, PASS_MARK),
        ];
        assert_eq!(placed_difference(&moves), -1);
    }

    #[test]
    fn a_descent_ends_at_the_second_pass_in_a_row_even_where_the_tree_goes_on() {
        // The last move before the root was a pass: the root's pass ends the line, though
        // the tree holds three passes in a row.
        let board = Board::new(5).unwrap();
        let mut position = position(&board, Color::Black, Repetition::Positional);
        position.after_pass = true;
        let chain = with_child(
            Move::Pass,
            with_child(Move::Pass, Node::new(Move::Pass, 0.0, 0.0)),
        );
        let tree = Tree::new(with_child(Move::Pass, chain), 100);
        assert_eq!(descent(&tree, &position), vec![Move::Pass]);
        // Without the pass before the root, the line takes two passes.
        position.after_pass = false;
        assert_eq!(descent(&tree, &position), vec![Move::Pass, Move::Pass]);
    }

    #[test]
    fn under_situational_superko_a_pass_creates_no_situation_that_a_ko_recapture_repeats() {
        //   5 . . . . .
        //   4 . X O . .    White has just played D3: the position is in the history as
        //   3 X . X O .    White's. Black passes, White takes the ko at B3, and Black's
        //   2 . X O . .    retake at C3 recreates the root's board with White to move: a
        //   1 . . . . .    situation no move made before, since a pass makes none.
        let board = diagram(
            "
            . . . . .
            . X O . .
            X . X O .
            . X O . .
            . . . . .",
        );
        let mut position = position(&board, Color::Black, Repetition::Situational);
        position.history = HashSet::from([crate::game::situation_key(board.hash(), Color::White)]);
        let (take, retake) = (Move::Place(at(&board, "B3")), Move::Place(at(&board, "C3")));
        let chain = with_child(Move::Pass, with_child(take, Node::new(retake, 0.0, 0.0)));
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 100);
        tree.root().expand(|| Children::new(vec![chain], 0, 0));
        assert_eq!(descent(&tree, &position), vec![Move::Pass, take, retake]);
    }

    #[test]
    fn a_leaf_gets_children_on_the_descent_that_brings_its_visits_to_the_expansion_threshold() {
        let board = Board::new(5).unwrap();
        let position = position(&board, Color::Black, Repetition::Positional);
        let threshold = Settings::default().expansion_threshold;
        // The descent counts itself: a leaf visited threshold − 1 times before expands now.
        for (visits, expanded) in [(threshold - 2, false), (threshold - 1, true)] {
            let leaf = Node::new(Move::Pass, 0.0, 0.0);
            for _ in 0..visits {
                leaf.add_visit();
            }
            let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1000);
            tree.root().expand(|| Children::new(vec![leaf], 0, 0));
            descent(&tree, &position);
            let leaf = &tree.root().children().unwrap()[0];
            assert_eq!(leaf.children().is_some(), expanded, "{visits} visits");
        }
    }

    #[test]
    fn a_drawn_playout_goes_to_either_colour_at_random() {
        // No playout changes the board, and with a komi of Black's whole area every count is
        // a draw.
        let board = diagram(BLACK_OWNS_EVERYTHING);
        let mut position = position(&board, Color::Black, Repetition::Positional);
        position.komi = 25.0;
        let mut worker = Worker::new(&position, 7, 0);
        let shared = Shared::new(false);
        let mut black_wins = 0;
        for _ in 0..200 {
            let leaf = Leaf {
                color: Color::Black,
                recent: History::default(),
            };
            let (winner, margin) = worker.play_out(leaf, &position, &Settings::default(), &shared);
            assert_eq!(margin, 0.0);
            black_wins += usize::from(winner == Color::Black);
        }
        assert!((60..=140).contains(&black_wins), "{black_wins} of 200");
    }

    #[test]
    fn backing_up_gives_each_node_the_result_and_the_margin_of_the_player_who_moved_there() {
        // Black to move at the root, whose move was White's: the line is Black's then White's.
        let board = Board::new(5).unwrap();
        let position = position(&board, Color::Black, Repetition::Positional);
        let mut worker = Worker::new(&position, 1, 0);
        let (root, black, white) = (
            Node::new(Move::Pass, 0.0, 0.0),
            Node::new(Move::Pass, 0.0, 0.0),
            Node::new(Move::Pass, 0.0, 0.0),
        );
        root.add_visit();
        black.begin_descent();
        white.begin_descent();
        worker.back_up(&[&root, &black, &white], 0, Color::Black, Color::Black, 3.0);
        let result = |node: &Node| (node.visits(), node.wins(), node.mean_margin());
        assert_eq!(result(&root), (1, 0, Some(-3.0)));
        assert_eq!(result(&black), (1, 1, Some(3.0)));
        assert_eq!(result(&white), (1, 0, Some(-3.0)));
    }

    #[test]
    fn the_root_s_children_get_their_amaf_credit_in_batches() {
        let board = Board::new(5).unwrap();
        let position = position(&board, Color::Black, Repetition::Positional);
        let point = at(&board, "C3");
        let root = Node::new(Move::Pass, 0.0, 0.0);
        root.expand(|| Children::new(vec![Node::new(Move::Place(point), 0.0, 0.0)], 0, 0));
        let mut worker = Worker::new(&position, 1, 0);
        // Each simulation's playout has Black, the child's mover, play at C3, and Black wins.
        worker.sequence = vec![(Color::Black, point.0)];
        let amaf = |root: &Node| {
            let child = root.children().unwrap()[0].experience();
            (child.amaf_visits, child.amaf_wins)
        };
        for _ in 1..ROOT_AMAF_BATCH {
            root.add_visit();
            worker.back_up(&[&root], 0, Color::Black, Color::Black, 1.0);
        }
        assert_eq!(amaf(&root), (0, 0));
        root.add_visit();
        worker.back_up(&[&root], 0, Color::Black, Color::Black, 1.0);
        assert_eq!(amaf(&root), (ROOT_AMAF_BATCH, ROOT_AMAF_BATCH));
    }

    #[test]
    fn the_ownership_tally_reaches_the_shared_one_in_batches_and_only_when_asked_for() {
        let board = diagram(BLACK_OWNS_EVERYTHING);
        let position = position(&board, Color::Black, Repetition::Positional);
        let mut worker = Worker::new(&position, 1, 0);
        let shared = Shared::new(true);
        for _ in 1..OWNERSHIP_BATCH {
            worker.tally_ownership(&shared);
        }
        assert_eq!(shared.owned_playouts.load(Ordering::Relaxed), 0);
        worker.tally_ownership(&shared);
        let batch = u64::from(OWNERSHIP_BATCH);
        assert_eq!(shared.owned_playouts.load(Ordering::Relaxed), batch);
        let shares = shared.ownership_shares(&board).unwrap();
        assert!(shares.iter().all(|&share| share == 1.0), "{shares:?}");
        // A search that asked for no tally counts no playouts in one.
        let untallied = Shared::new(false);
        for _ in 0..OWNERSHIP_BATCH {
            worker.tally_ownership(&untallied);
        }
        worker.flush_ownership(&untallied);
        assert_eq!(untallied.owned_playouts.load(Ordering::Relaxed), 0);
        assert_eq!(untallied.ownership_shares(&board), None);
    }
}
