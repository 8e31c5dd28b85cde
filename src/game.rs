//! The game: a board plus its history, and the only place where legality is decided (occupied
//! points, suicide, the basic ko rule, positional and situational superko) under the current
//! ruleset.
//! Also turn, passes, prisoners, setup stones and undo. Knows no GTP text, no randomness, no I/O.
//!
//! Undo replays the game from its setup: the position is a function of the setup stones, the
//! moves and the setup edits between them, so replaying all but the last move restores the
//! board, the captures, the ko point and the superko history exactly, with no per-move
//! snapshot to keep.
//!
//! A setup edit (SGF `AB`/`AW`/`AE` on a node after the first move) puts stones on points or
//! empties them between two moves. It captures nothing, credits no prisoners, lifts any ko
//! ban and starts the repetition history afresh from the edited position, as the setup before
//! the first move does. Undo never takes one back: once a setup edit is the last thing in the
//! history, `undo` refuses, as GNU Go's does after setup stones (the edited position is a
//! given, like handicap stones); the moves played after an edit are undone as usual.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::{Board, Color, Point};
use crate::rules::{KoRule, Rules};

/// XORed into a board hash to say that White's play created the position (situational
/// superko keys).
const WHITE_CREATED_KEY: u64 = 0x9F1D_4C6B_2A85_E373;

/// A turn: a stone on a point, or a pass. Resigning is not a move on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a stone on the point.
    Place(Point),
    /// Pass.
    Pass,
}

/// Why a move is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point already holds a stone.
    Occupied,
    /// The move would leave its own chain without liberties, and the ruleset forbids that
    /// (single-stone suicide is always forbidden).
    Suicide,
    /// The move retakes a ko at once (the basic ko rule, in force under every ruleset).
    Ko,
    /// The move recreates an earlier position that the superko rule forbids.
    Superko,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(match self {
            IllegalMove::Occupied => "the point is occupied",
            IllegalMove::Suicide => "the move is suicide",
            IllegalMove::Ko => "the move retakes a ko",
            IllegalMove::Superko => "the move repeats an earlier position (superko)",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// Why setup stones (handicap, a loaded position) cannot be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The board already has stones or moves.
    NotEmpty,
    /// Two setup stones on one point.
    RepeatedPoint,
}

/// What a setup edit does: each point with what it holds afterwards (a stone, or `None` for
/// an empty point), each point once.
pub type SetupEdit = Vec<(Point, Option<Color>)>;

/// One entry of a game's history, in the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry<'a> {
    /// A move (or pass) by a colour.
    Move(Color, Move),
    /// A setup edit made between moves.
    Setup(&'a [(Point, Option<Color>)]),
}

/// Zobrist keys are already random: hashing them again is wasted work.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ byte as u64;
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type KeyCounts = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// The next lineage handed out (`Game::lineage`); process-wide, so that two games never share
/// one unless one is a copy of the other.
static NEXT_LINEAGE: AtomicU64 = AtomicU64::new(0);

fn new_lineage() -> u64 {
    NEXT_LINEAGE.fetch_add(1, Ordering::Relaxed)
}

/// A game of Go in progress: board, rules, komi, setup stones and the moves played.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    komi: f64,
    board: Board,
    setup: Vec<(Color, Point)>,
    handicap: u32,
    first_to_move: Color,
    moves: Vec<(Color, Move)>,
    /// The setup edits, each with the number of moves played before it, in order.
    edits: Vec<(usize, SetupEdit)>,
    to_move: Color,
    /// How often each board hash has occurred, the start and the setup position included
    /// (positional superko).
    positions: KeyCounts,
    /// How often each (board hash, player) has occurred as a position created by a play of
    /// that player: stones placed, never passes or setup (situational superko, in the words of
    /// docs/rules.md §2.7, which do not assume that the colours alternated).
    situations: KeyCounts,
    /// Which history this is (`lineage`); not part of the position, so not compared by `==`.
    lineage: u64,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.komi.to_bits() == other.komi.to_bits()
            && self.board == other.board
            && self.setup == other.setup
            && self.handicap == other.handicap
            && self.first_to_move == other.first_to_move
            && self.moves == other.moves
            && self.edits == other.edits
            && self.to_move == other.to_move
            && self.positions == other.positions
            && self.situations == other.situations
    }
}

