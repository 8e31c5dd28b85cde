//! The position: stones, chains, liberties, captures, the simple-ko point and the Zobrist hash.
//!
//! The board is mechanics only. It knows what a placement does (joins chains, captures, leaves
//! its chain without liberties) but not whether the rules allow it: occupied points, suicide,
//! ko and superko are judged by `game.rs`. It never sees GTP text.
//!
//! Layout: a padded one-dimensional grid with a fixed stride of 26 for every size. Point (x, y)
//! (0-based from the lower left) has index `(x + 1) + (y + 1) * 26`; column 0 of every row, the
//! columns right of the board and the rows below and above it are walls, so every on-board
//! point has four neighbours and four diagonals inside the array and no edge test is needed.
//! The fixed stride makes every neighbour offset a compile-time constant.
//!
//! State is incremental, with no allocation per move:
//! - `chain_head[p]`: the representative point of the chain the stone at p belongs to, and
//!   `NO_CHAIN` on empty points and walls (so a neighbour's chain is one load, no colour test);
//! - `next_stone[p]`: the next stone of the same chain (a ring through the whole chain);
//! - `pseudo_liberties[head]`: for the chain, the number of (stone, empty neighbour) pairs.
//!   A chain has no liberty exactly when this is 0, and the empty point q is its only liberty
//!   exactly when this equals the number of its stones next to q;
//! - `liberty_sums[head]` and `liberty_square_sums[head]`: over the same pairs, the sum of the
//!   empty neighbours' indices and of their squares. The pairs name one point only (the chain
//!   is in atari) exactly when the square of the sum is the count times the sum of squares,
//!   and that point is the sum over the count: atari is found without walking the chain, and
//!   so is whether a chain has no liberty, one or several besides a given one (the pairs
//!   naming that point are as many as its stones next to it), which `liberties_after` uses;
//! - `chain_size[head]`: the number of stones;
//! - `empty_points` with `empty_index`: the list of empty points, for random move choice;
//! - `hash`: the Zobrist hash of the stones.

mod inspect;
mod point;
mod zobrist;

pub use inspect::{Cell, NEIGHBOUR_STEPS, RING_STEPS, SLOT_LOW_BITS};
pub use point::{Color, Point};

/// The largest board GTP can name (columns A–Z without I).
pub const MAX_SIZE: usize = 25;
/// The smallest board we play on.
pub const MIN_SIZE: usize = 2;
/// The distance between vertically adjacent points in the padded grid, for every size.
const STRIDE: usize = MAX_SIZE + 1;

/// The one point that `count` (stone, empty neighbour) pairs name, from the sum of the
/// points' indices and the sum of their squares: all name one point exactly when the squared
/// sum is the count times the sum of squares, and it is the sum over the count. `None` when
/// they name several, or when there are none.
#[inline]
fn one_point_named(count: u64, sum: u64, square_sum: u64) -> Option<usize> {
    (count > 0 && sum * sum == count * square_sum).then(|| (sum / count) as usize)
}

/// The liberties a chain has besides one of them (`Board::liberties_besides`).
enum Besides {
    None,
    One(usize),
    Several,
}
/// Cells in the padded grid, walls included.
pub const CELLS: usize = STRIDE * (MAX_SIZE + 2) + 1;
/// Index offsets of the four orthogonal neighbours: below, left, right, above.
const NEIGHBOUR_OFFSETS: [isize; 4] = [-(STRIDE as isize), -1, 1, STRIDE as isize];
/// Index offsets of the four diagonal neighbours.
const DIAGONAL_OFFSETS: [isize; 4] = [
    -(STRIDE as isize) - 1,
    -(STRIDE as isize) + 1,
    STRIDE as isize - 1,
    STRIDE as isize + 1,
];
/// Points on the largest board.
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// One black, one white neighbour in `neighbour_counts` (index by `Color::index`).
const STONE_COUNT_UNIT: [u16; 2] = [1, 1 << 4];
/// One empty neighbour in `neighbour_counts`.
const EMPTY_COUNT_UNIT: u16 = 1 << 8;
const COUNT_MASK: u16 = 0xF;
/// The chain head recorded for a neighbour that holds no stone.
const NO_CHAIN: u16 = u16::MAX;

#[inline]
fn cell_of(color: Color) -> u8 {
    color as u8 + 1
}

/// What placing a stone on an empty point would do, found without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The stone would capture at least one opposing chain.
    pub captures: bool,
    /// After captures, the stone's own chain would have no liberty.
    pub suicide: bool,
    /// The stone would join at least one chain of its own colour (so a suicide would remove
    /// more than the new stone).
    pub joins_own_chain: bool,
}

/// A Go board of any size from 2×2 to 25×25.
#[derive(Clone)]
pub struct Board {
    size: usize,
    cells: [u8; CELLS],
    chain_head: [u16; CELLS],
    next_stone: [u16; CELLS],
    pseudo_liberties: [u16; CELLS],
    liberty_sums: [u32; CELLS],
    liberty_square_sums: [u32; CELLS],
    chain_size: [u16; CELLS],
    /// For each point: how many of its four neighbours are black, white and empty, one
    /// nibble each (`STONE_COUNT_UNIT`, `EMPTY_COUNT_UNIT`); the rest are walls.
    neighbour_counts: [u16; CELLS],
    empty_points: [u16; MAX_POINTS],
    empty_index: [u16; CELLS],
    empty_count: usize,
    hash: u64,
    /// The point the given colour may not play on its next move (simple ko), or `None`.
    ko: Option<(Point, Color)>,
    /// Stones captured by each colour (index by `Color::index`), suicided stones included
    /// for the opponent.
    captured: [u32; 2],
    /// Stones on the board of each colour.
    stones: [u32; 2],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            formatter,
            "Board {}x{} hash {:016x}",
            self.size, self.size, self.hash
        )?;
        for y in (0..self.size).rev() {
            for x in 0..self.size {
                let point = self.point_unchecked(x, y);
                let symbol = match self.cells[point.index()] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                };
                write!(formatter, "{symbol}")?;
            }
            writeln!(formatter)?;
        }
        Ok(())
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they hold the same stones, ko point and capture counts.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.hash == other.hash
            && self.ko == other.ko
            && self.captured == other.captured
            && self.cells[..self.cell_count()] == other.cells[..other.cell_count()]
    }
}

