//! The Monte-Carlo tree search: UCT with RAVE (AMAF) and priors, on one tree shared by all
//! search threads (docs/search.md §1, §6). Each simulation selects a line through the tree by the
//! nodes' urgency, expands its leaf once the leaf has been visited often enough, plays a
//! playout to the end, scores it by area with the search's komi, and backs the result up the
//! line, with AMAF credit to every move played later by the same colour. The search stops at
//! its playout or time limit, on the caller's stop signal, when its best move can no longer be
//! overtaken, or when the tree is full. Knows the board and the playouts, not the game's
//! history (the caller hands over the positions to avoid and the moves allowed at the root)
//! and no GTP text.

pub mod prior;
pub mod time;
pub mod tree;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};

use crate::board::{Board, CELLS, Color, Point};
use crate::game::Move;
use crate::playout::{self, Policy};
pub use tree::{NODE_BYTES, Node, Tree};

/// The search's parameters (docs/search.md §9 gives where each default comes from).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Search threads, the caller's included (at least 1).
    pub threads: usize,
    /// K in RAVE's β schedule: the playouts at which real and AMAF means weigh the same.
    pub rave_equivalence: f32,
    /// Visits a leaf needs before it gets children.
    pub expansion_threshold: u32,
    /// The playout policy.
    pub policy: Policy,
    /// Whether the search ends as soon as its best move cannot be overtaken (off for
    /// benchmarks, which must run their playouts).
    pub early_end: bool,
    /// Whether the playouts' final boards are tallied into `Statistics::ownership` (it costs
    /// a look at every point after every playout).
    pub ownership: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            threads: 1,
            rave_equivalence: 3000.0,
            expansion_threshold: 8,
            policy: Policy::Light,
            early_end: true,
            ownership: false,
        }
    }
}

/// Where a search starts: the board, who moves, the komi its playouts are scored with, the
/// positions its lines must not repeat, and the moves allowed at the root.
#[derive(Clone, Debug)]
pub struct Position {
    /// The board.
    pub board: Board,
    /// The colour to move.
    pub to_move: Color,
    /// Black's area must exceed this for Black to win a playout (komi, handicap bonus and any
    /// dynamic komi, from Black's side).
    pub komi: f64,
    /// The hashes of earlier board positions that no line in the tree may recreate.
    pub history: HashSet<u64>,
    /// The moves the root may have as children (legal under the game's rules); a pass is
    /// added to them.
    pub root_moves: Vec<Point>,
    /// Whether a pass at the root ends the game (the last move was a pass).
    pub after_pass: bool,
    /// The last move played, for the priors.
    pub last_move: Option<Point>,
}

/// What ends a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// At most this many playouts.
    pub playouts: Option<u64>,
    /// At most this much time.
    pub time: Option<Duration>,
}

/// Reports of a search in progress: `callback` is called about every `interval` from the
/// thread that asked for the decision, with the statistics so far. It must return quickly.
pub struct Progress<'a> {
    /// The time between two reports.
    pub interval: Duration,
    /// Receives each report.
    pub callback: &'a mut dyn FnMut(&Statistics),
}

/// What a search found: the root's numbers and its candidate moves, best first. Win rates are
/// from the point of view of the colour to move at the root, in 0–1.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Statistics {
    /// Playouts run in this search.
    pub playouts: u64,
    /// Visits of the root, playouts of earlier searches kept in the tree included.
    pub visits: u64,
    /// The win rate of the best candidate (0.5 when nothing was searched).
    pub win_rate: f64,
    /// The best line: the best candidate's move and its expected continuation.
    pub principal_variation: Vec<Move>,
    /// The candidate moves that were searched, most visited first.
    pub candidates: Vec<Candidate>,
    /// The wall time the search has taken so far.
    pub elapsed: Duration,
    /// Who owns each point at the end of the playouts, when the search was asked to tally
    /// it: one value per point in the board's order (`Board::points`: A1, B1, …, then row 2),
    /// from −1 (White's in every playout) to 1 (Black's in every playout).
    pub ownership: Option<Vec<f64>>,
}

/// One candidate move of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub turn: Move,
    /// Playouts through it.
    pub visits: u64,
    /// Its win rate for the colour to move, from its playouts (its prior value when it has
    /// none).
    pub win_rate: f64,
    /// The prior value the search gave it before any playout, in 0–1.
    pub prior: f64,
    /// The line starting with this move.
    pub principal_variation: Vec<Move>,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The playout limit was reached.
    Playouts,
    /// The time was up.
    Time,
    /// The best move could no longer be overtaken within the limits.
    Decided,
    /// The caller's stop signal.
    Stopped,
    /// The tree reached its node budget.
    Full,
}

