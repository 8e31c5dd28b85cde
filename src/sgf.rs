//! SGF game records (FF[4], https://www.red-bean.com/sgf/): reading the main line of a record
//! into a `Game` (GTP `loadsgf`) and writing a game as a record (GTP `printsgf`). Knows SGF
//! text, the game and the count; no GTP text.
//!
//! The reader is our own: it walks the text once, without recursion, keeping only the nodes of
//! the main line (the first variation at every branch) and checking that the rest is well
//! formed. (The `sgf-parse` crate builds the whole tree as nested nodes and overflows the stack
//! on a long record, which would crash the engine on a bad file.) FF[3] mixed-case property
//! names (`AddBlack`) are read by their capital letters, as FF[4] asks.
//!
//! A record loads into a game built from scratch, so a failure leaves the caller's game as it
//! was: size `SZ` (2–25, default 19), komi `KM`, rules from `RU` (names mapped to our presets,
//! unknown names keep the caller's rules), setup `AB`/`AW`/`AE` and `PL` before the first move
//! (a handicap when `HA` ≥ 2 and the setup is two or more black stones only), then the moves
//! and passes (`B[]`, and `B[tt]` up to 19×19) of the main line, each of which must be legal.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::board::{Color, Point};
use crate::game::{Game, Move};
use crate::rules::Rules;

/// The largest record file read, in bytes (16 MiB: far beyond any real game record).
pub const FILE_LIMIT: u64 = 16 << 20;

/// Why a record cannot be read, loaded or saved.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// The file cannot be opened, read or written.
    File(String),
    /// The file is larger than `FILE_LIMIT`.
    TooLarge,
    /// The text is not well-formed SGF: what is wrong, at which byte.
    Syntax(&'static str, usize),
    /// `GM` names a game other than Go.
    NotGo,
    /// `SZ` is malformed, not square, or outside 2–25.
    Size(String),
    /// A property we use has a malformed value.
    Property(&'static str, String),
    /// A node has two moves, or a move of both colours.
    TwoMoves(usize),
    /// A move or setup point off the board.
    OffBoard(String),
    /// The move with this number (1 for the first) is illegal under the rules.
    IllegalMove(u32),
    /// Setup stones after the first move, before the position asked for.
    SetupAfterMoves(u32),
}

impl std::fmt::Display for SgfError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SgfError::File(reason) => write!(formatter, "file: {reason}"),
            SgfError::TooLarge => write!(formatter, "file larger than {FILE_LIMIT} bytes"),
            SgfError::Syntax(what, at) => write!(formatter, "syntax: {what} at byte {at}"),
            SgfError::NotGo => write!(formatter, "the record is not of a game of Go"),
            SgfError::Size(value) => write!(formatter, "unsupported board size SZ[{value}]"),
            SgfError::Property(name, value) => write!(formatter, "malformed {name}[{value}]"),
            SgfError::TwoMoves(node) => write!(formatter, "node {node} has two moves"),
            SgfError::OffBoard(value) => write!(formatter, "point [{value}] is off the board"),
            SgfError::IllegalMove(number) => write!(formatter, "move {number} is illegal"),
            SgfError::SetupAfterMoves(number) => {
                write!(formatter, "setup stones after move {number}")
            }
        }
    }
}

impl std::error::Error for SgfError {}

/// Which position of the record to load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// The position after the last move of the main line.
    End,
    /// The position before move `n` (n − 1 moves played; 0 and 1 both mean none), or the end
    /// when the record is shorter.
    MoveNumber(u32),
    /// The position before the first move played on the point at column `x`, row `y` (0-based
    /// from the lower left), or the end when there is none.
    BeforeMoveAt(usize, usize),
}

/// One property: its identifier (capital letters only) and its values, escapes resolved.
type Property = (String, Vec<String>);

/// One node: its properties in the order of the text.
type Node = Vec<Property>;