impl Board {
    /// An empty board of `size`×`size` points, or `None` unless 2 ≤ size ≤ 25.
    pub fn new(size: usize) -> Option<Board> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let mut board = Board {
            size,
            cells: [WALL; CELLS],
            chain_head: [NO_CHAIN; CELLS],
            next_stone: [0; CELLS],
            pseudo_liberties: [0; CELLS],
            liberty_sums: [0; CELLS],
            liberty_square_sums: [0; CELLS],
            chain_size: [0; CELLS],
            neighbour_counts: [0; CELLS],
            empty_points: [0; MAX_POINTS],
            empty_index: [0; CELLS],
            empty_count: 0,
            hash: 0,
            ko: None,
            captured: [0; 2],
            stones: [0; 2],
        };
        for y in 0..size {
            for x in 0..size {
                let point = board.point_unchecked(x, y);
                board.cells[point.index()] = EMPTY;
                board.empty_index[point.index()] = board.empty_count as u16;
                board.empty_points[board.empty_count] = point.0;
                board.empty_count += 1;
            }
        }
        for point in board.points().collect::<Vec<_>>() {
            let index = point.index();
            for direction in 0..4 {
                if board.cells[board.neighbour(index, direction)] == EMPTY {
                    board.neighbour_counts[index] += EMPTY_COUNT_UNIT;
                }
            }
        }
        Some(board)
    }

    /// Makes this board a copy of `source`, copying only the part of each array that the
    /// source's size uses: much cheaper than `clone` for small boards (a playout starts this
    /// way from a template position).
    pub fn copy_from(&mut self, source: &Board) {
        let cells = source.cell_count();
        self.size = source.size;
        self.cells[..cells].copy_from_slice(&source.cells[..cells]);
        self.cells[cells..].fill(WALL);
        self.chain_head[..cells].copy_from_slice(&source.chain_head[..cells]);
        self.chain_head[cells..].fill(NO_CHAIN);
        self.next_stone[..cells].copy_from_slice(&source.next_stone[..cells]);
        self.pseudo_liberties[..cells].copy_from_slice(&source.pseudo_liberties[..cells]);
        self.liberty_sums[..cells].copy_from_slice(&source.liberty_sums[..cells]);
        self.liberty_square_sums[..cells].copy_from_slice(&source.liberty_square_sums[..cells]);
        self.chain_size[..cells].copy_from_slice(&source.chain_size[..cells]);
        self.neighbour_counts[..cells].copy_from_slice(&source.neighbour_counts[..cells]);
        self.empty_index[..cells].copy_from_slice(&source.empty_index[..cells]);
        let empty = source.empty_count;
        self.empty_points[..empty].copy_from_slice(&source.empty_points[..empty]);
        self.empty_count = empty;
        self.hash = source.hash;
        self.ko = source.ko;
        self.captured = source.captured;
        self.stones = source.stones;
    }

    /// The number of points along one side.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cells of the padded grid in use for this size.
    fn cell_count(&self) -> usize {
        (self.size + 1) * STRIDE + self.size + 2
    }

    /// The point at column `x` and row `y`, both 0-based from the lower left, if on the board.
    pub fn point(&self, x: usize, y: usize) -> Option<Point> {
        (x < self.size && y < self.size).then(|| self.point_unchecked(x, y))
    }

    #[inline]
    fn point_unchecked(&self, x: usize, y: usize) -> Point {
        Point(((x + 1) + (y + 1) * STRIDE) as u16)
    }

    /// The 0-based column and row of a point of this board.
    pub fn coordinates(&self, point: Point) -> (usize, usize) {
        let index = point.index();
        (index % STRIDE - 1, index / STRIDE - 1)
    }

    /// Every point of the board, row by row from the lower left.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| self.point_unchecked(x, y)))
    }

    /// The colour of the stone on `point`, or `None` when it is empty.
    #[inline]
    pub fn get(&self, point: Point) -> Option<Color> {
        match self.cells[point.index()] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// The on-board orthogonal neighbours of `point`.
    pub fn neighbours(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        NEIGHBOUR_OFFSETS
            .iter()
            .map(move |offset| Point((point.index() as isize + offset) as u16))
            .filter(|neighbour| self.cells[neighbour.index()] != WALL)
    }

    #[inline]
    fn neighbour(&self, point: usize, direction: usize) -> usize {
        (point as isize + NEIGHBOUR_OFFSETS[direction]) as usize
    }

    /// The Zobrist hash of the stones on the board (not of the ko point or the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The prisoners `color` has taken on the board: opposing stones it captured, plus opposing
    /// stones removed by their own (multi-stone) suicide.
    pub fn captured_by(&self, color: Color) -> u32 {
        self.captured[color.index()]
    }

    /// The simple-ko point: where `color` may not play its next move, if anywhere.
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Whether simple ko forbids `color` to play at `point` now.
    #[inline]
    pub fn is_ko_banned(&self, color: Color, point: Point) -> bool {
        self.ko == Some((point, color))
    }

    /// The number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// How many of the four neighbours of `point` are empty.
    #[inline]
    pub fn empty_neighbours(&self, point: Point) -> u32 {
        ((self.neighbour_counts[point.index()] / EMPTY_COUNT_UNIT) & COUNT_MASK) as u32
    }

    /// Whether one of the four neighbours of `point` is empty (`empty_neighbours > 0`, in one
    /// comparison).
    #[inline(always)]
    pub fn has_empty_neighbour(&self, point: Point) -> bool {
        self.neighbour_counts[point.index()] >= EMPTY_COUNT_UNIT
    }

    /// How many of the four neighbours of `point` hold stones of `color`.
    #[inline(always)]
    pub fn neighbours_of_color(&self, color: Color, point: Point) -> u32 {
        ((self.neighbour_counts[point.index()] / STONE_COUNT_UNIT[color.index()]) & COUNT_MASK)
            as u32
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empty_points[..self.empty_count]
            .iter()
            .map(|&index| Point(index))
    }

    /// The number of stones on the board of each colour, Black first.
    pub fn stone_counts(&self) -> [u32; 2] {
        self.stones
    }

    /// The stones of the chain through `point` (empty when the point is empty).
    pub fn chain(&self, point: Point) -> Vec<Point> {
        let mut stones = Vec::new();
        if self.get(point).is_none() {
            return stones;
        }
        let start = point.index();
        let mut stone = start;
        loop {
            stones.push(Point(stone as u16));
            stone = self.next_stone[stone] as usize;
            if stone == start {
                break;
            }
        }
        stones
    }

    /// The liberties of the chain through `point`, each once, in index order (empty when the
    /// point is empty). Walks the chain; no flood fill.
    pub fn liberties(&self, point: Point) -> Vec<Point> {
        let mut liberties: Vec<Point> = Vec::new();
        for stone in self.chain(point) {
            for neighbour in self.neighbours(stone) {
                if self.cells[neighbour.index()] == EMPTY && !liberties.contains(&neighbour) {
                    liberties.push(neighbour);
                }
            }
        }
        liberties.sort();
        liberties
    }

    /// The representative stone of the chain through the stone on `point`: two stones belong to
    /// one chain exactly when they have the same head. Meaningless for an empty point.
    #[inline]
    pub fn chain_head(&self, point: Point) -> Point {
        Point(self.chain_head[point.index()])
    }

    /// The number of stones in the chain through the stone on `point` (0 for an empty point).
    #[inline]
    pub fn chain_size(&self, point: Point) -> usize {
        if self.get(point).is_none() {
            return 0;
        }
        self.chain_size[self.chain_head[point.index()] as usize] as usize
    }

    /// The distinct opposing chains, counted up to `limit` (at most 4), that touch the chain a
    /// `color` stone on the empty point `point` would belong to, before any capture.
    pub fn opposing_chains_after(&self, color: Color, point: Point, limit: usize) -> usize {
        let limit = limit.min(4);
        let mut found = [NO_CHAIN; 4];
        let mut count = 0;
        let opponent = cell_of(color.opponent());
        self.visit_joined_stones(color, point, |stone| {
            for direction in 0..4 {
                let neighbour = self.neighbour(stone, direction);
                if self.cells[neighbour] == opponent {
                    let head = self.chain_head[neighbour];
                    if !found[..count].contains(&head) {
                        found[count] = head;
                        count += 1;
                        if count >= limit {
                            return true;
                        }
                    }
                }
            }
            false
        });
        count
    }

    /// The distinct liberties, counted up to `limit` (at most 8), of the chain a `color` stone
    /// on the empty point `point` would belong to, before any capture: the stone's empty
    /// neighbours and the other liberties of the chains it joins. Stops as soon as `limit` are
    /// found, so asking whether a move leaves at least two liberties is cheap. A joined chain
    /// is walked only when its sums show two liberties or more besides `point`
    /// (`Board::liberties_besides`).
    pub fn liberties_after(&self, color: Color, point: Point, limit: usize) -> usize {
        const MOST: usize = 8;
        let limit = limit.min(MOST);
        let mut found = [0usize; MOST];
        let mut count = 0;
        let mut add = |liberty: usize| {
            if !found[..count].contains(&liberty) {
                found[count] = liberty;
                count += 1;
            }
            count >= limit
        };
        let index = point.index();
        for direction in 0..4 {
            let neighbour = self.neighbour(index, direction);
            if self.cells[neighbour] == EMPTY && add(neighbour) {
                return limit;
            }
        }
        let own = cell_of(color);
        let heads = self.neighbour_heads(index);
        let contacts = Board::contact_counts(&heads);
        for direction in 0..4 {
            let neighbour = self.neighbour(index, direction);
            let head = heads[direction];
            if self.cells[neighbour] != own || heads[..direction].contains(&head) {
                continue;
            }
            match self.liberties_besides(head as usize, index, contacts[direction]) {
                Besides::None => {}
                Besides::One(liberty) => {
                    if add(liberty) {
                        return limit;
                    }
                }
                Besides::Several => {
                    let mut stone = neighbour;
                    loop {
                        for step in 0..4 {
                            let liberty = self.neighbour(stone, step);
                            if self.cells[liberty] == EMPTY && liberty != index && add(liberty) {
                                return limit;
                            }
                        }
                        stone = self.next_stone[stone] as usize;
                        if stone == neighbour {
                            break;
                        }
                    }
                }
            }
        }
        count
    }

    /// The liberties of the chain with head `head` other than the empty point `point`, which
    /// is one of them, read from the chain's sums without walking it: the pairs naming `point`
    /// are as many as the chain's stones next to it, `contacts`, and what is left names no
    /// point, one, or several (`atari_liberty`'s test on the rest).
    #[inline]
    fn liberties_besides(&self, head: usize, point: usize, contacts: u16) -> Besides {
        let at_point = u64::from(contacts);
        let index = point as u64;
        let count = u64::from(self.pseudo_liberties[head]) - at_point;
        let sum = u64::from(self.liberty_sums[head]) - at_point * index;
        let square_sum = u64::from(self.liberty_square_sums[head]) - at_point * index * index;
        if count == 0 {
            Besides::None
        } else {
            one_point_named(count, sum, square_sum).map_or(Besides::Several, Besides::One)
        }
    }

    /// Calls `visit` with the empty point `point` and then with every stone of each distinct
    /// `color` chain next to it (the stones a `color` stone there would join), until `visit`
    /// returns true.
    fn visit_joined_stones(
        &self,
        color: Color,
        point: Point,
        mut visit: impl FnMut(usize) -> bool,
    ) {
        let index = point.index();
        if visit(index) {
            return;
        }
        let own = cell_of(color);
        let mut heads = [NO_CHAIN; 4];
        for direction in 0..4 {
            let neighbour = self.neighbour(index, direction);
            if self.cells[neighbour] != own {
                continue;
            }
            let head = self.chain_head[neighbour];
            if heads.contains(&head) {
                continue;
            }
            heads[direction] = head;
            let mut stone = neighbour;
            loop {
                if visit(stone) {
                    return;
                }
                stone = self.next_stone[stone] as usize;
                if stone == neighbour {
                    break;
                }
            }
        }
    }

    /// The pseudo-liberty count of the chain through `point` (stones only).
    fn pseudo_liberties_of(&self, point: usize) -> u16 {
        self.pseudo_liberties[self.chain_head[point] as usize]
    }

    /// The chain heads of the four neighbours of `point` (`NO_CHAIN` for empty and wall).
    #[inline]
    fn neighbour_heads(&self, point: usize) -> [u16; 4] {
        [0, 1, 2, 3].map(|direction| self.chain_head[self.neighbour(point, direction)])
    }

    /// For each entry of `heads`, how many entries equal it: the number of stones of that
    /// chain next to the point the heads were read around (six comparisons for all four).
    #[inline]
    fn contact_counts(heads: &[u16; 4]) -> [u16; 4] {
        let same = |first: usize, second: usize| u16::from(heads[first] == heads[second]);
        let (ab, ac, ad) = (same(0, 1), same(0, 2), same(0, 3));
        let (bc, bd, cd) = (same(1, 2), same(1, 3), same(2, 3));
        [
            1 + ab + ac + ad,
            1 + ab + bc + bd,
            1 + ac + bc + cd,
            1 + ad + bd + cd,
        ]
    }

    /// What a stone of `color` on the empty point `point` would do. The caller must make sure
    /// the point is empty.
    #[inline]
    pub fn placement(&self, color: Color, point: Point) -> Placement {
        let own = cell_of(color);
        let opponent = cell_of(color.opponent());
        let index = point.index();
        let heads = self.neighbour_heads(index);
        // A chain next to the point has it as a liberty; its only one when in atari here.
        let atari = self.atari_here(&heads);
        let mut has_liberty = self.neighbour_counts[index] >= EMPTY_COUNT_UNIT;
        let mut captures = false;
        let mut joins_own_chain = false;
        for (direction, &in_atari) in atari.iter().enumerate() {
            let cell = self.cells[self.neighbour(index, direction)];
            joins_own_chain |= cell == own;
            has_liberty |= cell == own && !in_atari;
            captures |= cell == opponent && in_atari;
        }
        Placement {
            captures,
            suicide: !has_liberty && !captures,
            joins_own_chain,
        }
    }

    /// The hash the board would have after `color` plays on the empty point `point`, with
    /// captures (and, for a suicide, the removal of the mover's own chain) applied.
    pub fn hash_after(&self, color: Color, point: Point) -> u64 {
        let placement = self.placement(color, point);
        let index = point.index();
        let own = cell_of(color);
        let mut hash = self.hash;
        let mut seen_heads = [u16::MAX; 4];
        if placement.suicide {
            // The new stone and every chain it joins leave the board.
            for direction in 0..4 {
                let neighbour = self.neighbour(index, direction);
                if self.cells[neighbour] == own {
                    let head = self.chain_head[neighbour];
                    if !seen_heads.contains(&head) {
                        seen_heads[direction] = head;
                        hash ^= self.chain_hash(neighbour);
                    }
                }
            }
            return hash;
        }
        hash ^= zobrist::STONE_KEYS[color.index()][index];
        let opponent = cell_of(color.opponent());
        let heads = self.neighbour_heads(index);
        let contacts = Board::contact_counts(&heads);
        for direction in 0..4 {
            let neighbour = self.neighbour(index, direction);
            if self.cells[neighbour] == opponent {
                let head = heads[direction];
                if !seen_heads.contains(&head)
                    && self.pseudo_liberties[head as usize] == contacts[direction]
                {
                    seen_heads[direction] = head;
                    hash ^= self.chain_hash(neighbour);
                }
            }
        }
        hash
    }

    /// The XOR of the keys of every stone in the chain through `point`.
    fn chain_hash(&self, point: usize) -> u64 {
        let color = self.cells[point] as usize - 1;
        let mut hash = 0;
        let mut stone = point;
        loop {
            hash ^= zobrist::STONE_KEYS[color][stone];
            stone = self.next_stone[stone] as usize;
            if stone == point {
                return hash;
            }
        }
    }

    /// How many of the four diagonal neighbours of `point` hold stones of `color`, and how many
    /// are off the board (0 in the middle, 2 on an edge, 3 in a corner).
    #[inline(always)]
    pub fn diagonal_counts(&self, color: Color, point: Point) -> (u32, u32) {
        let stone = cell_of(color);
        let index = point.index();
        let mut stones = 0;
        let mut off_board = 0;
        for offset in DIAGONAL_OFFSETS {
            let cell = self.cells[(index as isize + offset) as usize];
            stones += u32::from(cell == stone);
            off_board += u32::from(cell == WALL);
        }
        (stones, off_board)
    }

    /// Whether every chain next to the empty point `point` has it as its only liberty (true
    /// when no chain touches it).
    #[inline(always)]
    pub fn every_neighbour_chain_in_atari(&self, point: Point) -> bool {
        let heads = self.neighbour_heads(point.index());
        let in_atari = self.atari_here(&heads);
        (0..4).all(|direction| heads[direction] == NO_CHAIN || in_atari[direction])
    }

    /// Whether some chain next to the empty point `point` has it as its only liberty.
    #[inline(always)]
    pub fn any_neighbour_chain_in_atari(&self, point: Point) -> bool {
        let heads = self.neighbour_heads(point.index());
        self.atari_here(&heads).iter().any(|&atari| atari)
    }

    /// For each entry of `heads` (read around one point): whether it is a chain whose only
    /// liberty is that point. Computed without branches: a missing chain reads the pseudo-
    /// liberties of the last cell, a wall that never has any, and a wall never matches a
    /// contact count of one or more.
    #[inline]
    fn atari_here(&self, heads: &[u16; 4]) -> [bool; 4] {
        let contacts = Board::contact_counts(heads);
        [0, 1, 2, 3].map(|direction| {
            let head = (heads[direction] as usize).min(CELLS - 1);
            self.pseudo_liberties[head] == contacts[direction]
        })
    }

    /// Places a stone of `color` on the empty point `point`: joins chains, captures opposing
    /// chains left without liberties and, if the stone's own chain then has none, removes that
    /// chain too (a suicide, which only the caller can decide to allow). Updates the hash, the
    /// capture counts and the simple-ko point. Returns the number of opposing stones captured.
    pub fn play(&mut self, color: Color, point: Point) -> u32 {
        let index = point.index();
        debug_assert_eq!(self.cells[index], EMPTY, "play on an occupied point");
        let without_liberties = self.put_stone(color, index);

        let mut captured = 0;
        let mut captured_point = 0;
        for head in without_liberties {
            if head != NO_CHAIN {
                captured += self.remove_chain(head as usize);
                captured_point = head as usize;
            }
        }
        self.captured[color.index()] += captured;

        self.ko = None;
        if self.pseudo_liberties_of(index) == 0 {
            let lost = self.remove_chain(index);
            self.captured[color.opponent().index()] += lost;
        } else if captured == 1
            && self.chain_size[self.chain_head[index] as usize] == 1
            && self.pseudo_liberties[index] == 1
        {
            self.ko = Some((Point(captured_point as u16), color.opponent()));
        }
        captured
    }

    /// A pass: the board does not change, but any simple-ko ban ends.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Puts a setup stone (handicap, SGF `AB`/`AW`) on an empty point: like `play`, but it
    /// captures nothing and leaves no ko. The caller makes sure the point is empty; a setup
    /// stone whose chain has no liberty is left on the board as it is.
    pub fn place_setup_stone(&mut self, color: Color, point: Point) {
        let index = point.index();
        debug_assert_eq!(self.cells[index], EMPTY, "setup stone on an occupied point");
        // A setup stone captures nothing, even an opposing chain it leaves without liberties.
        let _ = self.put_stone(color, index);
        self.ko = None;
    }

    /// Puts a stone on the empty point `index`: takes the point from the neighbours' liberties
    /// and counts, and makes the stone a chain of its own or adds it to the largest
    /// neighbouring chain of its colour, merging any other such chains into that one. Returns
    /// the heads of the opposing chains left without liberties (`NO_CHAIN` elsewhere), each
    /// once.
    #[inline]
    #[must_use]
    fn put_stone(&mut self, color: Color, index: usize) -> [u16; 4] {
        let own = cell_of(color);
        let counts = self.neighbour_counts[index];
        let liberties = (counts / EMPTY_COUNT_UNIT) & COUNT_MASK;
        let own_neighbours = (counts / STONE_COUNT_UNIT[color.index()]) & COUNT_MASK;
        self.remove_empty(index);
        self.cells[index] = own;
        self.stones[color.index()] += 1;
        self.hash ^= zobrist::STONE_KEYS[color.index()][index];
        let stone_delta = STONE_COUNT_UNIT[color.index()].wrapping_sub(EMPTY_COUNT_UNIT);
        let mut own_heads = [NO_CHAIN; 4];
        let mut without_liberties = [NO_CHAIN; 4];
        // The new stone's own pseudo-liberties: its empty neighbours' indices and squares.
        let (mut sum, mut square_sum) = (0u32, 0u32);
        for direction in 0..4 {
            let neighbour = self.neighbour(index, direction);
            self.neighbour_counts[neighbour] =
                self.neighbour_counts[neighbour].wrapping_add(stone_delta);
            if self.cells[neighbour] == EMPTY {
                sum += neighbour as u32;
                square_sum += (neighbour * neighbour) as u32;
            }
            let head = self.chain_head[neighbour];
            if head != NO_CHAIN {
                self.take_pseudo_liberty(head as usize, index);
                if self.cells[neighbour] == own {
                    own_heads[direction] = head;
                } else if self.pseudo_liberties[head as usize] == 0 {
                    // The last contact with this chain took its last liberty.
                    without_liberties[direction] = head;
                }
            }
        }
        if own_neighbours == 0 {
            self.chain_head[index] = index as u16;
            self.next_stone[index] = index as u16;
            self.chain_size[index] = 1;
            self.pseudo_liberties[index] = liberties;
            self.liberty_sums[index] = sum;
            self.liberty_square_sums[index] = square_sum;
            return without_liberties;
        }
        // Join the largest neighbouring chain of our colour and merge the others into it.
        let mut keep = NO_CHAIN;
        if own_neighbours == 1 {
            for &head in &own_heads {
                keep = keep.min(head);
            }
        } else {
            for &head in &own_heads {
                if head != NO_CHAIN
                    && (keep == NO_CHAIN
                        || self.chain_size[head as usize] > self.chain_size[keep as usize])
                {
                    keep = head;
                }
            }
        }
        let keep = keep as usize;
        self.chain_head[index] = keep as u16;
        self.next_stone[index] = self.next_stone[keep];
        self.next_stone[keep] = index as u16;
        self.chain_size[keep] += 1;
        self.pseudo_liberties[keep] += liberties;
        self.liberty_sums[keep] += sum;
        self.liberty_square_sums[keep] += square_sum;
        if own_neighbours > 1 {
            for &head in &own_heads {
                if head != NO_CHAIN && self.chain_head[head as usize] != keep as u16 {
                    self.merge_chains(keep, head as usize);
                }
            }
        }
        without_liberties
    }

    /// Removes the chain through `point` from the board (a capture, or a dead chain taken off
    /// at the end), without crediting anyone. Returns the number of stones removed.
    pub fn remove_chain_at(&mut self, point: Point) -> u32 {
        if self.get(point).is_none() {
            return 0;
        }
        self.remove_chain(point.index())
    }

    /// Joins the chain through `second` into the chain through `first`; the larger chain keeps
    /// its head.
    fn merge_chains(&mut self, first: usize, second: usize) {
        let mut keep = self.chain_head[first] as usize;
        let mut absorb = self.chain_head[second] as usize;
        if self.chain_size[keep] < self.chain_size[absorb] {
            std::mem::swap(&mut keep, &mut absorb);
        }
        self.pseudo_liberties[keep] += self.pseudo_liberties[absorb];
        self.liberty_sums[keep] += self.liberty_sums[absorb];
        self.liberty_square_sums[keep] += self.liberty_square_sums[absorb];
        self.chain_size[keep] += self.chain_size[absorb];
        let mut stone = absorb;
        loop {
            self.chain_head[stone] = keep as u16;
            stone = self.next_stone[stone] as usize;
            if stone == absorb {
                break;
            }
        }
        // Splice the two rings: keep → (absorb's ring) → keep's old next.
        self.next_stone.swap(keep, absorb);
    }

    /// Takes every stone of the chain through `point` off the board and gives the freed
    /// points back as liberties to the chains next to them. Returns the number of stones.
    fn remove_chain(&mut self, point: usize) -> u32 {
        let color = self.cells[point] as usize - 1;
        let empty_delta = EMPTY_COUNT_UNIT.wrapping_sub(STONE_COUNT_UNIT[color]);
        let removed_head = self.chain_head[point];
        let size = self.chain_size[removed_head as usize] as u32;
        self.stones[color] -= size;
        let mut stone = point;
        loop {
            let next = self.next_stone[stone] as usize;
            self.cells[stone] = EMPTY;
            self.chain_head[stone] = NO_CHAIN;
            self.hash ^= zobrist::STONE_KEYS[color][stone];
            self.add_empty(stone);
            for direction in 0..4 {
                let neighbour = self.neighbour(stone, direction);
                self.neighbour_counts[neighbour] =
                    self.neighbour_counts[neighbour].wrapping_add(empty_delta);
                // Every remaining stone next to the freed point gains a pseudo-liberty; stones
                // of the chain being removed are skipped (those already gone have no chain).
                let head = self.chain_head[neighbour];
                if head != NO_CHAIN && head != removed_head {
                    self.give_pseudo_liberty(head as usize, stone);
                }
            }
            stone = next;
            if stone == point {
                break;
            }
        }
        size
    }

    /// Takes the pair of one stone of the chain headed by `head` and its empty neighbour
    /// `liberty` (about to be filled) from the chain's pseudo-liberties.
    #[inline]
    fn take_pseudo_liberty(&mut self, head: usize, liberty: usize) {
        self.pseudo_liberties[head] -= 1;
        self.liberty_sums[head] -= liberty as u32;
        self.liberty_square_sums[head] -= (liberty * liberty) as u32;
    }

    /// Gives the chain headed by `head` the pair of one of its stones and the point `liberty`,
    /// just emptied.
    #[inline]
    fn give_pseudo_liberty(&mut self, head: usize, liberty: usize) {
        self.pseudo_liberties[head] += 1;
        self.liberty_sums[head] += liberty as u32;
        self.liberty_square_sums[head] += (liberty * liberty) as u32;
    }

    #[inline]
    fn remove_empty(&mut self, index: usize) {
        let slot = self.empty_index[index] as usize;
        self.empty_count -= 1;
        let last = self.empty_points[self.empty_count];
        self.empty_points[slot] = last;
        self.empty_index[last as usize] = slot as u16;
    }

    #[inline]
    fn add_empty(&mut self, index: usize) {
        self.empty_index[index] = self.empty_count as u16;
        self.empty_points[self.empty_count] = index as u16;
        self.empty_count += 1;
    }

    /// Exchanges two entries of the empty-point list (whose order carries no meaning).
    #[inline]
    pub fn swap_empty_slots(&mut self, first: usize, second: usize) {
        let first_point = self.empty_points[first];
        let second_point = self.empty_points[second];
        self.empty_points[first] = second_point;
        self.empty_points[second] = first_point;
        self.empty_index[first_point as usize] = second as u16;
        self.empty_index[second_point as usize] = first as u16;
    }

    /// The empty point at position `slot` of the empty-point list (0 ≤ slot < empty_count).
    #[inline]
    pub fn empty_point(&self, slot: usize) -> Point {
        Point(self.empty_points[slot])
    }

    /// Checks every incremental structure against a recomputation from the stones alone
    /// (chains by flood fill, liberties, empty list, hash). For tests; returns what differs.
    pub fn verify(&self) -> Result<(), String> {
        let mut hash = 0;
        let mut empty = 0;
        for point in self.points() {
            let index = point.index();
            self.verify_neighbour_counts(index)?;
            match self.get(point) {
                None => {
                    empty += 1;
                    self.verify_empty_point(index)?;
                }
                Some(color) => {
                    hash ^= zobrist::STONE_KEYS[color.index()][index];
                    self.verify_chain_through(point)?;
                }
            }
        }
        if self.pseudo_liberties[CELLS - 1] != 0 {
            return Err("the last cell, read for missing chains, has pseudo-liberties".to_string());
        }
        if empty != self.empty_count {
            return Err(format!(
                "{} empty points listed, {empty} counted",
                self.empty_count
            ));
        }
        if hash != self.hash {
            return Err("hash differs from the recomputed hash".to_string());
        }
        Ok(())
    }

    /// `verify`: the neighbour counts of the cell at `index`, recounted.
    fn verify_neighbour_counts(&self, index: usize) -> Result<(), String> {
        let mut counts = 0;
        for direction in 0..4 {
            counts += match self.cells[self.neighbour(index, direction)] {
                EMPTY => EMPTY_COUNT_UNIT,
                BLACK => STONE_COUNT_UNIT[0],
                WHITE => STONE_COUNT_UNIT[1],
                _ => 0,
            };
        }
        if counts != self.neighbour_counts[index] {
            return Err(format!("neighbour counts of {index} are wrong"));
        }
        Ok(())
    }

    /// `verify`: the empty point at `index` has no chain and is in the empty list.
    fn verify_empty_point(&self, index: usize) -> Result<(), String> {
        if self.chain_head[index] != NO_CHAIN {
            return Err(format!("empty point {index} has a chain"));
        }
        let slot = self.empty_index[index] as usize;
        if slot >= self.empty_count || self.empty_points[slot] as usize != index {
            return Err(format!("empty point {index} missing from the empty list"));
        }
        Ok(())
    }

    /// `verify`: the chain through the stone at `point`, flood filled, has one head, its ring,
    /// its size and its pseudo-liberties as recorded, and at least one liberty.
    fn verify_chain_through(&self, point: Point) -> Result<(), String> {
        let index = point.index();
        let mut chain = vec![index];
        let mut todo = vec![index];
        while let Some(stone) = todo.pop() {
            for direction in 0..4 {
                let neighbour = self.neighbour(stone, direction);
                if self.cells[neighbour] == self.cells[index] && !chain.contains(&neighbour) {
                    chain.push(neighbour);
                    todo.push(neighbour);
                }
            }
        }
        let head = self.chain_head[index];
        if chain.iter().any(|&stone| self.chain_head[stone] != head) {
            return Err(format!("chain through {index} has several heads"));
        }
        if self.chain(point).len() != chain.len() {
            return Err(format!("chain ring through {index} has wrong length"));
        }
        if self.chain_size[head as usize] as usize != chain.len() {
            return Err(format!("chain size through {index} is wrong"));
        }
        let mut pseudo = 0;
        for &stone in &chain {
            for direction in 0..4 {
                if self.cells[self.neighbour(stone, direction)] == EMPTY {
                    pseudo += 1;
                }
            }
        }
        if self.pseudo_liberties[head as usize] != pseudo {
            return Err(format!(
                "chain through {index}: {} pseudo-liberties recorded, {pseudo} counted",
                self.pseudo_liberties[head as usize]
            ));
        }
        // Recounted from the flood-filled chain, pair by pair.
        let (mut sum, mut square_sum) = (0u32, 0u32);
        for &stone in &chain {
            for direction in 0..4 {
                let liberty = self.neighbour(stone, direction);
                if self.cells[liberty] == EMPTY {
                    sum += liberty as u32;
                    square_sum += (liberty * liberty) as u32;
                }
            }
        }
        let head = head as usize;
        if self.liberty_sums[head] != sum || self.liberty_square_sums[head] != square_sum {
            return Err(format!("chain through {index}: liberty sums are wrong"));
        }
        if pseudo == 0 {
            return Err(format!("chain through {index} has no liberty"));
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Builds a board from an ASCII diagram, top row first: `X` black, `O` white, `.` or `+`
    /// empty; spaces are ignored. The stones are placed as setup stones.
    pub(crate) fn diagram(text: &str) -> Board {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|line| {
                line.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<_>>()
            })
            .filter(|row| !row.is_empty())
            .collect();
        let size = rows.len();
        let mut board = Board::new(size).expect("diagram size");
        for (row_from_top, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), size, "diagram rows must be square");
            for (x, symbol) in row.iter().enumerate() {
                let y = size - 1 - row_from_top;
                let point = board.point(x, y).unwrap();
                match symbol {
                    'X' => board.place_setup_stone(Color::Black, point),
                    'O' => board.place_setup_stone(Color::White, point),
                    _ => {}
                }
            }
        }
        board
    }

    /// The point named like a GTP vertex ("D4") on `board`.
    pub(crate) fn at(board: &Board, name: &str) -> Point {
        let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let x = letters.find(name.chars().next().unwrap()).unwrap();
        let y: usize = name[1..].parse().unwrap();
        board.point(x, y - 1).unwrap()
    }

    #[test]
    fn a_lone_stone_has_four_liberties_in_the_centre_three_on_the_edge_two_in_the_corner() {
        let board = diagram(
            "
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            X . . X .",
        );
        assert_eq!(board.liberties(at(&board, "C3")).len(), 4);
        assert_eq!(board.liberties(at(&board, "D1")).len(), 3);
        assert_eq!(board.liberties(at(&board, "A1")).len(), 2);
        board.verify().unwrap();
    }

    #[test]
    fn stones_touching_along_lines_form_one_chain_and_share_liberties_once() {
        // docs/rules.md §2.3: black D4, E4, D5 form one chain with 7 liberties.
        let mut board = Board::new(9).unwrap();
        for name in ["D4", "E4", "D5"] {
            let point = at(&board, name);
            board.play(Color::Black, point);
        }
        assert_eq!(board.chain(at(&board, "E4")).len(), 3);
        assert_eq!(board.liberties(at(&board, "D4")).len(), 7);
        board.verify().unwrap();
    }

    #[test]
    fn diagonal_contact_does_not_connect() {
        let board = diagram(
            "
            . . .
            . X .
            X . .",
        );
        assert_eq!(board.chain(at(&board, "B2")).len(), 1);
    }

    #[test]
    fn filling_the_last_liberty_captures_every_stone_of_the_chain() {
        // docs/rules.md §2.5: white D4 E4; black C4 D3 E3 F4 D5; black E5 captures both.
        let mut board = Board::new(9).unwrap();
        for name in ["D4", "E4"] {
            let point = at(&board, name);
            board.play(Color::White, point);
        }
        for name in ["C4", "D3", "E3", "F4", "D5"] {
            let point = at(&board, name);
            board.play(Color::Black, point);
        }
        let e5 = at(&board, "E5");
        assert!(board.placement(Color::Black, e5).captures);
        assert_eq!(board.play(Color::Black, e5), 2);
        assert_eq!(board.captured_by(Color::Black), 2);
        assert_eq!(board.get(at(&board, "D4")), None);
        assert_eq!(board.get(at(&board, "E4")), None);
        board.verify().unwrap();
    }

    #[test]
    fn placement_sees_suicide_only_after_captures() {
        // docs/rules.md §2.6: white B1 and A2, black C1 B2 A3.
        let board = diagram(
            "
            . . . .
            X . . .
            O X . .
            . O X .",
        );
        let a1 = at(&board, "A1");
        let black = board.placement(Color::Black, a1);
        assert!(black.captures && !black.suicide);
        let white = board.placement(Color::White, a1);
        assert!(white.suicide && white.joins_own_chain && !white.captures);
    }

    #[test]
    fn a_single_stone_capturing_a_single_stone_sets_the_ko_point() {
        let mut board = diagram(
            "
            . . . . .
            . . . . .
            . X O . .
            X O . O .
            . X O . .",
        );
        let c2 = at(&board, "C2");
        assert_eq!(board.play(Color::Black, c2), 1);
        assert_eq!(board.ko(), Some((at(&board, "B2"), Color::White)));
        board.pass();
        assert_eq!(board.ko(), None);
        board.verify().unwrap();
    }

    #[test]
    fn hash_after_predicts_the_hash_of_captures_and_suicides() {
        let board = diagram(
            "
            . . . .
            X . . .
            O X . .
            . O X .",
        );
        let a1 = at(&board, "A1");
        for color in Color::BOTH {
            let mut played = board.clone();
            let predicted = played.hash_after(color, a1);
            played.play(color, a1);
            assert_eq!(predicted, played.hash(), "{color:?}");
            played.verify().unwrap();
        }
    }

    /// Random positions of many sizes: the incremental board after light-playout moves (every
    /// move up to 9×9, every 23rd on larger boards, to keep the tests quick), and the end.
    pub(crate) fn random_positions(sizes: &[usize], mut visit: impl FnMut(&Board, Color)) {
        use rand::SeedableRng;
        use rand::rngs::Xoshiro256PlusPlus;
        let mut random = Xoshiro256PlusPlus::seed_from_u64(21);
        for &size in sizes {
            let mut board = Board::new(size).unwrap();
            let mut moves = 0;
            crate::playout::playout_watched(
                crate::playout::Policy::Light,
                &mut board,
                Color::Black,
                &mut random,
                |board, color| {
                    if size <= 9 || moves % 23 == 0 {
                        visit(board, color);
                    }
                    moves += 1;
                },
            );
            let last = if moves % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            visit(&board, last);
        }
    }

    #[test]
    fn a_chain_whose_stones_all_touch_one_empty_point_is_in_atari_there() {
        // Black's seven stones at the bottom left touch one empty point, B2, from four sides;
        // Black's A5 has one liberty, B5. White's chains have three liberties and more.
        let board = diagram(
            "
            X . . . .
            O O O . .
            X X O . .
            X . X O .
            X X X O .",
        );
        let atari = |name: &str| board.atari_liberty(at(&board, name));
        assert_eq!(atari("A1"), Some(at(&board, "B2")));
        assert_eq!(atari("B3"), Some(at(&board, "B2")));
        assert_eq!(atari("A5"), Some(at(&board, "B5")));
        assert_eq!(atari("C3"), None);
        assert_eq!(atari("D1"), None);
        assert_eq!(atari("B2"), None);
        board.verify().unwrap();
    }

    #[test]
    fn the_atari_liberty_read_from_the_sums_is_the_one_a_walk_of_the_chain_finds() {
        random_positions(&[2, 3, 5, 7, 9, 13, 19, 25], |board, _| {
            for point in board.points() {
                if board.get(point).is_none() {
                    assert_eq!(board.atari_liberty(point), None);
                    continue;
                }
                let liberties = board.liberties(point);
                let walked = (liberties.len() == 1).then(|| liberties[0]);
                assert_eq!(board.atari_liberty(point), walked, "{board:?}");
            }
        });
    }

    #[test]
    fn placement_agrees_with_playing_the_move_on_a_copy() {
        random_positions(&[2, 3, 4, 5, 7, 9], |board, _| {
            for point in board.empty_points() {
                for color in Color::BOTH {
                    let placement = board.placement(color, point);
                    let mut copy = board.clone();
                    let captured = copy.play(color, point);
                    assert_eq!(placement.captures, captured > 0);
                    assert_eq!(placement.suicide, copy.get(point).is_none());
                    assert_eq!(board.hash_after(color, point), copy.hash());
                    copy.verify().unwrap();
                }
            }
        });
    }

    #[test]
    fn copy_from_makes_an_equal_board_across_sizes() {
        let mut target = Board::new(25).unwrap();
        random_positions(&[2, 5, 9, 13, 25], |board, _| {
            target.copy_from(board);
            assert_eq!(&target, board);
            target.verify().unwrap();
            assert_eq!(target.stone_counts(), board.stone_counts());
        });
    }

    #[test]
    fn swapping_empty_slots_keeps_the_empty_list_consistent() {
        let mut board = diagram(
            "
            . X .
            O . .
            . . X",
        );
        let count = board.empty_count();
        board.swap_empty_slots(0, count - 1);
        board.swap_empty_slots(1, 2);
        board.verify().unwrap();
        let mut points: Vec<Point> = board.empty_points().collect();
        points.sort();
        assert_eq!(points.len(), 6);
    }

    #[test]
    fn chain_head_and_size_describe_the_chain_through_a_stone() {
        let board = diagram(
            "
            . . . . .
            . X X . .
            . X O . .
            . . O . .
            . . . . .",
        );
        let b4 = at(&board, "B4");
        assert_eq!(board.chain_size(b4), 3);
        assert_eq!(board.chain_head(b4), board.chain_head(at(&board, "C4")));
        assert_ne!(board.chain_head(b4), board.chain_head(at(&board, "C3")));
        assert_eq!(board.chain_size(at(&board, "C2")), 2);
        assert_eq!(board.chain_size(at(&board, "A1")), 0);
    }

    #[test]
    fn liberties_after_counts_the_joined_chain_s_distinct_liberties_up_to_a_limit() {
        // Black B3 would join B4, A3 and B2 into a chain with the liberties A4, A2 and B1.
        let board = diagram(
            "
            . X O .
            X . O .
            . X O .
            . . . .",
        );
        let b3 = at(&board, "B3");
        assert_eq!(board.liberties_after(Color::Black, b3, 8), 3);
        assert_eq!(board.liberties_after(Color::Black, b3, 2), 2);
        // White B3 would join the C column: D4, D3, D2, C1 and nothing else (B3's own
        // neighbours are black).
        assert_eq!(board.liberties_after(Color::White, b3, 8), 4);
        // A lone stone in the corner: two liberties.
        assert_eq!(board.liberties_after(Color::White, at(&board, "D1"), 8), 2);
    }

    #[test]
    fn liberties_after_agrees_with_playing_a_move_that_captures_nothing() {
        random_positions(&[2, 3, 4, 5, 7, 9, 13, 19], |board, _| {
            for point in board.empty_points() {
                for color in Color::BOTH {
                    if board.placement(color, point).captures {
                        continue;
                    }
                    let mut copy = board.clone();
                    copy.play(color, point);
                    let played = if copy.get(point).is_some() {
                        copy.liberties(point).len()
                    } else {
                        0
                    };
                    for limit in 1..=8 {
                        let counted = board.liberties_after(color, point, limit);
                        assert_eq!(counted, played.min(limit), "{color:?} {point:?} {board:?}");
                    }
                }
            }
        });
    }

    #[test]
    fn liberties_after_reads_a_joined_chain_s_other_liberties_none_one_or_several() {
        //   4 . . . .    White B2-C2 has the liberties B1 and C1 only. White B1 joins it:
        //   3 X X X .    its own empty neighbours A1 and C1, and the chain's one other
        //   2 X O O X    liberty, C1 again: two in all.
        //   1 . . . .
        let board = diagram(
            "
            . . . .
            X X X .
            X O O X
            . . . .",
        );
        let b1 = at(&board, "B1");
        assert_eq!(board.liberties_after(Color::White, b1, 8), 2);
        assert_eq!(board.liberties_after(Color::White, b1, 1), 1);
        //   4 . . . .    With Black on C1 the chain's only liberty is B1: White B1 has A1.
        //   3 X X X .
        //   2 X O O X
        //   1 . . X .
        let mut atari = board.clone();
        atari.play(Color::Black, at(&board, "C1"));
        assert_eq!(atari.liberties_after(Color::White, b1, 8), 1);
        //   4 . . . .    Black B3 joins A2-A3 (liberties A1, A4 besides B3) and C3 (C4, D3
        //   3 X . X .    besides B3), and has its own empty neighbour B4: five in all.
        //   2 X O O X
        //   1 . . . .
        let several = diagram(
            "
            . . . .
            X . X .
            X O O X
            . . . .",
        );
        let b3 = at(&several, "B3");
        assert_eq!(several.liberties_after(Color::Black, b3, 8), 5);
        assert_eq!(several.liberties_after(Color::Black, b3, 3), 3);
    }

    #[test]
    fn opposing_chains_after_counts_the_distinct_chains_the_new_chain_would_touch() {
        let board = diagram(
            "
            . X O .
            X . O .
            O X O .
            . . . .",
        );
        let b3 = at(&board, "B3");
        // Black B3 joins B4, A3 and B2, which touch the white C column and A2.
        assert_eq!(board.opposing_chains_after(Color::Black, b3, 4), 2);
        assert_eq!(board.opposing_chains_after(Color::Black, b3, 1), 1);
        // White B3 touches three black chains: B4, A3 and B2.
        assert_eq!(board.opposing_chains_after(Color::White, b3, 4), 3);
        assert_eq!(
            board.opposing_chains_after(Color::White, at(&board, "D1"), 4),
            0
        );
    }
}
