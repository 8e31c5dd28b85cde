//! The heavy (MoGo-style) playout policy: moves are answers to the last move where one is
//! urgent, random otherwise. In order: answer ataris around the last move (capture an opposing
//! chain in atari, or save an own chain by capturing or by extending to a liberty that gives
//! it two or more), play the vital point of a small eye space next to the last move (nakade),
//! play a 3×3 pattern move around the last move, else a uniformly random move. Every move
//! passes the light policy's test (never into an own eye, never suicide, never a simple-ko
//! retake) and the self-atari filter: a self-atari of two or more stones is refused unless it
//! is a nakade shape inside one opposing chain (so shared liberties of a seki stay empty), and
//! a single-stone self-atari is refused most of the time unless it takes a vital point.
//!
//! Knows only the board (and the light policy's tests in `policy`); scoring is `area_margin`.

use rand::Rng;

use crate::board::{Board, Cell, Color, NEIGHBOUR_STEPS, Point, RING_STEPS};
use crate::playout::patterns::PatternTable;
use crate::playout::policy;

/// A probability as a threshold for `next_u32`: `next_u32() < threshold(p)` with chance p.
const fn threshold(probability: f64) -> u32 {
    (probability * 4_294_967_295.0) as u32
}

/// How often the atari answers are tried (MoGo and Pachi: 90 %).
const ATARI_ANSWER_RATE: u32 = threshold(0.9);
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
    if chance(random, ATARI_ANSWER_RATE) {
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
    for step in RING_STEPS {
        if board.cell_at(last, step) != Cell::Empty {
            continue;
        }
        let point = Point((last.index() as isize + step) as u16);
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
/// chain in atari that touches it, or the extension to its liberty when that leaves it two
/// liberties or more. Only moves the light policy allows.
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
        if policy::is_playout_move(board, color, liberty) && escapes(board, color, liberty) {
            candidates.push(liberty);
        }
    }
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

/// Whether `color` playing on the empty point `point` leaves its chain there with two
/// liberties or more (captures count: they free liberties).
#[inline]
pub(crate) fn escapes(board: &Board, color: Color, point: Point) -> bool {
    board.liberties_after(color, point, 2) >= 2 || board.placement(color, point).captures
}

/// The vital point of a small eye space at `last` that `color` may play: of the space holding
/// `last` when `last` is a stone played inside an eye space of `color` (defence), or of the
/// space beside `last` enclosed by the opponent (attack). The space beside `last` is looked for
/// only when the empty neighbours of `last` all touch one another (orthogonally or
/// diagonally): empty points on opposite sides of a stone are never in one small eye space.
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

/// The heavy policy's deterministic filter (for `random_move_under`): whether `color` may
/// play on the empty point `point` as far as self-atari goes (any self-atari but a nakade is
/// refused).
#[inline]
pub(crate) fn permits(board: &Board, color: Color, point: Point) -> bool {
    board.empty_neighbours(point) >= 2
        || matches!(
            self_atari(board, color, point),
            SelfAtari::None | SelfAtari::Nakade
        )
}

/// What kind of self-atari a move would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SelfAtari {
    /// Not a self-atari: the chain keeps two liberties or more, or the move captures.
    None,
    /// A self-atari that kills from inside: a chain of stones inside one opposing chain whose
    /// capture leaves an eye space of one eye (three points or fewer, square or T four, bulky
    /// or cross five, rabbity six), such as a stone on a vital point joining stones already
    /// there.
    Nakade,
    /// A single stone in atari (a throw-in, or a mistake); it never takes a vital point.
    SingleStone,
    /// A chain of two or more stones in atari that is no nakade: it only loses stones (and
    /// filling a shared liberty of a seki is such a move).
    Bad,
}

impl SelfAtari {
    fn is_bad(self) -> bool {
        self == SelfAtari::Bad
    }
}