/// Reads a record file of at most `FILE_LIMIT` bytes (invalid UTF-8 is replaced: it can only
/// sit in text values, which are not used).
pub fn read_file(path: &Path) -> Result<String, SgfError> {
    let file = File::open(path).map_err(|error| SgfError::File(error.to_string()))?;
    let mut bytes = Vec::new();
    file.take(FILE_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| SgfError::File(error.to_string()))?;
    if bytes.len() as u64 > FILE_LIMIT {
        return Err(SgfError::TooLarge);
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Writes `text` to the file at `path`, replacing it.
pub fn write_file(path: &Path, text: &str) -> Result<(), SgfError> {
    std::fs::write(path, text).map_err(|error| SgfError::File(error.to_string()))
}

/// Builds the game the record `text` describes, up to the position `until`. Rules come from
/// `RU` when it names a preset, else `rules`; komi from `KM`, else `komi`.
pub fn load(text: &str, rules: Rules, komi: f64, until: Until) -> Result<Game, SgfError> {
    let nodes = main_line(text)?;
    let root = nodes.first().ok_or(SgfError::Syntax("no node", 0))?;

    if let Some(game_type) = single(root, "GM") {
        if game_type.trim() != "1" {
            return Err(SgfError::NotGo);
        }
    }
    let size = match single(root, "SZ") {
        None => 19,
        Some(value) => parse_size(value).ok_or_else(|| SgfError::Size(value.to_string()))?,
    };
    let komi = match single(root, "KM") {
        None => komi,
        Some(value) => value
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|komi| komi.is_finite())
            .ok_or_else(|| SgfError::Property("KM", value.to_string()))?,
    };
    let rules = single(root, "RU")
        .and_then(rules_from_name)
        .unwrap_or(rules);
    let handicap = match single(root, "HA") {
        None => 0,
        Some(value) => value
            .trim()
            .parse::<u32>()
            .map_err(|_| SgfError::Property("HA", value.to_string()))?,
    };
    let mut game = Game::new(size, rules, komi).ok_or_else(|| SgfError::Size(size.to_string()))?;

    let mut setup: Vec<(Color, Point)> = Vec::new();
    let mut player: Option<Color> = None;
    let mut setup_placed = false;
    let mut played: u32 = 0;
    for (index, node) in nodes.iter().enumerate() {
        let turn = node_move(&game, node, index)?;
        if let Some((color, turn)) = turn {
            if stops_before(until, played, &game, turn) {
                if !setup_placed {
                    place(&mut game, &mut setup, handicap, player.or(Some(color)))?;
                }
                return Ok(game);
            }
        }
        if !setup_placed {
            apply_setup(&game, node, &mut setup, &mut player)?;
        } else if node
            .iter()
            .any(|(name, _)| matches!(name.as_str(), "AB" | "AW" | "AE"))
        {
            return Err(SgfError::SetupAfterMoves(played));
        }
        if let Some((color, turn)) = turn {
            if !setup_placed {
                place(&mut game, &mut setup, handicap, player.or(Some(color)))?;
                setup_placed = true;
            }
            played += 1;
            game.play(color, turn)
                .map_err(|_| SgfError::IllegalMove(played))?;
        }
    }
    if !setup_placed {
        place(&mut game, &mut setup, handicap, player)?;
    }
    Ok(game)
}

/// Whether loading stops before `turn`, the next move, with `played` moves made.
fn stops_before(until: Until, played: u32, game: &Game, turn: Move) -> bool {
    match until {
        Until::End => false,
        Until::MoveNumber(number) => played + 1 >= number,
        Until::BeforeMoveAt(x, y) => {
            turn != Move::Pass && turn == game.board().point(x, y).map_or(Move::Pass, Move::Place)
        }
    }
}

/// Puts the setup stones on the board (as handicap when `HA` ≥ 2 and they are two or more,
/// all black) and sets who moves first when the record says so. The stones are kept in one
/// canonical order (Black first, then board order), so that a game written and read again is
/// the same game.
fn place(
    game: &mut Game,
    setup: &mut [(Color, Point)],
    handicap: u32,
    first: Option<Color>,
) -> Result<(), SgfError> {
    setup.sort();
    // A handicap is two stones or more (as GTP's handicap commands have it): one black setup
    // stone under HA[2+] is plain setup, or the record would not read back as written.
    let is_handicap =
        handicap >= 2 && setup.len() >= 2 && setup.iter().all(|&(color, _)| color == Color::Black);
    game.place_setup(setup, is_handicap)
        .map_err(|_| SgfError::Syntax("repeated setup point", 0))?;
    if let Some(color) = first {
        game.set_first_to_move(color);
    }
    Ok(())
}

/// Applies a node's `AB`, `AW`, `AE` and `PL` to the setup being gathered.
fn apply_setup(
    game: &Game,
    node: &Node,
    setup: &mut Vec<(Color, Point)>,
    player: &mut Option<Color>,
) -> Result<(), SgfError> {
    for (name, values) in node {
        let color = match name.as_str() {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            "AE" => None,
            "PL" => {
                *player = Some(parse_color(values).ok_or_else(|| {
                    SgfError::Property("PL", values.first().cloned().unwrap_or_default())
                })?);
                continue;
            }
            _ => continue,
        };
        for value in values {
            for point in point_list(game, value)? {
                setup.retain(|&(_, other)| other != point);
                if let Some(color) = color {
                    setup.push((color, point));
                }
            }
        }
    }
    Ok(())
}

/// The move of a node (`B` or `W`), if it has one.
fn node_move(game: &Game, node: &Node, index: usize) -> Result<Option<(Color, Move)>, SgfError> {
    let mut found = None;
    for (name, values) in node {
        let color = match name.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        if found.is_some() || values.len() != 1 {
            return Err(SgfError::TwoMoves(index));
        }
        let value = values[0].trim();
        let turn = if value.is_empty() || (value == "tt" && game.size() <= 19) {
            Move::Pass
        } else {
            Move::Place(point(game, value)?)
        };
        found = Some((color, turn));
    }
    Ok(found)
}

/// A point `xy` (letters from `a`, the top left being `aa`) on the game's board.
fn point(game: &Game, value: &str) -> Result<Point, SgfError> {
    let off_board = || SgfError::OffBoard(value.to_string());
    let bytes = value.as_bytes();
    if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_lowercase) {
        return Err(off_board());
    }
    let size = game.size();
    let x = usize::from(bytes[0] - b'a');
    let row_from_top = usize::from(bytes[1] - b'a');
    if row_from_top >= size {
        return Err(off_board());
    }
    game.board()
        .point(x, size - 1 - row_from_top)
        .ok_or_else(off_board)
}

