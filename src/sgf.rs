//! SGF game records (FF[4], https://www.red-bean.com/sgf/): reading the main line of a record
//! into a `Game` (GTP `loadsgf`) and writing a game as a record (GTP `printsgf`). Knows SGF
//! text and the game; no GTP text, no scoring (the caller hands in the result to write).
//!
//! The reader is our own: it walks the text once, without recursion, and hands each node of
//! the main line (the first variation at every branch) to the loader as soon as it is read,
//! checking that the rest is well formed. It keeps only the properties Kosumi uses, borrowed
//! from the text where no escape had to be resolved, so memory stays a small multiple of the
//! file whatever the record holds. (The `sgf-parse` crate builds the whole tree as nested
//! nodes and overflows the stack on a long record, which would crash the engine on a bad
//! file.) FF[3] mixed-case property names (`AddBlack`) are read by their capital letters, as
//! FF[4] asks.
//!
//! A record loads into a game built from scratch, so a failure leaves the caller's game as it
//! was: size `SZ` (2–25, default 19), komi `KM`, rules from `RU` (names mapped to our presets,
//! unknown names keep the caller's rules), setup `AB`/`AW`/`AE` and `PL` before the first move
//! (a handicap when `HA` ≥ 2 and the setup is two or more black stones only; with no setup
//! stone and White to play first, the fixed handicap of `HA` stones, as GNU Go places it),
//! then the moves and passes (`B[]`, and `B[tt]` up to 19×19) of the main line, each of which
//! must be legal, and the setup nodes between them as setup edits of the game. A malformed
//! value of a property read only as a setting (`KM`, `HA`, `PL`) is logged as a warning and
//! the setting keeps its value. What the game does not hold, the root's game information
//! (`PB`, `PW`, `DT`, `RE`, …) and the comments `C` of the main line, comes back as a `Record`
//! that `write` puts back into the printed record.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::board::{Color, Point};
use crate::game::{Entry, Game, Move};
use crate::handicap;
use crate::rules::Rules;

/// The largest record file read, in bytes (16 MiB: far beyond any real game record).
pub const FILE_LIMIT: u64 = 16 << 20;

/// Why a record cannot be read, loaded or saved.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// The file does not exist, is not a regular file, or cannot be read or written: why.
    File(String),
    /// The file is larger than `FILE_LIMIT`.
    TooLarge,
    /// The text is not well-formed SGF: what is wrong, at which line and column (from 1).
    Syntax(&'static str, usize, usize),
    /// `GM` names a game other than Go.
    NotGo,
    /// `SZ` is malformed, not square, or outside 2–25.
    Size(String),
    /// A node has two moves, or a move of both colours.
    TwoMoves(usize),
    /// A move or setup point off the board.
    OffBoard(String),
    /// The move with this number (1 for the first) is illegal under the rules.
    IllegalMove(u32),
    /// Two setup stones on one point.
    RepeatedSetup,
}

impl std::fmt::Display for SgfError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SgfError::File(reason) => formatter.write_str(reason),
            SgfError::TooLarge => write!(formatter, "the file is larger than {FILE_LIMIT} bytes"),
            SgfError::Syntax(what, line, column) => write!(
                formatter,
                "not an SGF record: {what} at line {line}, column {column}"
            ),
            SgfError::NotGo => write!(formatter, "the record is not of a game of Go"),
            SgfError::Size(value) => write!(formatter, "unsupported board size SZ[{value}]"),
            SgfError::TwoMoves(node) => write!(formatter, "node {node} has two moves"),
            SgfError::OffBoard(value) => write!(formatter, "point [{value}] is off the board"),
            SgfError::IllegalMove(number) => write!(formatter, "move {number} is illegal"),
            SgfError::RepeatedSetup => write!(formatter, "two setup stones on one point"),
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

/// The root properties of game information kept from a loaded record and written back: FF[4]'s
/// game-info properties but `RE` (kept apart) and those the game itself holds (`KM`, `HA`,
/// `RU`).
const GAME_INFO: [&str; 19] = [
    "AN", "BR", "BT", "CP", "DT", "EV", "GC", "GN", "ON", "OT", "PB", "PC", "PW", "RO", "SO", "TM",
    "US", "WR", "WT",
];

/// The root properties read as settings (`GM` and `SZ` must be right; the others fall back to
/// the caller's value when malformed).
const SETTINGS: [&str; 6] = ["GM", "SZ", "KM", "RU", "HA", "RE"];

/// Where a comment of the main line sits, so that it is written back at the same place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Anchor {
    /// The root node.
    Root,
    /// The node of the history entry with this index (a move, or a setup edit).
    Entry(u32),
    /// A node with neither a move nor a setup edit, after this many history entries.
    Between(u32),
}

/// What a loaded record said that the game does not hold: the root's game information, the
/// result, the comments of the main line, and the game as it was loaded (so that `write` can
/// tell whether the game went on since).
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    info: Vec<(&'static str, String)>,
    result: Option<String>,
    /// The comments, each as its place and its range in `comment_text` (all comments in one
    /// string: a record of millions of tiny comments costs 16 bytes a comment, not 60).
    comments: Vec<(Anchor, u32, u32)>,
    comment_text: String,
    loaded: Game,
}

impl Record {
    /// The record's result (`RE`) when `game` is still the game as loaded (no move played or
    /// taken back since) and the whole main line was loaded.
    pub fn result_for(&self, game: &Game) -> Option<&str> {
        self.result
            .as_deref()
            .filter(|_| same_start(game, &self.loaded) && game.history().eq(self.loaded.history()))
    }

    /// The game information of the root, in the record's order (identifier, value).
    pub fn info(&self) -> impl Iterator<Item = (&str, &str)> {
        self.info
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
    }
}

/// Whether two games start alike: size, setup stones, handicap and first player.
fn same_start(game: &Game, other: &Game) -> bool {
    game.size() == other.size()
        && game.setup() == other.setup()
        && game.handicap() == other.handicap()
        && game.first_to_move() == other.first_to_move()
}

