//! MoGo's 3×3 playout patterns: shapes around an empty point that make it a good local reply
//! (hane, cuts, the diagonal attachment, edge moves), matched in every rotation, reflection
//! and colour swap by one lookup of the point's neighbourhood code in a precomputed table.
//! Knows only the board's neighbourhood encoding (`Board::neighbourhood`), not the rules.
//!
//! The shapes are those described by Gelly, Wang, Munos and Teytaud, "Modification of UCT
//! with patterns in Monte-Carlo Go" (INRIA RR-6062, 2006), plus the "cut keima" that later
//! engines added, written here in our own notation.

use std::sync::OnceLock;

use crate::board::{Board, Point};

/// The kinds of 3×3 pattern, each with its shape drawn around the candidate point `*` (top
/// row first). `X` and `O` are stones of the two colours (either way round: the colour swap
/// matches too), `.` empty, `#` off the board, `?` anything, `x` anything but an `X` stone,
/// `o` anything but an `O` stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternKind {
    /// Hane that encloses: `XOX / .*. / ???`.
    EnclosingHane,
    /// Hane that does not cut: `XO. / .*. / ?.?`.
    NonCuttingHane,
    /// Magari (turning around a stone): `XO? / X*. / x.?`.
    Magari,
    /// The diagonal attachment (katatsuke): `.O. / X*. / ...`.
    DiagonalAttachment,
    /// A cut nobody protects: `XO? / O*o / ?o?`.
    UnprotectedCut,
    /// A cut the opponent has peeped at: `XO? / O*X / ???`.
    PeepedCut,
    /// Pushing out between two stones (de): `?X? / O*O / ooo`.
    Pushout,
    /// The cut of a knight's-move connection: `OX? / o*O / ???`.
    CutKeima,
    /// On the edge, chasing along it: `X.? / O*? / ###`.
    EdgeChase,
    /// On the edge, blocking the cut under a stone: `OX? / X*O / ###`.
    EdgeBlockCut,
    /// On the edge, blocking the connection along it: `?X? / x*O / ###`.
    EdgeBlockConnection,
    /// On the edge, descending (sagari): `?XO / x*x / ###`.
    EdgeSagari,
    /// On the edge, cutting along it: `?OX / X*O / ###`.
    EdgeCut,
}

impl PatternKind {
    /// Every kind, in declaration order.
    pub const ALL: [PatternKind; 13] = [
        PatternKind::EnclosingHane,
        PatternKind::NonCuttingHane,
        PatternKind::Magari,
        PatternKind::DiagonalAttachment,
        PatternKind::UnprotectedCut,
        PatternKind::PeepedCut,
        PatternKind::Pushout,
        PatternKind::CutKeima,
        PatternKind::EdgeChase,
        PatternKind::EdgeBlockCut,
        PatternKind::EdgeBlockConnection,
        PatternKind::EdgeSagari,
        PatternKind::EdgeCut,
    ];

    /// The shape, three rows of three symbols, top row first, centre `*`.
    pub fn shape(self) -> [&'static str; 3] {
        match self {
            PatternKind::EnclosingHane => ["XOX", ".*.", "???"],
            PatternKind::NonCuttingHane => ["XO.", ".*.", "?.?"],
            PatternKind::Magari => ["XO?", "X*.", "x.?"],
            PatternKind::DiagonalAttachment => [".O.", "X*.", "..."],
            PatternKind::UnprotectedCut => ["XO?", "O*o", "?o?"],
            PatternKind::PeepedCut => ["XO?", "O*X", "???"],
            PatternKind::Pushout => ["?X?", "O*O", "ooo"],
            PatternKind::CutKeima => ["OX?", "o*O", "???"],
            PatternKind::EdgeChase => ["X.?", "O*?", "###"],
            PatternKind::EdgeBlockCut => ["OX?", "X*O", "###"],
            PatternKind::EdgeBlockConnection => ["?X?", "x*O", "###"],
            PatternKind::EdgeSagari => ["?XO", "x*x", "###"],
            PatternKind::EdgeCut => ["?OX", "X*O", "###"],
        }
    }
}

/// The grid positions (row-major, top row first) of the eight neighbourhood slots, in the
/// order of `Board::neighbourhood`.
const SLOT_POSITIONS: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

/// The eight symmetries of a shape (four rotations, each also reflected), row-major.
fn symmetries(shape: [&str; 3]) -> Vec<[u8; 9]> {
    let mut grid = [0u8; 9];
    for (row, text) in shape.iter().enumerate() {
        for (column, symbol) in text.bytes().enumerate() {
            grid[row * 3 + column] = symbol;
        }
    }
    let rotate = |g: [u8; 9]| {
        let mut turned = [0u8; 9];
        for row in 0..3 {
            for column in 0..3 {
                turned[row * 3 + column] = g[(2 - column) * 3 + row];
            }
        }
        turned
    };
    let reflect = |g: [u8; 9]| {
        let mut mirrored = [0u8; 9];
        for row in 0..3 {
            for column in 0..3 {
                mirrored[row * 3 + column] = g[row * 3 + 2 - column];
            }
        }
        mirrored
    };
    let mut all = Vec::with_capacity(8);
    for start in [grid, reflect(grid)] {
        let mut g = start;
        for _ in 0..4 {
            all.push(g);
            g = rotate(g);
        }
    }
    all
}