impl Game {
    /// A new game on an empty `size`×`size` board, or `None` for a size outside 2–25.
    pub fn new(size: usize, rules: Rules, komi: f64) -> Option<Game> {
        let board = Board::new(size)?;
        let mut game = Game {
            rules,
            komi,
            board,
            setup: Vec::new(),
            handicap: 0,
            first_to_move: Color::Black,
            moves: Vec::new(),
            edits: Vec::new(),
            to_move: Color::Black,
            positions: KeyCounts::default(),
            situations: KeyCounts::default(),
            lineage: new_lineage(),
        };
        game.record_position();
        Some(game)
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The ruleset in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the ruleset; the position and history stay as they are.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// Komi: the points White receives.
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Sets komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    /// The colour whose turn it is: the opponent of the last mover (GTP may play either colour
    /// at any time; this is who would normally move next).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The moves played so far, setup stones and setup edits not included.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The setup edits made between moves, each with the number of moves played before it.
    pub fn setup_edits(&self) -> &[(usize, SetupEdit)] {
        &self.edits
    }

    /// The whole history after the setup stones: moves and setup edits in the order made.
    pub fn history(&self) -> impl Iterator<Item = Entry<'_>> + '_ {
        let mut edits = self.edits.iter().peekable();
        let mut moves = self.moves.iter().enumerate();
        std::iter::from_fn(move || {
            let played = moves.len();
            let played = self.moves.len() - played;
            if let Some((_, edit)) = edits.next_if(|(before, _)| *before == played) {
                return Some(Entry::Setup(edit));
            }
            moves
                .next()
                .map(|(_, &(color, turn))| Entry::Move(color, turn))
        })
    }

    /// The setup stones (handicap or loaded position), placed before the first move.
    pub fn setup(&self) -> &[(Color, Point)] {
        &self.setup
    }

    /// The number of handicap stones (0 when the setup is not a handicap).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The colour that moves first after the setup stones (White after handicap).
    pub fn first_to_move(&self) -> Color {
        self.first_to_move
    }

    /// Which history this game is: a new number whenever a game is made or its history is
    /// started again or rewritten (`clear`, `place_setup`, `edit_setup`, `set_first_to_move`),
    /// and the same one while moves are only added (`play`) or taken back (`undo`). So two
    /// looks at a game with the same lineage differ only by moves at the end of the history.
    pub fn lineage(&self) -> u64 {
        self.lineage
    }

    /// Whether play has ended: the last two moves were a pass by one colour followed by a pass
    /// by the other (docs/rules.md §2.9). Two passes by the same colour end nothing.
    pub fn is_over(&self) -> bool {
        matches!(
            self.moves.as_slice(),
            [.., (first, Move::Pass), (second, Move::Pass)] if first != second
        )
    }

    /// Whether play ended with White's pass and then Black's, so that pass-stone rules add
    /// White's closing pass stone to the count (docs/rules.md §2.9).
    pub fn ended_with_black_pass(&self) -> bool {
        matches!(
            self.moves.as_slice(),
            [.., (Color::White, Move::Pass), (Color::Black, Move::Pass)]
        )
    }

    /// The passes `color` has made.
    pub fn passes_by(&self, color: Color) -> u32 {
        self.moves
            .iter()
            .filter(|&&(mover, turn)| mover == color && turn == Move::Pass)
            .count() as u32
    }

    /// Empties the board and forgets setup and moves; size, rules and komi stay.
    pub fn clear(&mut self) {
        self.setup.clear();
        self.handicap = 0;
        self.first_to_move = Color::Black;
        self.moves.clear();
        self.edits.clear();
        self.lineage = new_lineage();
        self.rebuild();
    }

    /// Starts over on an empty board of another size; rules and komi stay. Returns `false`
    /// (and changes nothing) for a size outside 2–25.
    pub fn resize(&mut self, size: usize) -> bool {
        match Board::new(size) {
            Some(board) => {
                self.board = board;
                self.clear();
                true
            }
            None => false,
        }
    }

    /// Puts setup stones on an empty board before any move, as handicap when `handicap` is
    /// true (then White moves first). Fails, changing nothing, if the board is not empty or a
    /// point repeats.
    pub fn place_setup(
        &mut self,
        stones: &[(Color, Point)],
        handicap: bool,
    ) -> Result<(), SetupError> {
        if !self.setup.is_empty() || !self.moves.is_empty() || !self.edits.is_empty() {
            return Err(SetupError::NotEmpty);
        }
        if has_repeated_point(stones.iter().map(|&(_, point)| point)) {
            return Err(SetupError::RepeatedPoint);
        }
        self.setup = stones.to_vec();
        self.handicap = if handicap { stones.len() as u32 } else { 0 };
        self.first_to_move = if handicap && !stones.is_empty() {
            Color::White
        } else {
            Color::Black
        };
        self.lineage = new_lineage();
        self.rebuild();
        Ok(())
    }

    /// Edits the position between moves (SGF setup after the first move): each point gets
    /// what `edit` says, with no capture and no prisoner; the ko ban ends and the repetition
    /// history starts again from the edited position. The side to move stays. Fails, changing
    /// nothing, if a point repeats.
    pub fn edit_setup(&mut self, edit: &[(Point, Option<Color>)]) -> Result<(), SetupError> {
        if has_repeated_point(edit.iter().map(|&(point, _)| point)) {
            return Err(SetupError::RepeatedPoint);
        }
        self.apply_edit(edit);
        self.edits.push((self.moves.len(), edit.to_vec()));
        self.lineage = new_lineage();
        Ok(())
    }

    /// Sets who moves first after the setup stones (for loaded positions).
    pub fn set_first_to_move(&mut self, color: Color) {
        self.first_to_move = color;
        self.lineage = new_lineage();
        self.rebuild();
    }

    /// Whether `color` may make `turn` now; the reason when not.
    pub fn check(&self, color: Color, turn: Move) -> Result<(), IllegalMove> {
        let point = match turn {
            Move::Pass => return Ok(()),
            Move::Place(point) => point,
        };
        if self.board.get(point).is_some() {
            return Err(IllegalMove::Occupied);
        }
        let placement = self.board.placement(color, point);
        if placement.suicide && !(self.rules.multi_stone_suicide && placement.joins_own_chain) {
            return Err(IllegalMove::Suicide);
        }
        // The basic ko rule holds under every ruleset, whoever moved before; superko adds to it.
        if self.board.is_ko_banned(color, point) && self.captures_one_stone(color, point) {
            return Err(IllegalMove::Ko);
        }
        let repeats = match self.rules.ko {
            KoRule::Simple => false,
            KoRule::PositionalSuperko => self
                .positions
                .contains_key(&self.board.hash_after(color, point)),
            KoRule::SituationalSuperko => self
                .situations
                .contains_key(&situation_key(self.board.hash_after(color, point), color)),
        };
        if repeats {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// Whether a stone of `color` on the empty `point` captures exactly one stone: the basic
    /// ko rule forbids only such a retake (a capture of more, which a chain set up without
    /// liberties next to the ko point can add, is allowed).
    fn captures_one_stone(&self, color: Color, point: Point) -> bool {
        let mut captured = 0;
        let mut heads = Vec::new();
        for neighbour in self.board.neighbours(point) {
            if self.board.get(neighbour) != Some(color.opponent()) {
                continue;
            }
            let head = self.board.chain_head(neighbour);
            if !heads.contains(&head) && self.board.liberties(neighbour).len() == 1 {
                heads.push(head);
                captured += self.board.chain_size(neighbour);
            }
        }
        captured == 1
    }

    /// Plays `turn` for `color` if the rules allow it; otherwise changes nothing and says why.
    pub fn play(&mut self, color: Color, turn: Move) -> Result<(), IllegalMove> {
        self.check(color, turn)?;
        self.apply(color, turn);
        self.moves.push((color, turn));
        Ok(())
    }

    /// Takes back the last move. Returns `false` when there is none, or when a setup edit
    /// came after it (setup stones and setup edits are never taken back).
    pub fn undo(&mut self) -> bool {
        if self
            .edits
            .last()
            .is_some_and(|&(before, _)| before == self.moves.len())
        {
            return false;
        }
        if self.moves.pop().is_none() {
            return false;
        }
        self.rebuild();
        true
    }

    /// The keys of the positions the superko rule in force forbids recreating: under
    /// situational superko the situations created by plays so far (`situation_key`), under
    /// the other rules every board position so far (under the basic ko rule alone, what a
    /// search may use to avoid cycles).
    pub fn repetition_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let keys = match self.rules.ko {
            KoRule::SituationalSuperko => &self.situations,
            KoRule::Simple | KoRule::PositionalSuperko => &self.positions,
        };
        keys.keys().copied()
    }

    /// The points where `color` may place a stone now, in board order.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&point| self.check(color, Move::Place(point)).is_ok())
            .collect()
    }

    /// Applies a move known to be legal (or legal when it was first played) to the board and
    /// the repetition history.
    fn apply(&mut self, color: Color, turn: Move) {
        match turn {
            Move::Pass => self.board.pass(),
            Move::Place(point) => {
                self.board.play(color, point);
                let key = situation_key(self.board.hash(), color);
                *self.situations.entry(key).or_insert(0) += 1;
            }
        }
        self.to_move = color.opponent();
        self.record_position();
    }

    /// Applies a setup edit to the board: a stone that goes or changes colour is taken off
    /// with its chain, whose other stones are put back; then the new stones are put on.
    fn apply_edit(&mut self, edit: &[(Point, Option<Color>)]) {
        for &(point, state) in edit {
            let Some(color) = self.board.get(point) else {
                continue;
            };
            if state != Some(color) {
                let chain = self.board.chain(point);
                self.board.remove_chain_at(point);
                for other in chain.into_iter().filter(|&other| other != point) {
                    self.board.place_setup_stone(color, other);
                }
            }
        }
        for &(point, state) in edit {
            if let (Some(color), None) = (state, self.board.get(point)) {
                self.board.place_setup_stone(color, point);
            }
        }
        // An edit is not a move, but like a pass it ends any ko ban.
        self.board.pass();
        self.positions.clear();
        self.situations.clear();
        self.record_position();
    }

    fn record_position(&mut self) {
        *self.positions.entry(self.board.hash()).or_insert(0) += 1;
    }

    /// Recomputes the board and the repetition history from the setup and the moves.
    fn rebuild(&mut self) {
        self.board = Board::new(self.board.size()).expect("the size was valid before");
        for &(color, point) in &self.setup {
            if self.board.get(point).is_none() {
                self.board.place_setup_stone(color, point);
            }
        }
        self.positions.clear();
        self.situations.clear();
        self.to_move = self.first_to_move;
        self.record_position();
        let moves = std::mem::take(&mut self.moves);
        let edits = std::mem::take(&mut self.edits);
        let mut pending = edits.iter().peekable();
        for played in 0..=moves.len() {
            while let Some((_, edit)) = pending.next_if(|(before, _)| *before == played) {
                self.apply_edit(edit);
            }
            if let Some(&(color, turn)) = moves.get(played) {
                self.apply(color, turn);
            }
        }
        self.moves = moves;
        self.edits = edits;
    }
}

/// Whether a point occurs twice.
fn has_repeated_point(points: impl Iterator<Item = Point> + Clone) -> bool {
    points
        .clone()
        .enumerate()
        .any(|(index, point)| points.clone().take(index).any(|other| other == point))
}

/// The key of a position created by a play of `player` (situational superko): the board hash
/// for Black, the hash with a fixed key mixed in for White.
pub fn situation_key(hash: u64, player: Color) -> u64 {
    match player {
        Color::Black => hash,
        Color::White => hash ^ WHITE_CREATED_KEY,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::tests::at;

    /// A 9×9 game under `rules` after the given moves ("B D4", "W pass", …), each of which
    /// must be legal.
    pub(crate) fn game_after(size: usize, rules: Rules, moves: &[&str]) -> Game {
        let mut game = Game::new(size, rules, 7.5).unwrap();
        for text in moves {
            let (color, turn) = parse(&game, text);
            game.play(color, turn)
                .unwrap_or_else(|error| panic!("{text}: {error}"));
        }
        game
    }

    pub(crate) fn parse(game: &Game, text: &str) -> (Color, Move) {
        let (color, vertex) = text.split_once(' ').unwrap();
        let color = if color == "B" {
            Color::Black
        } else {
            Color::White
        };
        let turn = if vertex == "pass" {
            Move::Pass
        } else {
            Move::Place(at(game.board(), vertex))
        };
        (color, turn)
    }

    fn attempt(game: &mut Game, text: &str) -> Result<(), IllegalMove> {
        let (color, turn) = parse(game, text);
        game.play(color, turn)
    }

    #[test]
    fn moves_and_undo_keep_the_lineage_and_a_rewritten_history_gets_a_new_one() {
        let mut game = game_after(9, Rules::BGA, &["B E5"]);
        let first = game.lineage();
        attempt(&mut game, "W D4").unwrap();
        assert!(game.undo());
        assert_eq!(game.lineage(), first);
        let copy = game.clone();
        assert_eq!(copy.lineage(), first);
        game.clear();
        let cleared = game.lineage();
        assert_ne!(cleared, first);
        game.edit_setup(&[(at(game.board(), "C3"), Some(Color::Black))])
            .unwrap();
        assert_ne!(game.lineage(), cleared);
        assert_ne!(Game::new(9, Rules::BGA, 7.5).unwrap().lineage(), first);
    }

    #[test]
    fn a_stone_cannot_be_placed_on_an_occupied_point() {
        let mut game = game_after(9, Rules::BGA, &["B E5"]);
        assert_eq!(attempt(&mut game, "W E5"), Err(IllegalMove::Occupied));
        assert_eq!(attempt(&mut game, "B E5"), Err(IllegalMove::Occupied));
    }

    #[test]
    fn suicide_is_judged_after_captures() {
        // docs/rules.md §2.6:
        //   4 . . . .
        //   3 X . . .
        //   2 O X . .
        //   1 . O X .
        //     A B C D
        let setup = ["W B1", "W A2", "B C1", "B B2", "B A3"];
        for rules in [Rules::BGA, Rules::TROMP_TAYLOR] {
            let mut black = game_after(9, rules, &setup);
            assert_eq!(attempt(&mut black, "B A1"), Ok(()));
            assert_eq!(black.board().captured_by(Color::Black), 2);
            let board = black.board();
            assert_eq!(
                board.liberties(at(board, "A1")),
                vec![at(board, "B1"), at(board, "A2")]
            );
        }
        // White A1 joins B1 and A2 into a chain without liberties: suicide, which BGA forbids
        // and Tromp-Taylor allows as a multi-stone suicide (the three stones are removed).
        let mut white = game_after(9, Rules::BGA, &setup);
        assert_eq!(attempt(&mut white, "W A1"), Err(IllegalMove::Suicide));
        let mut white = game_after(9, Rules::TROMP_TAYLOR, &setup);
        assert_eq!(attempt(&mut white, "W A1"), Ok(()));
        assert_eq!(white.board().captured_by(Color::Black), 3);
    }

    #[test]
    fn multi_stone_suicide_is_legal_under_tromp_taylor_and_illegal_under_bga() {
        //   3 X X .
        //   2 O O X
        //   1 . O X     White A1 would fill its own last liberty.
        //     A B C
        let moves = ["B A3", "W A2", "B B3", "W B2", "B C2", "W B1", "B C1"];
        let mut bga = game_after(9, Rules::BGA, &moves);
        assert_eq!(attempt(&mut bga, "W A1"), Err(IllegalMove::Suicide));
        let mut tromp_taylor = game_after(9, Rules::TROMP_TAYLOR, &moves);
        assert_eq!(attempt(&mut tromp_taylor, "W A1"), Ok(()));
        let board = tromp_taylor.board();
        for vertex in ["A1", "A2", "B2", "B1"] {
            assert_eq!(board.get(at(board, vertex)), None, "{vertex}");
        }
        assert_eq!(board.captured_by(Color::Black), 4);
        board.verify().unwrap();
    }

    #[test]
    fn single_stone_suicide_is_illegal_under_every_ruleset() {
        let moves = ["B A2", "W E5", "B B1"];
        for rules in Rules::PRESETS {
            let mut game = game_after(9, rules, &moves);
            assert_eq!(
                attempt(&mut game, "W A1"),
                Err(IllegalMove::Suicide),
                "{}",
                rules.name
            );
        }
    }

    /// docs/rules.md §2.7: white D4 E3 F4 E5, black C4 D3 D5; black E4 captures D4.
    const KO_SETUP: [&str; 8] = [
        "W D4", "B C4", "W E3", "B D3", "W F4", "B D5", "W E5", "B E4",
    ];

    /// In which order the stones of a diagram are placed with `play`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Order {
        /// Every black stone, then every white one: the last stone is white.
        BlackFirst,
        /// Every white stone, then every black one (docs/rules.md §2.7's own order).
        WhiteFirst,
        /// Black, White, Black, … while both colours have stones left, then the rest.
        Alternating,
    }

    const ORDERS: [Order; 3] = [Order::BlackFirst, Order::WhiteFirst, Order::Alternating];

    /// A game under `rules` holding the stones of `text` (an ASCII diagram as
    /// `board::tests::diagram` reads it), each placed by `Game::play` in `order`.
    fn played_diagram(rules: Rules, text: &str, order: Order) -> Game {
        let drawn = crate::board::tests::diagram(text);
        let stones_of = |color| -> Vec<Point> {
            drawn
                .points()
                .filter(|&point| drawn.get(point) == Some(color))
                .collect()
        };
        let (black, white) = (stones_of(Color::Black), stones_of(Color::White));
        let tag = |color, stones: &[Point]| -> Vec<(Color, Point)> {
            stones.iter().map(|&point| (color, point)).collect()
        };
        let sequence = match order {
            Order::BlackFirst => [tag(Color::Black, &black), tag(Color::White, &white)].concat(),
            Order::WhiteFirst => [tag(Color::White, &white), tag(Color::Black, &black)].concat(),
            Order::Alternating => {
                let mut sequence = Vec::new();
                for index in 0..black.len().max(white.len()) {
                    sequence.extend(black.get(index).map(|&point| (Color::Black, point)));
                    sequence.extend(white.get(index).map(|&point| (Color::White, point)));
                }
                sequence
            }
        };
        let mut game = Game::new(drawn.size(), rules, 7.5).unwrap();
        for (color, point) in sequence {
            game.play(color, Move::Place(point))
                .unwrap_or_else(|error| panic!("{order:?}: {color:?} {point:?}: {error}"));
        }
        assert_eq!(game.board().stone_counts(), drawn.stone_counts());
        game
    }

    /// docs/rules.md §2.7's example before Black's capture at E4.
    const KO_DIAGRAM: &str = "
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . X O . . . .
        4 . . X O . O . . .
        3 . . . X O . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
    ";

    /// KO_DIAGRAM without the coordinates, as `diagram` reads it.
    fn ko_diagram() -> String {
        KO_DIAGRAM
            .lines()
            .map(|line| line.trim().get(1..).unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The §2.7 example after Black E4 has taken D4:
    ///
    /// ```text
    ///   5 . . . X O .
    ///   4 . . X . X O     White may not retake at D4 at once,
    ///   3 . . . X O .     whatever the order the stones were played in.
    ///     A B C D E F
    /// ```
    fn ko_taken(rules: Rules, order: Order) -> Game {
        let mut game = played_diagram(rules, &ko_diagram(), order);
        attempt(&mut game, "B E4").unwrap();
        assert_eq!(game.board().captured_by(Color::Black), 1);
        game
    }

    #[test]
    fn the_basic_ko_rule_forbids_the_immediate_retake_under_every_ruleset_in_any_order() {
        for rules in Rules::PRESETS {
            for order in ORDERS {
                let context = format!("{} {order:?}", rules.name);
                let mut game = ko_taken(rules, order);
                let d4 = at(game.board(), "D4");
                assert_eq!(
                    attempt(&mut game, "W D4"),
                    Err(IllegalMove::Ko),
                    "{context}"
                );
                assert!(!game.legal_points(Color::White).contains(&d4), "{context}");
                // Black may fill the ko itself.
                assert_eq!(
                    game.check(Color::Black, Move::Place(d4)),
                    Ok(()),
                    "{context}"
                );
                // After a threat and an answer White retakes, and now Black may not.
                attempt(&mut game, "W H8").unwrap();
                attempt(&mut game, "B H7").unwrap();
                assert_eq!(attempt(&mut game, "W D4"), Ok(()), "{context}");
                assert_eq!(game.board().get(at(game.board(), "E4")), None, "{context}");
                assert_eq!(
                    attempt(&mut game, "B E4"),
                    Err(IllegalMove::Ko),
                    "{context}"
                );
            }
        }
    }

    #[test]
    fn an_immediate_ko_retake_is_illegal_under_every_ruleset() {
        for rules in Rules::PRESETS {
            let mut game = game_after(9, rules, &KO_SETUP);
            assert_eq!(
                attempt(&mut game, "W D4"),
                Err(IllegalMove::Ko),
                "{}",
                rules.name
            );
        }
    }

    #[test]
    fn any_move_in_between_lifts_the_basic_ko_ban() {
        // "At once" is the very next move, whoever makes it: Black playing again, or White
        // passing, ends the ban. Positional superko still forbids the board before E4.
        for rules in Rules::PRESETS {
            for order in ORDERS {
                let context = format!("{} {order:?}", rules.name);
                let mut game = ko_taken(rules, order);
                attempt(&mut game, "B H7").unwrap();
                assert_eq!(attempt(&mut game, "W D4"), Ok(()), "{context}");

                let mut game = ko_taken(rules, order);
                attempt(&mut game, "W pass").unwrap();
                let expected = match rules.ko {
                    KoRule::PositionalSuperko => Err(IllegalMove::Superko),
                    _ => Ok(()),
                };
                let d4 = Move::Place(at(game.board(), "D4"));
                // The board before E4 was created by Black's last stone in `WhiteFirst`
                // order, by White's otherwise: situational superko forbids White to recreate
                // it only in the second case.
                let situational = if order == Order::WhiteFirst {
                    Ok(())
                } else {
                    Err(IllegalMove::Superko)
                };
                let expected = if rules.ko == KoRule::SituationalSuperko {
                    situational
                } else {
                    expected
                };
                assert_eq!(game.check(Color::White, d4), expected, "{context}");
            }
        }
    }

    #[test]
    fn a_full_ko_fight_on_seven_by_seven() {
        //   7 . . . . . . .
        //   6 . . . . . . .
        //   5 . . X O . . .
        //   4 . X O . O . .     Black takes at D4, White threatens, Black answers,
        //   3 . . X O . . .     White retakes at C4, and so on.
        //   2 . . . . . . .
        //   1 . . . . . . .
        //     A B C D E F G
        let mut game = game_after(
            7,
            Rules::JAPANESE,
            &[
                "B C5", "W D5", "B B4", "W C4", "B C3", "W D3", "B A7", "W E4",
            ],
        );
        attempt(&mut game, "B D4").unwrap(); // takes the ko
        assert_eq!(attempt(&mut game, "W C4"), Err(IllegalMove::Ko));
        attempt(&mut game, "W G1").unwrap(); // threat
        attempt(&mut game, "B G2").unwrap(); // answer
        attempt(&mut game, "W C4").unwrap(); // retakes
        assert_eq!(attempt(&mut game, "B D4"), Err(IllegalMove::Ko));
        attempt(&mut game, "B A1").unwrap(); // threat
        attempt(&mut game, "W B1").unwrap(); // answer
        attempt(&mut game, "B D4").unwrap(); // takes again
        assert_eq!(game.board().captured_by(Color::Black), 2);
        assert_eq!(game.board().captured_by(Color::White), 1);
        game.board().verify().unwrap();
    }

    #[test]
    fn a_snapback_recapture_is_legal_at_once() {
        //   3 X X . .
        //   2 . O X .     White B2 B1 C1 has two liberties, A2 and A1. Black throws in a
        //   1 . O O X     stone at A1; White A2 captures it (one stone), which leaves the
        //     A B C D     white chain with the single liberty A1; Black recaptures there at
        //                 once, taking four stones: not a ko, the position is new.
        let mut game = game_after(
            9,
            Rules::BGA,
            &[
                "B A3", "W B2", "B B3", "W B1", "B C2", "W C1", "B D1", "W H9",
            ],
        );
        attempt(&mut game, "B A1").unwrap();
        attempt(&mut game, "W A2").unwrap();
        assert_eq!(game.board().captured_by(Color::White), 1);
        assert_eq!(attempt(&mut game, "B A1"), Ok(()));
        assert_eq!(game.board().captured_by(Color::Black), 4);
        game.board().verify().unwrap();
    }

    /// Three kos on one 9×9 board (only the rows that matter are drawn):
    ///
    /// ```text
    ///   9 X . X O . . . . .     ko 2: Black holds C9; White may take at B9
    ///   8 . X O . . . . . .
    ///   …
    ///   2 . X O . . . X O .
    ///   1 X O . O . X O . O     ko 1: White holds B1, Black may take at C1
    ///     A B C D E F G H J     ko 3: White holds G1, Black may take at H1
    /// ```
    fn triple_ko_position(rules: Rules) -> Game {
        let mut game = Game::new(9, rules, 7.5).unwrap();
        let board = game.board();
        let mut stones = Vec::new();
        for vertex in ["A1", "B2", "A9", "B8", "C9", "F1", "G2"] {
            stones.push((Color::Black, at(board, vertex)));
        }
        for vertex in ["B1", "C2", "D1", "C8", "D9", "G1", "H2", "J1"] {
            stones.push((Color::White, at(board, vertex)));
        }
        game.place_setup(&stones, false).unwrap();
        game
    }

    /// The six captures after which `triple_ko_position` returns with Black to move.
    const TRIPLE_KO_CYCLE: [&str; 6] = ["B C1", "W B9", "B H1", "W B1", "B C9", "W G1"];

    #[test]
    fn a_triple_ko_cycle_is_legal_under_simple_ko_and_stopped_by_positional_superko() {
        // Each side takes a ko in turn, never the one just taken: after six captures the
        // starting position returns with Black to move.
        let mut simple = triple_ko_position(Rules::JAPANESE);
        let start = simple.board().hash();
        for text in TRIPLE_KO_CYCLE {
            attempt(&mut simple, text).unwrap_or_else(|error| panic!("{text}: {error}"));
        }
        assert_eq!(
            simple.board().hash(),
            start,
            "the cycle repeats under simple ko"
        );
        assert_eq!(simple.board().captured_by(Color::Black), 3);
        for rules in [Rules::CHINESE_KGS, Rules::TROMP_TAYLOR] {
            let mut game = triple_ko_position(rules);
            for text in &TRIPLE_KO_CYCLE[..5] {
                attempt(&mut game, text).unwrap_or_else(|error| panic!("{text}: {error}"));
            }
            assert_eq!(
                attempt(&mut game, "W G1"),
                Err(IllegalMove::Superko),
                "{}",
                rules.name
            );
        }
    }

    #[test]
    fn situational_superko_forbids_only_a_position_created_by_a_play_of_the_same_player() {
        // docs/rules.md §2.7, in the BGA/AGA words. The triple-ko cycle's sixth capture, White G1,
        // recreates the starting position. Whether that is forbidden depends on who created
        // it by a play: not the setup, not a pass, not the other player.
        let play_setup = |last: Color| {
            let setup = triple_ko_position(Rules::BGA);
            let mut game = Game::new(9, Rules::BGA, 7.5).unwrap();
            // Every stone by `play`, the colour `last` at the end.
            let mut stones = setup.setup().to_vec();
            stones.sort_by_key(|&(color, _)| color == last);
            for (color, point) in stones {
                game.play(color, Move::Place(point)).unwrap();
            }
            game
        };
        let cycle_until_the_last = |mut game: Game, passes: &[&str]| {
            for text in passes.iter().chain(&TRIPLE_KO_CYCLE[..5]) {
                attempt(&mut game, text).unwrap_or_else(|error| panic!("{text}: {error}"));
            }
            let g1 = at(game.board(), "G1");
            game.check(Color::White, Move::Place(g1))
        };
        // Created by White's play: forbidden.
        let white_last = cycle_until_the_last(play_setup(Color::White), &[]);
        assert_eq!(white_last, Err(IllegalMove::Superko));
        // Created by Black's play, even with White to move after it and White passing there:
        // White may recreate it. Positional superko forbids it all the same.
        for passes in [&[][..], &["W pass"][..]] {
            assert_eq!(
                cycle_until_the_last(play_setup(Color::Black), passes),
                Ok(())
            );
            let mut positional = play_setup(Color::Black);
            positional.set_rules(Rules::CHINESE_KGS);
            assert_eq!(
                cycle_until_the_last(positional, passes),
                Err(IllegalMove::Superko)
            );
        }
        // Setup stones (handicap, SGF) create no position by a play.
        assert_eq!(
            cycle_until_the_last(triple_ko_position(Rules::BGA), &[]),
            Ok(())
        );
    }

    /// docs/rules.md §2.9 on a settled 5×5 board:
    ///
    /// ```text
    ///   5 . X . O .
    ///   4 . X . O .
    ///   3 . X . O .
    ///   2 . X . O .
    ///   1 . X . O .
    ///     A B C D E
    /// ```
    pub(crate) const SETTLED: &str = "
        . X . O .
        . X . O .
        . X . O .
        . X . O .
        . X . O .
    ";

    #[test]
    fn play_ends_only_with_a_pass_by_one_colour_followed_by_a_pass_by_the_other() {
        for order in ORDERS {
            for (passes, over, closing_stone) in [
                (&["B pass", "B pass"][..], false, false),
                (&["W pass", "W pass"][..], false, false),
                (&["B pass", "W pass"][..], true, false),
                (&["W pass", "B pass"][..], true, true),
                (&["W pass", "B pass", "W pass"][..], true, false),
                (&["W pass", "B pass", "B pass"][..], false, false),
                (&["B pass", "B pass", "W pass"][..], true, false),
                (&["W pass", "W pass", "B pass"][..], true, true),
            ] {
                let mut game = played_diagram(Rules::BGA, SETTLED, order);
                for text in passes {
                    attempt(&mut game, text).unwrap();
                }
                let context = format!("{order:?} {passes:?}");
                assert_eq!(game.is_over(), over, "{context}");
                assert_eq!(game.ended_with_black_pass(), closing_stone, "{context}");
            }
        }
        // A stone after the passes resumes play.
        let game = game_after(5, Rules::BGA, &["B pass", "W pass", "B C3"]);
        assert!(!game.is_over());
    }

    #[test]
    fn passes_never_violate_ko_and_clear_the_simple_ko_ban() {
        let mut game = game_after(9, Rules::JAPANESE, &KO_SETUP);
        attempt(&mut game, "W pass").unwrap();
        attempt(&mut game, "B pass").unwrap();
        // Under simple ko the ban lasts one move only.
        assert_eq!(attempt(&mut game, "W D4"), Ok(()));
        // Under positional superko the retake would recreate the position before E4.
        let mut superko = game_after(9, Rules::CHINESE_KGS, &KO_SETUP);
        attempt(&mut superko, "W pass").unwrap();
        attempt(&mut superko, "B pass").unwrap();
        assert_eq!(attempt(&mut superko, "W D4"), Err(IllegalMove::Superko));
    }

    #[test]
    fn situational_superko_allows_a_position_with_the_other_player_to_move() {
        // After B takes the ko and W passes, B passes: the same board with W to move as
        // before. That is a pass, never a violation; both superko kinds allow it.
        let mut game = game_after(9, Rules::BGA, &KO_SETUP);
        assert_eq!(attempt(&mut game, "W pass"), Ok(()));
        assert_eq!(attempt(&mut game, "B pass"), Ok(()));
    }

    #[test]
    fn undo_restores_the_exact_previous_state() {
        let mut game = game_after(9, Rules::BGA, &KO_SETUP[..7]);
        let before = game.clone();
        attempt(&mut game, "B E4").unwrap();
        assert!(game.undo());
        assert_eq!(game, before);
        attempt(&mut game, "B pass").unwrap();
        assert!(game.undo());
        assert_eq!(game, before);
        while game.undo() {}
        assert_eq!(game, Game::new(9, Rules::BGA, 7.5).unwrap());
        assert!(!game.undo());
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut game = game_after(9, Rules::BGA, &KO_SETUP);
        let before = game.clone();
        assert!(attempt(&mut game, "W D4").is_err());
        assert!(attempt(&mut game, "W E4").is_err());
        assert_eq!(game, before);
    }

    #[test]
    fn the_same_colour_may_play_twice_in_a_row() {
        let game = game_after(9, Rules::BGA, &["B D4", "B E4", "B pass", "B F4"]);
        assert_eq!(game.board().chain(at(game.board(), "D4")).len(), 3);
        assert_eq!(game.to_move(), Color::White);
    }

    #[test]
    fn setup_stones_survive_undo_and_handicap_gives_white_the_move() {
        let mut game = Game::new(9, Rules::BGA, 0.5).unwrap();
        let stones = [
            (Color::Black, at(game.board(), "C3")),
            (Color::Black, at(game.board(), "G7")),
        ];
        game.place_setup(&stones, true).unwrap();
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(game.handicap(), 2);
        assert!(!game.undo());
        assert_eq!(game.board().stone_counts(), [2, 0]);
        assert_eq!(game.place_setup(&stones, true), Err(SetupError::NotEmpty));
    }

    #[test]
    fn legal_points_exclude_occupied_suicide_and_ko_points() {
        let game = game_after(9, Rules::JAPANESE, &KO_SETUP);
        let legal = game.legal_points(Color::White);
        let board = game.board();
        assert!(!legal.contains(&at(board, "D4")), "ko");
        assert!(!legal.contains(&at(board, "E4")), "occupied");
        // Seven stones stand (D4 was captured) and D4 is the ko point.
        assert_eq!(legal.len(), 81 - 7 - 1);
    }
}
