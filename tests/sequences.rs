//! Property tests (proptest) over random move and command sequences: the incremental board
//! against a recomputation, legality and captures against a slow reference written here, undo,
//! failed commands, `all_legal` against `is_legal`, and counting against a reference count.
//!
//! The reference knows nothing of the engine's data structures: positions are plain
//! `Vec<Option<Color>>` copies, chains and liberties come from flood fills, the basic ko rule
//! looks at the stones the last move captured, and repetition is judged against explicit
//! lists of every earlier position and of the positions each player created by a play. It
//! follows docs/rules.md §2–3 word for word, not the engine's shortcuts (ko points,
//! pseudo-liberties, Zobrist hashes, a side to move). Where `properties` follows whole genmove
//! games, these sequences are arbitrary: either colour at any time, passes in any order,
//! stones on occupied points, undo at any moment, rulesets switched in mid-game, handicap
//! stones, §2.7's ko shape set up in any order and then fought over; and proptest shrinks a
//! failure to a minimal sequence.
//!
//! Case counts are small so that `cargo test` stays fast in debug builds; set PROPTEST_CASES
//! to run more (for instance `PROPTEST_CASES=5000 cargo test --release sequences`).

use kosumi::board::{Color, Point};
use kosumi::game::{Game, IllegalMove, Move};
use kosumi::gtp::Engine;
use kosumi::gtp::command::COMMANDS;
use kosumi::gtp::parse::{Line, parse_line};
use kosumi::player::RandomPlayer;
use kosumi::rules::{KoRule, Rules, Scoring};
use kosumi::score;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

use crate::util::KoShape;

/// A whole-board position: `size * size` points, row by row from the lower left.
type Position = Vec<Option<Color>>;

/// The slow, obviously correct model of a game: the position, every position the game has
/// been in, and who created which by a play.
#[derive(Clone, Debug)]
struct Reference {
    size: usize,
    position: Position,
    captured: [u32; 2],
    /// Every position so far, the setup position first (positional superko).
    positions: Vec<Position>,
    /// Every position created by a play (a stone placed), with the player who made it
    /// (situational superko: "a position previously created by a play of the same player").
    created: Vec<(Position, Color)>,
    /// Every move so far, with the position before it.
    moves: Vec<(Color, Option<usize>, Position)>,
}

impl Reference {
    /// The game after the setup stones. Who moves first does not matter: a setup creates no
    /// position by a play.
    fn new(size: usize, setup: &[(Color, usize)]) -> Reference {
        let mut position = vec![None; size * size];
        for &(color, slot) in setup {
            position[slot] = Some(color);
        }
        Reference {
            size,
            positions: vec![position.clone()],
            created: Vec::new(),
            position,
            captured: [0; 2],
            moves: Vec::new(),
        }
    }

    fn neighbours(&self, slot: usize) -> Vec<usize> {
        let (x, y) = (slot % self.size, slot / self.size);
        let mut result = Vec::new();
        if x > 0 {
            result.push(slot - 1);
        }
        if x + 1 < self.size {
            result.push(slot + 1);
        }
        if y > 0 {
            result.push(slot - self.size);
        }
        if y + 1 < self.size {
            result.push(slot + self.size);
        }
        result
    }

    /// The chain through `slot` in `position` (flood fill) and its liberties; for an empty
    /// `slot`, the empty region around it.
    fn chain(&self, position: &Position, slot: usize) -> (Vec<usize>, Vec<usize>) {
        let color = position[slot];
        let mut chain = vec![slot];
        let mut liberties = Vec::new();
        let mut index = 0;
        while index < chain.len() {
            for neighbour in self.neighbours(chain[index]) {
                if position[neighbour] == color {
                    if !chain.contains(&neighbour) {
                        chain.push(neighbour);
                    }
                } else if position[neighbour].is_none() && !liberties.contains(&neighbour) {
                    liberties.push(neighbour);
                }
            }
            index += 1;
        }
        (chain, liberties)
    }

    /// The position after `color` places a stone on `slot`, the stones it captures, and the
    /// stones of its own chain lost to suicide (docs/rules.md §2.5–2.6: captures first).
    fn place(&self, color: Color, slot: usize) -> (Position, Vec<usize>, u32) {
        let mut position = self.position.clone();
        position[slot] = Some(color);
        let mut captured = Vec::new();
        for neighbour in self.neighbours(slot) {
            if position[neighbour] == Some(color.opponent()) {
                let (chain, liberties) = self.chain(&position, neighbour);
                if liberties.is_empty() {
                    for stone in chain {
                        position[stone] = None;
                        captured.push(stone);
                    }
                }
            }
        }
        let mut lost = 0;
        let (chain, liberties) = self.chain(&position, slot);
        if liberties.is_empty() {
            for stone in chain {
                position[stone] = None;
                lost += 1;
            }
        }
        (position, captured, lost)
    }

