//! The heavy (MoGo-style) playout policy: moves are answers to the last move where one is
//! urgent, random otherwise. In order: answer ataris around the last move (capture an opposing
//! chain in atari, or save an own chain by capturing or by extending to a liberty that gives
//! it two or more), play the vital point of a small eye space next to the last move (nakade),
//! play a 3×3 pattern move around the last move, else a uniformly random move. Every move
//! passes the light policy's test (never into an own eye, never suicide, never a simple-ko
//! retake) and the self-atari filter: a self-atari of two or more stones is refused unless it
//! is a nakade shape inside a space the opponent encloses (so shared liberties of a seki stay
//! empty), and a single-stone self-atari is refused most of the time.
//!
//! Knows only the board, the light policy's tests in `policy` and the tactical reading of
//! `tactics`; scoring is `area_margin`.

use rand::Rng;

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point, RING_STEPS, SLOT_LOW_BITS};
use crate::playout::patterns::PatternTable;
use crate::playout::policy;
use crate::tactics::{self, EyeSpace, SelfAtari, self_atari};

/// A probability as a threshold for `next_u32`: `next_u32() < threshold(p)` with chance p.
const fn threshold(probability: f64) -> u32 {
    (probability * 4_294_967_295.0) as u32
}

/// How often the atari answers are tried (MoGo and Pachi: 90 %).
const ATARI_ANSWER_RATE: u32 = threshold(0.9);
/// The stones from which an own chain in atari beside the last move is always answered.
const BIG_CHAIN: usize = 3;
/// How often the vital point of a small eye space next to the last move is played (Pachi: 80 %).
const NAKADE_RATE: u32 = threshold(0.8);
/// How often a 3×3 pattern move around the last move is played when one exists (MICHI: 95 %).
const PATTERN_RATE: u32 = threshold(0.95);
/// How often a single-stone self-atari is refused (Pachi's measured optimum for its full
/// self-atari test: 60 %); the rest let throw-ins happen.
const SINGLE_SELF_ATARI_REFUSAL: u32 = threshold(0.6);

/// The distance between vertically adjacent points in the board's grid.
const STRIDE: isize = NEIGHBOUR_STEPS[3];

#[inline]
fn chance(random: &mut impl Rng, threshold: u32) -> bool {
    random.next_u32() < threshold
}

/// A random number in `0..bound` (bound ≤ 625) by multiply-shift.
#[inline]
fn below(random: &mut impl Rng, bound: usize) -> usize {
    ((random.next_u32() as u64 * bound as u64) >> 32) as usize
}

/// A few candidate moves, each once.
struct Candidates {
    points: [Point; 16],
    count: usize,
}

impl Candidates {
    #[inline]
    fn new() -> Candidates {
        Candidates {
            points: [Point(0); 16],
            count: 0,
        }
    }

    #[inline]
    fn push(&mut self, point: Point) {
        if self.count < self.points.len() && !self.points[..self.count].contains(&point) {
            self.points[self.count] = point;
            self.count += 1;
        }
    }

    #[inline]
    fn pick(&self, random: &mut impl Rng) -> Option<Point> {
        (self.count > 0).then(|| self.points[below(random, self.count)])
    }
}

/// The heavy policy's move for `color`, given the last stone played (by the opponent, `None`
/// after a pass or at the start), or `None` when it would pass. Never a move the light
/// policy refuses (own eye, suicide, simple-ko retake).
pub(crate) fn choose_move(
    board: &mut Board,
    color: Color,
    last: Option<Point>,
    patterns: &PatternTable,
    random: &mut impl Rng,
) -> Option<Point> {
    if let Some(last) = last {
        if let Some(point) = local_move(board, color, last, patterns, random) {
            return Some(point);
        }
    }
    random_move(board, color, random)
}