/// Reads a record file of at most `FILE_LIMIT` bytes (invalid UTF-8 is replaced: it can only
/// sit in text values). A path that is not a regular file (a directory, a FIFO, a device) is
/// refused before it is opened, so that reading never waits for a writer.
pub fn read_file(path: &Path) -> Result<String, SgfError> {
    let refuse = |error: std::io::Error| {
        SgfError::File(match error.kind() {
            std::io::ErrorKind::NotFound => "the file does not exist".to_string(),
            _ => format!("the file cannot be read: {error}"),
        })
    };
    let not_regular = |metadata: &std::fs::Metadata| {
        let kind = if metadata.is_dir() {
            "a directory"
        } else {
            "a FIFO, socket or device"
        };
        SgfError::File(format!("not a regular file but {kind}"))
    };
    let metadata = std::fs::metadata(path).map_err(refuse)?;
    if !metadata.is_file() {
        return Err(not_regular(&metadata));
    }
    if metadata.len() > FILE_LIMIT {
        return Err(SgfError::TooLarge);
    }
    let file = File::open(path).map_err(refuse)?;
    let metadata = file.metadata().map_err(refuse)?;
    if !metadata.is_file() {
        return Err(not_regular(&metadata));
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize + 1);
    file.take(FILE_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(refuse)?;
    if bytes.len() as u64 > FILE_LIMIT {
        return Err(SgfError::TooLarge);
    }
    Ok(String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()))
}

/// Writes `text` to the file at `path`, replacing it.
pub fn write_file(path: &Path, text: &str) -> Result<(), SgfError> {
    std::fs::write(path, text)
        .map_err(|error| SgfError::File(format!("the file cannot be written: {error}")))
}

/// Builds the game the record `text` describes, up to the position `until`. Rules come from
/// `RU` when it names a preset, else `rules`; komi from `KM`, else `komi`.
pub fn load(text: &str, rules: Rules, komi: f64, until: Until) -> Result<Game, SgfError> {
    load_record(text, rules, komi, until).map(|(game, _)| game)
}

/// As `load`, and what else the record said (game information, result, comments). The
/// result is kept only when the whole main line was loaded.
pub fn load_record(
    text: &str,
    rules: Rules,
    komi: f64,
    until: Until,
) -> Result<(Game, Record), SgfError> {
    let mut loader = Loader {
        until,
        rules,
        komi,
        game: None,
        handicap: 0,
        setup: BTreeMap::new(),
        player: None,
        setup_placed: false,
        played: 0,
        stopped: false,
        info: Vec::new(),
        result: None,
        comments: Vec::new(),
        comment_text: String::new(),
    };
    read_main_line(text, |node, index| loader.visit(node, index))?;
    let mut game = loader.game.ok_or(SgfError::Syntax("no node", 1, 1))?;
    if !loader.setup_placed {
        place(&mut game, &loader.setup, loader.handicap, loader.player)?;
    }
    let record = Record {
        info: loader.info,
        result: loader.result.filter(|_| !loader.stopped),
        comments: loader.comments,
        comment_text: loader.comment_text,
        loaded: game.clone(),
    };
    Ok((game, record))
}

/// The loader's state while the reader hands it the main line node by node.
struct Loader {
    until: Until,
    rules: Rules,
    komi: f64,
    game: Option<Game>,
    handicap: u32,
    /// The setup gathered before the first move.
    setup: BTreeMap<Point, Color>,
    /// `PL` before the first move.
    player: Option<Color>,
    setup_placed: bool,
    played: u32,
    /// Loading stopped before a move (`until`); the rest is only checked.
    stopped: bool,
    info: Vec<(&'static str, String)>,
    result: Option<String>,
    comments: Vec<(Anchor, u32, u32)>,
    comment_text: String,
}

impl Loader {
    fn visit(&mut self, node: &Node<'_>, index: usize) -> Result<(), SgfError> {
        if self.stopped {
            return Ok(());
        }
        if index == 0 {
            self.read_root(node)?;
        }
        let Some(game) = self.game.as_mut() else {
            return Err(SgfError::Syntax("no node", 1, 1));
        };
        if node.extra_move {
            return Err(SgfError::TwoMoves(index));
        }
        let turn = match &node.turn {
            None => None,
            Some((color, value)) => Some((*color, parse_move(game, value)?)),
        };
        let entries_before = game.moves().len() + game.setup_edits().len();
        if !self.setup_placed {
            gather_setup(game, node, &mut self.setup)?;
            if let Some(player) = &node.player {
                match parse_color(player) {
                    Some(color) => self.player = Some(color),
                    None => log::warn!("loadsgf: PL[{player}] is not a colour; ignored"),
                }
            }
        } else if !node.setup.is_empty() {
            let edit = setup_edit(game, node)?;
            game.edit_setup(&edit)
                .map_err(|_| SgfError::RepeatedSetup)?;
        }
        if let Some((color, turn)) = turn {
            if stops_before(self.until, self.played, game, turn) {
                if !self.setup_placed {
                    let first = self.player.or(Some(color));
                    place(game, &self.setup, self.handicap, first)?;
                    self.setup_placed = true;
                }
                self.stopped = true;
                return Ok(());
            }
            if !self.setup_placed {
                place(
                    game,
                    &self.setup,
                    self.handicap,
                    self.player.or(Some(color)),
                )?;
                self.setup_placed = true;
            }
            self.played += 1;
            game.play(color, turn)
                .map_err(|_| SgfError::IllegalMove(self.played))?;
        }
        if let Some(comment) = &node.comment {
            let entries = (game.moves().len() + game.setup_edits().len()) as u32;
            let anchor = if index == 0 {
                Anchor::Root
            } else if entries as usize > entries_before {
                Anchor::Entry(entries - 1)
            } else {
                Anchor::Between(entries)
            };
            let start = self.comment_text.len() as u32;
            self.comment_text.push_str(comment);
            self.comments
                .push((anchor, start, self.comment_text.len() as u32));
        }
        Ok(())
    }