/// Whether the cell value (0 empty, 1 black, 2 white, 3 off the board) fits the symbol, with
/// `X` standing for `x_stone` (1 or 2).
fn fits(symbol: u8, cell: u16, x_stone: u16) -> bool {
    let o_stone = 3 - x_stone;
    match symbol {
        b'X' => cell == x_stone,
        b'O' => cell == o_stone,
        b'.' => cell == 0,
        b'#' => cell == 3,
        b'x' => cell != x_stone,
        b'o' => cell != o_stone,
        _ => true,
    }
}

/// The kinds whose shape fits the neighbourhood code `code` in some symmetry and colour
/// order, as a bit set (bit i for `PatternKind::ALL[i]`). Checks every shape directly, with
/// no table: the reference the table is built from and tested against.
pub fn kinds_matching(code: u16) -> u16 {
    static SHAPES: OnceLock<Vec<Vec<[u8; 9]>>> = OnceLock::new();
    let shapes = SHAPES.get_or_init(|| {
        PatternKind::ALL
            .iter()
            .map(|kind| symmetries(kind.shape()))
            .collect()
    });
    let mut kinds = 0;
    for (bit, variants) in shapes.iter().enumerate() {
        let found = variants.iter().any(|grid| {
            [1, 2].iter().any(|&x_stone| {
                SLOT_POSITIONS.iter().enumerate().all(|(slot, &position)| {
                    fits(grid[position], (code >> (2 * slot)) & 3, x_stone)
                })
            })
        });
        if found {
            kinds |= 1 << bit;
        }
    }
    kinds
}

/// The set of neighbourhood codes around which some pattern matches: one bit per code.
pub struct PatternTable {
    bits: [u64; 1024],
}

impl PatternTable {
    /// Whether some pattern matches around a point with this neighbourhood code.
    #[inline]
    pub fn matches_code(&self, code: u16) -> bool {
        self.bits[(code >> 6) as usize] >> (code & 63) & 1 != 0
    }

    /// Whether some pattern matches around the empty point `point` of `board`.
    #[inline]
    pub fn matches(&self, board: &Board, point: Point) -> bool {
        self.matches_code(board.neighbourhood(point))
    }

    fn build() -> PatternTable {
        let mut table = PatternTable { bits: [0; 1024] };
        for kind in PatternKind::ALL {
            for grid in symmetries(kind.shape()) {
                for x_stone in [1, 2] {
                    table.add_expansions(&grid, x_stone, 0, 0);
                }
            }
        }
        table
    }

    /// Sets the bit of every code that fits `grid` from neighbourhood slot `slot` on, the
    /// slots before it already chosen in `code`.
    fn add_expansions(&mut self, grid: &[u8; 9], x_stone: u16, slot: usize, code: u16) {
        if slot == 8 {
            self.bits[(code >> 6) as usize] |= 1 << (code & 63);
            return;
        }
        for cell in 0..4u16 {
            if fits(grid[SLOT_POSITIONS[slot]], cell, x_stone) {
                self.add_expansions(grid, x_stone, slot + 1, code | cell << (2 * slot));
            }
        }
    }
}

/// The pattern table, built on first use (a fraction of a millisecond).
pub fn table() -> &'static PatternTable {
    static TABLE: OnceLock<PatternTable> = OnceLock::new();
    TABLE.get_or_init(PatternTable::build)
}