/// An answer to the last move: an atari answer, a nakade vital point or a pattern move.
#[inline]
fn local_move(
    board: &Board,
    color: Color,
    last: Point,
    patterns: &PatternTable,
    random: &mut impl Rng,
) -> Option<Point> {
    if chance(random, ATARI_ANSWER_RATE) || big_own_chain_in_atari(board, color, last) {
        let mut candidates = Candidates::new();
        atari_answers(board, color, last, &mut candidates);
        if let Some(point) = candidates.pick(random) {
            return Some(point);
        }
    }
    if chance(random, NAKADE_RATE) {
        if let Some(point) = nakade_answer(board, color, last) {
            return Some(point);
        }
    }
    if chance(random, PATTERN_RATE) {
        return pattern_move(board, color, last, patterns, random);
    }
    None
}

/// A random choice among the empty points around `last` where a 3×3 pattern matches and the
/// move passes the light test and the self-atari filter.
#[inline(never)]
fn pattern_move(
    board: &Board,
    color: Color,
    last: Point,
    patterns: &PatternTable,
    random: &mut impl Rng,
) -> Option<Point> {
    let mut candidates = Candidates::new();
    // One bit (the low one of its two) for each empty slot of the ring's code, in the order
    // of `RING_STEPS`: no branch for the occupied ones.
    let ring = board.neighbourhood(last);
    let mut empty_slots = !(ring | ring >> 1) & SLOT_LOW_BITS;
    while empty_slots != 0 {
        let slot = empty_slots.trailing_zeros() as usize / 2;
        empty_slots &= empty_slots - 1;
        let point = Point((last.index() as isize + RING_STEPS[slot]) as u16);
        if patterns.matches(board, point)
            && policy::is_playout_move(board, color, point)
            && !refuses_self_atari(board, color, point, random)
        {
            candidates.push(point);
        }
    }
    candidates.pick(random)
}

/// Adds to `candidates` every answer of `color` to ataris at `last`: for the chain through
/// `last` and the chains on its four neighbours, when in atari, the capture of an opposing
/// one, and for an own one (which `last` has just put in atari) the capture of an opposing
/// chain in atari that touches it, or the extension to its liberty when that escapes
/// (`tactics::extension_escapes`: three liberties, or two that no ladder catches). Only moves
/// the light policy allows.
#[inline(never)]
fn atari_answers(board: &Board, color: Color, last: Point, candidates: &mut Candidates) {
    // The last stone's chain: capture it if the opponent left it in atari.
    if let Some(liberty) = board.atari_liberty(last) {
        if policy::is_playout_move(board, color, liberty) {
            candidates.push(liberty);
        }
    }
    let mut seen = [Point(0); 4];
    let mut seen_count = 0;
    for step in NEIGHBOUR_STEPS {
        let stone = Point((last.index() as isize + step) as u16);
        if !board.has_stone(color, stone) {
            continue;
        }
        let head = board.chain_head(stone);
        if seen[..seen_count].contains(&head) {
            continue;
        }
        seen[seen_count] = head;
        seen_count += 1;
        let Some(liberty) = board.atari_liberty(stone) else {
            continue;
        };
        counter_captures(board, color, stone, candidates);
        if policy::is_playout_move(board, color, liberty)
            && tactics::extension_escapes(board, color, liberty)
        {
            candidates.push(liberty);
        }
    }
}

/// Whether a chain of `color` with `BIG_CHAIN` stones or more beside `last` is in atari: its
/// atari is answered every time, not `ATARI_ANSWER_RATE` of the time (Pachi's rule).
#[inline(never)]
fn big_own_chain_in_atari(board: &Board, color: Color, last: Point) -> bool {
    NEIGHBOUR_STEPS.iter().any(|&step| {
        let stone = Point((last.index() as isize + step) as u16);
        board.has_stone(color, stone)
            && board.chain_size(stone) >= BIG_CHAIN
            && board.atari_liberty(stone).is_some()
    })
}

