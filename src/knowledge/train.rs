//! Fitting the move model to game records: every position of the games is a competition won
//! by the move played against every other legal move (and the pass), and each feature value's
//! gamma is fitted by minorization–maximization (Coulom, "Computing Elo ratings of move
//! patterns in the game of Go", 2007), one feature group at a time. Every gamma has a prior of
//! one win and one loss against a virtual opponent of gamma 1. Diamond shapes are harvested
//! first: those played at least `min_shape_count` times in the training games become feature
//! values, and a move's shape is the largest of its diamonds that was harvested. Every tenth
//! game is held out; the report gives the share of held-out positions whose played move is
//! the model's first choice. Used by `kosumi train`; knows the features and the file format,
//! not the search.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::board::{Board, Color, Point};
use crate::game::Move;
use crate::rules::Rules;
use crate::sgf::{self, Until};

use super::features::{self, Group, History, MoveFeatures};
use super::model::Model;

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Every n-th game (the n-th, 2n-th, ... in file-name order) is held out.
    pub held_out_every: usize,
    /// A diamond shape becomes a feature value when played this often in training games.
    pub min_shape_count: u32,
    /// Minorization–maximization sweeps over all groups.
    pub iterations: usize,
    /// At most this many positions of each game, spread evenly over it.
    pub positions_per_game: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            held_out_every: 10,
            min_shape_count: 3,
            iterations: 25,
            positions_per_game: 80,
        }
    }
}

/// One game's moves, from its record.
pub struct GameRecord {
    size: usize,
    moves: Vec<(Color, Move)>,
}