/// Classifies `color` on the empty point `point` as a self-atari (see `SelfAtari`).
#[inline(never)]
pub(crate) fn self_atari(board: &Board, color: Color, point: Point) -> SelfAtari {
    if board.empty_neighbours(point) >= 2 {
        return SelfAtari::None;
    }
    let placement = board.placement(color, point);
    if placement.captures || board.liberties_after(color, point, 2) >= 2 {
        return SelfAtari::None;
    }
    if !placement.joins_own_chain {
        // Never a vital point: a vital point has two neighbours or more inside its eye space,
        // and a stone that joins no chain there has them all empty, so two liberties.
        return SelfAtari::SingleStone;
    }
    if board.opposing_chains_after(color, point, 2) != 1 {
        return SelfAtari::Bad;
    }
    match ShapeOfStones::joined(board, color, point) {
        Some(shape) if shape.is_one_eye() => SelfAtari::Nakade,
        _ => SelfAtari::Bad,
    }
}

/// Up to six connected points, with what their shape means for eyes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShapeOfStones {
    points: [Point; 6],
    count: usize,
}

impl ShapeOfStones {
    /// No points.
    const EMPTY: ShapeOfStones = ShapeOfStones {
        points: [Point(0); 6],
        count: 0,
    };

    /// The stones of the chain a `color` stone on `point` would make (the stone and the own
    /// chains it joins), or `None` when that is more than six stones.
    fn joined(board: &Board, color: Color, point: Point) -> Option<ShapeOfStones> {
        let mut shape = ShapeOfStones {
            points: [point; 6],
            count: 1,
        };
        for step in NEIGHBOUR_STEPS {
            let Some(neighbour) = board.step(point, step) else {
                continue;
            };
            if !board.has_stone(color, neighbour) || shape.contains(neighbour) {
                continue;
            }
            let mut stone = neighbour;
            loop {
                if shape.count == 6 {
                    return None;
                }
                shape.points[shape.count] = stone;
                shape.count += 1;
                stone = board.next_in_chain(stone);
                if stone == neighbour {
                    break;
                }
            }
        }
        Some(shape)
    }

    fn contains(&self, point: Point) -> bool {
        self.points[..self.count].contains(&point)
    }

    /// For each point, how many of the others are its orthogonal neighbours; and the number
    /// of adjacent pairs.
    fn degrees(&self) -> ([u8; 6], u32) {
        let mut degrees = [0u8; 6];
        let mut edges = 0;
        for first in 0..self.count {
            for second in first + 1..self.count {
                let distance = (self.points[first].index() as isize
                    - self.points[second].index() as isize)
                    .abs();
                if distance == 1 || distance == STRIDE {
                    degrees[first] += 1;
                    degrees[second] += 1;
                    edges += 1;
                }
            }
        }
        (degrees, edges)
    }

    /// Whether an eye space of this shape makes only one eye when the attacker moves first
    /// (or already is one): any shape of three points or fewer, the square and the T of four,
    /// the bulky and the cross five, the rabbity six. The shape must be connected.
    pub(crate) fn is_one_eye(&self) -> bool {
        if self.count <= 3 {
            return true;
        }
        let (degrees, edges) = self.degrees();
        let most = *degrees[..self.count].iter().max().unwrap_or(&0);
        match self.count {
            4 => most == 3 || edges == 4,
            5 => most == 4 || edges == 5,
            6 => most == 4 && edges == 6,
            _ => false,
        }
    }

    /// The point that decides between one eye and two: for a shape of three to six points that
    /// `is_one_eye` and is not a square four, the point with the most neighbours inside the
    /// shape (the middle of a three, the centre of a T four, a cross five or a rabbity six,
    /// the corner of a bulky five's square that touches the fifth point).
    pub(crate) fn vital_point(&self) -> Option<Point> {
        if self.count < 3 || !self.is_one_eye() {
            return None;
        }
        let (degrees, edges) = self.degrees();
        if self.count == 4 && edges == 4 {
            return None;
        }
        let mut best = 0;
        for index in 1..self.count {
            if degrees[index] > degrees[best] {
                best = index;
            }
        }
        Some(self.points[best])
    }
}