/// Adds the liberty of every opposing chain in atari that touches the own chain through
/// `stone` (capturing it gives that chain liberties).
fn counter_captures(board: &Board, color: Color, stone: Point, candidates: &mut Candidates) {
    let opponent = color.opponent();
    let mut current = stone;
    loop {
        for step in NEIGHBOUR_STEPS {
            if let Some(neighbour) = board.step(current, step) {
                if board.has_stone(opponent, neighbour) {
                    if let Some(liberty) = board.atari_liberty(neighbour) {
                        if policy::is_playout_move(board, color, liberty) {
                            candidates.push(liberty);
                        }
                    }
                }
            }
        }
        current = board.next_in_chain(current);
        if current == stone {
            break;
        }
    }
}

/// The vital point of a small eye space at `last` that `color` may play: of the space holding
/// `last` when `last` is a stone played inside an eye space of `color` (defence), or of the
/// space beside `last` enclosed by the opponent (attack), looked for only when each empty
/// neighbour of `last` touches the first one found (west and east are looked at first): empty
/// points on opposite sides of a stone fail, unless a third found first lies between them.
#[inline(never)]
fn nakade_answer(board: &Board, color: Color, last: Point) -> Option<Point> {
    let playable = |point: Point| {
        board.is_empty(point)
            && policy::is_playout_move(board, color, point)
            && !self_atari(board, color, point).is_bad()
    };
    // A chain of six stones or more fills any eye space of six points.
    if board.chain_size(last) < 6 {
        let vital = EyeSpace::around(board, last, color).and_then(|space| space.vital_point());
        if let Some(vital) = vital.filter(|&vital| playable(vital)) {
            return Some(vital);
        }
    }
    let mut beside = None;
    for step in NEIGHBOUR_STEPS {
        let point = Point((last.index() as isize + step) as u16);
        if !board.is_empty(point) {
            continue;
        }
        match beside {
            None => beside = Some(point),
            Some(first) if !touches(first, point) => return None,
            Some(_) => {}
        }
    }
    let vital =
        EyeSpace::around(board, beside?, color.opponent()).and_then(|space| space.vital_point());
    vital.filter(|&vital| playable(vital))
}

/// Whether two distinct points are orthogonal or diagonal neighbours.
#[inline]
fn touches(first: Point, second: Point) -> bool {
    let distance = (first.index() as isize - second.index() as isize).abs();
    distance == 1 || distance == STRIDE - 1 || distance == STRIDE || distance == STRIDE + 1
}

/// A uniformly random point among the empty points where `color` may play and the self-atari
/// filter lets it, or `None`. Draws without replacement, as the light policy does.
#[inline(never)]
fn random_move(board: &mut Board, color: Color, random: &mut impl Rng) -> Option<Point> {
    let mut untried = board.empty_count();
    while untried > 0 {
        let slot = below(random, untried);
        let point = board.empty_point(slot);
        if policy::is_playout_move(board, color, point)
            && !refuses_self_atari(board, color, point, random)
        {
            return Some(point);
        }
        untried -= 1;
        board.swap_empty_slots(slot, untried);
    }
    None
}

