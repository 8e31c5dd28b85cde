//! The `mcts` player: the Monte-Carlo tree search of `search`, and the decisions around it
//! that need the game. A decision goes through four rooms: preparing (`root`: the root's
//! moves by the game's own legality, the pass that needs no search, the komi the playouts
//! count with, with dynamic komi in handicap games, docs/search.md §8), searching (the budget from
//! `time`, a fresh or kept tree, the search itself), choosing (`choice`: the move, a pass only
//! when the count wins, resignation) and keeping (`kept`: the tree for the moves to come).
//! Prints nothing.

mod choice;
mod kept;
mod root;
pub mod time;

use std::sync::{Arc, Mutex, PoisonError};
#[cfg(test)]
use std::time::Duration;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};

use super::{Change, Decision, Player, Purpose, Request};
use crate::board::Color;
use crate::game::{Game, Move};
use crate::playout::Policy;
use crate::rules::Rules;
use crate::search::{self, Budget, NODE_BYTES, Node, Statistics, Tree};
use kept::KeptTree;
use root::{Preparation, Root};

/// The `mcts` player's settings (command-line flags).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsSettings {
    /// Search threads (at least 1).
    pub threads: usize,
    /// The tree's memory limit in bytes.
    pub memory: usize,
    /// Resign when the best move's win rate falls below this (0 never resigns).
    pub resign_below: f64,
    /// ... and only after at least this many playouts at the root.
    pub resign_after: u64,
    /// The playouts per move when neither a playout count nor a time is given.
    pub default_playouts: u64,
    /// The playout policy.
    pub policy: Policy,
    /// Taken off every move's time on the clock for network and GUI delays (`--lag`).
    pub lag: std::time::Duration,
    /// Whether `genmove` and `reg_genmove` play the opening book's move where it has one
    /// (knowledge/book.rs) in place of searching.
    pub book: bool,
}

/// The default tree memory limit: 1 GiB (`--memory 1024`).
pub const DEFAULT_MEMORY_MB: usize = 1024;
/// The default resignation threshold (`--resign 0.1`).
pub const DEFAULT_RESIGN: f64 = 0.1;
/// Playouts the root needs before the player may resign.
pub const RESIGN_AFTER: u64 = 2000;
/// The default playouts per move without `--playouts`, `--time` or a game clock.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

impl Default for MctsSettings {
    fn default() -> MctsSettings {
        MctsSettings {
            threads: 1,
            memory: DEFAULT_MEMORY_MB << 20,
            resign_below: DEFAULT_RESIGN,
            resign_after: RESIGN_AFTER,
            default_playouts: DEFAULT_PLAYOUTS,
            policy: Policy::Heavy,
            lag: time::DEFAULT_LAG,
            book: true,
        }
    }
}

/// The settings of `mcts` players, shared with whoever may change them between moves (the
/// GTP layer's `kosumi-param`): every clone is a handle on the same settings, and a player
/// reads them afresh at the start of each decision.
#[derive(Clone, Debug, Default)]
pub struct SharedSettings(Arc<Mutex<MctsSettings>>);

impl SharedSettings {
    /// A handle on `settings`.
    pub fn new(settings: MctsSettings) -> SharedSettings {
        SharedSettings(Arc::new(Mutex::new(settings)))
    }

    /// The settings as they are now.
    pub fn get(&self) -> MctsSettings {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Changes the settings for every player that shares them.
    pub fn change(&self, change: impl FnOnce(&mut MctsSettings)) {
        change(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner));
    }
}

/// The Monte-Carlo tree search player.
pub struct MctsPlayer {
    settings: SharedSettings,
    seed: u64,
    random: Xoshiro256PlusPlus,
    kept: KeptTree,
}

impl MctsPlayer {
    /// A player with `settings` whose choices follow from `seed` (with one thread and a
    /// playout budget).
    pub fn new(settings: MctsSettings, seed: u64) -> MctsPlayer {
        MctsPlayer::sharing(SharedSettings::new(settings), seed)
    }

    /// A player whose settings are `settings`, changed by whoever holds a handle on them.
    pub fn sharing(settings: SharedSettings, seed: u64) -> MctsPlayer {
        MctsPlayer {
            settings,
            seed,
            random: Xoshiro256PlusPlus::seed_from_u64(seed),
            kept: KeptTree::default(),
        }
    }