    /// docs/rules.md §2.7's basic ko rule: the stone the last move placed, when that move captured
    /// exactly one stone and left it a lone stone with a single liberty. The very next move,
    /// whoever makes it, may not capture exactly that stone.
    fn ko_stone(&self) -> Option<usize> {
        let (mover, slot, before) = self.moves.last()?;
        let slot = (*slot)?;
        let captured = (0..before.len())
            .filter(|&point| {
                before[point] == Some(mover.opponent()) && self.position[point].is_none()
            })
            .count();
        let (chain, liberties) = self.chain(&self.position, slot);
        (self.position[slot] == Some(*mover)
            && captured == 1
            && chain.len() == 1
            && liberties.len() == 1)
            .then_some(slot)
    }

    /// Whether `color` may play on `slot` under `rules`, and the position it leads to with
    /// the numbers of stones captured and lost.
    fn judge(
        &self,
        rules: &Rules,
        color: Color,
        slot: usize,
    ) -> Result<(Position, u32, u32), IllegalMove> {
        if self.position[slot].is_some() {
            return Err(IllegalMove::Occupied);
        }
        let (after, captured, lost) = self.place(color, slot);
        if lost == 1 || (lost > 1 && !rules.multi_stone_suicide) {
            return Err(IllegalMove::Suicide);
        }
        // The basic rule under every ruleset; superko adds to it.
        if self.ko_stone().is_some_and(|stone| captured == [stone]) {
            return Err(IllegalMove::Ko);
        }
        let repeated = match rules.ko {
            KoRule::Simple => false,
            KoRule::PositionalSuperko => self.positions.contains(&after),
            KoRule::SituationalSuperko => self
                .created
                .iter()
                .any(|(seen, creator)| *seen == after && *creator == color),
        };
        if repeated {
            return Err(IllegalMove::Superko);
        }
        Ok((after, captured.len() as u32, lost))
    }

    fn play(
        &mut self,
        rules: &Rules,
        color: Color,
        slot: Option<usize>,
    ) -> Result<(), IllegalMove> {
        let before = self.position.clone();
        if let Some(slot) = slot {
            let (after, captured, lost) = self.judge(rules, color, slot)?;
            self.position = after;
            self.captured[color.index()] += captured;
            self.captured[color.opponent().index()] += lost;
            self.created.push((self.position.clone(), color));
        }
        self.moves.push((color, slot, before));
        self.positions.push(self.position.clone());
        Ok(())
    }

    /// docs/rules.md §2.9: play has ended when a pass by one colour is followed by a pass by the
    /// other; the two colours of those passes, in order.
    fn closing_passes(&self) -> Option<(Color, Color)> {
        match self.moves.as_slice() {
            [.., (first, None, _), (second, None, _)] if first != second => Some((*first, *second)),
            _ => None,
        }
    }

    /// Recomputes the whole model from the setup and the moves, as the rules define it.
    fn replay(
        size: usize,
        setup: &[(Color, usize)],
        rules_at: &[(Rules, Color, Option<usize>)],
    ) -> Reference {
        let mut reference = Reference::new(size, setup);
        for (rules, color, slot) in rules_at {
            reference
                .play(rules, *color, *slot)
                .expect("a move that was legal stays legal on replay");
        }
        reference
    }

    /// Empty points owned by each colour: regions bordered by that colour only.
    fn territory(&self) -> [u32; 2] {
        let mut counts = [0; 2];
        let mut seen = vec![false; self.position.len()];
        for start in 0..self.position.len() {
            if seen[start] || self.position[start].is_some() {
                continue;
            }
            let (region, _) = self.chain(&self.position, start);
            let mut borders = [false; 2];
            for &point in &region {
                seen[point] = true;
                for neighbour in self.neighbours(point) {
                    if let Some(color) = self.position[neighbour] {
                        borders[color.index()] = true;
                    }
                }
            }
            match borders {
                [true, false] => counts[0] += region.len() as u32,
                [false, true] => counts[1] += region.len() as u32,
                _ => {}
            }
        }
        counts
    }