/// The points of a list value: one point `xy`, or a rectangle `xy:xy` (compressed list).
fn point_list(game: &Game, value: &str) -> Result<Vec<Point>, SgfError> {
    let Some((first, last)) = value.split_once(':') else {
        return Ok(vec![point(game, value.trim())?]);
    };
    let board = game.board();
    let (x1, y1) = board.coordinates(point(game, first.trim())?);
    let (x2, y2) = board.coordinates(point(game, last.trim())?);
    let mut points = Vec::new();
    for y in y1.min(y2)..=y1.max(y2) {
        for x in x1.min(x2)..=x1.max(x2) {
            points.extend(board.point(x, y));
        }
    }
    Ok(points)
}

fn parse_color(values: &[String]) -> Option<Color> {
    match values {
        [value] => match value.trim() {
            "B" | "b" => Some(Color::Black),
            "W" | "w" => Some(Color::White),
            _ => None,
        },
        _ => None,
    }
}

/// `SZ[n]` or the square `SZ[n:n]`.
fn parse_size(value: &str) -> Option<usize> {
    let (columns, rows) = value.split_once(':').unwrap_or((value, value));
    let columns: usize = columns.trim().parse().ok()?;
    let rows: usize = rows.trim().parse().ok()?;
    (columns == rows).then_some(columns)
}

/// The preset an `RU` value names, from the names table of `rules` (`Rules::from_sgf_name`).
/// `None` for rules we have no preset for (`GOE`, `Ing`, …).
pub fn rules_from_name(value: &str) -> Option<Rules> {
    Rules::from_sgf_name(value)
}

/// The `RU` value written for a preset, from the names table of `rules` (`Rules::sgf_name`).
fn rules_value(rules: Rules) -> &'static str {
    rules.sgf_name()
}