/// A quick necessary condition, read from the neighbourhood code of a point that holds no
/// `defender` stone, for that point to lie in a region of at most six points holding no
/// `defender` stone: the point, its orthogonal neighbours that are not `defender` stones or
/// off the board, and the diagonal points next to those that are not either, all belong to
/// the region, so there must be at most six of them. A point with no such orthogonal
/// neighbour is a region of one point, never an eye space with a vital point, and is refused
/// too.
#[inline]
fn may_lie_in_small_eye_space(code: u16, defender: Color) -> bool {
    let wall = Cell::Wall as u16;
    let defender_cell = defender.index() as u16 + 1;
    let open = |slot: usize| {
        let cell = (code >> (2 * slot)) & 3;
        cell != defender_cell && cell != wall
    };
    // Slots: 0 above-left, 1 above, 2 above-right, 3 left, 4 right, 5 below-left, 6 below,
    // 7 below-right.
    let (above, left, right, below) = (open(1), open(3), open(4), open(6));
    let count = 1
        + u32::from(above)
        + u32::from(left)
        + u32::from(right)
        + u32::from(below)
        + u32::from(open(0) && (above || left))
        + u32::from(open(2) && (above || right))
        + u32::from(open(5) && (below || left))
        + u32::from(open(7) && (below || right));
    (2..=6).contains(&count)
}

/// An eye space: a connected region of two to six points holding no stone of the enclosing
/// colour, surrounded by that colour's stones and the edge, and fitting in a 3×3 box (every
/// shape that `ShapeOfStones::is_one_eye` accepts does).
pub(crate) struct EyeSpace;

impl EyeSpace {
    /// The region through `start` (empty, or a stone of the attacker) of points that hold no
    /// `defender` stone, when it has two to six points and fits in a 3×3 box; `None` when it
    /// is a single point or larger, or when `start` holds a `defender` stone.
    pub(crate) fn around(board: &Board, start: Point, defender: Color) -> Option<ShapeOfStones> {
        let mut region = ShapeOfStones::EMPTY;
        EyeSpace::flood(board, start, defender, &mut region).then_some(region)
    }

    /// Fills `region` with the region `around` describes and returns true, or returns false
    /// when there is none; `region` then holds the points of that larger region found before
    /// giving up (none when `start` holds a `defender` stone or is sure to lie in a large
    /// region).
    #[inline]
    fn flood(board: &Board, start: Point, defender: Color, region: &mut ShapeOfStones) -> bool {
        if board.has_stone(defender, start)
            || !may_lie_in_small_eye_space(board.neighbourhood(start), defender)
        {
            return false;
        }
        // Flood-fill the 5×5 window around `start` with shifts (bit 5 × row + column, `start`
        // at bit 12), growing through the points that hold no defender stone.
        const FULL: u32 = (1 << 25) - 1;
        const FIRST_COLUMN: u32 = 1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20;
        const LAST_COLUMN: u32 = FIRST_COLUMN << 4;
        const FIRST_ROW: u32 = 0b11111;
        const LAST_ROW: u32 = FIRST_ROW << 20;
        let open = board.open_window(start, defender);
        let mut bits = 1u32 << 12;
        loop {
            let grown = (bits
                | (bits << 1) & !FIRST_COLUMN
                | (bits >> 1) & !LAST_COLUMN
                | bits << 5
                | bits >> 5)
                & open
                & FULL;
            if grown == bits {
                break;
            }
            if grown.count_ones() > 6 {
                return false;
            }
            bits = grown;
        }
        // Every shape with a vital point fits in a 3×3 box.
        let columns = (bits | bits >> 5 | bits >> 10 | bits >> 15 | bits >> 20) & FIRST_ROW;
        let rows = (0..5).fold(0u32, |rows, row| {
            rows | u32::from(bits >> (5 * row) & FIRST_ROW != 0) << row
        });
        let span = |set: u32| 32 - set.leading_zeros() - set.trailing_zeros();
        if span(columns) > 3 || span(rows) > 3 {
            return false;
        }
        // The window closes the region unless a point on its border has an open neighbour
        // outside it.
        let outward = [
            (bits & FIRST_COLUMN, -1),
            (bits & LAST_COLUMN, 1),
            (bits & FIRST_ROW, -STRIDE),
            (bits & LAST_ROW, STRIDE),
        ];
        let defender_cell = defender.index() as u8 + 1;
        for (mut border, step) in outward {
            while border != 0 {
                let bit = border.trailing_zeros() as isize;
                border &= border - 1;
                let point = Point((start.index() as isize + window_offset(bit)) as u16);
                let cell = board.cell_at(point, step) as u8;
                if cell != defender_cell && cell != Cell::Wall as u8 {
                    return false;
                }
            }
        }
        region.count = 0;
        let mut remaining = bits;
        while remaining != 0 {
            let bit = remaining.trailing_zeros() as isize;
            remaining &= remaining - 1;
            region.points[region.count] =
                Point((start.index() as isize + window_offset(bit)) as u16);
            region.count += 1;
        }
        true
    }
}

