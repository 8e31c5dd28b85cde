//! Read-only views of chains and neighbourhoods for playout policies and search priors: a
//! chain's ring of stones, whether it is in atari and where, how many liberties it has up to
//! a bound, and the colours around a point as one number. Mechanics only: no policy, no
//! allocation, no text.

use super::{
    Board, CELLS, Color, DIAGONAL_OFFSETS, EMPTY, NEIGHBOUR_OFFSETS, NO_CHAIN, Point, STRIDE,
};

/// Offsets of the eight points around a point, in the order of `Board::neighbourhood`: the
/// row above from left to right, then left and right, then the row below from left to right.
const RING_OFFSETS: [isize; 8] = [
    DIAGONAL_OFFSETS[2],
    NEIGHBOUR_OFFSETS[3],
    DIAGONAL_OFFSETS[3],
    NEIGHBOUR_OFFSETS[1],
    NEIGHBOUR_OFFSETS[2],
    DIAGONAL_OFFSETS[0],
    NEIGHBOUR_OFFSETS[0],
    DIAGONAL_OFFSETS[1],
];

/// What a cell of the padded grid holds, as `Board::neighbourhood` encodes it in two bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No stone.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Off the board.
    Wall = 3,
}

impl Board {
    /// The next stone of the chain through the stone on `point`: following it from any stone
    /// visits every stone of the chain once and comes back. Meaningless for an empty point.
    #[inline]
    pub fn next_in_chain(&self, point: Point) -> Point {
        Point(self.next_stone[point.index()])
    }

    /// The number of (stone, empty neighbour) pairs of the chain through the stone on `point`.
    /// A chain in atari has at most four (its one liberty touches at most four of its stones),
    /// so a larger count proves two liberties or more without walking the chain.
    #[inline]
    pub fn pseudo_liberty_count(&self, point: Point) -> u32 {
        let head = (self.chain_head[point.index()] as usize).min(CELLS - 1);
        u32::from(self.pseudo_liberties[head])
    }

    /// The only liberty of the chain through the stone on `point` when it has exactly one
    /// (the chain is in atari); `None` when it has more, or when `point` is empty. Read from
    /// the chain's liberty sums without walking it: its (stone, empty neighbour) pairs all
    /// name one point exactly when the sum's square is their count times the sum of squares.
    #[inline]
    pub fn atari_liberty(&self, point: Point) -> Option<Point> {
        let head = self.chain_head[point.index()];
        if head == NO_CHAIN {
            return None;
        }
        let head = head as usize;
        let count = u64::from(self.pseudo_liberties[head]);
        let sum = u64::from(self.liberty_sums[head]);
        let square_sum = u64::from(self.liberty_square_sums[head]);
        super::one_point_named(count, sum, square_sum).map(|liberty| Point(liberty as u16))
    }

    /// The distinct liberties of the chain through the stone on `point`, counted up to
    /// `limit` (at most 8) and written to the start of `found`; returns the count (0 for an
    /// empty point). Stops at `limit`, so "two liberties or more?" costs little.
    pub fn chain_liberties_up_to(
        &self,
        point: Point,
        limit: usize,
        found: &mut [Point; 8],
    ) -> usize {
        let limit = limit.min(8);
        if self.chain_head[point.index()] == NO_CHAIN || limit == 0 {
            return 0;
        }
        let mut count = 0;
        let start = point.index();
        let mut stone = start;
        loop {
            for offset in NEIGHBOUR_OFFSETS {
                let neighbour = Point((stone as isize + offset) as u16);
                if self.cells[neighbour.index()] == EMPTY && !found[..count].contains(&neighbour) {
                    found[count] = neighbour;
                    count += 1;
                    if count >= limit {
                        return count;
                    }
                }
            }
            stone = self.next_stone[stone] as usize;
            if stone == start {
                return count;
            }
        }
    }

    /// The colours of the eight points around `point` in one number, two bits each (`Cell`:
    /// empty 0, black 1, white 2, off the board 3), in the order: above-left, above,
    /// above-right, left, right, below-left, below, below-right, from the lowest bits up. A
    /// 3×3 pattern is then one table lookup.
    #[inline]
    pub fn neighbourhood(&self, point: Point) -> u16 {
        let index = point.index() as isize;
        let mut code = 0u16;
        for (slot, offset) in RING_OFFSETS.iter().enumerate() {
            code |= u16::from(self.cells[(index + offset) as usize]) << (2 * slot);
        }
        code
    }

    /// The point `offset` cells away from `point` in the padded grid if that is on the board:
    /// the playout code's way to step to neighbours and diagonals without an edge test of its
    /// own. `offset` must keep within one row or column of `point`.
    #[inline]
    pub fn step(&self, point: Point, offset: isize) -> Option<Point> {
        let index = (point.index() as isize + offset) as usize;
        (self.cells[index] != super::WALL).then_some(Point(index as u16))
    }

    /// The cell `offset` away from `point` (see `step`).
    #[inline]
    pub fn cell_at(&self, point: Point, offset: isize) -> Cell {
        match self.cells[(point.index() as isize + offset) as usize] {
            EMPTY => Cell::Empty,
            super::BLACK => Cell::Black,
            super::WHITE => Cell::White,
            _ => Cell::Wall,
        }
    }

    /// The points of the 5×5 square centred on `point` that are on the board and hold no
    /// `blocked` stone, one bit each: bit `5 × (dy + 2) + (dx + 2)` for the point `dx` columns
    /// right of and `dy` rows above `point`. Lets a small region be flood-filled with shifts.
    pub fn open_window(&self, point: Point, blocked: Color) -> u32 {
        let index = point.index();
        let (column, row) = ((index % STRIDE) as isize, (index / STRIDE) as isize);
        let size = self.size as isize;
        let blocked = super::cell_of(blocked);
        // Columns off the board are masked out afterwards; reading them stays inside the grid
        // (a row's wall column, or the end of the row before), since `row` is a board row.
        let mut columns = 0u32;
        for dx in -2..=2isize {
            columns |= u32::from((1..=size).contains(&(column + dx))) << (dx + 2);
        }
        let mut open = 0;
        for dy in -2..=2isize {
            let y = row + dy;
            if y < 1 || y > size {
                continue;
            }
            let first = (y * STRIDE as isize + column - 2) as usize;
            let mut line = 0u32;
            for (dx, &cell) in self.cells[first..first + 5].iter().enumerate() {
                line |= u32::from(cell != blocked) << dx;
            }
            open |= (line & columns) << (5 * (dy + 2));
        }
        open
    }

    /// Whether `point` holds a stone of `color`.
    #[inline]
    pub fn has_stone(&self, color: Color, point: Point) -> bool {
        self.cells[point.index()] == super::cell_of(color)
    }

    /// Whether `point` is empty.
    #[inline]
    pub fn is_empty(&self, point: Point) -> bool {
        self.cells[point.index()] == EMPTY
    }
}

/// Grid offsets of the four orthogonal neighbours (below, left, right, above), for `step`.
pub const NEIGHBOUR_STEPS: [isize; 4] = NEIGHBOUR_OFFSETS;
/// Grid offsets of the eight surrounding points in `Board::neighbourhood` order, for `step`.
pub const RING_STEPS: [isize; 8] = RING_OFFSETS;
/// The low bit of each of the eight two-bit slots of a `Board::neighbourhood` code.
pub const SLOT_LOW_BITS: u16 = 0x5555;