    /// Reads the root's settings and game information and builds the empty game.
    fn read_root(&mut self, root: &Node<'_>) -> Result<(), SgfError> {
        if let Some(game_type) = root.single("GM") {
            if game_type.trim() != "1" {
                return Err(SgfError::NotGo);
            }
        }
        let size = match root.single("SZ") {
            None => 19,
            Some(value) => parse_size(value).ok_or_else(|| SgfError::Size(value.to_string()))?,
        };
        if let Some(value) = root.single("KM") {
            match value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|komi| komi.is_finite())
            {
                Some(komi) => self.komi = komi,
                None => log::warn!(
                    "loadsgf: KM[{value}] is not a number; komi stays {}",
                    self.komi
                ),
            }
        }
        if let Some(value) = root.single("RU") {
            match rules_from_name(value) {
                Some(rules) => self.rules = rules,
                None => log::info!(
                    "loadsgf: no preset for RU[{value}]; the rules stay {}",
                    self.rules.name
                ),
            }
        }
        if let Some(value) = root.single("HA") {
            match value.trim().parse::<u32>() {
                Ok(handicap) => self.handicap = handicap,
                Err(_) => log::warn!("loadsgf: HA[{value}] is not a number; ignored"),
            }
        }
        self.result = root.single("RE").map(str::to_string);
        self.info = root
            .properties
            .iter()
            .filter(|(name, _, count)| GAME_INFO.contains(name) && *count == 1)
            .map(|(name, value, _)| (*name, value.to_string()))
            .collect();
        let game = Game::new(size, self.rules, self.komi)
            .ok_or_else(|| SgfError::Size(size.to_string()))?;
        self.game = Some(game);
        Ok(())
    }
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

/// Puts the setup stones on the board and sets who moves first when the record says so. The
/// stones are kept in one canonical order (Black first, then board order), so that a game
/// written and read again is the same game. They are a handicap when `HA` ≥ 2 and they are
/// two or more, all black. With no setup stone at all, `HA` ≥ 2 and White to play first, the
/// fixed handicap of `HA` stones (as many as the size has, when `HA` asks for more) is placed,
/// as GNU Go does for records that give the handicap by `HA` alone.
fn place(
    game: &mut Game,
    setup: &BTreeMap<Point, Color>,
    handicap: u32,
    first: Option<Color>,
) -> Result<(), SgfError> {
    let mut stones: Vec<(Color, Point)> = setup
        .iter()
        .map(|(&point, &color)| (color, point))
        .collect();
    if stones.is_empty() && handicap >= 2 && first == Some(Color::White) {
        let count = handicap.min(handicap::max_fixed(game.size()));
        match handicap::fixed(game.board(), count) {
            Some(points) => {
                if count < handicap {
                    log::warn!("loadsgf: HA[{handicap}]: {count} stones is the most on this board");
                }
                stones = points
                    .into_iter()
                    .map(|point| (Color::Black, point))
                    .collect();
            }
            None => log::warn!("loadsgf: HA[{handicap}]: no fixed handicap on this board"),
        }
    }
    stones.sort();
    // A handicap is two stones or more (as GTP's handicap commands have it): one black setup
    // stone under HA[2+] is plain setup, or the record would not read back as written.
    let is_handicap = handicap >= 2
        && stones.len() >= 2
        && stones.iter().all(|&(color, _)| color == Color::Black);
    game.place_setup(&stones, is_handicap)
        .map_err(|_| SgfError::RepeatedSetup)?;
    if let Some(color) = first {
        game.set_first_to_move(color);
    }
    Ok(())
}

/// Adds a node's `AB`, `AW` and `AE` to the setup gathered before the first move.
fn gather_setup(
    game: &Game,
    node: &Node<'_>,
    setup: &mut BTreeMap<Point, Color>,
) -> Result<(), SgfError> {
    for &(color, value) in &node.setup {
        for point in points_of(game, value)? {
            match color {
                Some(color) => setup.insert(point, color),
                None => setup.remove(&point),
            };
        }
    }
    Ok(())
}

/// A node's `AB`, `AW` and `AE` after the first move, as a setup edit: each point once, with
/// the last state the node gives it, in board order.
fn setup_edit(game: &Game, node: &Node<'_>) -> Result<Vec<(Point, Option<Color>)>, SgfError> {
    let mut edit = BTreeMap::new();
    for &(color, value) in &node.setup {
        for point in points_of(game, value)? {
            edit.insert(point, color);
        }
    }
    Ok(edit.into_iter().collect())
}

/// A move value: a pass (`[]`, or `[tt]` up to 19×19) or a point.
fn parse_move(game: &Game, value: &str) -> Result<Move, SgfError> {
    let value = value.trim();
    if value.is_empty() || (value == "tt" && game.size() <= 19) {
        return Ok(Move::Pass);
    }
    let bytes = value.as_bytes();
    match bytes {
        &[x, y] if x.is_ascii_lowercase() && y.is_ascii_lowercase() => point(game, x, y)
            .map(Move::Place)
            .ok_or_else(|| SgfError::OffBoard(value.to_string())),
        _ => Err(SgfError::OffBoard(value.to_string())),
    }
}

/// The point at letters `x`, `y` (from `a`, the top left being `aa`) on the game's board.
fn point(game: &Game, x: u8, y: u8) -> Option<Point> {
    let size = game.size();
    let row_from_top = usize::from(y - b'a');
    if row_from_top >= size {
        return None;
    }
    game.board()
        .point(usize::from(x - b'a'), size - 1 - row_from_top)
}

/// The points of a list value: one point, or a rectangle (compressed list).
fn points_of(game: &Game, value: PointValue) -> Result<Vec<Point>, SgfError> {
    let off_board = || SgfError::OffBoard(value.to_string());
    let (first, last) = match value {
        PointValue::One(x, y) => ((x, y), (x, y)),
        PointValue::Rectangle(first, last) => (first, last),
    };
    let board = game.board();
    let (x1, y1) = board.coordinates(point(game, first.0, first.1).ok_or_else(off_board)?);
    let (x2, y2) = board.coordinates(point(game, last.0, last.1).ok_or_else(off_board)?);
    let mut points = Vec::new();
    for y in y1.min(y2)..=y1.max(y2) {
        for x in x1.min(x2)..=x1.max(x2) {
            points.extend(board.point(x, y));
        }
    }
    Ok(points)
}

fn parse_color(value: &str) -> Option<Color> {
    match value.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
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
/// would imply, the loaded record's game information, `RE`, the root comment; then the moves
/// and setup edits (`AB`/`AW`/`AE` nodes) of the history, ten entries to a line, with the
/// loaded record's comments at their places. No empty lines; ends with a newline.
///
/// `RE` is the loaded record's result while the game is still the game as loaded; otherwise
/// `result` (the caller's judgement, as `final_score` gives it), written only once the game
/// has ended. The caller judges, so that writing a record never runs the judgement itself.
/// Comments are kept on the moves the game still shares with the loaded record.
pub fn write(game: &Game, record: Option<&Record>, result: Option<&str>) -> String {
    let record = record.filter(|record| same_start(game, &record.loaded));
    let mut text = root_properties(game, record, result);
    // Comments stay on the entries the game shares with the loaded record.
    let shared = record.map_or(0, |record| {
        game.history()
            .zip(record.loaded.history())
            .take_while(|(entry, loaded)| entry == loaded)
            .count()
    });
    // The comments are stored in the order the nodes are written: a cursor walks them once.
    let (comments, comment_text) = record.map_or((&[][..], ""), |record| {
        (&record.comments[..], record.comment_text.as_str())
    });
    let mut pending = comments.iter().peekable();
    let mut comment_at = |text: &mut String, anchor: Anchor, node: &str, kept: bool| {
        while let Some(&(_, start, end)) = pending.next_if(|(at, _, _)| *at == anchor) {
            if kept {
                let comment = &comment_text[start as usize..end as usize];
                text.push_str(&format!("{node}C[{}]", escape(comment)));
            }
        }
    };
    comment_at(&mut text, Anchor::Root, "", true);
    comment_at(&mut text, Anchor::Between(0), "\n;", true);
    for (number, entry) in game.history().enumerate() {
        if number % 10 == 0 {
            text.push('\n');
        }
        text.push(';');
        text.push_str(&entry_properties(game, &entry));
        let kept = number < shared;
        let number = number as u32;
        comment_at(&mut text, Anchor::Entry(number), "", kept);
        comment_at(&mut text, Anchor::Between(number + 1), "\n;", kept);
    }
    text.push_str(")\n");
    text
}

/// A point as an SGF value: column letter, then row letter counted from the top.
fn point_value(game: &Game, point: Point) -> String {
    let (x, y) = game.board().coordinates(point);
    let row = game.size() - 1 - y;
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + row as u8) as char)
}

