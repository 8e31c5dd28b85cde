//! The `mcts` player: the Monte-Carlo tree search of `search`, and the decisions around it
//! that need the game: which moves the root may have (the game's own legality, superko
//! included), the komi the playouts count with (the handicap bonus, and dynamic komi in
//! handicap games, docs/search.md §8), when to pass (only when the count as the end-of-game
//! judgement sees it wins), when to resign, the cleanup phase, and keeping the tree from one move
//! to the next. Prints nothing.

use std::collections::HashSet;
#[cfg(test)]
use std::time::Duration;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};

use super::{Action, Change, Decision, Player, Purpose, RandomPlayer, Request};
use crate::board::{Board, Color, Point};
use crate::game::{Game, Move};
use crate::playout::Policy;
use crate::rules::Rules;
use crate::score;
use crate::search::{self, Budget, NODE_BYTES, Node, Position, Statistics, Tree};

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
            policy: Policy::Light,
        }
    }
}

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

/// The Monte-Carlo tree search player.
pub struct MctsPlayer {
    settings: MctsSettings,
    seed: u64,
    random: Xoshiro256PlusPlus,
    kept: Option<Kept>,
}

impl MctsPlayer {
    /// A player with `settings` whose choices follow from `seed` (with one thread and a
    /// playout budget).
    pub fn new(settings: MctsSettings, seed: u64) -> MctsPlayer {
        MctsPlayer {
            settings,
            seed,
            random: Xoshiro256PlusPlus::seed_from_u64(seed),
            kept: None,
        }
    }

    /// The tree's node budget.
    fn capacity(&self) -> usize {
        (self.settings.memory / NODE_BYTES).max(1)
    }

    /// The kept tree moved on to `game`'s position with `color` to play, if it can be: same
    /// game, the moves since are children in the tree. Dropped otherwise.
    fn follow(&mut self, game: &Game, color: Option<Color>) -> Option<Tree> {
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
        if color.is_some_and(|color| color != to_move) {
            return None;
        }
        kept.moves = moves.to_vec();
        kept.to_move = to_move;
        let tree = std::mem::replace(
            &mut kept.tree,
            Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1),
        );
        self.kept = Some(kept);
        Some(tree)
    }
}

/// The komi the playouts count with, from Black's side: komi, the handicap bonus of the rules
/// (area counting needs it under every ruleset that has one), and in handicap games a dynamic
/// komi that starts at 7 points a stone and falls linearly to nothing by move 15 on 9×9 (50
/// on 13×13, 100 on 15×15, 200 above), so that the search sees a contest instead of a game
/// won or lost whatever it does.
pub fn search_komi(game: &Game) -> (f64, f64) {
    let handicap = game.handicap();
    let base = game.komi() + f64::from(game.rules().handicap_bonus.points(handicap));
    if handicap == 0 {
        return (base, 0.0);
    }
    let fade = match game.size() {
        0..=9 => 15.0,
        10..=13 => 50.0,
        14..=15 => 100.0,
        _ => 200.0,
    };
    let share = (1.0 - game.moves().len() as f64 / fade).max(0.0);
    let extra = (7.0 * f64::from(handicap) * share).round();
    (base + extra, extra)
}

/// The hashes of every position of `game` so far, setup and current position included.
fn history(game: &Game) -> HashSet<u64> {
    let mut hashes = HashSet::with_capacity(game.moves().len() + 1);
    let Some(mut board) = Board::new(game.size()) else {
        return hashes;
    };
    for &(color, point) in game.setup() {
        if board.get(point).is_none() {
            board.place_setup_stone(color, point);
        }
    }
    hashes.insert(board.hash());
    for &(color, turn) in game.moves() {
        match turn {
            Move::Pass => board.pass(),
            Move::Place(point) => {
                if board.get(point).is_none() {
                    board.play(color, point);
                }
            }
        }
        hashes.insert(board.hash());
    }
    hashes.insert(game.board().hash());
    hashes
}

/// Whether `color` wins the count (the end-of-game judgement's, as `final_score` gives it) if
/// it passes now and the game ends there.
pub fn passing_wins(game: &Game, color: Color) -> bool {
    let mut ended = game.clone();
    if ended.play(color, Move::Pass).is_err() {
        return false;
    }
    let margin = score::final_count(&ended).margin;
    match color {
        Color::Black => margin > 0.0,
        Color::White => margin < 0.0,
    }
}