    fn stones(&self, color: Color) -> u32 {
        self.position
            .iter()
            .filter(|&&stone| stone == Some(color))
            .count() as u32
    }
}

/// The board point of a slot of a `Position`.
fn point(game: &Game, slot: usize) -> Point {
    game.board()
        .point(slot % game.size(), slot / game.size())
        .expect("slots are on the board")
}

/// The move on the point of board slot `slot`, or a pass for `None`.
fn turn_at(game: &Game, slot: Option<usize>) -> Move {
    match slot {
        Some(slot) => Move::Place(point(game, slot)),
        None => Move::Pass,
    }
}

/// The engine's position as a `Position`.
fn position_of(game: &Game) -> Position {
    (0..game.size() * game.size())
        .map(|slot| game.board().get(point(game, slot)))
        .collect()
}

/// One step of a random game.
#[derive(Clone, Debug)]
enum Action {
    /// A stone (a slot, maybe occupied: illegal attempts are part of the test) or a pass.
    Play(Color, Option<usize>),
    Undo,
    /// Switch to `Rules::PRESETS[index]` in mid-game.
    SetRules(usize),
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

/// Random actions on a `size`×`size` board: mostly stones, some passes and undos, rarely a
/// change of rules.
fn actions(size: usize, length: usize) -> impl Strategy<Value = Vec<Action>> {
    let points = size * size;
    let action = prop_oneof![
        12 => (color(), 0..points).prop_map(|(color, slot)| Action::Play(color, Some(slot))),
        1 => color().prop_map(|color| Action::Play(color, None)),
        2 => Just(Action::Undo),
        1 => (0..Rules::PRESETS.len()).prop_map(Action::SetRules),
    ];
    proptest::collection::vec(action, 0..length)
}

/// Sometimes (on boards of 4×4 and up) docs/rules.md §2.7's ko shape: its seven stones played in a
/// random order, so that colours need not alternate, then the capture and the forbidden
/// immediate retake; the random actions go on from there.
fn ko_fight(size: usize) -> impl Strategy<Value = Vec<Action>> {
    let room = size.saturating_sub(3).max(1);
    (
        any::<bool>(),
        0..8usize,
        0..room,
        0..room,
        any::<bool>(),
        Just((0..7).collect::<Vec<usize>>()).prop_shuffle(),
    )
        .prop_map(move |(wanted, symmetry, dx, dy, black_captures, order)| {
            if size < 4 || !wanted {
                return Vec::new();
            }
            let shape = KoShape::new(size, symmetry, dx, dy, &order);
            let colour = |capturer: bool| {
                if capturer == black_captures {
                    Color::Black
                } else {
                    Color::White
                }
            };
            let mut actions: Vec<Action> = shape
                .stones
                .iter()
                .map(|&(capturer, slot)| Action::Play(colour(capturer), Some(slot)))
                .collect();
            actions.push(Action::Play(colour(true), Some(shape.capture)));
            actions.push(Action::Play(colour(false), Some(shape.retake)));
            actions
        })
}

/// A game to play: size, ruleset (an index into `Rules::PRESETS`), black handicap stones
/// (slots; none, or two to four), and up to `length` actions. Mostly small boards, where
/// captures, kos and repeated positions come quickly.
fn scenario(length: usize) -> impl Strategy<Value = (usize, usize, Vec<usize>, Vec<Action>)> {
    prop_oneof![4 => 2usize..=5, 1 => 6usize..=9].prop_flat_map(move |size| {
        let handicap = proptest::sample::subsequence((0..size * size).collect::<Vec<_>>(), 0..=4)
            // A handicap is two or more stones, and leaves a point empty.
            .prop_map(move |stones| {
                if stones.len() < 2 || stones.len() >= size * size {
                    Vec::new()
                } else {
                    stones
                }
            });
        (
            Just(size),
            0..Rules::PRESETS.len(),
            handicap,
            ko_fight(size),
            actions(size, length),
        )
            .prop_map(|(size, rules, handicap, mut actions, rest)| {
                actions.extend(rest);
                (size, rules, handicap, actions)
            })
    })
}

/// The game and its reference after the handicap stones.
fn new_game(
    size: usize,
    rules: Rules,
    handicap: &[usize],
) -> (Game, Reference, Vec<(Color, usize)>) {
    let mut game = Game::new(size, rules, 7.5).expect("sizes 2–9 are valid");
    let setup: Vec<(Color, usize)> = handicap.iter().map(|&slot| (Color::Black, slot)).collect();
    let stones: Vec<(Color, Point)> = setup
        .iter()
        .map(|&(color, slot)| (color, point(&game, slot)))
        .collect();
    game.place_setup(&stones, !setup.is_empty())
        .expect("distinct points on an empty board");
    let reference = Reference::new(size, &setup);
    (game, reference, setup)
}

/// Checks the game against the reference: stones, captures, the incremental board against its
/// recomputation (chains, liberties, hash), and every point's legality for both colours.
fn check_agreement(game: &Game, reference: &Reference) -> Result<(), TestCaseError> {
    if let Err(problem) = game.board().verify() {
        return Err(TestCaseError::fail(format!(
            "incremental board differs from a recomputation: {problem}\n{:?}",
            game.board()
        )));
    }
    prop_assert_eq!(
        position_of(game),
        reference.position.clone(),
        "stones differ"
    );
    for color in Color::BOTH {
        prop_assert_eq!(
            game.board().captured_by(color),
            reference.captured[color.index()],
            "captures of {:?}",
            color
        );
        let mut legal = Vec::new();
        for slot in 0..reference.position.len() {
            let at = point(game, slot);
            let engine = game.check(color, Move::Place(at));
            let expected = reference.judge(&game.rules(), color, slot).map(|_| ());
            prop_assert_eq!(
                engine,
                expected,
                "{:?} at slot {} under {}\n{:?}",
                color,
                slot,
                game.rules().name,
                game.board()
            );
            if engine.is_ok() {
                legal.push(at);
            }
        }
        prop_assert_eq!(game.legal_points(color), legal, "legal_points vs check");
        prop_assert_eq!(
            game.check(color, Move::Pass),
            Ok(()),
            "a pass is always legal"
        );
    }
    Ok(())
}

fn config(cases: u32) -> Config {
    // PROPTEST_CASES, when set, overrides the default count.
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(cases);
    let mut config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    // A fixed seed, so that every run tests the same cases; PROPTEST_RNG_SEED picks others.
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x4B4F_5355_4D49);
    }
    config
}

