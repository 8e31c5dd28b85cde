//! The protocol's shared vocabulary: the words every part of `gtp` speaks. Coordinates
//! (`Vertex`, the column letters), the `loadsgf` target, and the failures with the spec's exact
//! texts. A leaf: it imports nothing from `gtp`, so the parser, the command table and the
//! response text can all use it without importing each other.

/// The column letters, left to right: `I` is never a column.
pub const COLUMN_LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A GTP coordinate: a column and row (0-based from the lower left, as written, not yet checked
/// against the board size), or `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vertex {
    /// `pass`.
    Pass,
    /// A point: `x` 0 for column A, `y` 0 for row 1.
    At { x: u8, y: u8 },
}

impl std::fmt::Display for Vertex {
    /// The vertex as GTP writes it: `pass`, or the column letter and the row (`K10`).
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Vertex::Pass => formatter.write_str("pass"),
            Vertex::At { x, y } => {
                let column = COLUMN_LETTERS.chars().nth(x as usize).unwrap_or('?');
                write!(formatter, "{column}{}", u32::from(y) + 1)
            }
        }
    }
}

/// Which position of a record `loadsgf` loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SgfTarget {
    /// The end of the main line.
    End,
    /// Before move N.
    MoveNumber(u32),
    /// Before the first move on this point.
    BeforeMoveAt(Vertex),
}

/// Why a command failed. `Display` gives the exact text sent after `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No command has that name.
    UnknownCommand,
    /// The arguments do not fit the command (also: a vertex off the board).
    SyntaxError,
    /// `boardsize` outside 2–25.
    UnacceptableSize,
    /// `play` of a move the rules forbid.
    IllegalMove,
    /// `undo` with no move to take back.
    CannotUndo,
    /// `final_score` when no score can be given.
    CannotScore,
    /// A ruleset name that no preset has.
    UnknownRules,
    /// An inspection command pointed at an empty point.
    VertexMustNotBeEmpty,
    /// A line longer than the engine reads.
    LineTooLong,
    /// Arguments of an analysis command (`lz-analyze`, `kata-analyze`, …) that do not fit
    /// or that Kosumi refuses.
    AnalyzeArguments,

    // Setting a game up.
    /// A handicap count outside what the board allows.
    InvalidNumberOfStones,
    /// A handicap command when the board has stones or moves.
    BoardNotEmpty,
    /// `set_free_handicap` with too few or too many points, a repeat, `pass`, or a point off
    /// the board.
    BadVertexList,
    /// `loadsgf` of a file that is missing, unreadable, malformed or unplayable.
    CannotLoadFile,
    /// `printsgf` to a file that cannot be written.
    CannotSaveFile,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(match self {
            Failure::UnknownCommand => "unknown command",
            Failure::SyntaxError => "syntax error",
            Failure::UnacceptableSize => "unacceptable size",
            Failure::IllegalMove => "illegal move",
            Failure::CannotUndo => "cannot undo",
            Failure::CannotScore => "cannot score",
            Failure::UnknownRules => "unknown rules",
            Failure::VertexMustNotBeEmpty => "vertex must not be empty",
            Failure::LineTooLong => "line too long",
            Failure::AnalyzeArguments => "cannot parse analyze arguments",
            Failure::InvalidNumberOfStones => "invalid number of stones",
            Failure::BoardNotEmpty => "board not empty",
            Failure::BadVertexList => "bad vertex list",
            Failure::CannotLoadFile => "cannot load file",
            Failure::CannotSaveFile => "cannot save file",
        })
    }
}

/// What a command answers: the result text, or why it failed.
pub type Reply = Result<String, Failure>;