/// A list property (`AB`, `AW`, `AE`) over `points`, or nothing when there are none.
fn point_list(game: &Game, name: &str, points: impl Iterator<Item = Point>) -> String {
    let values: String = points
        .map(|point| format!("[{}]", point_value(game, point)))
        .collect();
    if values.is_empty() {
        values
    } else {
        format!("{name}{values}")
    }
}

/// The root node's properties: `GM FF CA AP SZ KM RU`, `HA`, the setup stones, `PL` when the
/// first player is not the implied one, the kept record's game information and `RE`.
fn root_properties(game: &Game, record: Option<&Record>, result: Option<&str>) -> String {
    let mut text = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[{}:{}]SZ[{}]KM[{}]RU[{}]",
        escape("Kosumi"),
        escape(env!("CARGO_PKG_VERSION")),
        game.size(),
        game.komi(),
        escape(rules_value(game.rules())),
    );
    if game.handicap() > 0 {
        text.push_str(&format!("HA[{}]", game.handicap()));
    }
    for (color, name) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let stones = game.setup().iter().filter(|&&(stone, _)| stone == color);
        text.push_str(&point_list(game, name, stones.map(|&(_, point)| point)));
    }
    let implied = match game.moves().first() {
        Some(&(color, _)) => color,
        None if game.handicap() > 0 => Color::White,
        None => Color::Black,
    };
    if game.first_to_move() != implied {
        text.push_str(&format!("PL[{}]", color_letter(game.first_to_move())));
    }
    for (name, value) in record.iter().flat_map(|record| record.info()) {
        text.push_str(&format!("{name}[{}]", escape(value)));
    }
    let result = match record.and_then(|record| record.result_for(game)) {
        Some(kept) => Some(kept),
        None => result.filter(|_| game.is_over()),
    };
    if let Some(result) = result {
        text.push_str(&format!("RE[{}]", escape(result)));
    }
    text
}

/// The properties of one history entry's node: `B`/`W` for a move (empty for a pass),
/// `AB`/`AW`/`AE` for a setup edit.
fn entry_properties(game: &Game, entry: &Entry) -> String {
    match entry {
        Entry::Move(color, turn) => {
            let value = match *turn {
                Move::Pass => String::new(),
                Move::Place(point) => point_value(game, point),
            };
            format!("{}[{value}]", color_letter(*color))
        }
        Entry::Setup(edit) => [
            (Some(Color::Black), "AB"),
            (Some(Color::White), "AW"),
            (None, "AE"),
        ]
        .into_iter()
        .map(|(state, name)| {
            let points = edit.iter().filter(|&&(_, stone)| stone == state);
            point_list(game, name, points.map(|&(point, _)| point))
        })
        .collect(),
    }
}

fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'B',
        Color::White => 'W',
    }
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

/// A point-list value as written: `xy`, or the rectangle `xy:xy` (letters `a`–`z`), not yet
/// checked against the board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PointValue {
    One(u8, u8),
    Rectangle((u8, u8), (u8, u8)),
}