/// A finished search's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Playouts run.
    pub playouts: u64,
    /// Wall time taken.
    pub elapsed: Duration,
    /// Why it ended.
    pub ending: Ending,
    /// The ownership tally, when the settings asked for it (see `Statistics::ownership`).
    pub ownership: Option<Vec<f64>>,
}

/// How many simulations the coordinating thread runs between two looks at the clock, the
/// stop signal and the early end.
const CHECK_EVERY: u64 = 16;
/// No early end before this many playouts in this search.
const EARLY_END_MINIMUM: u64 = 100;

/// Searches from `position` into `tree` (whose root stands for `position`; its children
/// are created here if it has none) until the budget is spent, `stop` says so, the best move
/// cannot be overtaken any more or the tree is full. With one thread and a playout budget the
/// search is a pure function of the tree, the position and `seed`.
pub fn search(
    tree: &Tree,
    position: &Position,
    settings: &Settings,
    budget: Budget,
    stop: &(dyn Fn() -> bool + Sync),
    mut progress: Option<Progress<'_>>,
    seed: u64,
) -> Outcome {
    let start = Instant::now();
    let even = prior::even_visits(position.board.size());
    tree.root().expand(|| {
        let children = root_children(position, even);
        tree.reserve(children.len(), true);
        children
    });
    let shared = Shared {
        playouts: AtomicU64::new(0),
        finished: AtomicBool::new(false),
        full: AtomicBool::new(false),
        ownership: if settings.ownership {
            (0..CELLS).map(|_| AtomicI64::new(0)).collect()
        } else {
            Vec::new()
        },
        owned_playouts: AtomicU64::new(0),
    };
    let threads = settings.threads.max(1);
    let mut ending = Ending::Playouts;
    std::thread::scope(|scope| {
        for thread in 1..threads {
            let shared = &shared;
            scope.spawn(move || {
                let mut worker = Worker::new(position, seed, thread as u64);
                let mut run = 0u64;
                while !shared.finished.load(Ordering::Relaxed) {
                    worker.simulate(tree, position, settings, even, shared);
                    shared.playouts.fetch_add(1, Ordering::Relaxed);
                    run += 1;
                }
                worker.flush_ownership(shared);
                worker.flush_root_amaf(tree.root());
                log::debug!("search thread {thread}: {run} playouts");
            });
        }
        let mut worker = Worker::new(position, seed, 0);
        let mut last_report = start;
        let mut run = 0u64;
        loop {
            if budget.playouts.is_some_and(|limit| limit == 0) {
                break;
            }
            worker.simulate(tree, position, settings, even, &shared);
            run += 1;
            let done = shared.playouts.fetch_add(1, Ordering::Relaxed) + 1;
            if budget.playouts.is_some_and(|limit| done >= limit) {
                ending = Ending::Playouts;
                break;
            }
            if shared.full.load(Ordering::Relaxed) {
                ending = Ending::Full;
                break;
            }
            if run % CHECK_EVERY != 0 {
                continue;
            }
            if stop() {
                ending = Ending::Stopped;
                break;
            }
            let elapsed = start.elapsed();
            if budget.time.is_some_and(|limit| elapsed >= limit) {
                ending = Ending::Time;
                break;
            }
            if settings.early_end
                && done >= EARLY_END_MINIMUM
                && cannot_be_overtaken(tree, budget, done, elapsed)
            {
                ending = Ending::Decided;
                break;
            }
            if let Some(progress) = progress.as_mut() {
                if last_report.elapsed() >= progress.interval {
                    last_report = Instant::now();
                    let mut statistics = statistics(tree, done, elapsed);
                    statistics.ownership = shared.ownership_shares(&position.board);
                    (progress.callback)(&statistics);
                }
            }
        }
        shared.finished.store(true, Ordering::Relaxed);
        worker.flush_ownership(&shared);
        worker.flush_root_amaf(tree.root());
    });
    // With no playout at all (a budget of 0) there was nothing to stop.
    if budget.playouts == Some(0) {
        ending = Ending::Playouts;
    }
    Outcome {
        playouts: shared.playouts.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        ending,
        ownership: shared.ownership_shares(&position.board),
    }
}