proptest! {
    #![proptest_config(config(160))]

    /// After every action (legal or not, undo, a change of rules) the incremental board equals
    /// its recomputation, the stones and captures equal the reference's, and every point's
    /// legality, with its reason, is the reference's, under every ruleset.
    #[test]
    fn legality_and_captures_agree_with_a_slow_reference_under_every_ruleset(
        (size, rules, handicap, script) in scenario(120),
    ) {
        let (mut game, mut reference, setup) = new_game(size, Rules::PRESETS[rules], &handicap);
        // The moves with the rules in force when each was played, for replaying the reference.
        let mut played: Vec<(Rules, Color, Option<usize>)> = Vec::new();
        check_agreement(&game, &reference)?;
        for action in script {
            match action {
                Action::Play(color, slot) => {
                    let turn = turn_at(&game, slot);
                    let expected = reference.play(&game.rules(), color, slot);
                    prop_assert_eq!(game.play(color, turn), expected, "{:?} {:?}", color, slot);
                    if expected.is_ok() {
                        played.push((game.rules(), color, slot));
                    }
                }
                Action::Undo => {
                    let undone = game.undo();
                    prop_assert_eq!(undone, played.pop().is_some());
                    if undone {
                        reference = Reference::replay(size, &setup, &played);
                    }
                }
                Action::SetRules(index) => game.set_rules(Rules::PRESETS[index]),
            }
            check_agreement(&game, &reference)?;
        }
    }

    /// Undo restores the exact state before the move (`Game: PartialEq` compares the board,
    /// captures, ko point, history tables and moves); a refused move changes nothing.
    #[test]
    fn undo_restores_the_exact_state_and_a_refused_move_changes_nothing(
        (size, rules, handicap, script) in scenario(150),
    ) {
        let (mut game, _, _) = new_game(size, Rules::PRESETS[rules], &handicap);
        let fresh = game.clone();
        let mut before_each_move: Vec<Game> = Vec::new();
        for action in script {
            match action {
                Action::Play(color, slot) => {
                    let turn = turn_at(&game, slot);
                    let before = game.clone();
                    if game.play(color, turn).is_ok() {
                        before_each_move.push(before);
                    } else {
                        prop_assert!(game == before, "a refused {:?} {:?} changed the game", color, turn);
                    }
                }
                Action::Undo => {
                    let before = game.clone();
                    match before_each_move.pop() {
                        Some(expected) => {
                            prop_assert!(game.undo());
                            // Rules changed since the move stay changed: undo takes back moves.
                            let mut expected = expected;
                            expected.set_rules(game.rules());
                            prop_assert!(game == expected, "undo did not restore the state");
                        }
                        None => {
                            prop_assert!(!game.undo());
                            prop_assert!(game == before, "a refused undo changed the game");
                        }
                    }
                }
                Action::SetRules(index) => game.set_rules(Rules::PRESETS[index]),
            }
        }
        while game.undo() {}
        let mut fresh = fresh;
        fresh.set_rules(game.rules());
        prop_assert!(game == fresh, "undoing every move gives back the starting game");
    }

    /// The count equals a reference count for every ruleset, all stones alive: area (stones +
    /// territory + komi + handicap bonus), territory (territory + captures + komi), and
    /// territory with pass stones (each pass hands the opponent a stone; when play ended with
    /// Black's pass, White hands over one more). For alternating games ended by two passes,
    /// territory with pass stones gives the same margin as area counting with an N − 1 bonus.
    #[test]
    fn counting_agrees_with_a_slow_reference_count(
        (size, _, handicap, script) in scenario(120),
        komi in prop_oneof![Just(7.5), Just(0.0), Just(-3.0), Just(6.5)],
        alternate in any::<bool>(),
    ) {
        let (mut game, mut reference, _) = new_game(size, Rules::TROMP_TAYLOR, &handicap);
        game.set_komi(komi);
        for action in script {
            if let Action::Play(color, slot) = action {
                let color = if alternate { game.to_move() } else { color };
                let turn = turn_at(&game, slot);
                if game.play(color, turn).is_ok() {
                    reference.play(&Rules::TROMP_TAYLOR, color, slot).expect("the reference agrees");
                }
            }
        }
        if alternate {
            // End the game properly: two passes.
            for _ in 0..2 {
                let color = game.to_move();
                game.play(color, Move::Pass).expect("a pass is legal");
                reference.play(&Rules::TROMP_TAYLOR, color, None).expect("a pass is legal");
            }
        }
        let territory = reference.territory();
        let handicap_stones = game.handicap();
        let mut passes = [0u32; 2];
        for (mover, slot, _) in &reference.moves {
            if slot.is_none() {
                passes[mover.index()] += 1;
            }
        }
        prop_assert_eq!(game.is_over(), reference.closing_passes().is_some(), "is_over");
        let black_passed_last = reference.closing_passes() == Some((Color::White, Color::Black));
        for rules in Rules::PRESETS {
            game.set_rules(rules);
            let score = score::count(&game, &[], &[]);
            let mut totals = [0.0f64; 2];
            for color in Color::BOTH {
                let me = color.index();
                let white = if color == Color::White { 1.0 } else { 0.0 };
                let points = match rules.scoring {
                    Scoring::Area => {
                        reference.stones(color) + territory[me]
                            + if color == Color::White { rules.handicap_bonus.points(handicap_stones) } else { 0 }
                    }
                    Scoring::Territory => {
                        let mut pass_stones = 0;
                        if rules.pass_stones {
                            pass_stones = passes[color.opponent().index()];
                            if color == Color::Black && black_passed_last {
                                pass_stones += 1;
                            }
                        }
                        territory[me] + reference.captured[me] + pass_stones
                    }
                };
                totals[me] = points as f64 + white * komi;
                prop_assert_eq!(score.tally(color).total, totals[me], "{:?} under {}", color, rules.name);
            }
            prop_assert_eq!(score.margin, totals[0] - totals[1], "margin under {}", rules.name);
        }
        if alternate {
            game.set_rules(Rules::BGA);
            let territory_margin = score::count(&game, &[], &[]).margin;
            let area_margin = reference.stones(Color::Black) as f64 + territory[0] as f64
                - reference.stones(Color::White) as f64 - territory[1] as f64
                - handicap_stones.saturating_sub(1) as f64 - komi;
            prop_assert_eq!(territory_margin, area_margin, "BGA territory and area disagree");
        }
    }
}