impl std::fmt::Display for PointValue {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            PointValue::One(x, y) => write!(formatter, "{}{}", x as char, y as char),
            PointValue::Rectangle((x1, y1), (x2, y2)) => write!(
                formatter,
                "{}{}:{}{}",
                x1 as char, y1 as char, x2 as char, y2 as char
            ),
        }
    }
}

impl PointValue {
    fn parse(value: &str) -> Option<PointValue> {
        let letters = |text: &str| match text.trim().as_bytes() {
            &[x, y] if x.is_ascii_lowercase() && y.is_ascii_lowercase() => Some((x, y)),
            _ => None,
        };
        match value.split_once(':') {
            None => letters(value).map(|(x, y)| PointValue::One(x, y)),
            Some((first, last)) => Some(PointValue::Rectangle(letters(first)?, letters(last)?)),
        }
    }
}

/// The properties of one main-line node that Kosumi uses, borrowed from the text where no
/// escape had to be resolved; the others are checked for syntax and dropped.
#[derive(Default)]
struct Node<'a> {
    /// The first `B` or `W`.
    turn: Option<(Color, Cow<'a, str>)>,
    /// A second move value in the node (`B[aa][bb]`, or `B` and `W`).
    extra_move: bool,
    /// `AB`, `AW` and `AE` values in order (`None` for `AE`).
    setup: Vec<(Option<Color>, PointValue)>,
    /// The first `PL`'s first value.
    player: Option<Cow<'a, str>>,
    /// The first `C`'s first value.
    comment: Option<Cow<'a, str>>,
    /// The first occurrence of each setting and game-information property: its first value
    /// and how many values it has.
    properties: Vec<(&'static str, Cow<'a, str>, usize)>,
}

impl<'a> Node<'a> {
    /// The value of the setting or game-information property `name` if it has exactly one.
    fn single(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(identifier, _, _)| *identifier == name)
            .and_then(|(_, value, count)| (*count == 1).then_some(value.as_ref()))
    }

    fn clear(&mut self) {
        self.turn = None;
        self.extra_move = false;
        self.setup.clear();
        self.player = None;
        self.comment = None;
        self.properties.clear();
    }
}

/// What the reader saw last, to check the order of `(`, `;` and `)`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Nothing,
    Open,
    Node,
    Close,
}

/// Walks the whole text, checking that it is a well-formed collection, and hands each node of
/// the main line of the first game tree to `visit` with its index (0 for the root) as soon as
/// it is read. One pass, no recursion: variations other than the first are read and dropped.
fn read_main_line<'a>(
    text: &'a str,
    mut visit: impl FnMut(&Node<'a>, usize) -> Result<(), SgfError>,
) -> Result<(), SgfError> {
    let reader = Reader { text };
    let bytes = text.as_bytes();
    let mut position = usize::from(text.starts_with('\u{feff}')) * 3;
    let mut depth = 0usize;
    let mut trees = 0usize;
    let mut on_main_line = false;
    let mut last = Last::Nothing;
    let mut node = Node::default();
    let mut index = 0;
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
                    return Err(reader.syntax("a variation before any node", position));
                }
                depth += 1;
                last = Last::Open;
                position += 1;
            }
            b')' => {
                if depth == 0 {
                    return Err(reader.syntax("unmatched ')'", position));
                }
                if last == Last::Open {
                    return Err(reader.syntax("an empty game tree", position));
                }
                depth -= 1;
                on_main_line = false;
                last = Last::Close;
                position += 1;
            }
            b';' => {
                if depth == 0 {
                    return Err(reader.syntax("a node outside a game tree", position));
                }
                if last == Last::Close {
                    return Err(reader.syntax("a node after a variation", position));
                }
                node.clear();
                position = reader.read_node(position + 1, on_main_line.then_some(&mut node))?;
                if on_main_line {
                    visit(&node, index)?;
                    index += 1;
                }
                last = Last::Node;
            }
            _ => return Err(reader.syntax("unexpected character", position)),
        }
    }
    if depth != 0 {
        return Err(reader.syntax("unclosed game tree", position));
    }
    if trees == 0 {
        return Err(reader.syntax("no game tree", position));
    }
    Ok(())
}

fn skip_whitespace(bytes: &[u8], mut position: usize) -> usize {
    while bytes.get(position).is_some_and(u8::is_ascii_whitespace) {
        position += 1;
    }
    position
}

/// The text being read.
struct Reader<'a> {
    text: &'a str,
}

