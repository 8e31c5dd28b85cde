//! The Monte-Carlo tree search: UCT with RAVE (AMAF) and priors, on one tree shared by all
//! search threads (docs/search.md §1, §6). Each simulation selects a line through the tree by the
//! nodes' urgency, expands its leaf once the leaf has been visited often enough, plays a
//! playout to the end, scores it by area with the search's komi, and backs the result up the
//! line, with AMAF credit to every move played later by the same colour. The search stops at
//! its playout or time limit, on the caller's stop signal, or when its best move can no longer
//! be overtaken; a full tree only stops growing. Knows the board and the playouts, not the game's
//! history (the caller hands over the positions to avoid and the moves allowed at the root)
//! and no GTP text.

mod expansion;
pub mod prior;
pub mod selection;
mod statistics;
pub mod tree;
mod worker;

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::board::{Board, Color, Point};
use crate::game::Move;
use crate::playout::Policy;
use expansion::root_children;
pub use expansion::validate_root;
pub use statistics::{best_prior_move, statistics};
pub use tree::{NODE_BYTES, Node, Tree};
use worker::{Shared, Worker};

/// The search's parameters (docs/search.md §9 gives where each default comes from).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Search threads, the caller's included (at least 1).
    pub threads: usize,
    /// K in RAVE's β schedule: the playouts at which real and AMAF means weigh the same.
    pub rave_equivalence: f32,
    /// The constant of the selection's exploration term where the mover is losing
    /// (docs/search.md §1.2).
    pub exploration: f32,
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
            exploration: 0.02,
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
    /// The keys of earlier positions that no line in the tree may recreate, of the kind
    /// `repetition` says.
    pub history: HashSet<u64>,
    /// What counts as recreating a position.
    pub repetition: Repetition,
    /// The moves the root may have as children (legal under the game's rules); a pass is
    /// added to them.
    pub root_moves: Vec<Point>,
    /// Whether a pass at the root ends the game (the last move was a pass).
    pub after_pass: bool,
    /// The last move played, for the priors.
    pub last_move: Option<Point>,
    /// Whether each stone placed costs its player a point (territory counting without pass
    /// stones): each playout's area margin then loses the stones Black placed along the line
    /// in the tree and gains White's (`komi` holds the game's own difference so far; the
    /// playout's stones are not counted, see `player::territory`).
    pub stones_cost: bool,
    /// The move before it, for the priors.
    pub second_last_move: Option<Point>,
}

/// What a line in the tree must not recreate, as the game's superko rule says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Repetition {
    /// A whole-board position, whoever made it (positional superko; under the basic ko rule
    /// alone, a guard against cycles). Keys are board hashes.
    #[default]
    Positional,
    /// A position together with the player whose play created it (situational superko);
    /// passes create none. Keys are `game::situation_key`s.
    Situational,
}

impl Repetition {
    /// The key of the position `hash` that `color` creates by placing a stone.
    #[inline]
    pub fn key(self, hash: u64, color: Color) -> u64 {
        match self {
            Repetition::Positional => hash,
            Repetition::Situational => crate::game::situation_key(hash, color),
        }
    }
}

/// What ends a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// At most this many playouts.
    pub playouts: Option<u64>,
    /// At most this much time...
    pub time: Option<Duration>,
    /// ... unless the best move is in doubt when it is up (the most visited move is not the
    /// best valued, or leads the second by little): then up to this much.
    pub maximum: Option<Duration>,
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
    /// The move model's probability of the move, in 0–1 (the policy a GUI shows).
    pub prior: f64,
    /// The mean final margin of its playouts for the colour to move, in points, with the komi
    /// the playouts are scored with (the margin their wins are decided by; the root's mean
    /// when it has no playout of its own).
    pub score_lead: f64,
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

/// The board size from which the search treats a board as large: a larger even prior
/// (`prior::even_visits`) and wider inner nodes (`expansion::first_children`).
const LARGE_BOARD: usize = 19;
/// How many simulations the coordinating thread runs between two looks at the clock, the
/// stop signal and the early end.
const CHECK_EVERY: u64 = 16;
/// No early end before this many playouts in this search.
const EARLY_END_MINIMUM: u64 = 100;