/// Whether the heavy policy refuses `color` on the empty point `point` as a self-atari: always
/// for a bad one, and for a single stone with probability `SINGLE_SELF_ATARI_REFUSAL`.
#[inline]
pub(crate) fn refuses_self_atari(
    board: &Board,
    color: Color,
    point: Point,
    random: &mut impl Rng,
) -> bool {
    if board.empty_neighbours(point) >= 2 {
        return false;
    }
    match self_atari(board, color, point) {
        SelfAtari::None | SelfAtari::Nakade => false,
        SelfAtari::SingleStone => chance(random, SINGLE_SELF_ATARI_REFUSAL),
        SelfAtari::Bad => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};
    use crate::playout::patterns;
    use crate::tactics::permits;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    /// Whether `point` is an eye of `color` in the light policy's words: every orthogonal
    /// neighbour is a `color` stone or off the board, and fewer than two diagonal points hold
    /// opposing stones, none if the point is on the edge.
    fn is_eye_by_definition(board: &Board, color: Color, point: Point) -> bool {
        let (x, y) = board.coordinates(point);
        let (x, y) = (x as isize, y as isize);
        let at_offset = |dx: isize, dy: isize| {
            board
                .point((x + dx) as usize, (y + dy) as usize)
                .filter(|_| x + dx >= 0 && y + dy >= 0)
        };
        let neighbours = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        if neighbours
            .iter()
            .any(|&(dx, dy)| at_offset(dx, dy).is_some_and(|p| board.get(p) != Some(color)))
        {
            return false;
        }
        let diagonals = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let off_board = diagonals
            .iter()
            .any(|&(dx, dy)| at_offset(dx, dy).is_none());
        let opposing = diagonals
            .iter()
            .filter(|&&(dx, dy)| {
                at_offset(dx, dy).is_some_and(|p| board.get(p) == Some(color.opponent()))
            })
            .count();
        if off_board {
            opposing == 0
        } else {
            opposing < 2
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

        /// Each move is checked against the game's own legality under simple ko (Japanese
        /// rules: no suicide), and against the eye rule's words.
        #[test]
        fn heavy_playouts_from_random_positions_play_only_legal_moves_and_never_fill_own_eyes(
            size in proptest::sample::select(vec![5usize, 7, 9, 13, 19]),
            seed in proptest::prelude::any::<u64>(),
            opening in 0usize..80,
        ) {
            use crate::game::{Game, Move};
            use crate::rules::Rules;
            let mut random = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut game = Game::new(size, Rules::JAPANESE, 7.5).unwrap();
            let mut color = Color::Black;
            let mut last = None;
            for _ in 0..opening {
                let mut scratch = game.board().clone();
                let turn = match crate::playout::random_move(&mut scratch, color, &mut random) {
                    Some(point) => Move::Place(point),
                    None => Move::Pass,
                };
                game.play(color, turn).unwrap();
                last = match turn {
                    Move::Place(point) => Some(point),
                    Move::Pass => None,
                };
                color = color.opponent();
            }
            let mut board = game.board().clone();
            let mut passes = 0;
            let mut moves = 0;
            while passes < 2 && moves < 3 * size * size {
                match choose_move(&mut board, color, last, patterns::table(), &mut random) {
                    Some(point) => {
                        proptest::prop_assert!(!is_eye_by_definition(&board, color, point));
                        proptest::prop_assert_eq!(game.check(color, Move::Place(point)), Ok(()));
                        game.play(color, Move::Place(point)).unwrap();
                        board.play(color, point);
                        last = Some(point);
                        passes = 0;
                    }
                    None => {
                        game.play(color, Move::Pass).unwrap();
                        board.pass();
                        last = None;
                        passes += 1;
                    }
                }
                proptest::prop_assert!(&board == game.board());
                moves += 1;
                color = color.opponent();
            }
            board.verify().unwrap();
            if passes == 2 {
                // The side that passed second could capture any chain of the first passer
                // left in atari (the pass lifted any ko ban), so none is left.
                let first_passer = color;
                for point in board.points() {
                    if board.get(point) == Some(first_passer) {
                        proptest::prop_assert!(board.liberties(point).len() >= 2);
                    }
                }
            }
        }
    }

    /// The atari answers of `color` to a last stone on `last`, as sorted vertex names.
    fn answers(board: &Board, color: Color, last: &str) -> Vec<Point> {
        let mut candidates = Candidates::new();
        atari_answers(board, color, at(board, last), &mut candidates);
        let mut points = candidates.points[..candidates.count].to_vec();
        points.sort();
        points
    }

    fn points(board: &Board, names: &[&str]) -> Vec<Point> {
        let mut points: Vec<Point> = names.iter().map(|name| at(board, name)).collect();
        points.sort();
        points
    }

    /// How often `choose_move` picks each answer over `tries` tries from the same position.
    fn choices(board: &Board, color: Color, last: &str, tries: u32) -> Vec<Option<Point>> {
        let mut random = Xoshiro256PlusPlus::seed_from_u64(3);
        let last = Some(at(board, last));
        (0..tries)
            .map(|_| {
                let mut copy = board.clone();
                choose_move(&mut copy, color, last, patterns::table(), &mut random)
            })
            .collect()
    }

    #[test]
    fn a_last_stone_left_in_atari_is_captured() {
        // White's last stone C3 has one liberty, C4.
        let board = diagram(
            "
            . . . . .
            . . . . .
            . X O X .
            . . X . .
            . . . . .",
        );
        assert_eq!(answers(&board, Color::Black, "C3"), points(&board, &["C4"]));
        let picked = choices(&board, Color::Black, "C3", 200);
        let captures = picked
            .iter()
            .filter(|&&choice| choice == Some(at(&board, "C4")));
        assert!(
            captures.count() >= 160,
            "the capture is the heavy policy's usual answer"
        );
    }

    #[test]
    fn a_stone_put_in_atari_escapes_to_a_liberty_that_gives_it_more() {
        // White D3 has just put black C3 in atari; C4 gives the two stones three liberties.
        let board = diagram(
            "
            . . . . .
            . . . . .
            . O X O .
            . . O . .
            . . . . .",
        );
        assert_eq!(answers(&board, Color::Black, "D3"), points(&board, &["C4"]));
    }

    #[test]
    fn an_extension_that_stays_in_atari_is_no_escape() {
        // Black C3 in atari: C4 is surrounded by white, so extending there saves nothing.
        let board = diagram(
            "
            . . O . .
            . O . O .
            . O X O .
            . . O . .
            . . . . .",
        );
        assert_eq!(answers(&board, Color::Black, "D3"), Vec::new());
    }

    #[test]
    fn a_stone_in_atari_escapes_by_capturing_a_neighbour_in_atari() {
        // White D3 puts black C3 in atari; white C2 is in atari too: capturing it at C1 or
        // extending to C4 both save C3.
        let board = diagram(
            "
            . . . . .
            . . . . .
            . O X O .
            . X O X .
            . . . . .",
        );
        assert_eq!(
            answers(&board, Color::Black, "D3"),
            points(&board, &["C1", "C4"])
        );
    }

    #[test]
    fn a_ko_retake_is_never_played_even_as_a_capture() {
        // Black C2 has just taken the ko at B2: its stone is in atari, but retaking at B2 at
        // once is forbidden by simple ko.
        let mut board = diagram(
            "
            . . . . .
            . . . . .
            . X O . .
            X O . O .
            . X O O .",
        );
        let c2 = at(&board, "C2");
        board.play(Color::Black, c2);
        let b2 = at(&board, "B2");
        assert!(board.is_ko_banned(Color::White, b2));
        assert_eq!(answers(&board, Color::White, "C2"), Vec::new());
        assert!(
            choices(&board, Color::White, "C2", 300)
                .iter()
                .all(|&choice| choice != Some(b2))
        );
    }

    #[test]
    fn own_eyes_are_never_filled_and_the_policy_passes_instead() {
        let board = diagram(
            "
            X X X X X
            X . X . X
            X X X X X
            X X X X X
            X X X X X",
        );
        assert!(
            choices(&board, Color::Black, "A1", 100)
                .iter()
                .all(|choice| choice.is_none())
        );
        let mut random = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut copy = board.clone();
        assert_eq!(
            choose_move(
                &mut copy,
                Color::Black,
                None,
                patterns::table(),
                &mut random
            ),
            None
        );
    }

    #[test]
    fn a_self_atari_of_two_stones_is_always_refused_unless_it_is_a_nakade() {
        // Black B3 has two liberties, A3 and C3; C3 leaves two stones in atari at A3, in a
        // space that runs on to the open lower left.
        let board = diagram(
            "
            . . . . .
            O O O . .
            . X . O .
            . O O . .
            . . . . .",
        );
        let mut random = Xoshiro256PlusPlus::seed_from_u64(2);
        let c3 = at(&board, "C3");
        assert_eq!(self_atari(&board, Color::Black, c3), SelfAtari::Bad);
        assert!(!permits(&board, Color::Black, c3));
        assert!((0..50).all(|_| refuses_self_atari(&board, Color::Black, c3, &mut random)));
        // White's move there is an atari, no self-atari.
        assert_eq!(self_atari(&board, Color::White, c3), SelfAtari::None);
        // Walled in by White (three chains, each with liberties outside), the same two
        // stones kill White's straight three from inside.
        let walled = diagram(
            "
            . . . . .
            O O O . .
            . X . O .
            O O O . .
            . . . . .",
        );
        assert_eq!(self_atari(&walled, Color::Black, c3), SelfAtari::Nakade);
        assert!(!refuses_self_atari(&walled, Color::Black, c3, &mut random));
    }

    #[test]
    fn a_single_stone_self_atari_is_refused_most_of_the_time() {
        // Black A1 would have one liberty, B1, and take no vital point.
        let board = diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            O . . . .
            . . O . .",
        );
        let a1 = at(&board, "A1");
        assert_eq!(self_atari(&board, Color::Black, a1), SelfAtari::SingleStone);
        let mut random = Xoshiro256PlusPlus::seed_from_u64(4);
        let refused = (0..1000)
            .filter(|_| refuses_self_atari(&board, Color::Black, a1, &mut random))
            .count();
        assert!((540..660).contains(&refused), "refused {refused} of 1000");
    }

    /// White's bulky five in the corner: A1 A2 B1 B2 C2, vital point B2.
    const BULKY_FIVE: &str = "
        . . . . .
        . . . . .
        O O O O .
        . . . O .
        . . O O .";

    #[test]
    fn the_vital_point_of_a_bulky_five_is_played_by_the_attacker_and_the_defender() {
        let board = diagram(BULKY_FIVE);
        let b2 = at(&board, "B2");
        // White has just closed the space at C1: Black kills at B2.
        assert_eq!(
            nakade_answer(&board, Color::Black, at(&board, "C1")),
            Some(b2)
        );
        // Black has played inside at A1: White lives at B2.
        let mut inside = board.clone();
        inside.play(Color::Black, at(&inside, "A1"));
        assert_eq!(
            nakade_answer(&inside, Color::White, at(&inside, "A1")),
            Some(b2)
        );
    }

    /// A random source that always gives the same number.
    struct Constant(u32);

    impl rand::TryRng for Constant {
        type Error = std::convert::Infallible;

        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.0)
        }

        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(u64::from(self.0))
        }

        fn try_fill_bytes(&mut self, destination: &mut [u8]) -> Result<(), Self::Error> {
            destination.fill(0);
            Ok(())
        }
    }

    #[test]
    fn a_rate_of_zero_never_fires_even_on_the_smallest_random_number() {
        assert!(!chance(&mut Constant(0), threshold(0.0)));
        assert!(chance(&mut Constant(0), threshold(0.5)));
        assert!(!chance(&mut Constant(threshold(0.5)), threshold(0.5)));
    }

    #[test]
    fn candidates_keep_the_first_sixteen_moves_and_each_move_once() {
        let board = Board::new(9).unwrap();
        let mut candidates = Candidates::new();
        let empty: Vec<Point> = board.empty_points().take(20).collect();
        candidates.push(empty[0]);
        candidates.push(empty[0]);
        assert_eq!(candidates.count, 1);
        for &point in &empty {
            candidates.push(point);
        }
        assert_eq!(candidates.count, 16);
        assert_eq!(candidates.points, empty[..16]);
    }

    #[test]
    fn a_hane_next_to_the_last_stone_is_answered_by_a_pattern_move_around_it() {
        // White C4 has just played beside black B4; C3 is a hane shape for either colour.
        let board = diagram(
            "
            . . . . .
            . X O . .
            . . . . .
            . . . . .
            . . . . .",
        );
        let last = at(&board, "C4");
        let around: Vec<Point> = RING_STEPS
            .iter()
            .map(|&step| Point((last.index() as isize + step) as u16))
            .collect();
        let mut random = Xoshiro256PlusPlus::seed_from_u64(5);
        for _ in 0..20 {
            let answer = pattern_move(&board, Color::Black, last, patterns::table(), &mut random)
                .expect("a pattern matches around C4");
            assert!(around.contains(&answer), "{answer:?} is not next to C4");
            assert!(patterns::table().matches(&board, answer));
        }
    }

    #[test]
    fn pattern_moves_are_the_empty_ring_points_that_match_edges_included() {
        // On random positions, around every stone: the answers are exactly the empty points
        // of the ring, read point by point by coordinates, where a pattern matches and the
        // move passes the light test and is no bad self-atari; each such point that is no
        // self-atari at all comes up in 200 draws.
        let mut random = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut checked = 0;
        crate::board::tests::random_positions(&[5, 9], |board, color| {
            for last in board.points().filter(|&point| board.get(point).is_some()) {
                let (x, y) = board.coordinates(last);
                let expected: Vec<Point> = (-1isize..=1)
                    .flat_map(|dy| (-1isize..=1).map(move |dx| (dx, dy)))
                    .filter(|&offset| offset != (0, 0))
                    .filter_map(|(dx, dy)| {
                        let (column, row) = (x as isize + dx, y as isize + dy);
                        (column >= 0 && row >= 0)
                            .then(|| board.point(column as usize, row as usize))
                            .flatten()
                    })
                    .filter(|&point| {
                        board.get(point).is_none()
                            && patterns::table().matches(board, point)
                            && policy::is_playout_move(board, color, point)
                            && !self_atari(board, color, point).is_bad()
                    })
                    .collect();
                let mut seen = Vec::new();
                for _ in 0..200 {
                    let answer = pattern_move(board, color, last, patterns::table(), &mut random);
                    match answer {
                        Some(point) => {
                            assert!(expected.contains(&point), "{point:?} at {last:?}");
                            seen.push(point);
                        }
                        None => assert!(
                            expected
                                .iter()
                                .all(|&point| self_atari(board, color, point) != SelfAtari::None),
                            "no answer at {last:?}"
                        ),
                    }
                }
                for point in &expected {
                    if self_atari(board, color, *point) == SelfAtari::None {
                        assert!(seen.contains(point), "{point:?} never chosen at {last:?}");
                    }
                }
                checked += 1;
            }
        });
        assert!(checked > 100, "only {checked} stones looked around");
    }

    #[test]
    fn a_stone_in_atari_does_not_run_into_a_ladder() {
        // White D5 ataris black D4; running to E4 leaves two liberties and White's E5 or
        // F4 ladder catches it, so the atari is not answered by running.
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . O . . . . .
            . . O X . . . . .
            . . . O O . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert!(answers(&board, Color::Black, "D5").is_empty());
    }

    #[test]
    fn a_chain_of_three_stones_in_atari_is_answered_every_time() {
        // White B4 ataris the three black stones C4–E4; only F4 saves them.
        let board = diagram(
            "
            . . . . . . .
            . . . . . . .
            . . O O O . .
            . O X X X . .
            . . O O O . .
            . . . . . . .
            . . . . . . .",
        );
        let f4 = Some(at(&board, "F4"));
        assert!(
            choices(&board, Color::Black, "B4", 200)
                .iter()
                .all(|&choice| choice == f4)
        );
    }

    #[test]
    fn points_touch_only_when_they_are_orthogonal_or_diagonal_neighbours() {
        // Around E5 on 9×9: the eight points marked 1 touch it; the points marked 2 (two
        // steps away, or a knight's move) do not.
        //     B C D E F G H
        //   7 . . . 2 . . .
        //   6 . . 1 1 1 2 .
        //   5 . 2 1 X 1 2 .
        //   4 . . 1 1 1 . .
        //   3 . . . 2 . . .
        let board = Board::new(9).unwrap();
        let centre = at(&board, "E5");
        for name in ["D6", "E6", "F6", "D5", "F5", "D4", "E4", "F4"] {
            assert!(touches(centre, at(&board, name)), "{name}");
            assert!(touches(at(&board, name), centre), "{name}");
        }
        for name in ["E7", "E3", "C5", "G5", "G6"] {
            assert!(!touches(centre, at(&board, name)), "{name}");
            assert!(!touches(at(&board, name), centre), "{name}");
        }
    }
}