impl<'a> Reader<'a> {
    /// A syntax error at byte `position`, placed by line and column (in characters).
    fn syntax(&self, what: &'static str, position: usize) -> SgfError {
        let before = &self.text.as_bytes()[..position.min(self.text.len())];
        let line = before.iter().filter(|&&byte| byte == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |at| at + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        SgfError::Syntax(what, line, column)
    }

    /// Reads the properties of a node that starts at `position` (just after its `;`), keeping
    /// those Kosumi uses in `node` when there is one; returns the position after the node.
    fn read_node(
        &self,
        mut position: usize,
        mut node: Option<&mut Node<'a>>,
    ) -> Result<usize, SgfError> {
        let bytes = self.text.as_bytes();
        loop {
            position = skip_whitespace(bytes, position);
            let start = position;
            let mut capitals = [0u8; 2];
            let mut count = 0;
            while let Some(&byte) = bytes
                .get(position)
                .filter(|byte| byte.is_ascii_alphabetic())
            {
                if byte.is_ascii_uppercase() {
                    if count < capitals.len() {
                        capitals[count] = byte;
                    }
                    count += 1;
                }
                position += 1;
            }
            if position == start {
                return Ok(position);
            }
            if count == 0 {
                return Err(self.syntax("a property name without capitals", start));
            }
            let identifier: &[u8] = if count <= 2 { &capitals[..count] } else { b"" };
            let node = node.as_deref_mut();
            let kind = node.as_ref().map_or(Kind::Skip, |_| Kind::of(identifier));
            let mut values = 0usize;
            let mut node = node;
            loop {
                position = skip_whitespace(bytes, position);
                if bytes.get(position) != Some(&b'[') {
                    break;
                }
                let keep = match kind {
                    Kind::Skip => false,
                    Kind::Setup(_) => true,
                    _ => values == 0,
                };
                let (value, next) = self.read_value(position + 1, keep)?;
                if let (Some(node), Some(value)) = (node.as_deref_mut(), value) {
                    kind.keep(node, value, values).map_err(|()| {
                        SgfError::OffBoard(self.text[position + 1..next - 1].to_string())
                    })?;
                }
                values += 1;
                position = next;
            }
            if values == 0 {
                return Err(self.syntax("a property without a value", position));
            }
            if let (Kind::Move(_), Some(node)) = (kind, node.as_deref_mut()) {
                node.extra_move |= values > 1;
            }
            if let (Kind::Property(name), Some(node)) = (kind, node) {
                if let Some(entry) = node
                    .properties
                    .iter_mut()
                    .rev()
                    .find(|(identifier, _, _)| *identifier == name)
                    .filter(|(_, _, count)| *count == 0)
                {
                    entry.2 = values;
                }
            }
        }
    }

    /// Reads a value that starts at `position` (just after its `[`), resolving escapes (`\]`,
    /// `\\`, and soft line breaks) when `keep` asks for the value; returns it and the position
    /// after its `]`. A value without escapes is borrowed from the text.
    fn read_value(
        &self,
        mut position: usize,
        keep: bool,
    ) -> Result<(Option<Cow<'a, str>>, usize), SgfError> {
        let bytes = self.text.as_bytes();
        let start = position;
        let mut owned: Option<Vec<u8>> = None;
        loop {
            match bytes.get(position) {
                None => return Err(self.syntax("an unclosed value", start)),
                Some(b']') => break,
                Some(b'\\') => {
                    if keep && owned.is_none() {
                        owned = Some(bytes[start..position].to_vec());
                    }
                    position += 1;
                    match bytes.get(position) {
                        None => return Err(self.syntax("an unclosed value", start)),
                        Some(&line_break @ (b'\n' | b'\r')) => {
                            let other = if line_break == b'\n' { b'\r' } else { b'\n' };
                            if bytes.get(position + 1) == Some(&other) {
                                position += 1;
                            }
                        }
                        Some(&escaped) => {
                            if let Some(owned) = owned.as_mut() {
                                owned.push(escaped);
                            }
                        }
                    }
                }
                Some(&byte) => {
                    if let Some(owned) = owned.as_mut() {
                        owned.push(byte);
                    }
                }
            }
            position += 1;
        }
        let value = keep.then(|| match owned {
            None => Cow::Borrowed(&self.text[start..position]),
            Some(owned) => Cow::Owned(String::from_utf8_lossy(&owned).into_owned()),
        });
        Ok((value, position + 1))
    }
}

/// What the reader does with a property of a main-line node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Not used: checked and dropped.
    Skip,
    Move(Color),
    Setup(Option<Color>),
    Player,
    Comment,
    /// A setting or game-information property of the root.
    Property(&'static str),
}

impl Kind {
    fn of(identifier: &[u8]) -> Kind {
        match identifier {
            b"B" => Kind::Move(Color::Black),
            b"W" => Kind::Move(Color::White),
            b"AB" => Kind::Setup(Some(Color::Black)),
            b"AW" => Kind::Setup(Some(Color::White)),
            b"AE" => Kind::Setup(None),
            b"PL" => Kind::Player,
            b"C" => Kind::Comment,
            _ => SETTINGS
                .iter()
                .chain(GAME_INFO.iter())
                .find(|name| name.as_bytes() == identifier)
                .map_or(Kind::Skip, |&name| Kind::Property(name)),
        }
    }