/// The game as an FF[4] record: `GM FF CA AP SZ KM RU` in the root, `HA` and `AB` for a
/// handicap, `AB`/`AW` for other setup, `PL` when the first player is not the one the record
/// would imply, `RE` once the game has ended with two passes (the `margin` given), then the
/// moves, ten to a line. No empty lines; ends with a newline.
///
/// `margin` is the result to write as `RE` (Black's points minus White's, as
/// `score::final_count` gives it): the caller judges the game, so that writing a record never
/// runs the end-of-game judgement itself. It is written only once the game has ended.
pub fn write(game: &Game, margin: Option<f64>) -> String {
    let board = game.board();
    let size = game.size();
    let point_text = |point: Point| {
        let (x, y) = board.coordinates(point);
        format!(
            "{}{}",
            (b'a' + x as u8) as char,
            (b'a' + (size - 1 - y) as u8) as char
        )
    };
    let mut text = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[{}:{}]SZ[{size}]KM[{}]RU[{}]",
        escape("Kosumi"),
        escape(env!("CARGO_PKG_VERSION")),
        game.komi(),
        escape(rules_value(game.rules())),
    );
    if game.handicap() > 0 {
        text.push_str(&format!("HA[{}]", game.handicap()));
    }
    for (color, name) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let points: Vec<String> = game
            .setup()
            .iter()
            .filter(|&&(stone, _)| stone == color)
            .map(|&(_, point)| format!("[{}]", point_text(point)))
            .collect();
        if !points.is_empty() {
            text.push_str(name);
            text.push_str(&points.concat());
        }
    }
    let implied = match game.moves().first() {
        Some(&(color, _)) => color,
        None if game.handicap() > 0 => Color::White,
        None => Color::Black,
    };
    if game.first_to_move() != implied {
        text.push_str(&format!("PL[{}]", color_letter(game.first_to_move())));
    }
    if let Some(margin) = margin.filter(|_| game.is_over()) {
        text.push_str(&format!("RE[{}]", result_value(margin)));
    }
    for (number, &(color, turn)) in game.moves().iter().enumerate() {
        if number % 10 == 0 {
            text.push('\n');
        }
        let value = match turn {
            Move::Pass => String::new(),
            Move::Place(point) => point_text(point),
        };
        text.push_str(&format!(";{}[{value}]", color_letter(color)));
    }
    text.push_str(")\n");
    text
}

fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// `B+x`, `W+x` or `0`, as SGF `RE` writes a result: the same text as `final_score`'s.
fn result_value(margin: f64) -> String {
    crate::score::result_text(margin)
}

/// A text value with `]` and `\` escaped.
fn escape(value: &str) -> String {
    let mut escaped = String::with_capacity(value.len());
    for character in value.chars() {
        if character == ']' || character == '\\' {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped
}

/// The values of the property `name` in `node` if it has exactly one value.
fn single<'a>(node: &'a Node, name: &str) -> Option<&'a str> {
    node.iter()
        .find(|(identifier, _)| identifier == name)
        .and_then(|(_, values)| match values.as_slice() {
            [value] => Some(value.as_str()),
            _ => None,
        })
}

/// What the reader saw last, to check the order of `(`, `;` and `)`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Nothing,
    Open,
    Node,
    Close,
}

/// The nodes of the main line of the first game tree in `text`, after checking that the whole
/// text is a well-formed collection. One pass, no recursion: variations other than the first
/// are read and dropped.
fn main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let bytes = text.as_bytes();
    let mut position = usize::from(text.starts_with('\u{feff}')) * 3;
    let mut depth = 0usize;
    let mut trees = 0usize;
    let mut on_main_line = false;
    let mut last = Last::Nothing;
    let mut nodes = Vec::new();
    loop {
        position = skip_whitespace(bytes, position);
        let Some(&byte) = bytes.get(position) else {
            break;
        };
        match byte {
            b'(' => {
                if depth == 0 {
                    trees += 1;
                    on_main_line = trees == 1;
                } else if last != Last::Node && last != Last::Close {
                    return Err(SgfError::Syntax("a variation before any node", position));
                }
                depth += 1;
                last = Last::Open;
                position += 1;
            }
            b')' => {
                if depth == 0 {
                    return Err(SgfError::Syntax("unmatched ')'", position));
                }
                if last == Last::Open {
                    return Err(SgfError::Syntax("an empty game tree", position));
                }
                depth -= 1;
                on_main_line = false;
                last = Last::Close;
                position += 1;
            }
            b';' => {
                if depth == 0 {
                    return Err(SgfError::Syntax("a node outside a game tree", position));
                }
                if last == Last::Close {
                    return Err(SgfError::Syntax("a node after a variation", position));
                }
                let (node, next) = read_node(bytes, position + 1)?;
                if on_main_line {
                    nodes.push(node);
                }
                last = Last::Node;
                position = next;
            }
            _ => return Err(SgfError::Syntax("unexpected character", position)),
        }
    }
    if depth != 0 {
        return Err(SgfError::Syntax("unclosed game tree", position));
    }
    if trees == 0 {
        return Err(SgfError::Syntax("no game tree", position));
    }
    Ok(nodes)
}