/// Whether the most visited root child stays ahead of the second even if every playout left
/// in the budget went to the second (for a time budget, the playouts the rate so far promises).
fn cannot_be_overtaken(tree: &Tree, budget: Budget, done: u64, elapsed: Duration) -> bool {
    let mut remaining = u64::MAX;
    if let Some(limit) = budget.playouts {
        remaining = limit.saturating_sub(done);
    }
    if let Some(limit) = budget.time {
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-6);
        let left = limit.saturating_sub(elapsed).as_secs_f64();
        remaining = remaining.min((rate * left) as u64);
    }
    if remaining == u64::MAX {
        return false;
    }
    let Some(children) = tree.root().children() else {
        return false;
    };
    let mut visits: Vec<u64> = children
        .iter()
        .filter(|child| child.is_selectable())
        .map(|child| u64::from(child.visits()))
        .collect();
    if visits.len() < 2 {
        return true;
    }
    visits.sort_unstable_by(|first, second| second.cmp(first));
    visits[0] > visits[1] + remaining
}

/// The statistics of `tree`'s root after `playouts` playouts in `elapsed`.
pub fn statistics(tree: &Tree, playouts: u64, elapsed: Duration) -> Statistics {
    let root = tree.root();
    let mut candidates: Vec<Candidate> = root
        .children()
        .unwrap_or(&[])
        .iter()
        .filter(|child| child.is_selectable() && child.visits() > 0)
        .map(|child| Candidate {
            turn: child.turn(),
            visits: u64::from(child.visits()),
            win_rate: child.win_rate().unwrap_or_else(|| child.prior_value()),
            prior: child.prior_value(),
            principal_variation: principal_variation(child),
        })
        .collect();
    candidates.sort_by(|first, second| {
        second
            .visits
            .cmp(&first.visits)
            .then(second.win_rate.total_cmp(&first.win_rate))
    });
    Statistics {
        playouts,
        visits: u64::from(root.visits()),
        win_rate: candidates.first().map_or(0.5, |best| best.win_rate),
        principal_variation: candidates
            .first()
            .map_or_else(Vec::new, |best| best.principal_variation.clone()),
        candidates,
        elapsed,
        ownership: None,
    }
}

/// The selectable root child with the best prior value, a pass last: the move to play when no
/// playout could be run (a budget of 0).
pub fn best_prior_move(tree: &Tree) -> Option<Move> {
    tree.root()
        .children()?
        .iter()
        .filter(|child| child.is_selectable())
        .max_by(|first, second| {
            let rank = |node: &Node| (node.turn() != Move::Pass, node.prior_value());
            let (first, second) = (rank(first), rank(second));
            first.0.cmp(&second.0).then(first.1.total_cmp(&second.1))
        })
        .map(Node::turn)
}

/// The line from `node`: its move, then the most visited child's, as long as it has visits.
fn principal_variation(node: &Node) -> Vec<Move> {
    let mut line = vec![node.turn()];
    let mut current = node;
    while let Some(best) = current.best_child() {
        if best.visits() == 0 || line.len() >= 64 {
            break;
        }
        line.push(best.turn());
        current = best;
    }
    line
}

/// The root's children: the allowed moves with their priors, then a pass. Each is marked
/// checked: the caller made sure they are legal.
fn root_children(position: &Position, even: f32) -> Box<[Node]> {
    let board = &position.board;
    let color = position.to_move;
    let mut children: Vec<Node> = position
        .root_moves
        .iter()
        .map(|&point| {
            let features = prior::features(board, color, point, position.last_move);
            let prior = prior::prior(&features, even);
            Node::new(Move::Place(point), prior.wins, prior.visits)
        })
        .collect();
    let pass = prior::pass_prior(even);
    children.push(Node::new(Move::Pass, pass.wins, pass.visits));
    for child in &children {
        child.set_valid(true);
    }
    children.into_boxed_slice()
}

/// The children of an inner node: every empty point where `color` may play by the board's
/// own mechanics (not suicide, not a simple-ko retake, not into its own eye), then a pass.
/// Repetitions of earlier positions are checked when a child is first selected.
fn inner_children(board: &Board, color: Color, last_move: Option<Point>, even: f32) -> Box<[Node]> {
    let mut children: Vec<Node> = Vec::with_capacity(board.empty_count() + 1);
    for point in board.empty_points() {
        if playout::policy::is_eye(board, color, point)
            || board.is_ko_banned(color, point)
            || board.placement(color, point).suicide
        {
            continue;
        }
        let features = prior::features(board, color, point, last_move);
        let prior = prior::prior(&features, even);
        children.push(Node::new(Move::Place(point), prior.wins, prior.visits));
    }
    let pass = prior::pass_prior(even);
    children.push(Node::new(Move::Pass, pass.wins, pass.visits));
    children.into_boxed_slice()
}