/// The kinds of pattern that match around the empty point `point` (a bit set over
/// `PatternKind::ALL`), found without the table: for tests and diagnostics.
pub fn kinds_at(board: &Board, point: Point) -> u16 {
    kinds_matching(board.neighbourhood(point))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    fn kinds(board: &Board, name: &str) -> Vec<PatternKind> {
        let bits = kinds_at(board, at(board, name));
        PatternKind::ALL
            .iter()
            .enumerate()
            .filter(|(bit, _)| bits >> bit & 1 != 0)
            .map(|(_, &kind)| kind)
            .collect()
    }

    /// Asserts that the pattern `kind` matches around `centre` of the diagram, both directly
    /// and in the table.
    fn assert_matches(kind: PatternKind, text: &str, centre: &str) {
        let board = diagram(text);
        let point = at(&board, centre);
        assert!(
            kinds(&board, centre).contains(&kind),
            "{kind:?} should match around {centre}: {:?}",
            kinds(&board, centre)
        );
        assert!(table().matches(&board, point));
    }

    #[test]
    fn each_hane_shape_matches() {
        assert_matches(
            PatternKind::EnclosingHane,
            "
            . . . . .
            . X O X .
            . . . . .
            . . . . .
            . . . . .",
            "C3",
        );
        assert_matches(
            PatternKind::NonCuttingHane,
            "
            . . . . .
            . X O . .
            . . . . .
            . . . . .
            . . . . .",
            "C3",
        );
        assert_matches(
            PatternKind::Magari,
            "
            . . . . .
            . X O . .
            . X . . .
            . . . . .
            . . . . .",
            "C3",
        );
        assert_matches(
            PatternKind::DiagonalAttachment,
            "
            . . . . .
            . . O . .
            . X . . .
            . . . . .
            . . . . .",
            "C3",
        );
    }

    #[test]
    fn each_cut_shape_matches() {
        assert_matches(
            PatternKind::UnprotectedCut,
            "
            . . . . .
            . X O . .
            . O . . .
            . . . . .
            . . . . .",
            "C3",
        );
        assert_matches(
            PatternKind::PeepedCut,
            "
            . . . . .
            . X O . .
            . O . X .
            . . . . .
            . . . . .",
            "C3",
        );
        assert_matches(
            PatternKind::Pushout,
            "
            . . . . .
            . . X . .
            . O . O .
            . . . . .
            . . . . .",
            "C3",
        );
        assert_matches(
            PatternKind::CutKeima,
            "
            . . . . .
            . O X . .
            . . . O .
            . . . . .
            . . . . .",
            "C3",
        );
    }

    #[test]
    fn each_edge_shape_matches_on_the_first_line() {
        let shapes = [
            (PatternKind::EdgeChase, ". X . . .", ". O . . ."),
            (PatternKind::EdgeBlockCut, ". O X . .", ". X . O ."),
            (PatternKind::EdgeBlockConnection, ". . X . .", ". . . O ."),
            (PatternKind::EdgeSagari, ". . X O .", ". . . . ."),
            (PatternKind::EdgeCut, ". . O X .", ". X . O ."),
        ];
        for (kind, second_line, first_line) in shapes {
            let text = format!(". . . . .\n. . . . .\n. . . . .\n{second_line}\n{first_line}");
            assert_matches(kind, &text, "C1");
        }
    }

    #[test]
    fn shapes_match_turned_mirrored_and_with_colours_swapped() {
        // The enclosing hane turned a quarter and with the colours swapped: O X O down the
        // right-hand column.
        assert_matches(
            PatternKind::EnclosingHane,
            "
            . . . . .
            . . . O .
            . . . X .
            . . . O .
            . . . . .",
            "C3",
        );
        // The edge chase turned onto the left edge: O above the point, X beside that.
        assert_matches(
            PatternKind::EdgeChase,
            "
            . . . . .
            O X . . .
            . . . . .
            . . . . .
            . . . . .",
            "A3",
        );
    }

    #[test]
    fn shapes_that_are_no_pattern_do_not_match() {
        let board = diagram(
            "
            . . . . . . .
            . X . . . . .
            . . . . X X .
            . . . . . . .
            . O . . . . .
            . . . X . . .
            . . . . . . .",
        );
        // An empty neighbourhood; a lone stone beside the point; a solid connection; stones
        // two lines away.
        for centre in ["F1", "B6", "E5", "D5"] {
            assert_eq!(kinds(&board, centre), Vec::new(), "around {centre}");
            assert!(
                !table().matches(&board, at(&board, centre)),
                "around {centre}"
            );
        }
        // The hane shape with the stones one colour only is a solid wall, not a hane.
        let wall = diagram(
            "
            . . . . .
            . X X X .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert!(!table().matches(&wall, at(&wall, "C3")));
    }

    #[test]
    fn each_symbol_fits_exactly_the_cells_it_stands_for() {
        // Cells: 0 empty, 1 black, 2 white, 3 off the board; `X` is black here, then white.
        let fitting = |symbol: u8, x_stone: u16| -> Vec<u16> {
            (0..4).filter(|&cell| fits(symbol, cell, x_stone)).collect()
        };
        let expected: [(u8, [&[u16]; 2]); 7] = [
            (b'X', [&[1], &[2]]),
            (b'O', [&[2], &[1]]),
            (b'.', [&[0], &[0]]),
            (b'#', [&[3], &[3]]),
            (b'x', [&[0, 2, 3], &[0, 1, 3]]),
            (b'o', [&[0, 1, 3], &[0, 2, 3]]),
            (b'?', [&[0, 1, 2, 3], &[0, 1, 2, 3]]),
        ];
        for (symbol, [with_black, with_white]) in expected {
            let name = symbol as char;
            assert_eq!(fitting(symbol, 1), with_black, "{name} with X black");
            assert_eq!(fitting(symbol, 2), with_white, "{name} with X white");
        }
    }

    #[test]
    fn no_neighbourhood_of_one_colour_matches() {
        // Every pattern has stones of both colours.
        let one_colour =
            |code: u16, stone: u16| (0..8).all(|slot| (code >> (2 * slot)) & 3 != stone);
        for code in 0..=u16::MAX {
            if one_colour(code, 1) || one_colour(code, 2) {
                assert!(!table().matches_code(code), "code {code:#06x}");
            }
        }
    }

    #[test]
    fn the_table_agrees_with_direct_matching_for_every_neighbourhood() {
        let table = table();
        for code in 0..=u16::MAX {
            assert_eq!(
                table.matches_code(code),
                kinds_matching(code) != 0,
                "code {code:#06x}"
            );
        }
    }
}