fn skip_whitespace(bytes: &[u8], mut position: usize) -> usize {
    while bytes.get(position).is_some_and(u8::is_ascii_whitespace) {
        position += 1;
    }
    position
}

/// Reads the properties of a node that starts at `position` (just after its `;`); returns the
/// node and the position after it.
fn read_node(bytes: &[u8], mut position: usize) -> Result<(Node, usize), SgfError> {
    let mut node = Node::new();
    loop {
        position = skip_whitespace(bytes, position);
        let start = position;
        while bytes.get(position).is_some_and(u8::is_ascii_alphabetic) {
            position += 1;
        }
        if position == start {
            return Ok((node, position));
        }
        let identifier: String = bytes[start..position]
            .iter()
            .filter(|byte| byte.is_ascii_uppercase())
            .map(|&byte| byte as char)
            .collect();
        if identifier.is_empty() {
            return Err(SgfError::Syntax("a property name without capitals", start));
        }
        let mut values = Vec::new();
        loop {
            position = skip_whitespace(bytes, position);
            if bytes.get(position) != Some(&b'[') {
                break;
            }
            let (value, next) = read_value(bytes, position + 1)?;
            values.push(value);
            position = next;
        }
        if values.is_empty() {
            return Err(SgfError::Syntax("a property without a value", position));
        }
        node.push((identifier, values));
    }
}