    /// A handle on the player's settings.
    pub fn settings(&self) -> SharedSettings {
        self.settings.clone()
    }

    /// The tree to search in and the seed of the search: for a suggestion, a fresh tree and a
    /// seed that is a function of the position; otherwise the kept tree when it follows the
    /// game and is not full, and the player's next random seed.
    fn tree_and_seed(&mut self, request: &Request<'_>, settings: &MctsSettings) -> (Tree, u64) {
        let capacity = (settings.memory / NODE_BYTES).max(1);
        let fresh = || Tree::new(Node::new(Move::Pass, 0.0, 0.0), capacity);
        let game = request.game;
        if request.purpose == Purpose::Suggest {
            let position_seed = game.board().hash()
                ^ (game.moves().len() as u64).rotate_left(32)
                ^ request.color.index() as u64;
            return (fresh(), self.seed ^ position_seed);
        }
        let mut tree = self
            .kept
            .take(game, Some(request.color))
            .unwrap_or_else(fresh);
        // An analysis (not on the clock) may take the time to prune a full tree; a move searches
        // on in it, below its leaves, and the tree is pruned in the background after the move.
        if matches!(request.purpose, Purpose::Analyze { .. }) && kept::needs_pruning(&tree) {
            kept::prune(&mut tree);
        }
        (tree, self.random.next_u64())
    }

    /// Searches from `root` in `tree` as `request` asks, and returns what the search found.
    fn search(
        &self,
        tree: &Tree,
        root: &Root<'_>,
        request: &mut Request<'_>,
        settings: &MctsSettings,
        seed: u64,
    ) -> Statistics {
        let mut allowed = vec![false; crate::board::CELLS];
        for &point in &root.position.root_moves {
            allowed[point.index()] = true;
        }
        search::validate_root(tree, |turn| root.allows(&allowed, turn));
        let budget = if root.analyze {
            Budget::default()
        } else {
            let board = request.game.board();
            time::budget(
                &request.limits,
                board,
                request.color,
                settings.default_playouts,
                settings.lag,
            )
        };
        let search_settings = search::Settings {
            threads: if request.purpose == Purpose::Suggest {
                1
            } else {
                settings.threads
            },
            policy: settings.policy,
            ownership: request.ownership,
            ..search::Settings::default()
        };
        let outcome = search::search(
            tree,
            &root.position,
            &search_settings,
            budget,
            request.stop,
            request.progress.take(),
            seed,
        );
        let mut statistics = search::statistics(tree, outcome.playouts, outcome.elapsed);
        statistics.ownership = outcome.ownership;
        log_search(&statistics, &outcome.ending, tree.nodes());
        statistics
    }
}

/// Logs a finished search at debug level: its numbers and its best candidates.
fn log_search(statistics: &Statistics, ending: &search::Ending, nodes: usize) {
    log::debug!(
        "search: {} playouts in {:.3} s ({ending:?}), root {} visits, {nodes} nodes, best {:?} \
         at {:.3}",
        statistics.playouts,
        statistics.elapsed.as_secs_f64(),
        statistics.visits,
        statistics.candidates.first().map(|best| best.turn),
        statistics.win_rate
    );
    for candidate in statistics.candidates.iter().take(6) {
        log::debug!(
            "  {:?}: {} visits, win rate {:.3}, lead {:.1}, prior {:.3}",
            candidate.turn,
            candidate.visits,
            candidate.win_rate,
            candidate.score_lead,
            candidate.prior
        );
    }
}

impl Player for MctsPlayer {
    fn decide(&mut self, mut request: Request<'_>) -> Decision {
        let settings = self.settings.get();
        let root = match Root::prepare(&request, settings.book) {
            Preparation::Answer(action) => return Decision::plain(action),
            Preparation::Search(root) => root,
        };
        let (tree, seed) = self.tree_and_seed(&request, &settings);
        let statistics = self.search(&tree, &root, &mut request, &settings, seed);
        let fallback = search::best_prior_move(&tree).unwrap_or(Move::Pass);
        let action = root.choice.choose(&statistics, fallback, &settings);
        // A tree for the colour not to move is not kept: the kept tree is the other colour's.
        if request.purpose != Purpose::Suggest && self.kept.is_empty() {
            self.kept.keep(tree, request.game, request.color);
        }
        Decision {
            action,
            statistics: Some(statistics),
        }
    }

