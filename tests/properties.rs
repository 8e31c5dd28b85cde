//! Property tests on seeded random games, through the library: every move `genmove` answers is
//! legal by an independent, deliberately slow model of the rules (whole-position copies,
//! flood fill, the basic ko rule by the stones the last move captured, explicit repetition
//! sets: every board, and the boards each player created by a play); the incremental board
//! matches the model and verifies after every move; the legal-move sets agree; refused moves
//! and undo leave the game exactly as it was; the game ends when the model says play has
//! ended. The colours do not always alternate, passes come in any order, and some games start
//! from §2.7's ko shape set up in a random order. Seeds and game counts come from the
//! environment so a failure can be replayed.

use std::collections::HashSet;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use kosumi::board::{Color, Point};
use kosumi::game::Game;
use kosumi::gtp::Engine;
use kosumi::gtp::command::{Command, Vertex};
use kosumi::gtp::response::Failure;
use kosumi::player::RandomPlayer;
use kosumi::rules::{KoRule, Rules};

use crate::util::{KoShape, environment_number};

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A whole position, stored plainly: `cells[y * size + x]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Position {
    size: usize,
    cells: Vec<Option<Color>>,
}

/// What a placement does in the model.
struct Placed {
    position: Position,
    /// The opposing stones it captured.
    captured: Vec<usize>,
    suicided: u32,
}

impl Position {
    fn empty(size: usize) -> Position {
        Position {
            size,
            cells: vec![None; size * size],
        }
    }

    fn neighbours(&self, index: usize) -> Vec<usize> {
        let (x, y) = (index % self.size, index / self.size);
        let mut neighbours = Vec::with_capacity(4);
        if x > 0 {
            neighbours.push(index - 1);
        }
        if x + 1 < self.size {
            neighbours.push(index + 1);
        }
        if y > 0 {
            neighbours.push(index - self.size);
        }
        if y + 1 < self.size {
            neighbours.push(index + self.size);
        }
        neighbours
    }

    /// The chain through a stone, by flood fill, and whether it has any liberty.
    fn chain(&self, index: usize) -> (Vec<usize>, bool) {
        let color = self.cells[index];
        let mut chain = vec![index];
        let mut seen = vec![false; self.cells.len()];
        seen[index] = true;
        let mut has_liberty = false;
        let mut next = 0;
        while next < chain.len() {
            for neighbour in self.neighbours(chain[next]) {
                if self.cells[neighbour].is_none() {
                    has_liberty = true;
                } else if self.cells[neighbour] == color && !seen[neighbour] {
                    seen[neighbour] = true;
                    chain.push(neighbour);
                }
            }
            next += 1;
        }
        (chain, has_liberty)
    }

    /// Places a stone on an empty point: captures first, then suicide. `None` when the move
    /// is a suicide the rules forbid (single-stone suicide always is).
    fn place(&self, color: Color, index: usize, multi_stone_suicide: bool) -> Option<Placed> {
        let mut position = self.clone();
        position.cells[index] = Some(color);
        let mut captured = Vec::new();
        for neighbour in self.neighbours(index) {
            if position.cells[neighbour] == Some(color.opponent()) {
                let (chain, has_liberty) = position.chain(neighbour);
                if !has_liberty {
                    for stone in chain {
                        position.cells[stone] = None;
                        captured.push(stone);
                    }
                }
            }
        }
        let (own, has_liberty) = position.chain(index);
        let mut suicided = 0;
        if !has_liberty {
            if own.len() == 1 || !multi_stone_suicide {
                return None;
            }
            suicided = own.len() as u32;
            for stone in own {
                position.cells[stone] = None;
            }
        }
        Some(Placed {
            position,
            captured,
            suicided,
        })
    }
}

/// The rules as docs/rules.md §2 states them, with the history kept as whole positions.
struct Model {
    rules: Rules,
    position: Position,
    /// The basic ko rule (§2.7): the stone the last move placed, if it captured exactly one
    /// stone and was left a lone stone with a single liberty; the very next move may not
    /// capture exactly that stone.
    ko_stone: Option<usize>,
    /// Every position so far (positional superko).
    positions: HashSet<Position>,
    /// Every position created by a play, with the player who made it (situational superko).
    created: HashSet<(Position, Color)>,
    /// Prisoners taken by Black and by White.
    prisoners: [u32; 2],
    /// Every move so far: the colour, and the point or `None` for a pass.
    moves: Vec<(Color, Option<usize>)>,
}

impl Model {
    fn new(size: usize, rules: Rules) -> Model {
        let position = Position::empty(size);
        Model {
            rules,
            positions: HashSet::from([position.clone()]),
            created: HashSet::new(),
            position,
            ko_stone: None,
            prisoners: [0, 0],
            moves: Vec::new(),
        }
    }

    /// The placement, if `color` may play on `index` now.
    fn legal_placement(&self, color: Color, index: usize) -> Option<Placed> {
        if self.position.cells[index].is_some() {
            return None;
        }
        let placed = self
            .position
            .place(color, index, self.rules.multi_stone_suicide)?;
        if self.ko_stone.is_some() && placed.captured == Vec::from_iter(self.ko_stone) {
            return None;
        }
        let repeats = match self.rules.ko {
            KoRule::Simple => false,
            KoRule::PositionalSuperko => self.positions.contains(&placed.position),
            KoRule::SituationalSuperko => self.created.contains(&(placed.position.clone(), color)),
        };
        (!repeats).then_some(placed)
    }

    /// §2.9: play has ended when a pass by one colour was followed by a pass by the other.
    fn is_over(&self) -> bool {
        matches!(
            self.moves.as_slice(),
            [.., (first, None), (second, None)] if first != second
        )
    }

    fn is_legal(&self, color: Color, index: usize) -> bool {
        self.legal_placement(color, index).is_some()
    }

    /// An eye of `color` for the random player (the definition): every orthogonal
    /// neighbour is an own stone or the edge, and fewer than two diagonal points hold
    /// opposing stones, none when the point is on the edge.
    fn is_eye(&self, color: Color, index: usize) -> bool {
        let position = &self.position;
        if position
            .neighbours(index)
            .iter()
            .any(|&neighbour| position.cells[neighbour] != Some(color))
        {
            return false;
        }
        let size = position.size as isize;
        let (x, y) = (
            (index % position.size) as isize,
            (index / position.size) as isize,
        );
        let mut opposing = 0;
        let mut on_edge = false;
        for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            let (diagonal_x, diagonal_y) = (x + dx, y + dy);
            if diagonal_x < 0 || diagonal_y < 0 || diagonal_x >= size || diagonal_y >= size {
                on_edge = true;
            } else if position.cells[(diagonal_y * size + diagonal_x) as usize]
                == Some(color.opponent())
            {
                opposing += 1;
            }
        }
        if on_edge { opposing == 0 } else { opposing < 2 }
    }

    fn legal_points(&self, color: Color) -> HashSet<usize> {
        (0..self.position.cells.len())
            .filter(|&index| self.is_legal(color, index))
            .collect()
    }

    /// Plays a move the model must find legal (`None` is a pass).
    fn play(&mut self, color: Color, index: Option<usize>) {
        self.ko_stone = None;
        if let Some(index) = index {
            let placed = self
                .legal_placement(color, index)
                .expect("the model plays legal moves only");
            self.prisoners[color.index()] += placed.captured.len() as u32;
            self.prisoners[color.opponent().index()] += placed.suicided;
            self.position = placed.position;
            let (chain, has_liberty) = self.position.chain(index);
            let single_liberty = self
                .position
                .neighbours(index)
                .iter()
                .filter(|&&neighbour| self.position.cells[neighbour].is_none())
                .count()
                == 1;
            if placed.captured.len() == 1 && chain.len() == 1 && has_liberty && single_liberty {
                self.ko_stone = Some(index);
            }
            self.created.insert((self.position.clone(), color));
        }
        self.positions.insert(self.position.clone());
        self.moves.push((color, index));
    }
}

/// Kosumi's point for a model index, and back.
fn point_of(game: &Game, index: usize) -> Point {
    let size = game.size();
    game.board()
        .point(index % size, index / size)
        .expect("on the board")
}

fn index_of(game: &Game, point: Point) -> usize {
    let (x, y) = game.board().coordinates(point);
    y * game.size() + x
}

fn vertex_of(size: usize, index: usize) -> Vertex {
    Vertex::At {
        x: (index % size) as u8,
        y: (index / size) as u8,
    }
}

/// Reads a `genmove` answer (`D4`, `pass`) into a model index, or `None` for a pass.
fn parse_answer(size: usize, answer: &str) -> Option<usize> {
    if answer == "pass" {
        return None;
    }
    let column = COLUMNS
        .find(answer.chars().next().expect("a vertex"))
        .unwrap_or_else(|| panic!("not a vertex: {answer:?}"));
    let row: usize = answer[1..]
        .parse()
        .unwrap_or_else(|_| panic!("not a vertex: {answer:?}"));
    assert!(
        column < size && (1..=size).contains(&row),
        "off the board: {answer}"
    );
    Some((row - 1) * size + column)
}

/// Checks the engine's position against the model's, stone by stone, and (when `verify`) the
/// board's incremental structures against a recomputation (`Board::verify`).
fn assert_same_position(engine: &Engine, model: &Model, verify: bool, context: &str) {
    let game = engine.game();
    let board = game.board();
    if verify {
        board
            .verify()
            .unwrap_or_else(|error| panic!("{context}: the board does not verify: {error}"));
    }
    for index in 0..model.position.cells.len() {
        assert_eq!(
            board.get(point_of(game, index)),
            model.position.cells[index],
            "{context}: stone at index {index}\n{board:?}"
        );
    }
    for color in Color::BOTH {
        assert_eq!(
            board.captured_by(color),
            model.prisoners[color.index()],
            "{context}: prisoners of {color:?}"
        );
    }
}

fn assert_same_legal_points(engine: &Engine, model: &Model, context: &str) {
    let game = engine.game();
    for color in Color::BOTH {
        let kosumi: HashSet<usize> = game
            .legal_points(color)
            .into_iter()
            .map(|point| index_of(game, point))
            .collect();
        let expected = model.legal_points(color);
        assert_eq!(
            kosumi,
            expected,
            "{context}: legal points of {color:?}\n{:?}",
            game.board()
        );
    }
}

/// Checks a `genmove` answer against the model: a legal move not into the player's own eye,
/// or a pass when no such move is left.
fn check_generated(
    model: &Model,
    color: Color,
    chosen: Option<usize>,
    answer: &str,
    before: &Game,
    context: &str,
) {
    match chosen {
        Some(index) => {
            assert!(
                model.is_legal(color, index),
                "{context}: genmove played the illegal move {answer}\n{:?}",
                before.board()
            );
            assert!(
                !model.is_eye(color, index),
                "{context}: genmove filled its own eye at {answer}"
            );
        }
        None => {
            let sensible: Vec<usize> = model
                .legal_points(color)
                .into_iter()
                .filter(|&index| !model.is_eye(color, index))
                .collect();
            assert!(
                sensible.is_empty(),
                "{context}: genmove passed with legal non-eye moves left: {sensible:?}"
            );
        }
    }
}

/// One seeded random game of random size and rules, checked move by move.
fn check_random_game(seed: u64) {
    let mut random = Xoshiro256PlusPlus::seed_from_u64(seed);
    const SIZES: [usize; 14] = [2, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 9, 13, 19];
    let size = SIZES[random.random_range(0..SIZES.len())];
    // Consecutive seeds take the presets in turn, so that every ruleset is played.
    let rules = Rules::PRESETS[(seed % Rules::PRESETS.len() as u64) as usize];
    let context = format!("seed {seed}, {size}x{size}, {}", rules.name);
    let player = Box::new(RandomPlayer::new(seed));
    let mut engine = Engine::new(size, rules, 7.5, player).expect("a valid size");
    let mut model = Model::new(size, rules);
    // Comparing every legal point, and `Board::verify` (quadratic in the chain length), are
    // slow on large boards in a debug build: there they run every few moves.
    let checks = Checks {
        full_every: if size <= 9 { 1 } else { 25 },
        verify_every: if size <= 13 { 1 } else { 3 },
    };
    if size >= 4 && seed % 2 == 0 {
        set_up_the_ko_shape(&mut engine, &mut model, &mut random, &context);
    }
    let mut color = engine.game().to_move();
    let mut turn = 0;
    while !model.is_over() {
        assert!(
            !engine.game().is_over(),
            "{context}: the engine ended play too soon"
        );
        turn += 1;
        // Under superko a game cannot repeat a position, so it ends. Under simple ko random
        // play can cycle for ever (3x3 japanese, seed 3704: each side has one sensible move
        // at a time, in a cycle of eight): such a game is cut off, checked up to there.
        if turn > 20 * size * size + 300 {
            assert_eq!(rules.ko, KoRule::Simple, "{context}: the game does not end");
            break;
        }
        let context = format!("{context}, turn {turn}, {color:?}");
        play_and_check_a_turn(
            &mut engine,
            &mut model,
            &mut random,
            color,
            turn,
            checks,
            &context,
        );
        // Mostly the colours alternate; now and then the same colour moves again.
        if random.random_range(0..6) != 0 {
            color = color.opponent();
        }
    }
    check_the_end(&mut engine, &model, size, rules, &context);
}

/// How often a random game runs the slow comparisons, in turns.
#[derive(Clone, Copy)]
struct Checks {
    /// Every legal point compared.
    full_every: usize,
    /// `Board::verify` run.
    verify_every: usize,
}

/// Plays §2.7's ko shape, its stones in a random order (the colours need not alternate), then
/// the capture, and checks that the model refuses the retake; finding that the engine refuses
/// it is the next player's task.
fn set_up_the_ko_shape(
    engine: &mut Engine,
    model: &mut Model,
    random: &mut Xoshiro256PlusPlus,
    context: &str,
) {
    let size = engine.game().size();
    let mut order: Vec<usize> = (0..7).collect();
    for index in (1..order.len()).rev() {
        order.swap(index, random.random_range(0..=index));
    }
    let room = size - 3;
    let shape = KoShape::new(
        size,
        random.random_range(0..8),
        random.random_range(0..room),
        random.random_range(0..room),
        &order,
    );
    let capturer = if random.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let stones = shape.stones.iter().map(|&(is_capturer, index)| {
        let color = if is_capturer {
            capturer
        } else {
            capturer.opponent()
        };
        (color, index)
    });
    for (color, index) in stones.chain([(capturer, shape.capture)]) {
        let (reply, _) = engine.execute(Command::Play(color, vertex_of(size, index)));
        assert_eq!(reply, Ok(String::new()), "{context}: setting up the ko");
        model.play(color, Some(index));
    }
    assert!(
        !model.is_legal(capturer.opponent(), shape.retake),
        "{context}: the model allows the retake"
    );
    assert_same_legal_points(engine, model, &format!("{context}, after the ko capture"));
}

/// One turn of a random game: now and then an illegal attempt, then a pass or a generated
/// move, compared with the model, then undone and replayed.
fn play_and_check_a_turn(
    engine: &mut Engine,
    model: &mut Model,
    random: &mut Xoshiro256PlusPlus,
    color: Color,
    turn: usize,
    checks: Checks,
    context: &str,
) {
    let size = engine.game().size();
    let before = engine.game().clone();
    if turn % 3 == 0 {
        try_an_illegal_move(engine, model, random, color, &before, context);
    }
    // Now and then a pass of the player's own choosing, passes in any order included.
    let chosen = if random.random_range(0..25) == 0 {
        let (reply, _) = engine.execute(Command::Play(color, Vertex::Pass));
        assert_eq!(reply, Ok(String::new()), "{context}: play pass");
        None
    } else {
        let (reply, _) = engine.execute(Command::GenMove(color));
        let answer = reply.unwrap_or_else(|failure| panic!("{context}: genmove failed: {failure}"));
        let chosen = parse_answer(size, &answer);
        check_generated(model, color, chosen, &answer, &before, context);
        chosen
    };
    model.play(color, chosen);
    assert_same_position(engine, model, turn % checks.verify_every == 0, context);
    if turn % checks.full_every == 0 {
        assert_same_legal_points(engine, model, context);
    }
    let vertex = chosen.map_or(Vertex::Pass, |index| vertex_of(size, index));
    check_undo_and_replay(engine, &before, color, vertex, context);
}

/// Illegal attempts (occupied points, suicide, ko) are refused and leave the game `before`. A few random
/// points are tried, which finds an occupied one soon in most positions.
fn try_an_illegal_move(
    engine: &mut Engine,
    model: &Model,
    random: &mut Xoshiro256PlusPlus,
    color: Color,
    before: &Game,
    context: &str,
) {
    let size = engine.game().size();
    let attempt = (0..30)
        .map(|_| random.random_range(0..size * size))
        .find(|&index| !model.is_legal(color, index));
    if let Some(index) = attempt {
        let (reply, _) = engine.execute(Command::Play(color, vertex_of(size, index)));
        assert_eq!(reply, Err(Failure::IllegalMove), "{context}: index {index}");
        assert!(
            engine.game() == before,
            "{context}: a refused move changed the game"
        );
    }
}

/// Undo restores the exact game `before` the move just played; replaying `vertex` restores the
/// exact game after it.
fn check_undo_and_replay(
    engine: &mut Engine,
    before: &Game,
    color: Color,
    vertex: Vertex,
    context: &str,
) {
    let after = engine.game().clone();
    let (reply, _) = engine.execute(Command::Undo);
    assert_eq!(reply, Ok(String::new()), "{context}: undo");
    assert!(
        engine.game() == before,
        "{context}: undo did not restore the game"
    );
    let (reply, _) = engine.execute(Command::Play(color, vertex));
    assert_eq!(reply, Ok(String::new()), "{context}: replaying {vertex:?}");
    assert!(
        engine.game() == &after,
        "{context}: replaying gave another game"
    );
}

/// At the end of play the engine and the model agree that play has ended and on the position,
/// and undoing every move gives back the empty board.
fn check_the_end(engine: &mut Engine, model: &Model, size: usize, rules: Rules, context: &str) {
    assert_eq!(
        engine.game().is_over(),
        model.is_over(),
        "{context}: the engine and the model disagree on the end of play"
    );
    let context = format!("{context}, at the end");
    assert_same_position(engine, model, true, &context);
    assert_same_legal_points(engine, model, &context);
    while engine.execute(Command::Undo).0.is_ok() {}
    assert!(
        engine.game() == &Game::new(size, rules, 7.5).expect("a valid size"),
        "{context}: undoing every move gives back the empty board"
    );
}

#[test]
fn random_games_of_every_size_and_ruleset_follow_the_rules_move_by_move() {
    let games = environment_number("KOSUMI_PROPERTY_GAMES", 60);
    let first_seed = environment_number("KOSUMI_PROPERTY_SEED", 1);
    for seed in first_seed..first_seed + games {
        check_random_game(seed);
    }
}

/// The model itself must tell legal from illegal, or the test above proves nothing:
/// docs/rules.md §2.6's suicide example and §2.7's ko example.
#[test]
fn the_slow_model_knows_suicide_and_ko() {
    // Suicide: white B1 and A2, black C1 B2 A3 (index = y * 9 + x).
    let at = |vertex: &str| parse_answer(9, vertex).expect("a point");
    let mut model = Model::new(9, Rules::BGA);
    for (color, vertex) in [
        (Color::White, "B1"),
        (Color::White, "A2"),
        (Color::Black, "C1"),
        (Color::Black, "B2"),
        (Color::Black, "A3"),
    ] {
        model.play(color, Some(at(vertex)));
    }
    assert!(model.is_legal(Color::Black, at("A1")));
    assert!(!model.is_legal(Color::White, at("A1")));
    assert!(!model.is_legal(Color::White, at("B2")), "occupied");
    model.rules = Rules::TROMP_TAYLOR;
    assert!(
        model.is_legal(Color::White, at("A1")),
        "multi-stone suicide"
    );

    // Ko: white D4 E3 F4 E5, black C4 D3 D5; black E4 takes D4. Alternating, and in §2.7's
    // own order (the colours not alternating).
    let alternating = [
        "W D4", "B C4", "W E3", "B D3", "W F4", "B D5", "W E5", "B E4",
    ];
    let as_written = [
        "W D4", "W E3", "W F4", "W E5", "B C4", "B D3", "B D5", "B E4",
    ];
    for rules in Rules::PRESETS {
        for order in [alternating, as_written] {
            let mut model = Model::new(9, rules);
            for text in order {
                let color = if text.starts_with('B') {
                    Color::Black
                } else {
                    Color::White
                };
                model.play(color, Some(at(&text[2..])));
            }
            assert_eq!(model.prisoners, [1, 0]);
            assert!(!model.is_legal(Color::White, at("D4")), "{}", rules.name);
            // A pass lifts the basic ban; positional superko still forbids the board before
            // E4, and situational superko when White's play created it.
            model.play(Color::White, None);
            let created_by_white = order == alternating;
            let expected = match rules.ko {
                KoRule::Simple => true,
                KoRule::PositionalSuperko => false,
                KoRule::SituationalSuperko => !created_by_white,
            };
            assert_eq!(
                model.is_legal(Color::White, at("D4")),
                expected,
                "{} {order:?}",
                rules.name
            );
            model.play(Color::White, Some(at("H8")));
            model.play(Color::Black, Some(at("H7")));
            assert!(model.is_legal(Color::White, at("D4")), "{}", rules.name);
            assert!(!model.is_over());
            model.play(Color::Black, None);
            model.play(Color::Black, None);
            assert!(!model.is_over(), "two black passes end nothing");
            model.play(Color::White, None);
            assert!(model.is_over());
        }
    }
}