/// The grid offset from the centre of a 5×5 window to the point of window bit `bit`.
#[inline]
fn window_offset(bit: isize) -> isize {
    (bit / 5 - 2) * STRIDE + (bit % 5 - 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};
    use crate::playout::patterns;
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

    /// The region through `start` of points holding no `defender` stone, by a plain flood
    /// fill over coordinates, stopped past `limit` points.
    fn region_by_flood_fill(
        board: &Board,
        start: Point,
        defender: Color,
        limit: usize,
    ) -> Vec<Point> {
        let mut region = vec![start];
        let mut next = 0;
        while next < region.len() && region.len() <= limit {
            let (x, y) = board.coordinates(region[next]);
            next += 1;
            let around = [
                (x + 1, y),
                (x.wrapping_sub(1), y),
                (x, y + 1),
                (x, y.wrapping_sub(1)),
            ];
            for (nx, ny) in around {
                if let Some(point) = board.point(nx, ny) {
                    if board.get(point) != Some(defender) && !region.contains(&point) {
                        region.push(point);
                    }
                }
            }
        }
        region
    }

    #[test]
    fn eye_spaces_agree_with_a_plain_flood_fill_on_random_positions() {
        let mut random = Xoshiro256PlusPlus::seed_from_u64(17);
        let mut found = 0;
        for size in [2, 3, 5, 9, 19, 25] {
            for _ in 0..6 {
                let mut board = Board::new(size).unwrap();
                let mut color = Color::Black;
                let mut last = None;
                for turn in 0..size * size * 2 {
                    // Every position on small boards, every sixteenth on large ones.
                    let checked = size <= 9 || turn % 16 == 0;
                    for point in board.points().filter(|_| checked) {
                        for defender in Color::BOTH {
                            let expected = (board.get(point) != Some(defender))
                                .then(|| region_by_flood_fill(&board, point, defender, 6));
                            let fits = expected.as_ref().is_some_and(|region| {
                                let xs = region.iter().map(|&p| board.coordinates(p).0);
                                let ys = region.iter().map(|&p| board.coordinates(p).1);
                                (2..=6).contains(&region.len())
                                    && xs.clone().max().unwrap() - xs.min().unwrap() < 3
                                    && ys.clone().max().unwrap() - ys.min().unwrap() < 3
                            });
                            let space = EyeSpace::around(&board, point, defender);
                            assert_eq!(space.is_some(), fits, "{board:?} at {point:?}");
                            if let (Some(space), Some(mut expected)) = (space, expected) {
                                let mut points = space.points[..space.count].to_vec();
                                points.sort();
                                expected.sort();
                                assert_eq!(points, expected);
                                found += 1;
                            }
                        }
                    }
                    match choose_move(&mut board, color, last, patterns::table(), &mut random) {
                        Some(point) => {
                            board.play(color, point);
                            last = Some(point);
                        }
                        None => {
                            board.pass();
                            last = None;
                        }
                    }
                    color = color.opponent();
                }
            }
        }
        assert!(found > 100, "only {found} small regions seen");
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
    fn a_self_atari_of_two_stones_is_always_refused() {
        // Black B3 has two liberties, A3 and C3: either move leaves two stones in atari.
        let board = diagram(
            "
            . . . . .
            O O O . .
            . X . O .
            O O O . .
            . . . . .",
        );
        let mut random = Xoshiro256PlusPlus::seed_from_u64(2);
        for name in ["A3", "C3"] {
            let point = at(&board, name);
            assert_eq!(self_atari(&board, Color::Black, point), SelfAtari::Bad);
            assert!(!permits(&board, Color::Black, point));
            assert!((0..50).all(|_| refuses_self_atari(&board, Color::Black, point, &mut random)));
        }
        // White's moves there capture or are ordinary.
        assert_eq!(
            self_atari(&board, Color::White, at(&board, "C3")),
            SelfAtari::None
        );
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

    #[test]
    fn eye_space_shapes_have_the_vital_points_of_the_go_books() {
        let vital = |text: &str, start: &str| {
            let board = diagram(text);
            EyeSpace::around(&board, at(&board, start), Color::White)
                .and_then(|space| space.vital_point())
                .map(|point| point == at(&board, "B2"))
        };
        // A straight three on the second line, closed by White: its middle B2 is vital.
        let straight_three = "
            . . . . .
            . . . . .
            O O O O .
            . . . O .
            O O O O .";
        assert_eq!(vital(straight_three, "A2"), Some(true));
        // The square four is dead as it stands: no vital point.
        let square = "
            . . . . .
            . . . . .
            O O O . .
            . . O . .
            . . O . .";
        assert_eq!(vital(square, "A1"), None);
        // A straight four lives: no vital point either.
        let straight_four = "
            . . . . .
            . . . . .
            . . . . .
            O O O O O
            . . . . .";
        let board = diagram(straight_four);
        let a1 = at(&board, "A1");
        let space = EyeSpace::around(&board, a1, Color::White);
        assert!(space.is_none() || space.unwrap().vital_point().is_none());
        // The rabbity six: B2 with its four neighbours and C1, which touches two of them.
        let rabbity = "
            . . . . .
            . O . . .
            O . O . .
            . . . O .
            O . . O .";
        assert_eq!(vital(rabbity, "B2"), Some(true));
    }

    #[test]
    fn filling_an_eye_space_to_a_dead_shape_is_an_allowed_self_atari_and_a_straight_four_is_not() {
        // Black A1 A2 B1 inside White's bulky five: B2 makes a square four in atari (its
        // capture leaves one eye), so it is a nakade, not a blunder.
        let mut board = diagram(BULKY_FIVE);
        for name in ["A1", "A2", "B1"] {
            let point = at(&board, name);
            board.play(Color::Black, point);
        }
        let b2 = at(&board, "B2");
        assert_eq!(self_atari(&board, Color::Black, b2), SelfAtari::Nakade);
        assert!(permits(&board, Color::Black, b2));
        // Black A1 B1 C1 inside a straight five on the edge: D1 makes a straight four in
        // atari, which White captures into two eyes.
        let board = diagram(
            "
            . . . . . .
            . . . . . .
            . . . . . .
            . . . . . .
            O O O O O O
            X X X . . O",
        );
        let d1 = at(&board, "D1");
        assert_eq!(self_atari(&board, Color::Black, d1), SelfAtari::Bad);
    }

    #[test]
    fn a_stone_on_the_vital_point_that_joins_a_stone_inside_is_a_nakade_though_in_atari() {
        // White's bent three A1 A2 B1 holds a black stone on A2. Black A1, the vital point,
        // joins it and leaves B1 as the only liberty: capturing two stones there leaves White
        // one eye.
        let board = diagram(
            "
            . . . . .
            . . . . .
            O O . . .
            X O . . .
            . . O . .",
        );
        let a1 = at(&board, "A1");
        assert_eq!(
            EyeSpace::around(&board, a1, Color::White).and_then(|space| space.vital_point()),
            Some(a1)
        );
        assert_eq!(self_atari(&board, Color::Black, a1), SelfAtari::Nakade);
    }
}
