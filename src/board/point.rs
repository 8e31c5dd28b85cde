//! The words for stones and places: `Color` and `Point`. No text, no rules.

/// The colour of a stone or of a player. There is no "empty" colour: an empty point is `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A place on the board: an index into the board's padded one-dimensional grid.
///
/// Only a `Board` makes points (from coordinates it has checked), so a `Point` held by code
/// outside the board is always on the board it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u16);

impl Point {
    /// The index of this point in the padded grid.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
