//! The opening book: a move chosen in advance for each of the early positions it holds, read
//! from `data/opening-book.txt` (built into the binary). A position is found whatever its
//! rotation or reflection, and the move comes back turned the same way. The book knows the
//! board and nothing of the search, the rules of passing or the game's history; whoever asks
//! checks that its move is legal.
//!
//! The file, one line a position after `#` comments and a header:
//!
//! ```text
//! size 9
//! komi 7.5
//! ....X..../........./…  B  E5
//! ```
//!
//! The position is written row by row from the top (the row GTP numbers highest), rows
//! separated by `/`, with `.` empty, `X` a black stone and `O` a white one; then the colour to
//! move and its move as a GTP vertex. Every line is stored already turned to its canonical
//! form, the least of its eight symmetric writings (docs/knowledge.md §7).

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use crate::board::{Board, Color, Point};

static BUILT_IN: &str = include_str!("../../data/opening-book.txt");

/// An opening book for one board size and komi.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    size: usize,
    komi: f64,
    /// Canonical position and colour to move → the move's (column, row from the top) there.
    moves: HashMap<(String, Color), (usize, usize)>,
}

/// Why a book could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The 1-based line of the file, 0 for the whole file.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(formatter, "opening book: {}", self.reason)
        } else {
            write!(
                formatter,
                "opening book, line {}: {}",
                self.line, self.reason
            )
        }
    }
}

/// The built-in book, read once; an error names what is wrong with `data/opening-book.txt`.
pub fn book() -> Result<&'static Book, &'static BookError> {
    static BOOK: OnceLock<Result<Book, BookError>> = OnceLock::new();
    BOOK.get_or_init(|| Book::parse(BUILT_IN)).as_ref()
}

impl Book {
    /// Reads a book from the text of its file.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut size = None;
        let mut komi = None;
        let mut moves = HashMap::new();
        for (index, line) in text.lines().enumerate() {
            let error = |reason: String| BookError {
                line: index + 1,
                reason,
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            match (words.as_slice(), size) {
                (["size", value], None) => size = Some(parse_size(value).map_err(error)?),
                (["komi", value], _) => {
                    komi = Some(
                        value
                            .parse::<f64>()
                            .map_err(|_| error(format!("bad komi {value}")))?,
                    )
                }
                ([position, color, vertex], Some(size)) => {
                    let entry = parse_entry(size, position, color, vertex).map_err(error)?;
                    moves.insert((entry.0, entry.1), entry.2);
                }
                _ => return Err(error(format!("cannot read \"{line}\""))),
            }
        }
        match (size, komi) {
            (Some(size), Some(komi)) => Ok(Book { size, komi, moves }),
            _ => Err(BookError {
                line: 0,
                reason: "the size or the komi is missing".to_string(),
            }),
        }
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The book's move for `color` on `board` at `komi`, turned to the board's orientation;
    /// `None` when the size, the komi or the position is not the book's.
    pub fn move_for(&self, board: &Board, color: Color, komi: f64) -> Option<Point> {
        if board.size() != self.size || komi != self.komi {
            return None;
        }
        let cells = cells_from_the_top(board);
        let (symmetry, canonical) = canonical(&cells, self.size);
        let &(column, row) = self.moves.get(&(canonical, color))?;
        let (x, top_row) = inverse(symmetry, self.size, column, row);
        board.point(x, self.size - 1 - top_row)
    }
}

fn parse_size(value: &str) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(size) if (2..=25).contains(&size) => Ok(size),
        _ => Err(format!("bad size {value}")),
    }
}

/// One position line: its canonical writing, the colour to move and the move's place in it.
fn parse_entry(
    size: usize,
    position: &str,
    color: &str,
    vertex: &str,
) -> Result<(String, Color, (usize, usize)), String> {
    let rows: Vec<&str> = position.split('/').collect();
    let well_formed = rows.len() == size
        && rows
            .iter()
            .all(|row| row.len() == size && row.chars().all(|c| ".XO".contains(c)));
    if !well_formed {
        return Err(format!(
            "the position is not {size} rows of {size} of . X O"
        ));
    }
    let written = rows.concat();
    if canonical(written.as_bytes(), size).1 != written {
        return Err("the position is not in its canonical form".to_string());
    }
    let color = match color {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return Err(format!("bad colour {color}")),
    };
    let (column, row) = parse_vertex(size, vertex).ok_or(format!("bad vertex {vertex}"))?;
    if written.as_bytes()[row * size + column] != b'.' {
        return Err(format!("{vertex} is not empty"));
    }
    Ok((written, color, (column, row)))
}

/// A GTP vertex as (column, row from the top) on a board of `size`.
fn parse_vertex(size: usize, vertex: &str) -> Option<(usize, usize)> {
    let mut characters = vertex.chars();
    let letter = characters.next()?.to_ascii_uppercase();
    let column = "ABCDEFGHJKLMNOPQRSTUVWXYZ".find(letter)?;
    let number: usize = characters.as_str().parse().ok()?;
    (column < size && (1..=size).contains(&number)).then_some((column, size - number))
}

/// The board's cells as `.`, `X` and `O`, row by row from the top.
fn cells_from_the_top(board: &Board) -> Vec<u8> {
    let size = board.size();
    let mut cells = vec![b'.'; size * size];
    for point in board.points() {
        let (x, y) = board.coordinates(point);
        cells[(size - 1 - y) * size + x] = match board.get(point) {
            Some(Color::Black) => b'X',
            Some(Color::White) => b'O',
            None => b'.',
        };
    }
    cells
}