/// Searches from `position` into `tree` (whose root stands for `position`; its children
/// are created here if it has none, and completed when it lacks allowed moves) until the
/// budget is spent, `stop` says so or the best move cannot be overtaken any more; a full tree
/// stops growing and the simulations go on below its leaves. With one thread and a playout budget the
/// search is a pure function of the tree, the position and `seed`.
pub fn search(
    tree: &Tree,
    position: &Position,
    settings: &Settings,
    budget: Budget,
    stop: &(dyn Fn() -> bool + Sync),
    progress: Option<Progress<'_>>,
    seed: u64,
) -> Outcome {
    let start = Instant::now();
    let even = prior::even_visits(position.board.size());
    tree.root().expand(|| {
        let children = root_children(position, even);
        tree.reserve(children.units(), true);
        children
    });
    expansion::complete_root(tree, position, even);
    let shared = Shared::new(settings.ownership);
    let run = Run {
        tree,
        position,
        settings,
        even,
        shared: &shared,
    };
    let mut ending = std::thread::scope(|scope| {
        for thread in 1..settings.threads.max(1) {
            scope.spawn(move || run.help(seed, thread as u64));
        }
        run.coordinate(budget, stop, progress, seed, start)
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

/// What every thread of one search works with.
#[derive(Clone, Copy)]
struct Run<'a> {
    tree: &'a Tree,
    position: &'a Position,
    settings: &'a Settings,
    even: f32,
    shared: &'a Shared,
}

impl Run<'_> {
    /// A helper thread's work: simulations until the coordinating thread says it is finished;
    /// returns how many it ran.
    fn help(self, seed: u64, thread: u64) -> u64 {
        let mut worker = Worker::new(self.position, seed, thread);
        let mut run = 0u64;
        while !self.shared.finished.load(Ordering::Relaxed) {
            self.simulate(&mut worker);
            self.shared.playouts.fetch_add(1, Ordering::Relaxed);
            run += 1;
        }
        worker.flush_ownership(self.shared);
        worker.flush_root_amaf(self.tree.root());
        log::debug!("search thread {thread}: {run} playouts");
        run
    }

    fn simulate(&self, worker: &mut Worker) {
        worker.simulate(
            self.tree,
            self.position,
            self.settings,
            self.even,
            self.shared,
        );
    }

    /// The coordinating thread's work: simulations, and between them the looks at the budget,
    /// the stop signal, the early end and the progress reports; tells the helpers to finish
    /// and says why the search ended.
    fn coordinate(
        self,
        budget: Budget,
        stop: &(dyn Fn() -> bool + Sync),
        mut progress: Option<Progress<'_>>,
        seed: u64,
        start: Instant,
    ) -> Ending {
        let mut worker = Worker::new(self.position, seed, 0);
        let mut last_report = start;
        let mut run = 0u64;
        let ending = loop {
            if budget.playouts == Some(0) {
                break Ending::Playouts;
            }
            self.simulate(&mut worker);
            run += 1;
            let done = self.shared.playouts.fetch_add(1, Ordering::Relaxed) + 1;
            if budget.playouts.is_some_and(|limit| done >= limit) {
                break Ending::Playouts;
            }
            if run % CHECK_EVERY != 0 {
                continue;
            }
            if stop() {
                break Ending::Stopped;
            }
            let elapsed = start.elapsed();
            if let Some(ending) = self.limit_reached(budget, done, elapsed) {
                break ending;
            }
            if let Some(progress) = progress.as_mut() {
                if last_report.elapsed() >= progress.interval {
                    last_report = Instant::now();
                    let mut statistics = statistics(self.tree, done, elapsed);
                    statistics.ownership = self.shared.ownership_shares(&self.position.board);
                    (progress.callback)(&statistics);
                }
            }
        };
        self.shared.finished.store(true, Ordering::Relaxed);
        worker.flush_ownership(self.shared);
        worker.flush_root_amaf(self.tree.root());
        ending
    }

    /// Why the search ends now, after `done` playouts and `elapsed`, if it does: its time is
    /// up, or its best move can no longer be overtaken within the time left. While the best
    /// move is in doubt, the time runs to the budget's maximum, for both questions.
    fn limit_reached(&self, budget: Budget, done: u64, elapsed: Duration) -> Option<Ending> {
        let ending = self.ending_within(budget, done, elapsed)?;
        match (budget.maximum, budget.time) {
            (Some(maximum), Some(time)) if maximum > time && in_doubt(self.tree) => {
                let extended = Budget {
                    time: Some(maximum),
                    ..budget
                };
                self.ending_within(extended, done, elapsed)
            }
            _ => Some(ending),
        }
    }

    /// Whether `budget.time` is up or, with the early end on, the best move cannot be
    /// overtaken within the budget.
    fn ending_within(&self, budget: Budget, done: u64, elapsed: Duration) -> Option<Ending> {
        if budget.time.is_some_and(|limit| elapsed >= limit) {
            return Some(Ending::Time);
        }
        let decided = self.settings.early_end
            && done >= EARLY_END_MINIMUM
            && cannot_be_overtaken(self.tree, budget, done, elapsed);
        decided.then_some(Ending::Decided)
    }
}

/// A lead of the most visited root child over the second smaller than this share of its
/// visits is narrow: the search asks for more time when it can have it.
const NARROW_LEAD: f64 = 0.2;

/// Whether the best move is in doubt: the most visited root child is not the best valued of
/// those with at least half its visits, or leads the second by less than `NARROW_LEAD` of its
/// visits (Huang, Coulom and Lin's "unstable evaluation" and "behind" extensions).
fn in_doubt(tree: &Tree) -> bool {
    let Some(children) = tree.root().children() else {
        return false;
    };
    let mut ranked: Vec<(u32, f64)> = children
        .iter()
        .filter(|child| child.is_selectable() && child.visits() > 0)
        .map(|child| (child.visits(), child.win_rate().unwrap_or(0.0)))
        .collect();
    if ranked.len() < 2 {
        return false;
    }
    ranked.sort_unstable_by_key(|&(visits, _)| std::cmp::Reverse(visits));
    let (best_visits, best_value) = ranked[0];
    let second_visits = ranked[1].0;
    let narrow = f64::from(best_visits - second_visits) < NARROW_LEAD * f64::from(best_visits);
    let better_valued = ranked[1..]
        .iter()
        .any(|&(visits, value)| 2 * visits >= best_visits && value > best_value);
    narrow || better_valued
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
    visits[0] > visits[1].saturating_add(remaining)
}

#[cfg(test)]
mod tests {
    use super::expansion::inner_children;
    use super::tree::Children;
    use super::*;
    use crate::board::tests::{at, diagram};
    use crate::knowledge::History;
    use crate::playout;

    /// A budget of `playouts` playouts, with no time limit.
    fn playouts_only(playouts: u64) -> Budget {
        Budget {
            playouts: Some(playouts),
            time: None,
            maximum: None,
        }
    }

    /// A search position for `to_move` on `board`, every empty point allowed at the root.
    fn position(board: &Board, to_move: Color, komi: f64) -> Position {
        Position {
            board: board.clone(),
            to_move,
            komi,
            history: HashSet::from([board.hash()]),
            repetition: Repetition::Positional,
            root_moves: board
                .empty_points()
                .filter(|&point| {
                    !board.placement(to_move, point).suicide
                        && !playout::policy::is_eye(board, to_move, point)
                })
                .collect(),
            after_pass: false,
            last_move: None,
            stones_cost: false,
            second_last_move: None,
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
        let budget = playouts_only(playouts);
        let outcome = search(&tree, position, &settings, budget, &|| false, None, 5);
        (tree, outcome)
    }

    /// 5×5: every empty point is one of Black's eyes, so Black owns every point and no move
    /// but a pass is left to either colour (the expansion and worker tests use it too).
    pub(super) const BLACK_OWNS_EVERYTHING: &str = "
        X X X X X
        X . X X X
        X X X X X
        X X X . X
        X X X X X";

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

    /// 9×9, Black to move, komi 7.5 (from a game against Pachi, seed 1470, after move 60).
    /// White's twenty stones in the middle and at the top have two liberties, their eye G9 and
    /// J9; Black's big group on the left has two, B7 and A9, and White's capture of A8 at A9
    /// puts it in atari. Black J9 puts White in atari, and G9 then takes the twenty stones
    /// whatever White does: the one winning move. Played any later (after White's A9), J9
    /// comes too late, so its AMAF mean is close to nought.
    const LONE_REFUTATION: &str = "
        . X X X X O . O .
        X O O X O O O O X
        O . X X X O O X X
        O X X X O O X . X
        X O X O O O X . .
        . O O X X O X . .
        . . . . X X O O .
        . O . O . O X X .
        . . . . . . . . .";

    #[test]
    fn the_search_finds_a_lone_winning_move_whose_later_plays_all_lose() {
        let board = diagram(LONE_REFUTATION);
        let settings = Settings {
            policy: Policy::Heavy,
            exploration: 0.02,
            ..Settings::default()
        };
        let budget = playouts_only(10_000);
        let start = position(&board, Color::Black, 7.5);
        for seed in 1..=3 {
            let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
            let outcome = search(&tree, &start, &settings, budget, &|| false, None, seed);
            let statistics = statistics(&tree, outcome.playouts, outcome.elapsed);
            assert_eq!(
                statistics.candidates[0].turn,
                Move::Place(at(&board, "J9")),
                "seed {seed}: {statistics:?}"
            );
            assert!(statistics.win_rate > 0.9, "seed {seed}: {statistics:?}");
        }
    }

    #[test]
    fn each_candidate_s_score_lead_is_the_mean_margin_of_its_own_playouts() {
        // 7×7, Black to move, komi 30.5. Black's A1-F1 and White's A2-F2 are both in atari.
        // Black G2 captures White's six stones and owns the board (49 − 30.5 = +18.5); after
        // Black A7 White captures at G1 and lives on the bottom two rows with a straight five
        // (Black 35 − 14 − 30.5 = −9.5).
        //   7 . . . . . . .
        //   6 . . . . . . .
        //   5 . . . . . . .
        //   4 . . . . . . .
        //   3 X X X X X X X
        //   2 O O O O O O .
        //   1 X X X X X X .
        let board = diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X X X X
            O O O O O O .
            X X X X X X .",
        );
        let mut position = position(&board, Color::Black, 30.5);
        let (capture, slack) = (at(&board, "G2"), at(&board, "A7"));
        position.root_moves = vec![capture, slack];
        // A7 starts with a prior of 30 wins in 30 playouts, so that the search tries it until
        // its losses show, and then turns to G2. G2's prior, 70 wins in 140, outweighs the
        // AMAF losses its atari on G1 collects in A7's playouts, where White lives.
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        tree.root().expand(|| {
            let nodes = vec![
                Node::new(Move::Place(capture), 70.0, 140.0),
                Node::new(Move::Place(slack), 30.0, 30.0),
            ];
            Children::new(nodes, 0, 0)
        });
        // No exploration term: the priors above script the search's course on their own.
        let settings = Settings {
            policy: Policy::Heavy,
            early_end: false,
            exploration: 0.0,
            ..Settings::default()
        };
        let budget = playouts_only(1000);
        let outcome = search(&tree, &position, &settings, budget, &|| false, None, 5);
        let statistics = statistics(&tree, outcome.playouts, outcome.elapsed);
        let lead = |point| {
            let candidate = statistics
                .candidates
                .iter()
                .find(|candidate| candidate.turn == Move::Place(point))
                .unwrap_or_else(|| panic!("{:?}", statistics.candidates));
            (candidate.score_lead, candidate.visits)
        };
        let (capture_lead, capture_visits) = lead(capture);
        let (slack_lead, slack_visits) = lead(slack);
        assert!(
            capture_lead > 5.0,
            "G2 {capture_lead} ({capture_visits} visits)"
        );
        assert!(slack_lead < 0.0, "A7 {slack_lead} ({slack_visits} visits)");
        // The root's margin is the mean of its children's, weighted by their playouts.
        let root = -tree.root().mean_margin().unwrap();
        assert!(slack_lead < root && root < capture_lead, "root {root}");
    }

    #[test]
    fn each_candidate_s_prior_is_the_move_model_s_probability() {
        let board = Board::new(5).unwrap();
        let position = position(&board, Color::Black, 0.5);
        let (tree, outcome) = run(&position, 300, 1);
        let statistics = statistics(&tree, outcome.playouts, outcome.elapsed);
        let even = prior::even_visits(5);
        let model = prior::priors(
            &board,
            Color::Black,
            &History::default(),
            &position.root_moves,
            even,
        );
        let pass = 1.0 - model.probabilities.iter().sum::<f32>();
        assert!(statistics.candidates.len() > 1);
        for candidate in &statistics.candidates {
            let probability = match candidate.turn {
                Move::Place(point) => {
                    let index = position.root_moves.iter().position(|&p| p == point);
                    model.probabilities[index.unwrap()]
                }
                Move::Pass => pass,
            };
            assert_eq!(candidate.prior, f64::from(probability), "{candidate:?}");
        }
        // The probabilities of every move and the pass add up to 1.
        let children = tree.root().children().unwrap();
        let total: f32 = children.iter().map(Node::probability).sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
    }

    #[test]
    fn a_descent_in_progress_turns_the_next_selection_away_and_leaves_no_trace_once_backed_up() {
        // The empty 9×9 board after 300 simulations: the root's children have real and AMAF
        // experience, and the most urgent leads the next ones by little.
        let board = Board::new(9).unwrap();
        let position = position(&board, Color::Black, 7.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let settings = Settings {
            early_end: false,
            ..Settings::default()
        };
        let budget = playouts_only(300);
        search(&tree, &position, &settings, budget, &|| false, None, 3);
        let children = tree.root().children().unwrap();
        let most_urgent = |offset| {
            selection::most_urgent(
                children,
                offset,
                settings.rave_equivalence,
                tree::Experience::default(),
                0.0,
            )
            .unwrap()
            .turn()
        };
        let favourite = most_urgent(0);
        let before: Vec<tree::Experience> = children.iter().map(Node::experience).collect();
        let mut worker = Worker::new(&position, 11, 0);
        let mut path = Vec::new();
        let even = prior::even_visits(9);
        let leaf = worker.descend(&tree, &position, &settings, even, &mut path);
        assert_eq!(path[1].turn(), favourite);
        for offset in 0..children.len() {
            assert_ne!(most_urgent(offset), favourite, "offset {offset}");
        }
        worker.finish(&path, leaf, &position, &settings, &Shared::new(false));
        worker.flush_root_amaf(tree.root());
        // One visit more for the favourite, and its own move's AMAF visit, won or lost alike;
        // at most an AMAF visit more for the others.
        for (child, before) in children.iter().zip(&before) {
            let after = child.experience();
            if child.turn() == favourite {
                assert_eq!(after.visits, before.visits + 1);
                assert_eq!(after.amaf_visits, before.amaf_visits + 1);
                assert_eq!(after.wins - before.wins, after.amaf_wins - before.amaf_wins);
            } else {
                assert_eq!(after.visits, before.visits);
                assert!(after.amaf_visits - before.amaf_visits <= 1);
            }
        }
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
            .select(
                children,
                tree.root(),
                Color::Black,
                &position,
                &Settings::default(),
            )
            .unwrap();
        assert_eq!(chosen.turn(), Move::Place(at(&board, "B3")));
        assert_eq!(best_prior_move(&tree), Some(Move::Place(at(&board, "B3"))));
    }

    #[test]
    fn a_move_that_repeats_a_position_of_the_game_is_never_selected() {
        //   4 . . . .
        //   3 . X O .     A ko: Black C2 captures White's B2 stone. The position it makes
        //   2 X O . O     is put in the game's history below, as if it had occurred, so
        //   1 . X O .     C2 repeats a position and the search never selects it.
        let board = diagram(
            "
            . . . .
            . X O .
            X O . O
            . X O .",
        );
        let retake = at(&board, "C2");
        let mut position = position(&board, Color::Black, 0.5);
        position
            .history
            .insert(board.hash_after(Color::Black, retake));
        let (chosen, selectable) = fifty_selections(&position, Color::Black, retake);
        assert!(!chosen.contains(&Move::Place(retake)));
        assert!(!selectable);
    }

    /// Expands a root on `position`'s board with every move of `color` as a child, selects
    /// fifty times (each choice counted as a visit), and returns the moves chosen and whether
    /// the child playing `watched` is still selectable.
    fn fifty_selections(position: &Position, color: Color, watched: Point) -> (Vec<Move>, bool) {
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1000);
        let even = prior::even_visits(position.board.size());
        let children = tree
            .root()
            .expand(|| inner_children(&position.board, color, &History::default(), even));
        let mut worker = Worker::new(position, 1, 0);
        let settings = Settings::default();
        let chosen = (0..50)
            .map(|_| {
                let child = worker
                    .select(children, tree.root(), color, position, &settings)
                    .unwrap();
                child.add_visit();
                child.turn()
            })
            .collect();
        let node = children
            .iter()
            .find(|child| child.turn() == Move::Place(watched))
            .unwrap();
        (chosen, node.is_selectable())
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
        let budget = playouts_only(500);
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
        let budget = playouts_only(300);
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
    fn a_stop_signal_ends_the_search_and_a_full_tree_does_not() {
        let board = Board::new(9).unwrap();
        let position = position(&board, Color::Black, 7.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let budget = Budget {
            playouts: None,
            time: None,
            maximum: None,
        };
        let settings = Settings::default();
        let outcome = search(&tree, &position, &settings, budget, &|| true, None, 3);
        assert_eq!(outcome.ending, Ending::Stopped);
        assert!(outcome.playouts < 100);
        // Room for the root's children and a few more: the tree fills, stops growing, and the
        // search goes on to its budget.
        let small = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 120);
        let limited = playouts_only(3000);
        let settings = Settings {
            early_end: false,
            ..settings
        };
        let outcome = search(&small, &position, &settings, limited, &|| false, None, 3);
        assert_eq!(outcome.ending, Ending::Playouts);
        assert_eq!(outcome.playouts, 3000);
        assert_eq!(u64::from(small.root().visits()), 3000);
        assert!(small.nodes() < 120 + 2 * 82, "{}", small.nodes());
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

    #[test]
    fn a_helper_thread_simulates_into_the_shared_tree_until_it_is_told_to_finish() {
        let board = Board::new(5).unwrap();
        let position = position(&board, Color::Black, 0.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 16);
        let even = prior::even_visits(5);
        tree.root().expand(|| root_children(&position, even));
        let settings = Settings::default();
        let shared = Shared::new(false);
        let run = Run {
            tree: &tree,
            position: &position,
            settings: &settings,
            even,
            shared: &shared,
        };
        let simulations = std::thread::scope(|scope| {
            let helper = scope.spawn(move || run.help(1, 1));
            let start = Instant::now();
            // A helper that panics ends the wait at once, and its panic fails the test.
            while shared.playouts.load(Ordering::Relaxed) < 100
                && start.elapsed() < Duration::from_secs(60)
                && !helper.is_finished()
            {
                std::thread::yield_now();
            }
            shared.finished.store(true, Ordering::Relaxed);
            helper.join().unwrap()
        });
        assert!(simulations >= 100, "{simulations}");
        assert_eq!(simulations, shared.playouts.load(Ordering::Relaxed));
        let children = tree.root().children().unwrap();
        let visits: u64 = children.iter().map(|child| u64::from(child.visits())).sum();
        assert_eq!(visits, simulations);
    }

    #[test]
    fn a_search_on_a_time_budget_runs_until_its_time_is_up() {
        let board = Board::new(9).unwrap();
        let position = position(&board, Color::Black, 7.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let budget = Budget {
            playouts: None,
            time: Some(Duration::from_millis(40)),
            maximum: None,
        };
        let settings = Settings {
            early_end: false,
            ..Settings::default()
        };
        let outcome = search(&tree, &position, &settings, budget, &|| false, None, 3);
        assert_eq!(outcome.ending, Ending::Time);
        assert!(outcome.elapsed >= Duration::from_millis(40), "{outcome:?}");
        assert!(outcome.playouts >= CHECK_EVERY, "{outcome:?}");
    }

    #[test]
    fn a_search_in_doubt_goes_on_past_its_time_up_to_the_maximum_and_one_decided_does_not() {
        // A kept tree whose two most visited moves are too close for a few thousand more
        // playouts to part them, or far apart; without the early end, then with it, which
        // must not cut the extension short.
        let run = |second: (u32, u32), early_end: bool| {
            let board = Board::new(9).unwrap();
            let position = position(&board, Color::Black, 7.5);
            let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
            let even = prior::even_visits(9);
            let children = tree.root().expand(|| root_children(&position, even));
            give_experience(&children[0], (100_000, 50_000));
            give_experience(&children[1], second);
            let budget = Budget {
                playouts: None,
                time: Some(Duration::from_millis(20)),
                maximum: Some(Duration::from_millis(300)),
            };
            let settings = Settings {
                early_end,
                ..Settings::default()
            };
            search(&tree, &position, &settings, budget, &|| false, None, 3)
        };
        let in_doubt = run((95_000, 50_000), false);
        assert_eq!(in_doubt.ending, Ending::Time);
        assert!(
            in_doubt.elapsed >= Duration::from_millis(300),
            "{in_doubt:?}"
        );
        let decided = run((1_000, 400), false);
        assert_eq!(decided.ending, Ending::Time);
        assert!(decided.elapsed < Duration::from_millis(300), "{decided:?}");
        // With the early end, a lead of 10 visits in doubt goes on well past its 20 ms: the lead
        // grows by at most the playouts since, so it cannot be decided before about 160 ms.
        let close = run((99_990, 49_995), true);
        assert!(close.elapsed >= Duration::from_millis(100), "{close:?}");
        let decided = run((1_000, 400), true);
        assert!(decided.elapsed < Duration::from_millis(300), "{decided:?}");
    }

    /// A root with two moves (even priors) that have had `(visits, wins)` each.
    fn two_move_tree(first: (u32, u32), second: (u32, u32)) -> Tree {
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 100);
        let children = tree.root().expand(|| {
            Children::new(
                vec![
                    Node::new(Move::Place(Point(30)), 7.0, 14.0),
                    Node::new(Move::Place(Point(31)), 7.0, 14.0),
                ],
                0,
                0,
            )
        });
        give_experience(&children[0], first);
        give_experience(&children[1], second);
        tree
    }

    /// Counts `visits` playouts through `child`, the first `wins` of them won.
    fn give_experience(child: &Node, (visits, wins): (u32, u32)) {
        for visit in 0..visits {
            child.add_visit();
            if visit < wins {
                child.add_win();
            }
        }
    }

    #[test]
    fn a_search_ends_early_only_when_the_playouts_left_cannot_lift_the_second_move_past_the_first()
    {
        let tree = two_move_tree((5000, 0), (1000, 0));
        let playouts = |limit| playouts_only(limit);
        let second = Duration::from_secs(1);
        // 4,001 playouts left could lift the second to 5,001; 4,000 only to a tie.
        assert!(!cannot_be_overtaken(&tree, playouts(5001), 1000, second));
        assert!(cannot_be_overtaken(&tree, playouts(4999), 1000, second));
        assert!(!cannot_be_overtaken(&tree, playouts(5000), 1000, second));
        // A time budget promises the playouts of the rate so far: 6,000 in 2 s, so 3,000 in
        // the second left of 3 s, 6,000 in the two left of 4 s.
        let time = |limit| Budget {
            playouts: None,
            time: Some(Duration::from_secs(limit)),
            maximum: None,
        };
        let two_seconds = Duration::from_secs(2);
        assert!(cannot_be_overtaken(&tree, time(3), 6000, two_seconds));
        assert!(!cannot_be_overtaken(&tree, time(4), 6000, two_seconds));
        // No budget at all never ends a search early; one selectable move always does.
        let unlimited = Budget {
            playouts: None,
            time: None,
            maximum: None,
        };
        assert!(!cannot_be_overtaken(&tree, unlimited, 1000, second));
        let alone = two_move_tree((10, 0), (0, 0));
        let children = alone.root().children().unwrap();
        children[1].set_valid(false);
        assert!(cannot_be_overtaken(&alone, playouts(1_000_000), 10, second));
    }

    #[test]
    fn a_search_with_nothing_to_choose_still_runs_its_first_hundred_playouts() {
        // Only the pass is allowed at the root: nothing can overtake it from the start, but
        // the early end waits for EARLY_END_MINIMUM playouts (checked every CHECK_EVERY).
        let board = diagram(BIG_CHAIN_IN_ATARI);
        let mut only_pass = position(&board, Color::Black, 0.5);
        only_pass.root_moves.clear();
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let settings = Settings {
            early_end: true,
            ..Settings::default()
        };
        let budget = playouts_only(1000);
        let outcome = search(&tree, &only_pass, &settings, budget, &|| false, None, 5);
        assert_eq!(outcome.ending, Ending::Decided);
        assert_eq!(
            outcome.playouts,
            EARLY_END_MINIMUM.next_multiple_of(CHECK_EVERY)
        );
    }

    #[test]
    fn a_budget_of_the_largest_playout_count_never_ends_a_search_on_a_reused_tree_early() {
        // `kosumi-param playouts 18446744073709551615`: the playouts left plus the second
        // move's visits must not overflow (a debug build panicked, a release build ended the
        // search as decided after about 100 playouts).
        // The kept tree's visits: more on the second move than this search's playouts so far.
        let tree = two_move_tree((5000, 0), (1000, 0));
        let budget = playouts_only(u64::MAX);
        assert!(!cannot_be_overtaken(
            &tree,
            budget,
            100,
            Duration::from_secs(1)
        ));
        let nearly_done = playouts_only(200);
        assert!(cannot_be_overtaken(
            &tree,
            nearly_done,
            100,
            Duration::from_secs(1)
        ));
    }

    #[test]
    fn under_situational_superko_a_position_that_the_other_colour_created_may_be_recreated() {
        //   4 . . . .
        //   3 . O X .     White C2 captures Black B2. The position it makes once occurred,
        //   2 O X . X     created by a play of Black: positional superko forbids White C2,
        //   1 . O X .     situational superko allows it; created by White, both forbid it.
        let board = diagram(
            "
            . . . .
            . O X .
            O X . X
            . O X .",
        );
        let retake = at(&board, "C2");
        let after = board.hash_after(Color::White, retake);
        let selectable = |repetition: Repetition, creator: Color| {
            let mut position = position(&board, Color::White, 0.5);
            position.repetition = repetition;
            position.history = HashSet::from([Repetition::Situational.key(after, creator)]);
            if repetition == Repetition::Positional {
                position.history = HashSet::from([after]);
            }
            fifty_selections(&position, Color::White, retake).1
        };
        assert!(selectable(Repetition::Situational, Color::Black));
        assert!(!selectable(Repetition::Situational, Color::White));
        assert!(!selectable(Repetition::Positional, Color::Black));
    }

    #[test]
    fn the_ownership_tally_counts_black_s_points_up_and_white_s_down() {
        // Black's wall on B, White's on D: A is Black's, E is White's in nearly every playout.
        let board = diagram(
            "
            . X . O .
            . X . O .
            . X . O .
            . X . O .
            . X . O .",
        );
        let position = position(&board, Color::Black, 0.5);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 20);
        let budget = playouts_only(400);
        let settings = Settings {
            ownership: true,
            early_end: false,
            ..Settings::default()
        };
        let outcome = search(&tree, &position, &settings, budget, &|| false, None, 3);
        let ownership = outcome.ownership.expect("asked for");
        let share =
            |name: &str| ownership[board.points().position(|p| p == at(&board, name)).unwrap()];
        for row in 1..=5 {
            let black = share(&format!("A{row}"));
            let white = share(&format!("E{row}"));
            assert!(black > 0.5, "A{row}: {black}");
            assert!(white < -0.5, "E{row}: {white}");
        }
    }

    #[test]
    fn the_best_move_is_in_doubt_when_its_lead_is_narrow_or_a_well_tried_rival_is_better() {
        let doubt = |first, second| in_doubt(&two_move_tree(first, second));
        // Visits and wins of the two moves.
        assert!(doubt((100, 60), (90, 50)), "a narrow lead");
        assert!(
            !doubt((100, 60), (30, 21)),
            "a clear lead over a rival tried little"
        );
        assert!(
            doubt((100, 50), (60, 36)),
            "a rival tried enough and better valued"
        );
        assert!(
            !doubt((100, 60), (60, 30)),
            "a clear lead over a worse rival"
        );
        // The edges: a lead of exactly a fifth is not narrow; a rival with exactly half the
        // visits is tried enough; a rival valued the same is not better.
        assert!(!doubt((100, 60), (80, 40)), "a lead of exactly a fifth");
        assert!(
            doubt((100, 50), (50, 30)),
            "a better rival with half the visits"
        );
        assert!(!doubt((100, 50), (60, 30)), "a rival valued the same");
        // Only moves that were tried and may be played count.
        assert!(!doubt((100, 60), (0, 0)), "a rival never tried");
        let forbidden_rival = two_move_tree((100, 60), (90, 80));
        forbidden_rival.root().children().unwrap()[1].set_valid(false);
        assert!(
            !in_doubt(&forbidden_rival),
            "a rival that may not be played"
        );
    }
}