    /// Keeps value number `index` of this property in `node`; `Err` for a setup value that
    /// is no point or rectangle.
    fn keep<'a>(self, node: &mut Node<'a>, value: Cow<'a, str>, index: usize) -> Result<(), ()> {
        match self {
            Kind::Skip => {}
            Kind::Move(color) => {
                if node.turn.is_some() {
                    node.extra_move = true;
                } else {
                    node.turn = Some((color, value));
                }
            }
            Kind::Setup(color) => node
                .setup
                .push((color, PointValue::parse(&value).ok_or(())?)),
            Kind::Player => {
                if node.player.is_none() && index == 0 {
                    node.player = Some(value);
                }
            }
            Kind::Comment => {
                if node.comment.is_none() && index == 0 {
                    node.comment = Some(value);
                }
            }
            Kind::Property(name) => {
                if index == 0 && !node.properties.iter().any(|(other, _, _)| *other == name) {
                    node.properties.push((name, value, 0));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::at;
    use crate::game::tests::game_after;

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
            "(;GM[2]SZ[9])",
            "(;SZ[9:13])",
            "(;SZ[1])",
            "(;SZ[26])",
            "(;SZ[52])",
            "(;SZ[nine])",
            "(;SZ[9];B[ee];W[ee])",
            "(;SZ[9]AB[aa]AW[aa:bb]AB[ee];B[ee])",
            "(;SZ[9]AB[ab:cd]AW[a]",
            "(;SZ[9];B[ee];AB[zz])",
        ] {
            assert!(load_text(text, Until::End).is_err(), "{text:?}");
        }
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
        let text = write(&game, None, Some("W+3.5"));
        assert!(text.starts_with(&format!(
            "(;GM[1]FF[4]CA[UTF-8]AP[Kosumi:{}]SZ[9]KM[7.5]RU[Chinese]RE[W+3.5]\n",
            env!("CARGO_PKG_VERSION")
        )));
        assert!(text.ends_with("\n;B[ee];W[cg];B[];W[])\n"), "{text}");
        assert!(!text.contains("\n\n"));
    }

    #[test]
    fn a_result_is_written_only_once_the_game_has_ended() {
        let game = game_after(9, Rules::BGA, &["B E5", "W pass"]);
        assert!(!write(&game, None, Some("B+2.5")).contains("RE["));
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
        let text = write(&game, None, None);
        assert!(text.contains("RU[AGA]HA[2]AB[dp][pd])"), "{text}");
        assert!(!text.contains("PL["));
    }

    fn assert_round_trip(game: &Game) {
        let text = write(game, None, None);
        let again = load(&text, Rules::BGA, 7.5, Until::End)
            .unwrap_or_else(|error| panic!("{error}: {text}"));
        assert_eq!(&again, game, "{text}");
        assert_eq!(write(&again, None, None), text);
    }

    /// Loads `text` with what it said, prints it, loads the print and prints again: the
    /// second print must be the first, and the game the same. Returns the first print.
    fn assert_prints_back(text: &str) -> String {
        let (game, record) = load_record(text, Rules::BGA, 7.5, Until::End)
            .unwrap_or_else(|error| panic!("{error}: {text}"));
        let printed = write(&game, Some(&record), Some("B+0.5"));
        let (again, again_record) = load_record(&printed, Rules::BGA, 7.5, Until::End)
            .unwrap_or_else(|error| panic!("{error}: {printed}"));
        assert_eq!(again, game, "{printed}");
        assert_eq!(write(&again, Some(&again_record), Some("B+0.5")), printed);
        printed
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
            "mid-game-setup.sgf",
            "handicap-by-ha.sgf",
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
    fn a_missing_file_or_a_directory_cannot_be_read_and_the_error_says_which() {
        let missing = read_file(Path::new("/nonexistent/kosumi.sgf")).unwrap_err();
        assert_eq!(missing.to_string(), "the file does not exist");
        let directory = read_file(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap_err();
        assert_eq!(directory.to_string(), "not a regular file but a directory");
        assert!(write_file(Path::new("/nonexistent/dir/out.sgf"), "(;)").is_err());
    }

    #[test]
    fn a_device_is_refused_without_reading_it() {
        // /dev/zero never ends and /dev/null is empty: neither is a record file.
        for device in ["/dev/zero", "/dev/null"] {
            let error = read_file(Path::new(device)).unwrap_err();
            assert_eq!(
                error.to_string(),
                "not a regular file but a FIFO, socket or device"
            );
        }
    }

    #[test]
    fn a_syntax_error_names_its_line_and_column() {
        let error = load_text("(;SZ[9]\n;B[ee]\n;W[cc] !)", Until::End).unwrap_err();
        assert_eq!(
            error.to_string(),
            "not an SGF record: unexpected character at line 3, column 8"
        );
    }

    /// The example: setup after the first move, kept as a setup edit.
    const MID_GAME_SETUP: &str = "(;GM[1]FF[4]SZ[9]AB[aa][bb];B[hh];W[ii];AE[hh]AB[dd];W[ee])";

    #[test]
    fn setup_after_the_first_move_edits_the_position_between_moves() {
        let game = load_text(MID_GAME_SETUP, Until::End).unwrap();
        //   9 X . . . . . . . .
        //   8 . X . . . . . . .
        //   7 . . . . . . . . .
        //   6 . . . X . . . . .     AB[dd] put D6, AE[hh] took H2 off,
        //   5 . . . . O . . . .     W[ee] was played after the edit.
        //   4 . . . . . . . . .
        //   3 . . . . . . . . .
        //   2 . . . . . . . . .
        //   1 . . . . . . . . O
        assert_eq!(
            rows(&game),
            [
                "X........",
                ".X.......",
                ".........",
                "...X.....",
                "....O....",
                ".........",
                ".........",
                ".........",
                "........O",
            ]
        );
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.setup_edits().len(), 1);
        assert_eq!(game.setup_edits()[0].0, 2, "after two moves");
        assert_eq!(game.to_move(), Color::Black);
        assert_eq!(game.board().captured_by(Color::Black), 0);
        assert_eq!(game.board().captured_by(Color::White), 0);
        game.board().verify().unwrap();
    }

    #[test]
    fn undo_takes_back_moves_after_a_setup_edit_but_never_the_edit() {
        let mut game = load_text(MID_GAME_SETUP, Until::End).unwrap();
        let before_last = load_text(
            "(;GM[1]FF[4]SZ[9]AB[aa][bb];B[hh];W[ii];AE[hh]AB[dd])",
            Until::End,
        )
        .unwrap();
        assert!(game.undo());
        assert_eq!(game, before_last);
        assert!(!game.undo(), "the edit is not taken back");
        assert!(!game.undo());
        assert_eq!(game, before_last);
        assert_prints_back(MID_GAME_SETUP);
    }

    #[test]
    fn a_setup_edit_can_change_a_stones_colour_inside_a_chain() {
        // Black C3 D3 E3 is one chain; the edit turns D3 white, leaving two black stones.
        let game = load_text(
            "(;SZ[5];B[ac];W[aa];B[bc];W[ab];B[cc];AW[bc]C[turned])",
            Until::End,
        )
        .unwrap();
        assert_eq!(rows(&game), ["O....", "O....", "XOX..", ".....", "....."]);
        game.board().verify().unwrap();
        let printed = assert_prints_back("(;SZ[5];B[ac];W[aa];B[bc];W[ab];B[cc];AW[bc]C[turned])");
        assert!(printed.ends_with(";B[cc];AW[bc]C[turned])\n"), "{printed}");
    }

    #[test]
    fn a_setup_edit_ends_the_ko_ban_and_starts_the_repetition_history_again() {
        // The §2.7 ko: Black E4 takes D4; an empty setup node (AE on an empty point) comes
        // before White's retake, which is then legal.
        let text = "(;SZ[9]RU[Japanese];W[df];B[cf];W[eg];B[dg];W[ff];B[de];W[ee];B[ef]\
                    ;AE[aa];W[df])";
        let game = load_text(text, Until::End).unwrap();
        assert_eq!(game.board().captured_by(Color::White), 1);
        assert_prints_back(text);
        let without_the_edit = text.replace(";AE[aa]", "");
        assert_eq!(
            load_text(&without_the_edit, Until::End),
            Err(SgfError::IllegalMove(9))
        );
    }

    #[test]
    fn loading_may_stop_before_a_move_that_follows_a_setup_edit() {
        let game = load_text(MID_GAME_SETUP, Until::MoveNumber(3)).unwrap();
        assert_eq!(game.moves().len(), 2);
        assert_eq!(
            game.setup_edits().len(),
            1,
            "the edit before move 3 is made"
        );
        let board = game.board();
        assert_eq!(board.get(at(board, "D6")), Some(Color::Black));
        assert_eq!(board.get(at(board, "H2")), None);
    }

    #[test]
    fn a_malformed_setting_keeps_the_current_value_and_the_record_loads() {
        let game = load(
            "(;SZ[9]KM[abc]HA[two]PL[X];B[ee])",
            Rules::AGA,
            6.5,
            Until::End,
        )
        .unwrap();
        assert_eq!(game.komi(), 6.5);
        assert_eq!(game.handicap(), 0);
        assert_eq!(game.moves().len(), 1);
    }

    #[test]
    fn ha_without_setup_stones_places_the_fixed_handicap_when_white_moves_first() {
        let game = load_text("(;SZ[9]HA[3];W[ee])", Until::End).unwrap();
        assert_eq!(game.handicap(), 3);
        let board = game.board();
        for vertex in ["C7", "G7", "C3"] {
            assert_eq!(board.get(at(board, vertex)), Some(Color::Black), "{vertex}");
        }
        assert_eq!(board.stone_counts(), [3, 1]);
        assert_round_trip(&game);
        // PL[W] says the same; more stones than the board has get the most it has.
        let told = load_text("(;SZ[9]HA[12]PL[W])", Until::End).unwrap();
        assert_eq!(told.handicap(), 9);
        assert_eq!(told.to_move(), Color::White);
        // Black moving first, or setup stones, mean the record placed what it wanted.
        let black_first = load_text("(;SZ[9]HA[2];B[aa])", Until::End).unwrap();
        assert_eq!(black_first.board().stone_counts(), [1, 0]);
        let with_white_stone = load_text("(;SZ[9]HA[2]AW[aa];W[ee])", Until::End).unwrap();
        assert_eq!(with_white_stone.board().stone_counts(), [0, 2]);
        // No fixed layout below 7x7: nothing is placed.
        let small = load_text("(;SZ[6]HA[2];W[aa])", Until::End).unwrap();
        assert_eq!(small.board().stone_counts(), [0, 1]);
    }

    /// A record with game information, a result and comments on the main line (and in a
    /// variation, which is dropped).
    const ANNOTATED: &str = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black \\\\ player]PW[White]BR[3d]WR[2k]\
        DT[2024-05-01]EV[Club]RO[2]GN[Final]PC[Here]SO[Book]US[Typist]GC[A game: see \\]]\
        RE[W+R]C[Root comment]AP[Other:1]XX[unknown]\
        ;B[ee]C[First move];C[an empty node];W[cc](;B[gg]C[main])(;B[gc]C[variation]))";