/// Marks each of the root's children valid or not by `allowed` (the game's own legality, which
/// the tree's may differ from when the root was an inner node of an earlier search).
pub fn validate_root(tree: &Tree, allowed: impl Fn(Move) -> bool) {
    if let Some(children) = tree.root().children() {
        for child in children {
            child.set_valid(allowed(child.turn()));
        }
    }
}

/// What the threads share besides the tree.
struct Shared {
    playouts: AtomicU64,
    /// Set by the coordinating thread: every thread stops after its current simulation.
    finished: AtomicBool,
    /// Set when a leaf could not be expanded for want of room.
    full: AtomicBool,
    /// Per board index, the playouts Black owned it at the end minus those White did (empty
    /// when ownership is not tallied).
    ownership: Vec<AtomicI64>,
    /// The playouts in `ownership`.
    owned_playouts: AtomicU64,
}

impl Shared {
    /// The ownership tally as shares from −1 to 1 in `board`'s point order, or `None`.
    fn ownership_shares(&self, board: &Board) -> Option<Vec<f64>> {
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

/// A marker in `Worker::sequence` for a pass.
const PASS_MARK: u16 = u16::MAX;

/// One thread's scratch space, reused by every simulation.
struct Worker {
    board: Board,
    random: Xoshiro256PlusPlus,
    /// The moves of the current simulation in order, tree part then playout part, with the
    /// board index of each (`PASS_MARK` for a pass).
    sequence: Vec<(Color, u16)>,
    /// The playout's stones, as the playout records them.
    recorded: Vec<(Color, Point)>,
    /// The hashes of the positions along the current line in the tree.
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
    fn new(position: &Position, seed: u64, thread: u64) -> Worker {
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
    fn flush_ownership(&mut self, shared: &Shared) {
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
    fn simulate(
        &mut self,
        tree: &Tree,
        position: &Position,
        settings: &Settings,
        even: f32,
        shared: &Shared,
    ) {
        self.board.copy_from(&position.board);
        self.sequence.clear();
        self.line_hashes.clear();
        let root = tree.root();
        root.add_visit();
        let mut path: Vec<&Node> = Vec::with_capacity(64);
        path.push(root);
        let mut node = root;
        let mut color = position.to_move;
        let mut passes = u32::from(position.after_pass);
        let mut last_move = position.last_move;
        let depth_limit = 2 * position.board.size() * position.board.size();
        while passes < 2 && path.len() < depth_limit {
            let children = match node.children() {
                Some(children) => children,
                None => {
                    if node.visits() < settings.expansion_threshold {
                        break;
                    }
                    if tree.is_full() {
                        shared.full.store(true, Ordering::Relaxed);
                        break;
                    }
                    let board = &self.board;
                    node.expand(|| {
                        let children = inner_children(board, color, last_move, even);
                        tree.reserve(children.len(), true);
                        children
                    })
                }
            };
            let Some(child) = self.select(children, color, position, settings.rave_equivalence)
            else {
                break;
            };
            child.add_visit();
            match child.turn() {
                Move::Pass => {
                    self.board.pass();
                    passes += 1;
                    self.sequence.push((color, PASS_MARK));
                    last_move = None;
                }
                Move::Place(point) => {
                    self.board.play(color, point);
                    passes = 0;
                    self.sequence.push((color, point.index() as u16));
                    last_move = Some(point);
                }
            }
            self.line_hashes.push(self.board.hash());
            path.push(child);
            node = child;
            color = color.opponent();
        }
        let tree_moves = self.sequence.len();
        self.recorded.clear();
        let outcome = playout::playout_after(
            settings.policy,
            &mut self.board,
            color,
            last_move,
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
        let margin = f64::from(outcome.area_margin) - position.komi;
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
        self.back_up(&path, tree_moves, position.to_move, winner);
    }

    /// The child of highest urgency among the selectable ones (ties broken at random, never to
    /// a pass). A child not yet checked is checked now against the repetitions of its line;
    /// one that repeats is marked invalid and skipped for good.
    fn select<'t>(
        &mut self,
        children: &'t [Node],
        color: Color,
        position: &Position,
        rave_equivalence: f32,
    ) -> Option<&'t Node> {
        loop {
            let count = children.len();
            let offset = (self.random.next_u32() as usize) % count.max(1);
            let mut best: Option<&Node> = None;
            let mut best_urgency = f32::NEG_INFINITY;
            for step in 0..count {
                let child = &children[(offset + step) % count];
                if !child.is_selectable() {
                    continue;
                }
                let urgency = child.urgency(rave_equivalence);
                let better = urgency > best_urgency
                    || (urgency == best_urgency
                        && best.is_some_and(|node| node.turn() == Move::Pass));
                if better {
                    best = Some(child);
                    best_urgency = urgency;
                }
            }
            let child = best?;
            if child.is_checked() {
                return Some(child);
            }
            let valid = match child.turn() {
                Move::Pass => true,
                Move::Place(point) => {
                    let hash = self.board.hash_after(color, point);
                    !position.history.contains(&hash) && !self.line_hashes.contains(&hash)
                }
            };
            child.set_valid(valid);
            if valid {
                return Some(child);
            }
        }
    }

    /// Counts the result on every node of `path` for the player who made its move, and gives
    /// AMAF credit to each child of a node on the path whose point its colour played first
    /// later in the simulation.
    fn back_up(&mut self, path: &[&Node], tree_moves: usize, to_move: Color, winner: Color) {
        // The root's move was made by the opponent of the side to move; colours alternate.
        let mover = |depth: usize| {
            if depth % 2 == 1 {
                to_move
            } else {
                to_move.opponent()
            }
        };
        for (depth, node) in path.iter().enumerate() {
            if mover(depth) == winner {
                node.add_win();
            }
        }
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
    fn flush_root_amaf(&mut self, root: &Node) {
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

/// A thread adds the AMAF updates of the root's children to the tree after this many
/// simulations (a delay that selection hardly notices, against cache lines that both threads
/// would otherwise write on every simulation).
const ROOT_AMAF_BATCH: u32 = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    /// A search position for `to_move` on `board`, every empty point allowed at the root.
    fn position(board: &Board, to_move: Color, komi: f64) -> Position {
        Position {
            board: board.clone(),
            to_move,
            komi,
            history: HashSet::from([board.hash()]),
            root_moves: board
                .empty_points()
                .filter(|&point| {
                    !board.placement(to_move, point).suicide
                        && !playout::policy::is_eye(board, to_move, point)
                })
                .collect(),
            after_pass: false,
            last_move: None,
        }
    }

    fn run(position: &Position, playouts: u64, threads: usize) -> (Tree, Outcome) {
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let settings = Settings {
            threads,
            policy: Policy::Heavy,
            early_end: false,
            ..Settings::default()
        };
        let budget = Budget {
            playouts: Some(playouts),
            time: None,
        };
        let outcome = search(&tree, position, &settings, budget, &|| false, None, 5);
        (tree, outcome)
    }

    /// 5×5: White's big chain C3-C4-D4-D3 is in atari at B3; capturing it wins the board.
    const BIG_CHAIN_IN_ATARI: &str = "
        . . X X .
        . X O O X
        . . O O X
        . X X X X
        . . . . .";

    #[test]
    fn the_search_captures_a_big_chain_in_atari() {
        let board = diagram(BIG_CHAIN_IN_ATARI);
        let (tree, outcome) = run(&position(&board, Color::Black, 0.5), 1000, 1);
        assert_eq!(outcome.playouts, 1000);
        let statistics = statistics(&tree, outcome.playouts, outcome.elapsed);
        assert_eq!(statistics.candidates[0].turn, Move::Place(at(&board, "B3")));
        assert!(statistics.win_rate > 0.8, "{statistics:?}");
        assert_eq!(
            statistics.principal_variation[0],
            Move::Place(at(&board, "B3"))
        );
    }

    #[test]
    fn selection_prefers_the_child_with_the_best_prior_before_any_playout() {
        let board = diagram(BIG_CHAIN_IN_ATARI);
        let position = position(&board, Color::Black, 0.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1000);
        let even = prior::even_visits(5);
        let children = tree.root().expand(|| root_children(&position, even));
        let mut worker = Worker::new(&position, 1, 0);
        let chosen = worker
            .select(children, Color::Black, &position, 3000.0)
            .unwrap();
        assert_eq!(chosen.turn(), Move::Place(at(&board, "B3")));
        assert_eq!(best_prior_move(&tree), Some(Move::Place(at(&board, "B3"))));
    }

    #[test]
    fn a_move_that_repeats_a_position_of_the_game_is_never_selected() {
        // 4×4 ko: Black captured at B2 (so White B3... ) Black's position after its capture
        // is in the history; White retaking at C2 would recreate the position before it.
        //   4 . . . .
        //   3 . X O .
        //   2 X O . O      White C2 would capture B2... is the game's earlier position.
        //   1 . X O .
        let board = diagram(
            "
            . . . .
            . X O .
            X O . O
            . X O .",
        );
        let retake = at(&board, "C2");
        let mut position = position(&board, Color::Black, 0.5);
        // Pretend the position after Black C2 (capturing B2) has already occurred.
        position
            .history
            .insert(board.hash_after(Color::Black, retake));
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1000);
        let even = prior::even_visits(4);
        let children = tree
            .root()
            .expand(|| inner_children(&position.board, Color::Black, None, even));
        let mut worker = Worker::new(&position, 1, 0);
        for _ in 0..50 {
            let chosen = worker
                .select(children, Color::Black, &position, 3000.0)
                .unwrap();
            assert_ne!(chosen.turn(), Move::Place(retake));
            chosen.add_visit();
        }
        let node = children
            .iter()
            .find(|child| child.turn() == Move::Place(retake))
            .unwrap();
        assert!(!node.is_selectable());
    }

    #[test]
    fn progress_is_reported_while_the_search_runs() {
        let board = Board::new(9).unwrap();
        let position = position(&board, Color::Black, 7.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let mut reports: Vec<Statistics> = Vec::new();
        let mut callback = |statistics: &Statistics| reports.push(statistics.clone());
        let progress = Progress {
            interval: Duration::ZERO,
            callback: &mut callback,
        };
        let budget = Budget {
            playouts: Some(500),
            time: None,
        };
        let settings = Settings {
            early_end: false,
            ..Settings::default()
        };
        let outcome = search(
            &tree,
            &position,
            &settings,
            budget,
            &|| false,
            Some(progress),
            3,
        );
        assert_eq!(outcome.playouts, 500);
        assert!(reports.len() >= 20, "{} reports", reports.len());
        assert!(
            reports
                .windows(2)
                .all(|pair| pair[0].playouts < pair[1].playouts)
        );
        assert!(!reports.last().unwrap().candidates.is_empty());
    }

    #[test]
    fn ownership_is_tallied_when_asked_black_owns_its_wall_and_white_the_captured_side() {
        let board = diagram(BIG_CHAIN_IN_ATARI);
        let position = position(&board, Color::Black, 0.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let budget = Budget {
            playouts: Some(300),
            time: None,
        };
        let settings = Settings {
            ownership: true,
            ..Settings::default()
        };
        let outcome = search(&tree, &position, &settings, budget, &|| false, None, 3);
        let ownership = outcome.ownership.expect("asked for");
        assert_eq!(ownership.len(), 25);
        let share = |name| ownership[board.points().position(|p| p == at(&board, name)).unwrap()];
        assert!(share("B2") > 0.9, "{}", share("B2"));
        assert!(ownership.iter().all(|value| (-1.0..=1.0).contains(value)));
        let without = search(
            &tree,
            &position,
            &Settings::default(),
            budget,
            &|| false,
            None,
            3,
        );
        assert_eq!(without.ownership, None);
    }

    #[test]
    fn a_stop_signal_ends_the_search_and_a_full_tree_too() {
        let board = Board::new(9).unwrap();
        let position = position(&board, Color::Black, 7.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let budget = Budget {
            playouts: None,
            time: None,
        };
        let settings = Settings::default();
        let outcome = search(&tree, &position, &settings, budget, &|| true, None, 3);
        assert_eq!(outcome.ending, Ending::Stopped);
        assert!(outcome.playouts < 100);
        // Room for the root's children and two more expansions: the tree fills and stops.
        let small = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 250);
        let outcome = search(&small, &position, &settings, budget, &|| false, None, 3);
        assert_eq!(outcome.ending, Ending::Full);
        assert!(small.nodes() < 250 + 2 * 82, "{}", small.nodes());
    }

    #[test]
    fn two_threads_share_one_tree_and_count_every_playout() {
        let board = diagram(BIG_CHAIN_IN_ATARI);
        let (tree, outcome) = run(&position(&board, Color::Black, 0.5), 2000, 2);
        let root_visits = u64::from(tree.root().visits());
        assert!(outcome.playouts >= 2000 && root_visits == outcome.playouts);
        let children: u64 = tree
            .root()
            .children()
            .unwrap()
            .iter()
            .map(|child| u64::from(child.visits()))
            .sum();
        assert_eq!(children, root_visits);
    }
}