impl Player for MctsPlayer {
    fn decide(&mut self, request: Request<'_>) -> Decision {
        let game = request.game;
        let color = request.color;
        let cleanup = matches!(request.purpose, Purpose::Cleanup { .. });
        let opponent_passed = matches!(
            game.moves().last(),
            Some(&(mover, Move::Pass)) if mover == color.opponent()
        );
        let legal: Vec<Point> = RandomPlayer::candidates(game, color);
        // Analysis searches until stopped, whatever the position, without the moves excluded.
        let excluded: Option<&[Move]> = match request.purpose {
            Purpose::Analyze { excluded } => Some(excluded),
            _ => None,
        };
        let analyze = excluded.is_some();

        // The moves the root may have, and whether passing is among them.
        let mut root_moves = legal.clone();
        let mut pass_allowed = true;
        if let Some(excluded) = excluded {
            root_moves.retain(|&point| !excluded.contains(&Move::Place(point)));
            pass_allowed = !excluded.contains(&Move::Pass);
        }
        if let Purpose::Cleanup { targets } = request.purpose {
            let cleanup_moves = RandomPlayer::cleanup_candidates(game, color, targets);
            if !cleanup_moves.is_empty() {
                root_moves = cleanup_moves;
                pass_allowed = false;
            }
        }
        // The opponent passed and the count wins: end the game (Pachi's rule, docs/search.md §7).
        if !analyze
            && pass_allowed
            && (opponent_passed || legal.is_empty())
            && passing_wins(game, color)
        {
            log::debug!("passing: the opponent passed and the count wins");
            return Decision::plain(Action::Play(Move::Pass));
        }
        if root_moves.is_empty() && !analyze {
            return Decision::plain(Action::Play(Move::Pass));
        }

        let suggest = request.purpose == Purpose::Suggest;
        let (komi, extra_komi) = search_komi(game);
        let position = Position {
            board: game.board().clone(),
            to_move: color,
            komi,
            history: history(game),
            root_moves: root_moves.clone(),
            after_pass: matches!(game.moves().last(), Some((_, Move::Pass))),
            last_move: match game.moves().last() {
                Some(&(_, Move::Place(point))) => Some(point),
                _ => None,
            },
        };
        let capacity = self.capacity();
        let (tree, seed) = if suggest {
            let position_seed = game.board().hash()
                ^ (game.moves().len() as u64).rotate_left(32)
                ^ color.index() as u64;
            (
                Tree::new(Node::new(Move::Pass, 0.0, 0.0), capacity),
                self.seed ^ position_seed,
            )
        } else {
            // A kept tree that is already full could not grow: start afresh instead.
            let tree = self
                .follow(game, Some(color))
                .filter(|tree| !tree.is_full())
                .unwrap_or_else(|| Tree::new(Node::new(Move::Pass, 0.0, 0.0), capacity));
            (tree, self.random.next_u64())
        };
        let mut allowed = vec![false; crate::board::CELLS];
        for &point in &root_moves {
            allowed[point.index()] = true;
        }
        search::validate_root(&tree, |turn| match turn {
            Move::Pass => pass_allowed,
            Move::Place(point) => allowed[point.index()],
        });
        let budget = if analyze {
            Budget::default()
        } else {
            Budget {
                playouts: request
                    .limits
                    .playouts
                    .or(if request.limits.time.is_none() {
                        Some(self.settings.default_playouts)
                    } else {
                        None
                    }),
                time: request.limits.time,
            }
        };
        let settings = search::Settings {
            threads: if suggest { 1 } else { self.settings.threads },
            policy: self.settings.policy,
            ownership: request.ownership,
            ..search::Settings::default()
        };
        let outcome = search::search(
            &tree,
            &position,
            &settings,
            budget,
            request.stop,
            request.progress,
            seed,
        );
        let mut statistics = search::statistics(&tree, outcome.playouts, outcome.elapsed);
        statistics.ownership = outcome.ownership.clone();
        log::debug!(
            "search: {} playouts in {:.3} s ({:?}), root {} visits, {} nodes, best {:?} at {:.3}",
            outcome.playouts,
            outcome.elapsed.as_secs_f64(),
            outcome.ending,
            statistics.visits,
            tree.nodes(),
            statistics.candidates.first().map(|best| best.turn),
            statistics.win_rate
        );
        for candidate in statistics.candidates.iter().take(6) {
            log::debug!(
                "  {:?}: {} visits, win rate {:.3}, prior {:.2}",
                candidate.turn,
                candidate.visits,
                candidate.win_rate,
                candidate.prior
            );
        }
        let fallback = search::best_prior_move(&tree).unwrap_or(Move::Pass);
        let rules_of_play = RulesOfPlay {
            game,
            color,
            pass_allowed,
            may_resign: !cleanup && !analyze && extra_komi == 0.0,
        };
        let action = rules_of_play.choose(&statistics, fallback, &self.settings);
        if !suggest {
            self.kept = Some(Kept {
                tree,
                key: GameKey::of(game),
                moves: game.moves().to_vec(),
                to_move: color,
            });
        }
        Decision {
            action,
            statistics: Some(statistics),
        }
    }