/// Reads a value that starts at `position` (just after its `[`), resolving escapes (`\]`,
/// `\\`, and soft line breaks); returns the value and the position after its `]`.
fn read_value(bytes: &[u8], mut position: usize) -> Result<(String, usize), SgfError> {
    let start = position;
    let mut value = Vec::new();
    loop {
        match bytes.get(position) {
            None => return Err(SgfError::Syntax("an unclosed value", start)),
            Some(b']') => break,
            Some(b'\\') => {
                position += 1;
                match bytes.get(position) {
                    None => return Err(SgfError::Syntax("an unclosed value", start)),
                    Some(&line_break @ (b'\n' | b'\r')) => {
                        let other = if line_break == b'\n' { b'\r' } else { b'\n' };
                        if bytes.get(position + 1) == Some(&other) {
                            position += 1;
                        }
                    }
                    Some(&escaped) => value.push(escaped),
                }
            }
            Some(&byte) => value.push(byte),
        }
        position += 1;
    }
    Ok((String::from_utf8_lossy(&value).into_owned(), position + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::at;
    use crate::game::tests::game_after;
    use crate::score;

    fn load_text(text: &str, until: Until) -> Result<Game, SgfError> {
        load(text, Rules::BGA, 7.5, until)
    }

    fn fixture(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("gtp-scripts/sgf")
            .join(name);
        read_file(&path).unwrap_or_else(|error| panic!("{name}: {error}"))
    }

    /// The board as rows of `X`, `O` and `.`, top row first.
    fn rows(game: &Game) -> Vec<String> {
        let board = game.board();
        (0..board.size())
            .rev()
            .map(|y| {
                (0..board.size())
                    .map(|x| match board.get(board.point(x, y).unwrap()) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn size_komi_rules_and_moves_are_read_from_the_record() {
        let game = load_text(
            "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese];B[cc];W[dc];B[]\n;W[tt])",
            Until::End,
        )
        .unwrap();
        assert_eq!(game.size(), 5);
        assert_eq!(game.komi(), 0.5);
        assert_eq!(game.rules(), Rules::JAPANESE);
        assert_eq!(rows(&game), [".....", ".....", "..XO.", ".....", "....."]);
        let board = game.board();
        assert_eq!(
            game.moves(),
            [
                (Color::Black, Move::Place(at(board, "C3"))),
                (Color::White, Move::Place(at(board, "D3"))),
                (Color::Black, Move::Pass),
                (Color::White, Move::Pass),
            ]
        );
        assert!(game.is_over());
    }

    #[test]
    fn missing_properties_keep_the_defaults_and_unknown_rules_keep_the_current_ones() {
        let game = load("(;RU[GOE];B[aa])", Rules::TROMP_TAYLOR, 6.5, Until::End).unwrap();
        assert_eq!(game.size(), 19);
        assert_eq!(game.komi(), 6.5);
        assert_eq!(game.rules(), Rules::TROMP_TAYLOR);
        assert_eq!(
            game.board().get(at(game.board(), "A19")),
            Some(Color::Black)
        );
    }

    #[test]
    fn rule_names_of_other_programs_map_to_our_presets() {
        for (name, rules) in [
            ("Chinese", Rules::CHINESE),
            ("japanese", Rules::JAPANESE),
            ("AGA", Rules::AGA),
            ("NZ", Rules::NEW_ZEALAND),
            ("New Zealand", Rules::NEW_ZEALAND),
            ("Tromp-Taylor", Rules::TROMP_TAYLOR),
            ("Tromp Taylor", Rules::TROMP_TAYLOR),
            ("korean", Rules::KOREAN),
            ("British", Rules::BGA),
            ("chinese-kgs", Rules::CHINESE_KGS),
        ] {
            assert_eq!(rules_from_name(name), Some(rules), "{name}");
        }
        assert_eq!(rules_from_name("Ing"), None);
        for rules in Rules::PRESETS {
            assert_eq!(rules_from_name(rules_value(rules)), Some(rules));
        }
    }

    #[test]
    fn a_handicap_is_setup_stones_that_undo_keeps_and_white_moves_first() {
        let mut game = load_text("(;SZ[9]HA[2]AB[cg][gc]KM[0.5])", Until::End).unwrap();
        assert_eq!(game.handicap(), 2);
        assert_eq!(game.to_move(), Color::White);
        assert!(!game.undo());
        assert_eq!(game.board().stone_counts(), [2, 0]);
        assert_eq!(game.board().get(at(game.board(), "C3")), Some(Color::Black));
        assert_eq!(game.board().get(at(game.board(), "G7")), Some(Color::Black));
    }

    #[test]
    fn one_black_setup_stone_is_no_handicap_whatever_ha_says() {
        // Found by the fuzzer (fuzz/fuzz_targets/sgf.rs): HA[3] with a single AB stone was
        // loaded as a handicap of 1, written back as HA[1], and read again as no handicap
        // with Black to move: a different game. A handicap is two stones or more, as in GTP.
        let game = load_text("(;SZ[19]KM[0.5]HA[3]AB[qn];W[np];B[pj];W[jj])", Until::End).unwrap();
        assert_eq!(game.handicap(), 0);
        assert_eq!(
            game.first_to_move(),
            Color::White,
            "the first move is White's"
        );
        assert_eq!(game.board().stone_counts(), [2, 2]);
        assert_round_trip(&game);
    }

    #[test]
    fn setup_stones_compressed_lists_and_empty_points_build_the_position() {
        let game = load_text("(;SZ[5]AB[aa:cb]AW[ee][de]AE[bb];AE[aa]PL[W])", Until::End).unwrap();
        assert_eq!(rows(&game), [".XX..", "X.X..", ".....", ".....", "...OO"]);
        assert_eq!(game.handicap(), 0);
        assert_eq!(game.to_move(), Color::White);
        assert!(game.moves().is_empty());
    }

    #[test]
    fn a_move_number_loads_the_position_before_that_move() {
        let text = "(;SZ[9];B[ee];W[cc];B[gg];W[cg])";
        let before_third = load_text(text, Until::MoveNumber(3)).unwrap();
        assert_eq!(before_third.moves().len(), 2);
        assert_eq!(before_third.to_move(), Color::Black);
        for number in [0, 1] {
            let start = load_text(text, Until::MoveNumber(number)).unwrap();
            assert!(start.moves().is_empty());
        }
        let beyond = load_text(text, Until::MoveNumber(99)).unwrap();
        assert_eq!(beyond.moves().len(), 4);
    }

    #[test]
    fn a_vertex_loads_the_position_before_the_first_move_there() {
        let text = "(;SZ[9];B[ee];W[cc];B[gg];W[cg])";
        let game = load_text(text, Until::BeforeMoveAt(6, 2)).unwrap(); // G3 is "gg"
        assert_eq!(game.moves().len(), 2);
        let nowhere = load_text(text, Until::BeforeMoveAt(0, 0)).unwrap();
        assert_eq!(nowhere.moves().len(), 4);
    }

    #[test]
    fn the_first_move_decides_who_moves_first_when_the_record_starts_with_white() {
        let game = load_text("(;SZ[9];W[ee];B[cc])", Until::MoveNumber(1)).unwrap();
        assert_eq!(game.to_move(), Color::White);
    }

    #[test]
    fn only_the_main_line_of_the_first_game_is_played() {
        let game = load_text(
            "(;SZ[9];B[ee](;W[cc](;B[gg])(;B[aa]))(;W[dd]))(;SZ[5];B[aa])",
            Until::End,
        )
        .unwrap();
        assert_eq!(game.size(), 9);
        let board = game.board();
        let moves: Vec<Move> = game.moves().iter().map(|&(_, turn)| turn).collect();
        assert_eq!(
            moves,
            [
                Move::Place(at(board, "E5")),
                Move::Place(at(board, "C7")),
                Move::Place(at(board, "G3"))
            ]
        );
    }

    #[test]
    fn escapes_soft_line_breaks_and_mixed_case_names_are_read() {
        let game = load_text(
            "(;GM[1]C[a \\] bracket\\\\ and a soft\\\nbreak]SiZe[7]KoMi[2];B[dd])",
            Until::End,
        )
        .unwrap();
        assert_eq!(game.size(), 7);
        assert_eq!(game.komi(), 2.0);
    }

    #[test]
    fn malformed_records_are_refused() {
        for text in [
            "",
            "hello",
            "(;SZ[9]",
            "(;SZ[9];B[ee]",
            "(;SZ[9];B[ee]))",
            "()",
            "(;SZ[9](;B[aa]);W[bb])",
            "(;SZ[9]B)",
            "(;SZ[9]C[unclosed)",
            "(;SZ[9];B[ee]W[cc])",
            "(;SZ[9];B[ee][cc])",
            "(;SZ[9];B[zz])",
            "(;SZ[9];B[e])",
            "(;SZ[9]AB[aa:zz])",
            "(;SZ[9]KM[seven])",
            "(;SZ[9]HA[two])",
            "(;SZ[9]PL[X])",
            "(;GM[2]SZ[9])",
            "(;SZ[9:13])",
            "(;SZ[1])",
            "(;SZ[26])",
            "(;SZ[52])",
            "(;SZ[nine])",
            "(;SZ[9];B[ee];W[ee])",
            "(;SZ[9];B[ee];AB[aa];W[cc])",
        ] {
            assert!(load_text(text, Until::End).is_err(), "{text:?}");
        }
    }

    #[test]
    fn setup_after_moves_is_fine_when_loading_stops_before_it() {
        let text = "(;SZ[9];B[ee];W[cc];AB[aa];B[gg])";
        assert!(load_text(text, Until::End).is_err());
        let game = load_text(text, Until::MoveNumber(2)).unwrap();
        assert_eq!(game.moves().len(), 1);
        // Before move 3 the setup node has been reached: that position is not one we keep.
        assert_eq!(
            load_text(text, Until::MoveNumber(3)),
            Err(SgfError::SetupAfterMoves(2))
        );
    }

    #[test]
    fn an_illegal_move_in_the_record_is_refused_under_the_record_rules() {
        // Black's multi-stone suicide at A1 is legal under New Zealand rules only.
        //   3 O . .
        //   2 X O .
        //   1 . X O
        let moves = ";W[ag];B[ah];W[bh];B[bi];W[ci];B[ai]";
        let allowed = load_text(&format!("(;SZ[9]RU[NZ]{moves})"), Until::End).unwrap();
        assert_eq!(allowed.board().captured_by(Color::White), 3);
        assert_eq!(
            load_text(&format!("(;SZ[9]RU[AGA]{moves})"), Until::End),
            Err(SgfError::IllegalMove(6))
        );
    }

    #[test]
    fn a_long_record_is_read_without_deep_recursion() {
        let mut text = String::from("(;SZ[19]");
        for number in 0..200_000 {
            text.push_str(if number % 2 == 0 { ";B[]" } else { ";W[]" });
        }
        text.push(')');
        let game = load_text(&text, Until::MoveNumber(5)).unwrap();
        assert_eq!(game.moves().len(), 4);
    }

    #[test]
    fn a_written_game_has_the_root_properties_and_the_moves() {
        let game = game_after(9, Rules::CHINESE, &["B E5", "W C3", "B pass", "W pass"]);
        let score = score::final_count(&game);
        let text = write(&game, Some(score.margin));
        assert!(text.starts_with(&format!(
            "(;GM[1]FF[4]CA[UTF-8]AP[Kosumi:{}]SZ[9]KM[7.5]RU[Chinese]RE[",
            env!("CARGO_PKG_VERSION")
        )));
        assert!(text.ends_with("\n;B[ee];W[cg];B[];W[])\n"), "{text}");
        assert!(!text.contains("\n\n"));
        assert!(text.contains(&format!("RE[{}]", result_value(score.margin))));
    }

    #[test]
    fn a_result_is_written_only_once_the_game_has_ended() {
        let game = game_after(9, Rules::BGA, &["B E5", "W pass"]);
        assert!(!write(&game, Some(2.5)).contains("RE["));
        assert_eq!(result_value(2.5), "B+2.5");
        assert_eq!(result_value(-7.0), "W+7.0");
        assert_eq!(result_value(0.0), "0");
    }

    #[test]
    fn a_handicap_game_is_written_with_ha_and_ab() {
        let mut game = Game::new(19, Rules::AGA, 0.5).unwrap();
        let board = game.board();
        let stones = [
            (Color::Black, at(board, "D4")),
            (Color::Black, at(board, "Q16")),
        ];
        game.place_setup(&stones, true).unwrap();
        let text = write(&game, None);
        assert!(text.contains("RU[AGA]HA[2]AB[dp][pd])"), "{text}");
        assert!(!text.contains("PL["));
    }

    fn assert_round_trip(game: &Game) {
        let text = write(game, None);
        let again = load(&text, Rules::BGA, 7.5, Until::End)
            .unwrap_or_else(|error| panic!("{error}: {text}"));
        assert_eq!(&again, game, "{text}");
        assert_eq!(write(&again, None), text);
    }

    #[test]
    fn every_fixture_record_printed_again_loads_back_to_the_same_game() {
        for name in [
            "simple.sgf",
            "handicap.sgf",
            "passes.sgf",
            "setup.sgf",
            "variations.sgf",
            "capture.sgf",
        ] {
            for until in [Until::End, Until::MoveNumber(3)] {
                let game = load(&fixture(name), Rules::BGA, 7.5, until)
                    .unwrap_or_else(|error| panic!("{name}: {error}"));
                assert_round_trip(&game);
            }
        }
    }

    #[test]
    fn played_games_under_every_preset_survive_the_round_trip() {
        for rules in Rules::PRESETS {
            let game = game_after(
                9,
                rules,
                &["B E5", "W C3", "B G7", "W pass", "B C7", "W G3"],
            );
            assert_round_trip(&game);
        }
        let mut white_first = Game::new(5, Rules::BGA, -3.5).unwrap();
        white_first.set_first_to_move(Color::White);
        assert_round_trip(&white_first);
        let mut handicap_black_first = Game::new(9, Rules::BGA, 0.5).unwrap();
        let board = handicap_black_first.board();
        let stones = [
            (Color::Black, at(board, "C3")),
            (Color::Black, at(board, "G7")),
        ];
        handicap_black_first.place_setup(&stones, true).unwrap();
        handicap_black_first.set_first_to_move(Color::Black);
        assert_round_trip(&handicap_black_first);
        let e5 = at(handicap_black_first.board(), "E5");
        handicap_black_first
            .play(Color::Black, Move::Place(e5))
            .unwrap();
        assert_round_trip(&handicap_black_first);
    }

    #[test]
    fn a_missing_file_or_a_directory_cannot_be_read() {
        assert!(matches!(
            read_file(Path::new("/nonexistent/kosumi.sgf")),
            Err(SgfError::File(_))
        ));
        assert!(read_file(Path::new(env!("CARGO_MANIFEST_DIR"))).is_err());
        assert!(write_file(Path::new("/nonexistent/dir/out.sgf"), "(;)").is_err());
    }
}
