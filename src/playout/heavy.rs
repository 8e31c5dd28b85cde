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

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point, RING_STEPS};
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
/// How often a single-stone self-atari that takes no vital point is refused (Pachi's measured
/// optimum for its full self-atari test: 60 %).
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
        let mut candidates = Candidates::new();
        for step in RING_STEPS {
            if let Some(point) = board.step(last, step) {
                if board.is_empty(point)
                    && patterns.matches(board, point)
                    && policy::is_playout_move(board, color, point)
                    && !refuses_self_atari(board, color, point, random)
                {
                    candidates.push(point);
                }
            }
        }
        if let Some(point) = candidates.pick(random) {
            return Some(point);
        }
    }
    None
}

/// Adds to `candidates` every answer of `color` to ataris around `last`: for each chain
/// through `last` or a stone on one of its eight surrounding points that is in atari, the
/// capture of an opposing one, and for an own one the capture of an opposing chain in atari
/// that touches it, or the extension to its liberty when that leaves it two liberties or
/// more. Only moves the light policy allows.
fn atari_answers(board: &Board, color: Color, last: Point, candidates: &mut Candidates) {
    let mut seen = [Point(0); 9];
    let mut seen_count = 0;
    let opponent = color.opponent();
    let around =
        std::iter::once(Some(last)).chain(RING_STEPS.iter().map(|&step| board.step(last, step)));
    for stone in around.flatten() {
        if board.is_empty(stone) {
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
        if board.has_stone(opponent, stone) {
            if policy::is_playout_move(board, color, liberty) {
                candidates.push(liberty);
            }
        } else {
            counter_captures(board, color, stone, candidates);
            if policy::is_playout_move(board, color, liberty) && escapes(board, color, liberty) {
                candidates.push(liberty);
            }
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

/// The vital point of a small eye space next to `last` that `color` may play: the space
/// holding `last` when `last` sits inside an eye space of `color`, or one beside `last`
/// enclosed by the opponent.
fn nakade_answer(board: &Board, color: Color, last: Point) -> Option<Point> {
    let playable = |point: Point| {
        board.is_empty(point)
            && policy::is_playout_move(board, color, point)
            && !self_atari(board, color, point).is_bad()
    };
    if let Some(space) = EyeSpace::around(board, last, color) {
        if let Some(vital) = space.vital_point() {
            if playable(vital) {
                return Some(vital);
            }
        }
    }
    let opponent = color.opponent();
    for step in NEIGHBOUR_STEPS {
        if let Some(start) = board.step(last, step) {
            if board.is_empty(start) {
                if let Some(space) = EyeSpace::around(board, start, opponent) {
                    if let Some(vital) = space.vital_point() {
                        if playable(vital) {
                            return Some(vital);
                        }
                    }
                }
            }
        }
    }
    None
}

/// A uniformly random point among the empty points where `color` may play and the self-atari
/// filter lets it, or `None`. Draws without replacement, as the light policy does.
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
/// for a bad one, and for a single stone that takes no vital point with probability
/// `SINGLE_SELF_ATARI_REFUSAL`.
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
    /// A self-atari that kills from inside: a single stone on the vital point of an opposing
    /// eye space, or a chain of stones inside one opposing chain whose capture leaves an eye
    /// space of one eye (three points or fewer, square or T four, bulky or cross five, rabbity
    /// six).
    Nakade,
    /// A single stone in atari that takes no vital point (a throw-in, or a mistake).
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
pub(crate) fn self_atari(board: &Board, color: Color, point: Point) -> SelfAtari {
    if board.empty_neighbours(point) >= 2 {
        return SelfAtari::None;
    }
    let placement = board.placement(color, point);
    if placement.captures || board.liberties_after(color, point, 2) >= 2 {
        return SelfAtari::None;
    }
    if !placement.joins_own_chain {
        let opponent = color.opponent();
        let vital = EyeSpace::around(board, point, opponent).and_then(|space| space.vital_point())
            == Some(point);
        return if vital {
            SelfAtari::Nakade
        } else {
            SelfAtari::SingleStone
        };
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

/// An eye space: a connected region of up to six points holding no stone of the enclosing
/// colour, surrounded by that colour's stones and the edge.
pub(crate) struct EyeSpace;

impl EyeSpace {
    /// The region through `start` (empty, or a stone of the attacker) of points that hold no
    /// `defender` stone, when it has at most six points; `None` when it is larger or `start`
    /// holds a `defender` stone.
    pub(crate) fn around(board: &Board, start: Point, defender: Color) -> Option<ShapeOfStones> {
        if board.has_stone(defender, start) {
            return None;
        }
        let mut region = ShapeOfStones {
            points: [start; 6],
            count: 1,
        };
        let mut next = 0;
        while next < region.count {
            let point = region.points[next];
            next += 1;
            for step in NEIGHBOUR_STEPS {
                let Some(neighbour) = board.step(point, step) else {
                    continue;
                };
                if board.has_stone(defender, neighbour) || region.contains(neighbour) {
                    continue;
                }
                if region.count == 6 {
                    return None;
                }
                region.points[region.count] = neighbour;
                region.count += 1;
            }
        }
        Some(region)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
}