    fn notice(&mut self, change: Change, game: &Game) {
        match change {
            Change::Played(..) => {
                // Move the kept tree on now, so that what the move made unreachable is freed.
                if let Some(tree) = self.follow(game, None) {
                    if let Some(kept) = self.kept.as_mut() {
                        kept.tree = tree;
                    }
                }
            }
            Change::Undone | Change::Replaced => self.kept = None,
        }
    }

    fn search_settings(&mut self) -> Option<&mut MctsSettings> {
        Some(&mut self.settings)
    }
}

/// What the choice of the move must respect besides the search's numbers.
struct RulesOfPlay<'a> {
    game: &'a Game,
    color: Color,
    /// Passing is allowed (not in the cleanup phase while dead stones stand).
    pass_allowed: bool,
    /// Resigning is allowed (not in the cleanup phase, nor under dynamic komi).
    may_resign: bool,
}

impl RulesOfPlay<'_> {
    /// The action the search's statistics call for (`fallback` when it ran no playout): the
    /// most visited move, unless it is a pass that does not win the count (then the next most
    /// visited move), or resignation when the best win rate is hopeless after enough
    /// playouts.
    fn choose(&self, statistics: &Statistics, fallback: Move, settings: &MctsSettings) -> Action {
        let mut candidates = statistics.candidates.iter();
        let Some(best) = candidates.next() else {
            // No playout ran (a budget of 0): the best prior.
            return Action::Play(fallback);
        };
        if self.may_resign
            && settings.resign_below > 0.0
            && statistics.visits >= settings.resign_after
            && best.win_rate < settings.resign_below
        {
            return Action::Resign;
        }
        if best.turn == Move::Pass {
            let other = candidates.find(|candidate| candidate.turn != Move::Pass);
            match other {
                Some(other) if !self.pass_allowed || !passing_wins(self.game, self.color) => {
                    return Action::Play(other.turn);
                }
                _ => {}
            }
        }
        Action::Play(best.turn)
    }
}

/// Runs one search of `playouts` playouts from the empty `size`×`size` board (komi 7.5,
/// Chinese rules) with `settings`, for `kosumi bench --player mcts`; `None` for a bad size.
pub fn bench_search(
    size: usize,
    playouts: u64,
    settings: &MctsSettings,
    seed: u64,
) -> Option<search::Outcome> {
    let game = Game::new(size, Rules::CHINESE, 7.5)?;
    let position = Position {
        board: game.board().clone(),
        to_move: Color::Black,
        komi: 7.5,
        history: history(&game),
        root_moves: RandomPlayer::candidates(&game, Color::Black),
        after_pass: false,
        last_move: None,
    };
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
    };
    Some(search::search(
        &tree,
        &position,
        &search_settings,
        budget,
        &|| false,
        None,
        seed,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::game_after;
    use crate::player::{Limits, Progress};

    fn small() -> MctsPlayer {
        let settings = MctsSettings {
            resign_below: 0.0,
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
                time: None,
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
        assert!(player.kept.is_none());
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
    fn dynamic_komi_starts_at_seven_points_a_stone_and_fades_by_move_fifteen_on_9x9() {
        let mut game = Game::new(9, Rules::CHINESE, 0.5).unwrap();
        let stones: Vec<(Color, Point)> = ["C3", "G7"]
            .iter()
            .map(|name| (Color::Black, crate::board::tests::at(game.board(), name)))
            .collect();
        game.place_setup(&stones, true).unwrap();
        // Chinese rules: 2 points of handicap bonus, plus 14 of dynamic komi.
        assert_eq!(search_komi(&game), (16.5, 14.0));
        for _ in 0..15 {
            let color = game.to_move();
            game.play(color, Move::Pass).unwrap();
        }
        assert_eq!(search_komi(&game), (2.5, 0.0));
        assert_eq!(
            search_komi(&Game::new(9, Rules::JAPANESE, 6.5).unwrap()),
            (6.5, 0.0)
        );
    }
}