/// Reads every `.sgf` file under the folders `folders` (sorted by path). Games with setup
/// stones or handicap are skipped.
pub fn read_games(folders: &[PathBuf]) -> Result<Vec<GameRecord>, String> {
    let mut paths = Vec::new();
    for folder in folders {
        let entries = std::fs::read_dir(folder)
            .map_err(|error| format!("cannot read {}: {error}", folder.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|extension| extension == "sgf") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let mut games = Vec::with_capacity(paths.len());
    for path in &paths {
        let text = sgf::read_file(path).map_err(|error| describe(path, &error))?;
        let game = sgf::load(&text, Rules::CHINESE, 7.5, Until::End)
            .map_err(|error| describe(path, &error))?;
        if game.setup().is_empty() {
            games.push(GameRecord {
                size: game.size(),
                moves: game.moves().to_vec(),
            });
        }
    }
    Ok(games)
}

fn describe(path: &Path, error: &impl std::fmt::Display) -> String {
    format!("{}: {error}", path.display())
}

/// Where each feature value sits in the one vector of gammas: the small groups' values, the
/// 3×3 codes, then the harvested shapes.
struct Layout {
    group_starts: Vec<u32>,
    patterns_start: u32,
    shapes_start: u32,
    shapes: HashMap<u64, u32>,
}

impl Layout {
    fn new(shapes: HashMap<u64, u32>) -> Layout {
        let mut group_starts = Vec::with_capacity(Group::ALL.len() + 1);
        let mut next = 0u32;
        for group in Group::ALL {
            group_starts.push(next);
            next += group.values() as u32;
        }
        group_starts.push(next);
        Layout {
            group_starts,
            patterns_start: next,
            shapes_start: next + (1 << 16),
            shapes,
        }
    }

    fn total(&self) -> usize {
        self.shapes_start as usize + self.shapes.len()
    }

    /// The feature groups as ranges of the gamma vector, for the MM sweeps.
    fn group_ranges(&self) -> Vec<(u32, u32)> {
        let mut ranges: Vec<(u32, u32)> =
            self.group_starts.windows(2).map(|w| (w[0], w[1])).collect();
        ranges.push((self.patterns_start, self.shapes_start));
        ranges.push((self.shapes_start, self.total() as u32));
        ranges
    }

    /// Appends the gamma indices of a move's features to `out`.
    fn indices(&self, features: &MoveFeatures, out: &mut Vec<u32>) {
        for (group, value) in features.values.iter().enumerate() {
            if let Some(value) = value {
                out.push(self.group_starts[group] + u32::from(*value));
            }
        }
        if !features.is_pass {
            out.push(self.patterns_start + u32::from(features.pattern));
            if let Some(index) = features
                .shapes
                .iter()
                .rev()
                .find_map(|h| self.shapes.get(h))
            {
                out.push(self.shapes_start + index);
            }
        }
    }
}

/// Competitions: for each position, its candidates' feature indices and the winner.
#[derive(Default)]
struct DataSet {
    features: Vec<u32>,
    /// `candidate_ends[c]`: where candidate c's features end in `features` (they start where
    /// candidate c − 1's end).
    candidate_ends: Vec<u32>,
    /// Per position: its first candidate, its end, and the winner's index.
    positions: Vec<(u32, u32, u32)>,
}

impl DataSet {
    fn candidate(&self, candidate: usize) -> &[u32] {
        let start = if candidate == 0 {
            0
        } else {
            self.candidate_ends[candidate - 1] as usize
        };
        &self.features[start..self.candidate_ends[candidate] as usize]
    }

    /// The data set with only the features `keep` accepts, candidates left with none
    /// dropped, and positions whose winner was dropped left out.
    fn restricted(&self, keep: impl Fn(u32) -> bool) -> DataSet {
        let mut restricted = DataSet::default();
        for &(start, end, winner) in &self.positions {
            let first = restricted.candidate_ends.len() as u32;
            let mut new_winner = None;
            for candidate in start..end {
                let kept: Vec<u32> = self
                    .candidate(candidate as usize)
                    .iter()
                    .copied()
                    .filter(|&f| keep(f))
                    .collect();
                if kept.is_empty() {
                    continue;
                }
                if candidate == winner {
                    new_winner = Some(restricted.candidate_ends.len() as u32);
                }
                restricted.features.extend(kept);
                restricted
                    .candidate_ends
                    .push(restricted.features.len() as u32);
            }
            let last = restricted.candidate_ends.len() as u32;
            match new_winner {
                Some(winner) => restricted.positions.push((first, last, winner)),
                None => {
                    restricted.candidate_ends.truncate(first as usize);
                    let end = restricted.candidate_ends.last().copied().unwrap_or(0);
                    restricted.features.truncate(end as usize);
                }
            }
        }
        restricted
    }
}

/// Calls `visit` with the position before each sampled move of `game`: the board, the
/// colour to move, the recent moves, and the move played.
fn for_each_position(
    game: &GameRecord,
    positions_per_game: usize,
    mut visit: impl FnMut(&Board, Color, &History, Move),
) {
    let Some(mut board) = Board::new(game.size) else {
        return;
    };
    let stride = game.moves.len().div_ceil(positions_per_game.max(1)).max(1);
    let mut history = History::default();
    for (number, &(color, turn)) in game.moves.iter().enumerate() {
        if number % stride == 0 {
            visit(&board, color, &history, turn);
        }
        let placed = match turn {
            Move::Place(point) => {
                board.play(color, point);
                Some(point)
            }
            Move::Pass => {
                board.pass();
                None
            }
        };
        history = History {
            last: placed,
            second_last: history.last,
            last_was_pass: placed.is_none(),
        };
    }
}

/// The diamond shapes played at least `minimum` times in `games`, each with its index.
fn harvest_shapes(games: &[&GameRecord], settings: &Settings) -> HashMap<u64, u32> {
    let mut counts: HashMap<u64, u32> = HashMap::new();
    for game in games {
        for_each_position(
            game,
            settings.positions_per_game,
            |board, color, _, turn| {
                if let Move::Place(point) = turn {
                    for hash in super::shape::diamond_hashes(board, color, point) {
                        *counts.entry(hash).or_default() += 1;
                    }
                }
            },
        );
    }
    let mut kept: Vec<u64> = counts
        .into_iter()
        .filter(|&(_, count)| count >= settings.min_shape_count)
        .map(|(hash, _)| hash)
        .collect();
    kept.sort_unstable();
    kept.into_iter()
        .enumerate()
        .map(|(index, hash)| (hash, index as u32))
        .collect()
}

/// The legal moves of `color` on `board` by the board's own mechanics (not suicide, not a
/// simple-ko retake), with the pass.
fn candidates(board: &Board, color: Color) -> impl Iterator<Item = Move> + '_ {
    board
        .empty_points()
        .filter(move |&point| {
            !board.is_ko_banned(color, point) && !board.placement(color, point).suicide
        })
        .map(Move::Place)
        .chain(std::iter::once(Move::Pass))
}

/// The features of one candidate.
pub fn candidate_features(
    board: &Board,
    color: Color,
    turn: Move,
    history: &History,
) -> MoveFeatures {
    match turn {
        Move::Place(point) => features::move_features(board, color, point, history),
        Move::Pass => features::pass_features(history),
    }
}

fn build_data_set(games: &[&GameRecord], layout: &Layout, settings: &Settings) -> DataSet {
    let mut data = DataSet::default();
    for game in games {
        for_each_position(
            game,
            settings.positions_per_game,
            |board, color, history, played| {
                let first = data.candidate_ends.len() as u32;
                let mut winner = None;
                for turn in candidates(board, color) {
                    if turn == played {
                        winner = Some(data.candidate_ends.len() as u32);
                    }
                    layout.indices(
                        &candidate_features(board, color, turn, history),
                        &mut data.features,
                    );
                    data.candidate_ends.push(data.features.len() as u32);
                }
                let last = data.candidate_ends.len() as u32;
                match winner {
                    Some(winner) => data.positions.push((first, last, winner)),
                    None => {
                        // A move the board's mechanics call illegal (a superko ruling, say).
                        data.candidate_ends.truncate(first as usize);
                        let end = data.candidate_ends.last().copied().unwrap_or(0);
                        data.features.truncate(end as usize);
                    }
                }
            },
        );
    }
    data
}

/// The strength of every candidate: the product of its features' gammas.
fn strengths(data: &DataSet, gammas: &[f64]) -> Vec<f64> {
    (0..data.candidate_ends.len())
        .map(|candidate| {
            data.candidate(candidate)
                .iter()
                .map(|&f| gammas[f as usize])
                .product()
        })
        .collect()
}

/// One minorization–maximization update of the gammas in `range` (one feature group, so a
/// candidate has at most one of them); returns the log-likelihood before the update.
fn update_group(data: &DataSet, gammas: &mut [f64], wins: &[f64], range: (u32, u32)) -> f64 {
    let strength = strengths(data, gammas);
    let (low, high) = (range.0 as usize, range.1 as usize);
    let mut denominators = vec![0.0f64; high - low];
    let mut likelihood = 0.0;
    for &(start, end, winner) in &data.positions {
        let total: f64 = strength[start as usize..end as usize].iter().sum();
        likelihood += (strength[winner as usize] / total).ln();
        let candidates = start as usize..end as usize;
        for (candidate, &candidate_strength) in candidates.clone().zip(&strength[candidates]) {
            for &feature in data.candidate(candidate) {
                let feature = feature as usize;
                if (low..high).contains(&feature) {
                    denominators[feature - low] += candidate_strength / gammas[feature] / total;
                }
            }
        }
    }
    for (offset, denominator) in denominators.iter().enumerate() {
        let feature = low + offset;
        let gamma = gammas[feature];
        gammas[feature] = (wins[feature] + 1.0) / (denominator + 2.0 / (gamma + 1.0));
    }
    likelihood
}

/// Fits the gammas of the features indexed up to `total` on `data`; logs each sweep.
fn fit(
    data: &DataSet,
    total: usize,
    ranges: &[(u32, u32)],
    iterations: usize,
    name: &str,
) -> Vec<f64> {
    let mut wins = vec![0.0; total];
    for &(_, _, winner) in &data.positions {
        for &feature in data.candidate(winner as usize) {
            wins[feature as usize] += 1.0;
        }
    }
    let mut gammas = vec![1.0; total];
    let used: Vec<(u32, u32)> = ranges
        .iter()
        .copied()
        .filter(|&(low, high)| data.features.iter().any(|&f| (low..high).contains(&f)))
        .collect();
    for iteration in 1..=iterations {
        let mut likelihood = 0.0;
        for &range in &used {
            likelihood = update_group(data, &mut gammas, &wins, range);
        }
        let mean = likelihood / data.positions.len().max(1) as f64;
        log::info!("{name}: sweep {iteration}, mean log-likelihood {mean:.4}");
    }
    gammas
}

/// The share of `data`'s positions whose winner has the largest strength (a tie for the
/// first place counts as a share of a prediction).
fn first_choice_share(data: &DataSet, gammas: &[f64]) -> f64 {
    let strength = strengths(data, gammas);
    let mut correct = 0.0;
    for &(start, end, winner) in &data.positions {
        let best = strength[start as usize..end as usize]
            .iter()
            .copied()
            .fold(0.0, f64::max);
        if strength[winner as usize] >= best {
            let ties = strength[start as usize..end as usize]
                .iter()
                .filter(|&&s| s >= best)
                .count();
            correct += 1.0 / ties as f64;
        }
    }
    correct / data.positions.len().max(1) as f64
}

/// What a training run made: the model and its figures.
pub struct Report {
    pub model: Model,
    pub training_games: usize,
    pub held_out_games: usize,
    pub training_positions: usize,
    pub held_out_positions: usize,
    /// The share of held-out positions whose played move is the model's first choice.
    pub held_out_first_choice: f64,
    /// The same for the 3×3-only playout model.
    pub playout_held_out_first_choice: f64,
    /// Per board size among the held-out games: the size, the positions and the share.
    pub held_out_by_size: Vec<(usize, usize, f64)>,
}

/// Trains the model (and the 3×3-only playout model) on `games`.
pub fn train(games: &[GameRecord], settings: &Settings) -> Report {
    let every = settings.held_out_every.max(2);
    let is_held_out = |index: usize| index % every == every - 1;
    let training: Vec<&GameRecord> = games
        .iter()
        .enumerate()
        .filter(|&(index, _)| !is_held_out(index))
        .map(|(_, game)| game)
        .collect();
    let held_out: Vec<&GameRecord> = games
        .iter()
        .enumerate()
        .filter(|&(index, _)| is_held_out(index))
        .map(|(_, game)| game)
        .collect();
    let layout = Layout::new(harvest_shapes(&training, settings));
    log::info!("{} shapes harvested", layout.shapes.len());
    let data = build_data_set(&training, &layout, settings);
    let test = build_data_set(&held_out, &layout, settings);
    log::info!(
        "{} training positions ({} candidates), {} held out",
        data.positions.len(),
        data.candidate_ends.len(),
        test.positions.len()
    );
    let ranges = layout.group_ranges();
    let gammas = fit(&data, layout.total(), &ranges, settings.iterations, "model");
    let held_out_first_choice = first_choice_share(&test, &gammas);
    let is_pattern = |f: u32| (layout.patterns_start..layout.shapes_start).contains(&f);
    let pattern_data = data.restricted(is_pattern);
    let pattern_test = test.restricted(is_pattern);
    let pattern_gammas = fit(
        &pattern_data,
        layout.total(),
        &ranges,
        settings.iterations,
        "3x3 playout model",
    );
    let playout_held_out_first_choice = first_choice_share(&pattern_test, &pattern_gammas);
    let model = to_model(&layout, &gammas, &pattern_gammas);
    let mut sizes: Vec<usize> = held_out.iter().map(|game| game.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let held_out_by_size = sizes
        .into_iter()
        .map(|size| {
            let games: Vec<&GameRecord> = held_out
                .iter()
                .copied()
                .filter(|game| game.size == size)
                .collect();
            let data = build_data_set(&games, &layout, settings);
            (
                size,
                data.positions.len(),
                first_choice_share(&data, &gammas),
            )
        })
        .collect();
    Report {
        held_out_by_size,
        model,
        training_games: training.len(),
        held_out_games: held_out.len(),
        training_positions: data.positions.len(),
        held_out_positions: test.positions.len(),
        held_out_first_choice,
        playout_held_out_first_choice,
    }
}

/// The model of fitted gamma vectors.
fn to_model(layout: &Layout, gammas: &[f64], pattern_gammas: &[f64]) -> Model {
    let mut model = Model::even();
    for (group, values) in model.groups.iter_mut().enumerate() {
        let start = layout.group_starts[group] as usize;
        for (value, gamma) in values.iter_mut().enumerate() {
            *gamma = gammas[start + value] as f32;
        }
    }
    let patterns = layout.patterns_start as usize..layout.shapes_start as usize;
    for (code, gamma) in gammas[patterns.clone()].iter().enumerate() {
        model.patterns[code] = *gamma as f32;
    }
    for (code, gamma) in pattern_gammas[patterns].iter().enumerate() {
        model.playout_patterns[code] = *gamma as f32;
    }
    let mut shapes: Vec<(u64, f32)> = layout
        .shapes
        .iter()
        .map(|(&hash, &index)| (hash, gammas[(layout.shapes_start + index) as usize] as f32))
        .collect();
    shapes.sort_unstable_by_key(|&(hash, _)| hash);
    model.shapes = shapes;
    model
}

/// The move `point` ranks among `color`'s candidates under `model`'s gammas (0 for the first
/// choice); for tests and reports.
pub fn rank_of(
    model: &Model,
    board: &Board,
    color: Color,
    history: &History,
    point: Point,
) -> usize {
    let target = model.gamma(&features::move_features(board, color, point, history));
    candidates(board, color)
        .filter(|&turn| turn != Move::Place(point))
        .filter(|&turn| model.gamma(&candidate_features(board, color, turn, history)) > target)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `size` whose moves are the GTP vertices `moves`, Black first.
    fn game(size: usize, moves: &[&str]) -> GameRecord {
        let board = Board::new(size).expect("a board");
        let moves = moves
            .iter()
            .enumerate()
            .map(|(number, vertex)| {
                let color = if number % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let column = "ABCDEFGHJKLMNOPQRST".find(&vertex[..1]).expect("a column");
                let row: usize = vertex[1..].parse().expect("a row");
                let point = board.point(column, row - 1).expect("on the board");
                (color, Move::Place(point))
            })
            .collect();
        GameRecord { size, moves }
    }

    #[test]
    fn training_learns_the_moves_the_games_repeat_and_writes_a_table_that_loads() {
        // Ten games of the same opening: the held-out tenth is predicted from the nine.
        let games: Vec<GameRecord> = (0..10)
            .map(|_| game(9, &["E5", "C3", "G7", "C7", "G3", "D4"]))
            .collect();
        let settings = Settings {
            min_shape_count: 1,
            iterations: 5,
            ..Settings::default()
        };
        let report = train(&games, &settings);
        assert_eq!((report.training_games, report.held_out_games), (9, 1));
        assert_eq!(report.held_out_positions, 6);
        // The centre first, then corners: ties among symmetric points share the credit.
        assert!(
            report.held_out_first_choice > 0.4,
            "{}",
            report.held_out_first_choice
        );
        assert!(!report.model.shapes.is_empty());
        let bytes = report.model.to_bytes();
        assert_eq!(Model::from_bytes(&bytes), Ok(report.model));
    }
}