    fn notice(&mut self, change: Change, game: &Game) {
        match change {
            // Move the kept tree on now, so that what the move made unreachable is freed.
            Change::Played(..) => self.kept.follow(game),
            Change::Undone | Change::Replaced => self.kept.forget(),
        }
    }
}

/// What `bench_search` measured.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchBench {
    /// The search's numbers.
    pub outcome: search::Outcome,
    /// The nodes of the tree it grew.
    pub nodes: usize,
    /// The memory the tree takes, in bytes.
    pub tree_bytes: usize,
}

/// Runs one search of `playouts` playouts from the empty `size`×`size` board (komi 7.5,
/// Chinese rules) with `settings`, for `kosumi bench --player mcts`; `None` for a bad size.
pub fn bench_search(
    size: usize,
    playouts: u64,
    settings: &MctsSettings,
    seed: u64,
) -> Option<SearchBench> {
    let game = Game::new(size, Rules::CHINESE, 7.5)?;
    let root_moves = root::own_moves(&game, Color::Black);
    let position = root::position(&game, Color::Black, 7.5, root_moves);
    let capacity = (settings.memory / NODE_BYTES).max(1);
    let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), capacity);
    let search_settings = search::Settings {
        threads: settings.threads,
        policy: settings.policy,
        early_end: false,
        ..search::Settings::default()
    };
    let budget = Budget {
        playouts: Some(playouts),
        time: None,
        maximum: None,
    };
    let outcome = search::search(
        &tree,
        &position,
        &search_settings,
        budget,
        &|| false,
        None,
        seed,
    );
    Some(SearchBench {
        outcome,
        nodes: tree.nodes(),
        tree_bytes: tree.bytes(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::game_after;
    use crate::player::{Action, Limits, Progress};

    /// A player that searches every move: these tests are about the search, not the book.
    fn small() -> MctsPlayer {
        let settings = MctsSettings {
            resign_below: 0.0,
            book: false,
            ..MctsSettings::default()
        };
        MctsPlayer::new(settings, 9)
    }

    fn request<'a>(
        game: &'a Game,
        color: Color,
        purpose: Purpose<'a>,
        playouts: u64,
    ) -> Request<'a> {
        Request {
            game,
            color,
            purpose,
            limits: Limits {
                playouts: Some(playouts),
                ..Limits::default()
            },
            stop: &|| false,
            progress: None,
            ownership: false,
        }
    }

    #[test]
    fn the_tree_of_the_move_played_and_of_the_reply_is_kept() {
        let mut player = small();
        let mut game = Game::new(9, Rules::CHINESE, 7.5).unwrap();
        let first = player.decide(request(&game, Color::Black, Purpose::Play, 2000));
        let Action::Play(turn) = first.action else {
            panic!("{first:?}");
        };
        game.play(Color::Black, turn).unwrap();
        player.notice(Change::Played(Color::Black, turn), &game);
        // The reply the search expected most.
        let reply = first.statistics.unwrap().principal_variation[1];
        game.play(Color::White, reply).unwrap();
        player.notice(Change::Played(Color::White, reply), &game);
        let second = player.decide(request(&game, Color::Black, Purpose::Play, 500));
        let statistics = second.statistics.unwrap();
        assert!(
            statistics.visits > statistics.playouts,
            "the root kept the visits of the first search: {} visits, {} playouts",
            statistics.visits,
            statistics.playouts
        );
        // After an undo the tree no longer applies.
        game.undo();
        player.notice(Change::Undone, &game);
        assert!(player.kept.is_empty());
    }

    #[test]
    fn an_analysis_searches_until_stopped_and_its_tree_serves_the_next_move() {
        let mut player = small();
        let mut game = Game::new(9, Rules::CHINESE, 7.5).unwrap();
        game.play(
            Color::Black,
            Move::Place(crate::board::tests::at(game.board(), "E5")),
        )
        .unwrap();
        // Pondering: White to move, stopped after 1500 playouts' worth of time.
        let stopped = std::sync::atomic::AtomicU64::new(0);
        let stop = || stopped.fetch_add(1, std::sync::atomic::Ordering::Relaxed) > 100;
        let pondered = player.decide(Request {
            purpose: Purpose::Analyze { excluded: &[] },
            stop: &stop,
            limits: Limits::default(),
            ..request(&game, Color::White, Purpose::Play, 0)
        });
        let statistics = pondered.statistics.unwrap();
        assert!(statistics.playouts >= 1000, "{}", statistics.playouts);
        let reply = statistics.principal_variation[0];
        game.play(Color::White, reply).unwrap();
        player.notice(Change::Played(Color::White, reply), &game);
        let next = player.decide(request(&game, Color::Black, Purpose::Play, 200));
        let statistics = next.statistics.unwrap();
        assert!(
            statistics.visits > statistics.playouts,
            "the pondered tree was reused: {} visits, {} playouts",
            statistics.visits,
            statistics.playouts
        );
    }

    #[test]
    fn an_analysis_for_the_colour_not_to_move_leaves_the_pondered_tree_in_place() {
        let mut player = small();
        let mut game = Game::new(9, Rules::CHINESE, 7.5).unwrap();
        game.play(
            Color::Black,
            Move::Place(crate::board::tests::at(game.board(), "E5")),
        )
        .unwrap();
        let analyse = |player: &mut MctsPlayer, color: Color| {
            let calls = std::sync::atomic::AtomicU64::new(0);
            let stop = || calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) > 30;
            player.decide(Request {
                purpose: Purpose::Analyze { excluded: &[] },
                stop: &stop,
                limits: Limits::default(),
                ..request(&game, color, Purpose::Play, 0)
            })
        };
        // Pondering for White, to move; then `lz-analyze B` for the side not to move.
        let pondered = analyse(&mut player, Color::White).statistics.unwrap();
        let other = analyse(&mut player, Color::Black).statistics.unwrap();
        assert_eq!(
            other.visits, other.playouts,
            "Black's analysis starts afresh"
        );
        let next = player.decide(request(&game, Color::White, Purpose::Play, 100));
        let statistics = next.statistics.unwrap();
        assert!(
            statistics.visits >= pondered.visits + statistics.playouts,
            "White's pondered tree survived: {} visits, {} pondered, {} playouts",
            statistics.visits,
            pondered.visits,
            statistics.playouts
        );
    }

    #[test]
    fn a_full_tree_searches_on_and_is_pruned_for_the_next_move() {
        let settings = MctsSettings {
            resign_below: 0.0,
            memory: 3000 * NODE_BYTES,
            policy: Policy::Light,
            book: false,
            ..MctsSettings::default()
        };
        let mut player = MctsPlayer::new(settings, 4);
        let mut game = Game::new(9, Rules::CHINESE, 7.5).unwrap();
        let first = player.decide(request(&game, Color::Black, Purpose::Play, 6000));
        let statistics = first.statistics.unwrap();
        // The tree is full after about 2000 playouts; the search goes on (to its budget, or
        // to its early end).
        assert!(
            statistics.playouts > 4000,
            "{} playouts",
            statistics.playouts
        );
        let reply = statistics.principal_variation[..2].to_vec();
        for (color, turn) in [(Color::Black, reply[0]), (Color::White, reply[1])] {
            game.play(color, turn).unwrap();
            player.notice(Change::Played(color, turn), &game);
        }
        let next = player.decide(request(&game, Color::Black, Purpose::Play, 500));
        let statistics = next.statistics.unwrap();
        assert!(
            statistics.visits > statistics.playouts,
            "the pruned tree was kept"
        );
        player.kept.settle();
        assert!(!player.kept.is_empty());
    }

    #[test]
    fn an_analysis_leaves_out_the_excluded_moves() {
        let mut player = small();
        let game = Game::new(5, Rules::CHINESE, 7.5).unwrap();
        let center = Move::Place(crate::board::tests::at(game.board(), "C3"));
        let calls = std::sync::atomic::AtomicU64::new(0);
        let stop = || calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) > 50;
        let decision = player.decide(Request {
            purpose: Purpose::Analyze {
                excluded: &[center, Move::Pass],
            },
            stop: &stop,
            ..request(&game, Color::Black, Purpose::Play, 0)
        });
        let statistics = decision.statistics.unwrap();
        assert!(!statistics.candidates.is_empty());
        assert!(
            statistics
                .candidates
                .iter()
                .all(|candidate| candidate.turn != center && candidate.turn != Move::Pass)
        );
    }

    #[test]
    fn after_the_opponent_s_pass_a_winning_count_is_ended_by_a_pass() {
        // A 5×5 board split in two: Black owns columns A–C, White D–E; Black wins on area by
        // 5 − 0.5 komi.
        let game = game_after(
            5,
            Rules::CHINESE,
            &[
                "B C1", "W D1", "B C2", "W D2", "B C3", "W D3", "B C4", "W D4", "B C5", "W D5",
                "B pass", "W pass", "B pass",
            ],
        );
        let mut game = game;
        game.set_komi(0.5);
        // Black has just passed: White loses the count and must not pass. One move back, White
        // has just passed: Black wins the count and passes.
        let mut player = small();
        let white = player.decide(request(&game, Color::White, Purpose::Play, 300));
        assert_ne!(white.action, Action::Play(Move::Pass));
        game.undo();
        let black = player.decide(request(&game, Color::Black, Purpose::Play, 300));
        assert_eq!(black.action, Action::Play(Move::Pass));
    }

    #[test]
    fn progress_and_ownership_reach_the_caller() {
        let game = Game::new(9, Rules::CHINESE, 7.5).unwrap();
        let mut player = small();
        let mut reports = 0;
        let mut callback = |statistics: &Statistics| {
            reports += 1;
            assert_eq!(statistics.ownership.as_ref().map(Vec::len), Some(81));
        };
        let mut asked = request(&game, Color::Black, Purpose::Suggest, 400);
        asked.progress = Some(Progress {
            interval: Duration::ZERO,
            callback: &mut callback,
        });
        asked.ownership = true;
        let decision = player.decide(asked);
        assert!(reports > 0);
        assert_eq!(
            decision
                .statistics
                .unwrap()
                .ownership
                .map(|shares| shares.len()),
            Some(81)
        );
    }

    #[test]
    fn the_opening_book_answers_an_even_area_counted_9x9_game_without_a_search() {
        let book_player = || {
            let settings = MctsSettings {
                resign_below: 0.0,
                ..MctsSettings::default()
            };
            MctsPlayer::new(settings, 9)
        };
        let book = crate::knowledge::book::book().expect("the built-in book loads");
        let chinese = Game::new(9, Rules::CHINESE, 7.5).unwrap();
        let expected = book
            .move_for(chinese.board(), Color::Black, 7.5)
            .map(Move::Place);
        for purpose in [Purpose::Play, Purpose::Suggest] {
            let decision = book_player().decide(request(&chinese, Color::Black, purpose, 300));
            assert_eq!(Some(decision.action), expected.map(Action::Play));
            assert_eq!(decision.statistics, None, "the book's move needs no search");
        }
        // Analysis, territory counting, another komi and `book: false` all search.
        let analysis = Purpose::Analyze { excluded: &[] };
        let stopped = request(&chinese, Color::Black, analysis, 300);
        let searched = |decision: Decision| decision.statistics.is_some();
        assert!(searched(book_player().decide(Request {
            stop: &|| true,
            ..stopped
        })));
        for game in [
            Game::new(9, Rules::JAPANESE, 7.5).unwrap(),
            Game::new(9, Rules::CHINESE, 6.5).unwrap(),
        ] {
            let asked = request(&game, Color::Black, Purpose::Play, 300);
            assert!(searched(book_player().decide(asked)));
        }
        let asked = request(&chinese, Color::Black, Purpose::Play, 300);
        assert!(searched(small().decide(asked)));
    }

    #[test]
    fn the_default_settings_play_heavy_playouts_as_the_command_line_does() {
        assert_eq!(MctsSettings::default().policy, Policy::Heavy);
    }
}