/// Where (column, row) goes under symmetry `symmetry` (0–7): bit 0 mirrors the columns, bit 1
/// the rows, bit 2 then swaps columns and rows.
fn transform(symmetry: usize, size: usize, column: usize, row: usize) -> (usize, usize) {
    let column = mirrored(symmetry & 1 != 0, size, column);
    let row = mirrored(symmetry & 2 != 0, size, row);
    if symmetry & 4 != 0 {
        (row, column)
    } else {
        (column, row)
    }
}

/// The place that `transform(symmetry, …)` sends to (column, row).
fn inverse(symmetry: usize, size: usize, column: usize, row: usize) -> (usize, usize) {
    let (column, row) = if symmetry & 4 != 0 {
        (row, column)
    } else {
        (column, row)
    };
    (
        mirrored(symmetry & 1 != 0, size, column),
        mirrored(symmetry & 2 != 0, size, row),
    )
}

/// `line` counted from the other edge when `mirror`.
fn mirrored(mirror: bool, size: usize, line: usize) -> usize {
    if mirror { size - 1 - line } else { line }
}

/// The least of the eight symmetric writings of `cells`, and the symmetry that gives it.
fn canonical(cells: &[u8], size: usize) -> (usize, String) {
    (0..8)
        .map(|symmetry| {
            let mut turned = vec![b'.'; size * size];
            for row in 0..size {
                for column in 0..size {
                    let (to_column, to_row) = transform(symmetry, size, column, row);
                    turned[to_row * size + to_column] = cells[row * size + column];
                }
            }
            (symmetry, String::from_utf8(turned).unwrap_or_default())
        })
        .min_by(|first, second| first.1.cmp(&second.1))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    /// A book of one 5×5 position, Black to move, written in its canonical form:
    ///
    /// ```text
    /// . . . . .
    /// . . . . .
    /// . . . . .
    /// . . . O .
    /// . . . X .     Black plays C2.
    /// ```
    const SMALL_BOOK: &str = "
        # a test book
        size 5
        komi 7.5
        ...../...../...../...O./...X. B C2
    ";

    fn small_book() -> Book {
        Book::parse(SMALL_BOOK).expect("the small book reads")
    }

    #[test]
    fn the_built_in_book_loads_and_answers_the_empty_9x9_board() {
        let book = book().expect("data/opening-book.txt loads");
        assert!(!book.is_empty());
        let board = Board::new(9).unwrap();
        assert!(book.move_for(&board, Color::Black, 7.5).is_some());
    }

    #[test]
    fn a_book_position_is_found_in_every_rotation_and_reflection() {
        // The book's position turned each of its eight ways, and its move C2 turned with it.
        let turned = [
            (
                ". . . . . / . . . . . / . . . . . / . . . O . / . . . X .",
                "C2",
            ),
            (
                ". . . . . / . . . . . / . . . . . / . O . . . / . X . . .",
                "C2",
            ),
            (
                ". . . X . / . . . O . / . . . . . / . . . . . / . . . . .",
                "C4",
            ),
            (
                ". X . . . / . O . . . / . . . . . / . . . . . / . . . . .",
                "C4",
            ),
            (
                ". . . . . / . . . . . / . . . . . / . . . O X / . . . . .",
                "D3",
            ),
            (
                ". . . . . / . . . . . / . . . . . / X O . . . / . . . . .",
                "B3",
            ),
            (
                ". . . . . / . . . O X / . . . . . / . . . . . / . . . . .",
                "D3",
            ),
            (
                ". . . . . / X O . . . / . . . . . / . . . . . / . . . . .",
                "B3",
            ),
        ];
        let book = small_book();
        for (text, answer) in turned {
            let board = diagram(&text.replace('/', "\n"));
            assert_eq!(
                book.move_for(&board, Color::Black, 7.5),
                Some(at(&board, answer)),
                "{text}"
            );
        }
    }

    #[test]
    fn the_book_answers_only_its_own_size_komi_and_colour() {
        let book = small_book();
        let board = diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            . . . O .
            . . . X .
            ",
        );
        assert!(book.move_for(&board, Color::Black, 7.5).is_some());
        assert_eq!(book.move_for(&board, Color::White, 7.5), None);
        assert_eq!(book.move_for(&board, Color::Black, 6.5), None);
        assert_eq!(
            book.move_for(&Board::new(9).unwrap(), Color::Black, 7.5),
            None
        );
        let other = diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            . . . O .
            . . X . .
            ",
        );
        assert_eq!(book.move_for(&other, Color::Black, 7.5), None);
    }

    #[test]
    fn a_broken_book_is_refused_with_the_line_at_fault() {
        let cases = [
            ("komi 7.5\n", 0, "the size or the komi is missing"),
            (
                "size 5\nkomi 7.5\n...../...../...../...O./...X B C2\n",
                3,
                "rows of 5",
            ),
            (
                "size 5\nkomi 7.5\n...X./...O./...../...../..... B C2\n",
                3,
                "canonical",
            ),
            (
                "size 5\nkomi 7.5\n...../...../...../...O./...X. B D1\n",
                3,
                "D1 is not empty",
            ),
            (
                "size 5\nkomi 7.5\n...../...../...../...O./...X. B Z9\n",
                3,
                "bad vertex Z9",
            ),
            (
                "size 5\nkomi 7.5\n...../...../...../...O./...X. G C2\n",
                3,
                "bad colour G",
            ),
            ("size 5\nkomi seven\n", 2, "bad komi seven"),
            ("size 5\nkomi 7.5\nwhat now\n", 3, "cannot read"),
        ];
        for (text, line, reason) in cases {
            let error = Book::parse(text).expect_err(text);
            assert_eq!(error.line, line, "{text}");
            assert!(error.to_string().contains(reason), "{text}: {error}");
        }
    }
}