/// GTP words for random command lines: every command name, and arguments of every kind,
/// good and bad.
const WORDS: &[&str] = &[
    "b",
    "w",
    "black",
    "WHITE",
    "red",
    "pass",
    "A1",
    "B2",
    "C3",
    "b1",
    "E5",
    "J9",
    "T19",
    "Z25",
    "I5",
    "A0",
    "A26",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "9",
    "19",
    "25",
    "26",
    "-1",
    "7.5",
    "2.5e1",
    "nan",
    "2147483648",
    "chinese",
    "tromp-taylor",
    "japanese",
    "nz",
    "ing",
    "none",
    "absolute",
    "byoyomi",
    "canadian",
    "-",
    "x",
];

/// A random command line: a known command (or an unknown word) with up to three words.
fn command_line() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = COMMANDS
        .iter()
        .map(|spec| spec.name)
        // printsgf FILE would write into the working directory; loadsgf only reads, and
        // fails on these words, which is what this test wants.
        .filter(|&name| name != "printsgf" && name != "quit")
        .chain(["printsgf", "bogus"])
        .collect();
    (
        proptest::sample::select(names),
        proptest::collection::vec(proptest::sample::select(WORDS.to_vec()), 0..=3),
    )
        .prop_map(|(name, words)| {
            if name == "printsgf" {
                // Only the forms that answer in the reply.
                return if words.is_empty() {
                    "printsgf".to_string()
                } else {
                    "printsgf -".to_string()
                };
            }
            std::iter::once(name)
                .chain(words)
                .collect::<Vec<_>>()
                .join(" ")
        })
}