    #[test]
    fn the_game_information_result_and_comments_of_a_record_are_printed_back() {
        let printed = assert_prints_back(ANNOTATED);
        for kept in [
            "PB[Black \\\\ player]",
            "PW[White]",
            "BR[3d]",
            "WR[2k]",
            "DT[2024-05-01]",
            "EV[Club]",
            "RO[2]",
            "GN[Final]",
            "PC[Here]",
            "SO[Book]",
            "US[Typist]",
            "GC[A game: see \\]]",
            "RE[W+R]",
            "C[Root comment]",
            ";B[ee]C[First move]",
            ";C[an empty node]",
            ";B[gg]C[main]",
        ] {
            assert!(printed.contains(kept), "{kept} missing from {printed}");
        }
        for dropped in ["variation", "XX[", "Other"] {
            assert!(!printed.contains(dropped), "{dropped} in {printed}");
        }
        let time_out = ANNOTATED.replace("RE[W+R]", "RE[B+T]");
        assert!(assert_prints_back(&time_out).contains("RE[B+T]"));
    }

    #[test]
    fn the_records_result_goes_once_the_game_goes_on_and_comments_stay_on_shared_moves() {
        let (mut game, record) = load_record(ANNOTATED, Rules::BGA, 7.5, Until::End).unwrap();
        assert_eq!(record.result_for(&game), Some("W+R"));
        let e1 = at(game.board(), "E1");
        game.play(Color::White, Move::Place(e1)).unwrap();
        assert_eq!(record.result_for(&game), None);
        let printed = write(&game, Some(&record), Some("B+1"));
        assert!(
            !printed.contains("RE["),
            "the game has not ended: {printed}"
        );
        assert!(printed.contains(";B[gg]C[main];W[ei]"), "{printed}");
        game.undo();
        game.undo();
        let g7 = at(game.board(), "C3");
        game.play(Color::Black, Move::Place(g7)).unwrap();
        let printed = write(&game, Some(&record), None);
        assert!(!printed.contains("main"), "{printed}");
        assert!(printed.contains("C[an empty node]"), "{printed}");
        // A record loaded only in part keeps no result: it was the result of the whole game.
        let (_, part) = load_record(ANNOTATED, Rules::BGA, 7.5, Until::MoveNumber(2)).unwrap();
        assert_eq!(part.result, None);
    }

    #[test]
    fn a_record_with_a_result_and_two_passes_keeps_its_own_result() {
        let text = "(;SZ[9]RE[B+12.5];B[ee];W[];B[])";
        let (game, record) = load_record(text, Rules::BGA, 7.5, Until::End).unwrap();
        assert!(write(&game, Some(&record), Some("W+1.5")).contains("RE[B+12.5]"));
        let no_result = "(;SZ[9];B[ee];W[];B[])";
        let (game, record) = load_record(no_result, Rules::BGA, 7.5, Until::End).unwrap();
        assert!(write(&game, Some(&record), Some("W+1.5")).contains("RE[W+1.5]"));
    }
}
