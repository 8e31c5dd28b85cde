//! Eye spaces: small regions enclosed by one colour, their shapes, and the vital point that
//! decides between one eye and two. The region is found by a flood fill of a 5×5 window with
//! bit shifts, so asking costs no allocation and little time. Knows only the board.

use crate::board::{Board, Cell, Color, NEIGHBOUR_STEPS, Point, RING_STEPS, SLOT_LOW_BITS};

/// The distance between vertically adjacent points in the board's grid.
const STRIDE: isize = NEIGHBOUR_STEPS[3];

/// Up to six connected points, with what their shape means for eyes.
#[derive(Clone, Copy, Debug)]
pub struct ShapeOfStones {
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
    pub fn joined(board: &Board, color: Color, point: Point) -> Option<ShapeOfStones> {
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

    /// Whether `point` is one of the points.
    pub fn contains(&self, point: Point) -> bool {
        self.points[..self.count].contains(&point)
    }

    /// The points.
    pub fn points(&self) -> &[Point] {
        &self.points[..self.count]
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
    pub fn is_one_eye(&self) -> bool {
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
    pub fn vital_point(&self) -> Option<Point> {
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

/// A quick necessary condition for the point `start`, which holds no `defender` stone, to
/// lie in a region of at most six points holding no `defender` stone: the point, its
/// orthogonal neighbours that are not `defender` stones or off the board, the diagonal points
/// next to those that are not either (read from the neighbourhood code), and the points two
/// steps straight out through an open neighbour that are not either, all belong to the
/// region, so there must be at most six of them. A point with no such orthogonal neighbour is
/// a region of one point, never an eye space with a vital point, and is refused too.
#[inline]
fn may_lie_in_small_eye_space(board: &Board, start: Point, defender: Color) -> bool {
    let open = open_slots(board.neighbourhood(start), defender);
    // Slots (bit 2 × slot): 0 above-left, 1 above, 2 above-right, 3 left, 4 right,
    // 5 below-left, 6 below, 7 below-right. A diagonal point counts when it is open and one
    // of the two orthogonal points beside it is.
    let diagonals = open
        & (((open >> 2 | open >> 6) & 1 << 0)
            | ((open << 2 | open >> 4) & 1 << 4)
            | ((open << 4 | open >> 2) & 1 << 10)
            | ((open << 6 | open << 2) & 1 << 14));
    let orthogonals = open & ORTHOGONAL_SLOTS;
    let count = 1 + orthogonals.count_ones() + diagonals.count_ones();
    if !(2..=6).contains(&count) {
        return false;
    }
    // Two steps out through an open neighbour stays inside the grid: at most one step past
    // the board, onto its wall. A lone cell is a code of one slot, slot 0.
    let beyond = |slot: usize| {
        let open_cell = |cell: Cell| open_slots(cell as u16, defender) & 1 != 0;
        u32::from(
            orthogonals >> (2 * slot) & 1 != 0
                && open_cell(board.cell_at(start, 2 * RING_STEPS[slot])),
        )
    };
    count + beyond(1) + beyond(3) + beyond(4) + beyond(6) <= 6
}

/// The slots of the orthogonal neighbours in a neighbourhood code (above, left, right,
/// below), one bit each at the slot's low bit.
const ORTHOGONAL_SLOTS: u16 = 1 << 2 | 1 << 6 | 1 << 8 | 1 << 12;

/// The slots of a neighbourhood `code` that hold neither a `defender` stone nor the wall, one
/// bit each at the slot's low bit. A slot's low bit is set for a black stone and the wall, its
/// high bit for a white stone and the wall.
#[inline]
fn open_slots(code: u16, defender: Color) -> u16 {
    let closed = match defender {
        Color::Black => code,
        Color::White => code >> 1,
    };
    !closed & SLOT_LOW_BITS
}

/// An eye space: a connected region of two to six points holding no stone of the enclosing
/// colour, surrounded by that colour's stones and the edge, and fitting in a 3×3 box (every
/// shape that `ShapeOfStones::is_one_eye` accepts does).
pub struct EyeSpace;

impl EyeSpace {
    /// The region through `start` (empty, or a stone of the attacker) of points that hold no
    /// `defender` stone, when it has two to six points and fits in a 3×3 box; `None` when it
    /// is a single point or larger, or when `start` holds a `defender` stone.
    pub fn around(board: &Board, start: Point, defender: Color) -> Option<ShapeOfStones> {
        let mut region = ShapeOfStones::EMPTY;
        EyeSpace::flood(board, start, defender, &mut region).then_some(region)
    }

    /// Whether the region through `start` of points that hold no `defender` stone has at most
    /// `limit` points (at most 25) and is closed by `defender` stones and the edge within the
    /// 5×5 window centred on `start`: whether a chain there, with its liberties, lies inside
    /// the defender's territory rather than next to other stones of its own colour.
    pub fn encloses(board: &Board, start: Point, defender: Color, limit: u32) -> bool {
        !board.has_stone(defender, start) && window_region(board, start, defender, limit).is_some()
    }

    /// Fills `region` with the region `around` describes and returns true, or returns false
    /// when there is none.
    #[inline]
    fn flood(board: &Board, start: Point, defender: Color, region: &mut ShapeOfStones) -> bool {
        if board.has_stone(defender, start) || !may_lie_in_small_eye_space(board, start, defender) {
            return false;
        }
        let Some(bits) = window_region(board, start, defender, 6) else {
            return false;
        };
        // Every shape with a vital point fits in a 3×3 box.
        let columns = (bits | bits >> 5 | bits >> 10 | bits >> 15 | bits >> 20) & FIRST_ROW;
        let rows = (0..5).fold(0u32, |rows, row| {
            rows | u32::from(bits >> (5 * row) & FIRST_ROW != 0) << row
        });
        let span = |set: u32| 32 - set.leading_zeros() - set.trailing_zeros();
        if span(columns) > 3 || span(rows) > 3 {
            return false;
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

/// The 5×5 window's bits (bit 5 × row + column, the centre at bit 12).
const FULL: u32 = (1 << 25) - 1;
const FIRST_COLUMN: u32 = 1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20;
const LAST_COLUMN: u32 = FIRST_COLUMN << 4;
const FIRST_ROW: u32 = 0b11111;
const LAST_ROW: u32 = FIRST_ROW << 20;

/// The region through `start` (which holds no `defender` stone) of points that hold no
/// `defender` stone, as bits of the 5×5 window centred on `start`, when it has at most `limit`
/// points and the window closes it (no point of it on the window's border has an open
/// neighbour outside); `None` otherwise.
#[inline]
fn window_region(board: &Board, start: Point, defender: Color, limit: u32) -> Option<u32> {
    // Flood-fill the window with shifts, growing through the points that hold no defender
    // stone.
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
        if grown.count_ones() > limit {
            return None;
        }
        bits = grown;
    }
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
                return None;
            }
        }
    }
    Some(bits)
}

/// The grid offset from the centre of a 5×5 window to the point of window bit `bit`.
#[inline]
fn window_offset(bit: isize) -> isize {
    (bit / 5 - 2) * STRIDE + (bit % 5 - 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram, random_positions};

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
        let mut found = 0;
        random_positions(&[2, 3, 5, 7, 9, 19, 25], |board, _| {
            for point in board.points() {
                for defender in Color::BOTH {
                    let expected = (board.get(point) != Some(defender))
                        .then(|| region_by_flood_fill(board, point, defender, 6));
                    let fits = expected.as_ref().is_some_and(|region| {
                        let xs = region.iter().map(|&p| board.coordinates(p).0);
                        let ys = region.iter().map(|&p| board.coordinates(p).1);
                        (2..=6).contains(&region.len())
                            && xs.clone().max().unwrap() - xs.min().unwrap() < 3
                            && ys.clone().max().unwrap() - ys.min().unwrap() < 3
                    });
                    let space = EyeSpace::around(board, point, defender);
                    assert_eq!(space.is_some(), fits, "{board:?} at {point:?}");
                    if let (Some(space), Some(mut expected)) = (space, expected) {
                        let mut points = space.points().to_vec();
                        points.sort();
                        expected.sort();
                        assert_eq!(points, expected);
                        found += 1;
                    }
                }
            }
        });
        assert!(found > 100, "only {found} small regions seen");
    }

    #[test]
    fn open_slots_are_the_neighbours_holding_neither_the_defenders_stone_nor_the_wall() {
        // Around B1: A2 black, B2 white, C2 empty, A1 white, C1 black; the row below is off
        // the board.
        let board = diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            X O . . .
            O . X . .",
        );
        let code = board.neighbourhood(at(&board, "B1"));
        let slots = |open: u16| {
            (0..8)
                .filter(|slot| open >> (2 * slot) & 1 != 0)
                .collect::<Vec<_>>()
        };
        // Slots: 0 above-left (A2), 1 above (B2), 2 above-right (C2), 3 left (A1), 4 right (C1).
        assert_eq!(slots(open_slots(code, Color::Black)), vec![1, 2, 3]);
        assert_eq!(slots(open_slots(code, Color::White)), vec![0, 2, 4]);
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
}