/// Commands that change the board, weighted so that games get going.
fn game_line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (color(), 0usize..5, 0usize..5).prop_map(|(color, x, y)| {
            let letter = b"ABCDE"[x] as char;
            format!("play {} {letter}{}", if color == Color::Black { "b" } else { "w" }, y + 1)
        }),
        1 => color().prop_map(|color| format!("genmove {}", if color == Color::Black { "b" } else { "w" })),
        3 => command_line(),
    ]
}

fn engine() -> Engine {
    Engine::new(5, Rules::default(), 7.5, Box::new(RandomPlayer::new(1)))
        .expect("5 is a valid size")
}

/// Runs one line through the parser and the engine as `serve` does; `None` for a blank line.
fn execute(engine: &mut Engine, line: &str) -> Option<Result<String, String>> {
    match parse_line(line.as_bytes()) {
        Line::Nothing => None,
        Line::Invalid(_, failure) => Some(Err(failure.to_string())),
        Line::Request(request) => Some(
            engine
                .execute(request.command)
                .0
                .map_err(|failure| failure.to_string()),
        ),
    }
}

proptest! {
    #![proptest_config(config(96))]

    /// Any command answered `?` leaves the game and the clock exactly as they were; and at the
    /// end of the session `all_legal` lists exactly the points where `is_legal` answers 1.
    #[test]
    fn a_failed_command_changes_nothing_and_all_legal_agrees_with_is_legal(
        lines in proptest::collection::vec(game_line(), 1..80),
    ) {
        let mut engine = engine();
        for line in &lines {
            let game = engine.game().clone();
            let clock = *engine.clock();
            if let Some(Err(message)) = execute(&mut engine, line) {
                prop_assert!(engine.game() == &game, "`{}` failed ({}) but changed the game", line, message);
                prop_assert_eq!(engine.clock(), &clock, "`{}` failed but changed the clock", line);
            }
            if let Err(problem) = engine.game().board().verify() {
                return Err(TestCaseError::fail(format!("after `{line}`: {problem}")));
            }
        }
        let size = engine.game().size();
        for color in ["b", "w"] {
            let listed = execute(&mut engine, &format!("all_legal {color}")).expect("a reply");
            let listed = listed.expect("all_legal never fails");
            let mut listed: Vec<&str> = listed.split(' ').filter(|word| !word.is_empty()).collect();
            listed.sort_unstable();
            let mut legal = Vec::new();
            for x in 0..size {
                for y in 0..size {
                    let vertex = format!("{}{}", &"ABCDEFGHJKLMNOPQRSTUVWXYZ"[x..=x], y + 1);
                    let answer = execute(&mut engine, &format!("is_legal {color} {vertex}")).expect("a reply");
                    match answer.as_deref() {
                        Ok("1") => legal.push(vertex),
                        Ok("0") => {}
                        other => return Err(TestCaseError::fail(format!("is_legal {color} {vertex}: {other:?}"))),
                    }
                }
            }
            let mut legal: Vec<&str> = legal.iter().map(String::as_str).collect();
            legal.sort_unstable();
            prop_assert_eq!(listed, legal, "all_legal {} vs is_legal", color);
        }
    }
}
