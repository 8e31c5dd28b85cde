//! The commands Kosumi understands: one `Command` variant per command, and `COMMANDS`, the one
//! table that maps a name to its argument parser. `list_commands`, `known_command` and name
//! lookup all come from that table; there is no second list.

use nom::character::complete::space1;
use nom::combinator::{map, opt};
use nom::sequence::preceded;

use super::analysis::{self, Analysis, Dialect};
use super::arguments::{
    arguments, color, color_and_vertex, file_and_target, float, int, integer, kgs_time_settings,
    nothing, rest_of_line, three_ints, token, vertex, vertex_list,
};
use super::vocabulary::Failure;
// Kept at their old paths (`command::Vertex`, `command::SgfTarget`) for code written before the
// vocabulary had its own module.
pub use super::vocabulary::{SgfTarget, Vertex};
use crate::board::Color;
use crate::clock::TimeControl;
use crate::score::Status;

/// One parsed command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The optional numeric id, echoed in the reply.
    pub id: Option<u32>,
    /// What to do.
    pub command: Command,
}

/// Every command, with its syntax, result and failures.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version` → `2`. Never fails.
    ProtocolVersion,
    /// `name` → `Kosumi`. Never fails.
    Name,
    /// `version` → the crate version. Never fails.
    Version,
    /// `known_command NAME` → `true` or `false`. Fails: syntax error (no name).
    KnownCommand(String),
    /// `list_commands` → every command name, one per line. Never fails.
    ListCommands,
    /// `quit` → empty, then the engine exits. Never fails.
    Quit,
    /// `boardsize N` → empty; a new empty N×N board, komi and rules kept.
    /// Fails: syntax error, `unacceptable size` (outside 2–25).
    BoardSize(u32),
    /// `clear_board` → empty; empties the board, captures and history. Never fails.
    ClearBoard,
    /// `komi K` → empty; any finite number. Fails: syntax error.
    Komi(f64),
    /// `play COLOR VERTEX` → empty. Fails: syntax error (also for a vertex off the board),
    /// `illegal move` (occupied, suicide, ko, superko under the current rules).
    Play(Color, Vertex),
    /// `genmove COLOR` → a vertex or `pass`, played on the board. Fails: syntax error.
    GenMove(Color),
    /// `reg_genmove COLOR` → the move `genmove` would choose, not played; the same position
    /// always gives the same answer. Fails: syntax error.
    RegGenMove(Color),
    /// `undo` → empty; takes back the last move (pass included). Fails: `cannot undo` when no
    /// move is left (handicap stones are never taken back).
    Undo,
    /// `showboard` → the board as text with coordinates, captures, rules and the side to move.
    /// Never fails.
    ShowBoard,
    /// `final_score` → `B+N`, `W+N` or `0` under the current rules, with the stones that the
    /// end-of-game judgement (`score::judge`) finds dead removed as prisoners and its sekis
    /// respected; under `tromp-taylor` every stone counts as alive. The same position always
    /// gets the same score, whatever `--seed`. Fails: `cannot score` (never, in practice).
    FinalScore,
    /// `is_legal COLOR VERTEX` → `1` or `0` (GNU Go). Fails: syntax error.
    IsLegal(Color, Vertex),
    /// `all_legal COLOR` → the legal vertices for COLOR, sorted as GNU Go sorts them (top row
    /// first, left to right). Fails: syntax error.
    AllLegal(Color),
    /// `countlib VERTEX` → the number of liberties of the chain at VERTEX (GNU Go).
    /// Fails: syntax error, `vertex must not be empty`.
    CountLiberties(Vertex),
    /// `findlib VERTEX` → the liberties of the chain at VERTEX, sorted (GNU Go).
    /// Fails: syntax error, `vertex must not be empty`.
    FindLiberties(Vertex),
    /// `list_stones COLOR` → the stones of COLOR on the board, sorted (GNU Go).
    /// Fails: syntax error.
    ListStones(Color),
    /// `captures COLOR` → the number of stones COLOR has captured (GNU Go). Fails: syntax error.
    Captures(Color),
    /// `color VERTEX` → `black`, `white` or `empty` (GNU Go). Fails: syntax error.
    ColorAt(Vertex),
    /// `kata-set-rules NAME` → empty; switches to the named ruleset (docs/rules.md §4, KataGo's
    /// spellings accepted). Fails: syntax error, `unknown rules`.
    SetRules(String),
    /// `kata-get-rules` → the rules as KataGo prints them (JSON). Never fails.
    GetRules,
    /// `kgs-rules NAME [ignored…]` → empty; `chinese` (as chinese-kgs), `japanese`, `aga`,
    /// `new_zealand`. Fails: syntax error, `unknown rules`.
    KgsRules(String),

    // Setting a game up: handicap, time and game records.
    /// `fixed_handicap N` → the N vertices where black stones were placed, in the order of the
    /// table of docs/rules.md §5 (for 19×19: D4 Q16 D16 Q4 …); White moves next; undo never takes
    /// them back. Fails: syntax error, `board not empty` (stones or moves already),
    /// `invalid number of stones` (N < 2, N > 9, N > 4 on even sizes and 7×7, any N below 7×7).
    FixedHandicap(u32),
    /// `place_free_handicap N` → the N vertices the engine chose (the fixed layout while there
    /// is one, then further well-spread points); White moves next. Fails: syntax error,
    /// `board not empty`, `invalid number of stones` (outside 2 to the number of points − 1).
    PlaceFreeHandicap(u32),
    /// `set_free_handicap VERTEX…` → empty; black stones on the given points, White moves
    /// next. Fails: syntax error, `board not empty`, `bad vertex list` (fewer than 2 or as
    /// many as the board has points, a repeated vertex, `pass`, a point off the board).
    SetFreeHandicap(Vec<Vertex>),
    /// `time_settings M B S` → empty; main time M seconds, then Canadian periods of B seconds
    /// for S stones (B > 0, S = 0: no limit; B = S = 0: absolute time). Kept across boardsize
    /// and clear_board. Fails: syntax error (each an int, 0 to 2^31 − 1).
    TimeSettings(u32, u32, u32),
    /// `time_left COLOR T S` → empty; COLOR has T seconds left, S stones (Canadian) or periods
    /// (byo-yomi) in overtime, 0 in main time. Fails: syntax error.
    TimeLeft(Color, u32, u32),
    /// `kgs-time_settings none | absolute M | byoyomi M B P | canadian M B S` → empty.
    /// Fails: syntax error (also for any other system, so that KGS declines the game).
    KgsTimeSettings(TimeControl),
    /// `kosumi-clock` → the time control and each side's time left, on one line
    /// (`unlimited`, or e.g. `canadian 600 s + 30 s / 5 stones; Black 600 s, White 20 s for
    /// 4 stones`). Never fails.
    Clock,
    /// `loadsgf FILE [N | VERTEX]` → the colour to move (`black` or `white`, as GNU Go); the
    /// game of the record's main line, up to before move N or before the first move at VERTEX
    /// (FILE relative to the working directory). Fails: syntax error, `cannot load file`
    /// (missing, unreadable or malformed file, size over 25, an illegal move in it), leaving
    /// the game as it was.
    LoadSgf(String, SgfTarget),
    /// `printsgf [FILE]` → the game as an SGF FF[4] record, or empty when written to FILE
    /// (`-` means the reply). Fails: syntax error, `cannot save file`.
    PrintSgf(Option<String>),

    // The end of the game: dead stones, seki, cleanup and the score breakdown.
    /// `final_status_list alive|dead|seki` → the chains with that status under the end-of-game
    /// judgement (`score::judge`), one chain per line, each line's vertices sorted as GNU Go
    /// sorts them (top row first, left to right), the lines in the order of their first
    /// vertices; empty when there is none. Under `tromp-taylor` every stone is alive. The
    /// status is read case-insensitively. Fails: syntax error (a missing or other status word).
    FinalStatusList(Status),
    /// `kgs-genmove_cleanup COLOR` → a vertex or `pass`, played on the board, like `genmove`,
    /// but the player does not pass while it can still play next to opposing stones judged
    /// dead, and prefers capturing them and taking their liberties. Fails: syntax error.
    GenMoveCleanup(Color),
    /// `kosumi-score_breakdown` → the count of `final_score` item by item, one item per line:
    /// for each colour territory, stones on the board, prisoners (captures, dead stones, pass
    /// stones), komi and handicap compensation for White, the total as a sum; then the result.
    /// Never fails.
    ScoreBreakdown,

    // GoGui's extensions and the analyze commands behind its menu.
    /// `gogui-interrupt` → empty. Tells GoGui that a running command can be interrupted with
    /// the comment line `# interrupt`. Never fails.
    GoguiInterrupt,
    /// `gogui-analyze_commands` → GoGui's Analyze menu, one `type/label/command` line per
    /// entry (see `gogui::ANALYZE_COMMANDS`). Never fails.
    GoguiAnalyzeCommands,
    /// `kosumi-legal_moves COLOR` → gfx: `SQUARE` on every point where COLOR may play now
    /// (ko and superko included, pass not), then `TEXT 78 for Black, and pass`
    /// (`TEXT none for Black but pass` when there is none). Fails: syntax error.
    LegalMoves(Color),
    /// `kosumi-liberties VERTEX` → gfx: `SQUARE` on the chain at VERTEX, `CIRCLE` on its
    /// liberties, then `TEXT White chain at D4: 2 stones, 5 liberties`; on an empty point only
    /// `TEXT D4 is empty`. Fails: syntax error (also `pass` or a point off the board).
    Liberties(Vertex),
    /// `kosumi-atari` → gfx: `TRIANGLE` on every stone of a chain with one liberty, `MARK` on
    /// those liberties, then `TEXT 2 black stones, 0 white stones`. Never fails.
    Atari,
    /// `kosumi-ko_ban COLOR` → gfx: `SQUARE` on the empty points where COLOR may not play
    /// because of the ko rule in force, then `TEXT Black may not play D4 (ko)` (or `superko`),
    /// or only `TEXT none for Black`. Fails: syntax error.
    KoBan(Color),
    /// `kosumi-ownership [PLAYOUTS]` → gfx: `INFLUENCE` for every point, from −1 (White's at
    /// the end of every playout) to 1 (Black's), from PLAYOUTS (default 1000) Monte-Carlo
    /// playouts of the judgement's policy from the current position, then
    /// `TEXT B+3.2 by area before komi, 1000 playouts`. A `# interrupt` line ends it early:
    /// `TEXT …, 523 of 1000000 playouts (interrupted)`. The same position and PLAYOUTS always
    /// give the same answer. Fails: syntax error (also for 0 and for more than
    /// `MAX_OWNERSHIP_PLAYOUTS`, 1,000,000).
    Ownership(u32),
    /// `kosumi-best_moves COLOR` → gfx of a search for COLOR with the limits of `genmove`
    /// (`--playouts`, `--time`, `kosumi-param`) on one thread: each candidate's win rate for
    /// COLOR in percent as a `LABEL`, the principal variation as `VAR`, then
    /// `TEXT 10000 playouts, Black D4 52.1%`. The game does not change; `# interrupt` ends the
    /// search early. Fails: syntax error.
    BestMoves(Color),
    /// `kosumi-principal_variation COLOR` → the search's best line for COLOR, with a colour
    /// before each move (`b D4 w Q16 b pass`), for GoGui's `var` type; empty when the search
    /// ran no playout. As `kosumi-best_moves` otherwise. Fails: syntax error.
    PrincipalVariation(Color),
    /// `kosumi-search_ownership COLOR` → gfx: `INFLUENCE` for every point from the final boards
    /// of a search's playouts (Black positive), then `TEXT 10000 playouts, Black, B+3.5 by
    /// area`. As `kosumi-best_moves` otherwise. Fails: syntax error.
    SearchOwnership(Color),
    /// `kosumi-param` → GoGui's `param` lines for the search settings: `[string] playouts N`,
    /// `[string] time S` (`none` for no limit), `[string] threads N`,
    /// `[string] resign_threshold P`. `kosumi-param KEY VALUE` → empty; sets one (playouts:
    /// 0 or more, or `none`; time: seconds from 0, or `none`; threads: 1 to 256;
    /// resign_threshold: 0 to 1) for the moves and searches to come. Fails: syntax error (an
    /// unknown key, a value out of range).
    Param(Option<(String, String)>),
    // Live analysis (docs/analysis.md §2): the reply streams until input arrives.
    /// `lz-analyze [COLOR] [INTERVAL] [KEY VALUE…]`, `kata-analyze …`, `analyze …` (grammar in
    /// `gtp::analysis`) → `=` at once, then one `info` line per INTERVAL centiseconds with
    /// every candidate of the search for COLOR (default: the side to move), best first, values
    /// from COLOR's side (`lz-analyze` and `analyze`: integers ×10000; `kata-analyze`: floats);
    /// no line without an interval. Any input line (a command, a blank line, `# interrupt`)
    /// ends it: the search stops, the empty line that closes the reply goes out, then the new
    /// line is handled. The game does not change. Fails (before `=`): `cannot parse analyze
    /// arguments`, syntax error (a vertex off the board in `avoid`/`allow`).
    Analyze(Analysis),
    /// `lz-genmove_analyze [COLOR] [INTERVAL] …`, `kata-genmove_analyze …` → `=` at once,
    /// `info` lines as the analysis's while the player decides (one just before the move when
    /// no interval is given; none from a player that does not search), then `play MOVE` (a
    /// vertex, `pass` or `resign`), played like `genmove`'s. Input does not end it; `# interrupt`
    /// makes it answer early. Fails (before `=`): as the analysis.
    GenMoveAnalyze(Analysis),
    /// `kosumi-dead_stones` → gfx: the end-of-game judgement (`final_status_list`): `MARK` on
    /// the dead stones, `CIRCLE` on the stones in seki, `BLACK` and `WHITE` on each colour's
    /// territory once the dead stones are removed, then
    /// `TEXT dead: 1 black stone, 2 white stones; seki: 0 stones`. Never fails.
    DeadStones,
}

/// The playouts of `kosumi-ownership` without an argument.
pub const OWNERSHIP_PLAYOUTS: u32 = 1000;

/// The most playouts `kosumi-ownership` accepts: tens of seconds on 19×19 in a release build
/// (a `# interrupt` ends it sooner). Without a bound one command line (`kosumi-ownership
/// 4294967295`) would keep a controller that sends nothing more waiting for days.
pub const MAX_OWNERSHIP_PLAYOUTS: u32 = 1_000_000;

/// Reads a `final_status_list` status word.
fn status(text: &str) -> Result<Command, Failure> {
    let word = arguments(text, token)?;
    match word.to_ascii_lowercase().as_str() {
        "alive" => Ok(Command::FinalStatusList(Status::Alive)),
        "dead" => Ok(Command::FinalStatusList(Status::Dead)),
        "seki" => Ok(Command::FinalStatusList(Status::Seki)),
        _ => Err(Failure::SyntaxError),
    }
}

/// One row of the command table: a name and the parser of its arguments.
pub struct CommandSpec {
    /// The exact, lower-case command name.
    pub name: &'static str,
    /// Reads the argument text (trimmed, maybe empty) into the command.
    pub parse: fn(&str) -> Result<Command, Failure>,
}

/// The command table, in the order `list_commands` prints it.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "protocol_version",
        parse: |text| arguments(text, nothing).map(|()| Command::ProtocolVersion),
    },
    CommandSpec {
        name: "name",
        parse: |text| arguments(text, nothing).map(|()| Command::Name),
    },
    CommandSpec {
        name: "version",
        parse: |text| arguments(text, nothing).map(|()| Command::Version),
    },
    CommandSpec {
        name: "known_command",
        parse: |text| arguments(text, token).map(|name| Command::KnownCommand(name.to_string())),
    },
    CommandSpec {
        name: "list_commands",
        parse: |text| arguments(text, nothing).map(|()| Command::ListCommands),
    },
    CommandSpec {
        name: "quit",
        parse: |text| arguments(text, nothing).map(|()| Command::Quit),
    },
    CommandSpec {
        name: "boardsize",
        parse: |text| arguments(text, integer).map(Command::BoardSize),
    },
    CommandSpec {
        name: "clear_board",
        parse: |text| arguments(text, nothing).map(|()| Command::ClearBoard),
    },
    CommandSpec {
        name: "komi",
        parse: |text| arguments(text, float).map(Command::Komi),
    },
    CommandSpec {
        name: "play",
        parse: |text| {
            arguments(text, color_and_vertex).map(|(color, vertex)| Command::Play(color, vertex))
        },
    },
    CommandSpec {
        name: "genmove",
        parse: |text| arguments(text, color).map(Command::GenMove),
    },
    CommandSpec {
        name: "reg_genmove",
        parse: |text| arguments(text, color).map(Command::RegGenMove),
    },
    CommandSpec {
        name: "undo",
        parse: |text| arguments(text, nothing).map(|()| Command::Undo),
    },
    CommandSpec {
        name: "showboard",
        parse: |text| arguments(text, nothing).map(|()| Command::ShowBoard),
    },
    CommandSpec {
        name: "final_score",
        parse: |text| arguments(text, nothing).map(|()| Command::FinalScore),
    },
    CommandSpec {
        name: "is_legal",
        parse: |text| {
            arguments(text, color_and_vertex).map(|(color, vertex)| Command::IsLegal(color, vertex))
        },
    },
    CommandSpec {
        name: "all_legal",
        parse: |text| arguments(text, color).map(Command::AllLegal),
    },
    CommandSpec {
        name: "countlib",
        parse: |text| arguments(text, vertex).map(Command::CountLiberties),
    },
    CommandSpec {
        name: "findlib",
        parse: |text| arguments(text, vertex).map(Command::FindLiberties),
    },
    CommandSpec {
        name: "list_stones",
        parse: |text| arguments(text, color).map(Command::ListStones),
    },
    CommandSpec {
        name: "captures",
        parse: |text| arguments(text, color).map(Command::Captures),
    },
    CommandSpec {
        name: "color",
        parse: |text| arguments(text, vertex).map(Command::ColorAt),
    },
    CommandSpec {
        name: "kata-set-rules",
        parse: |text| arguments(text, token).map(|name| Command::SetRules(name.to_string())),
    },
    CommandSpec {
        name: "kata-get-rules",
        parse: |text| arguments(text, nothing).map(|()| Command::GetRules),
    },
    CommandSpec {
        name: "kgs-rules",
        parse: |text| {
            arguments(text, (token, rest_of_line))
                .map(|(name, _ignored)| Command::KgsRules(name.to_string()))
        },
    },
    // Setting a game up: handicap, time and game records.
    CommandSpec {
        name: "fixed_handicap",
        parse: |text| arguments(text, integer).map(Command::FixedHandicap),
    },
    CommandSpec {
        name: "place_free_handicap",
        parse: |text| arguments(text, integer).map(Command::PlaceFreeHandicap),
    },
    CommandSpec {
        name: "set_free_handicap",
        parse: |text| {
            arguments(text, map(opt(vertex_list), Option::unwrap_or_default))
                .map(Command::SetFreeHandicap)
        },
    },
    CommandSpec {
        name: "time_settings",
        parse: |text| {
            arguments(text, three_ints)
                .map(|(main, period, stones)| Command::TimeSettings(main, period, stones))
        },
    },
    CommandSpec {
        name: "time_left",
        parse: |text| {
            arguments(text, (color, preceded(space1, int), preceded(space1, int)))
                .map(|(color, seconds, count)| Command::TimeLeft(color, seconds, count))
        },
    },
    CommandSpec {
        name: "kgs-time_settings",
        parse: |text| arguments(text, kgs_time_settings).map(Command::KgsTimeSettings),
    },
    CommandSpec {
        name: "kosumi-clock",
        parse: |text| arguments(text, nothing).map(|()| Command::Clock),
    },
    CommandSpec {
        name: "loadsgf",
        parse: |text| {
            arguments(text, file_and_target)
                .map(|(file, target)| Command::LoadSgf(file.to_string(), target))
        },
    },
    CommandSpec {
        name: "printsgf",
        parse: |text| {
            arguments(text, opt(token)).map(|file| Command::PrintSgf(file.map(str::to_string)))
        },
    },
    // The end of the game.
    CommandSpec {
        name: "final_status_list",
        parse: status,
    },
    CommandSpec {
        name: "kgs-genmove_cleanup",
        parse: |text| arguments(text, color).map(Command::GenMoveCleanup),
    },
    CommandSpec {
        name: "kosumi-score_breakdown",
        parse: |text| arguments(text, nothing).map(|()| Command::ScoreBreakdown),
    },
    // GoGui's extensions and the analyze commands behind its menu.
    CommandSpec {
        name: "gogui-interrupt",
        parse: |text| arguments(text, nothing).map(|()| Command::GoguiInterrupt),
    },
    CommandSpec {
        name: "gogui-analyze_commands",
        parse: |text| arguments(text, nothing).map(|()| Command::GoguiAnalyzeCommands),
    },
    CommandSpec {
        name: "kosumi-legal_moves",
        parse: |text| arguments(text, color).map(Command::LegalMoves),
    },
    CommandSpec {
        name: "kosumi-liberties",
        parse: |text| arguments(text, vertex).map(Command::Liberties),
    },
    CommandSpec {
        name: "kosumi-atari",
        parse: |text| arguments(text, nothing).map(|()| Command::Atari),
    },
    CommandSpec {
        name: "kosumi-ko_ban",
        parse: |text| arguments(text, color).map(Command::KoBan),
    },
    CommandSpec {
        name: "kosumi-ownership",
        parse: |text| match arguments(text, opt(integer))? {
            Some(0) => Err(Failure::SyntaxError),
            Some(playouts) if playouts > MAX_OWNERSHIP_PLAYOUTS => Err(Failure::SyntaxError),
            playouts => Ok(Command::Ownership(playouts.unwrap_or(OWNERSHIP_PLAYOUTS))),
        },
    },
    CommandSpec {
        name: "kosumi-dead_stones",
        parse: |text| arguments(text, nothing).map(|()| Command::DeadStones),
    },
    CommandSpec {
        name: "kosumi-best_moves",
        parse: |text| arguments(text, color).map(Command::BestMoves),
    },
    CommandSpec {
        name: "kosumi-principal_variation",
        parse: |text| arguments(text, color).map(Command::PrincipalVariation),
    },
    CommandSpec {
        name: "kosumi-search_ownership",
        parse: |text| arguments(text, color).map(Command::SearchOwnership),
    },
    CommandSpec {
        name: "kosumi-param",
        parse: |text| {
            arguments(text, opt((token, preceded(space1, token)))).map(|setting| {
                Command::Param(setting.map(|(key, value)| (key.to_string(), value.to_string())))
            })
        },
    },
    // Live analysis.
    CommandSpec {
        name: "analyze",
        parse: |text| analysis::parse(Dialect::Sabaki, text).map(Command::Analyze),
    },
    CommandSpec {
        name: "lz-analyze",
        parse: |text| analysis::parse(Dialect::Leela, text).map(Command::Analyze),
    },
    CommandSpec {
        name: "kata-analyze",
        parse: |text| analysis::parse(Dialect::Kata, text).map(Command::Analyze),
    },
    CommandSpec {
        name: "lz-genmove_analyze",
        parse: |text| analysis::parse(Dialect::Leela, text).map(Command::GenMoveAnalyze),
    },
    CommandSpec {
        name: "kata-genmove_analyze",
        parse: |text| analysis::parse(Dialect::Kata, text).map(Command::GenMoveAnalyze),
    },
];

impl Command {
    /// Parses the arguments of the command called `name`: `unknown command` when no command
    /// has that exact name, `syntax error` when the arguments do not fit.
    pub fn parse(name: &str, arguments: &str) -> Result<Command, Failure> {
        let spec = COMMANDS
            .iter()
            .find(|spec| spec.name == name)
            .ok_or(Failure::UnknownCommand)?;
        (spec.parse)(arguments)
    }

    /// Whether a command of this exact name exists.
    pub fn is_known(name: &str) -> bool {
        COMMANDS.iter().any(|spec| spec.name == name)
    }

    /// Every command's name, one a line in the table's order: `list_commands`' reply.
    pub fn names_text() -> String {
        COMMANDS
            .iter()
            .map(|spec| spec.name)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_in_the_table_is_unique_lower_case_and_known() {
        for (index, spec) in COMMANDS.iter().enumerate() {
            assert!(
                COMMANDS[..index]
                    .iter()
                    .all(|other| other.name != spec.name),
                "{} twice",
                spec.name
            );
            assert_eq!(spec.name, spec.name.to_ascii_lowercase());
            assert!(Command::is_known(spec.name));
        }
    }

    #[test]
    fn the_names_text_gives_each_command_on_its_own_line_in_the_table_order() {
        let text = Command::names_text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), COMMANDS.len());
        assert_eq!(lines[0], "protocol_version");
        for (line, spec) in lines.iter().zip(COMMANDS) {
            assert_eq!(*line, spec.name);
        }
        assert!(
            !text.ends_with('\n'),
            "the reply's blank line is the protocol's to add"
        );
    }

    #[test]
    fn unknown_names_are_unknown_commands() {
        assert_eq!(Command::parse("foo", ""), Err(Failure::UnknownCommand));
        assert_eq!(Command::parse("Play", "b D4"), Err(Failure::UnknownCommand));
        assert_eq!(Command::parse("pla", "b D4"), Err(Failure::UnknownCommand));
    }

    #[test]
    fn handicap_commands_read_a_count_or_a_vertex_list() {
        assert_eq!(
            Command::parse("fixed_handicap", "9"),
            Ok(Command::FixedHandicap(9))
        );
        assert_eq!(
            Command::parse("place_free_handicap", "12"),
            Ok(Command::PlaceFreeHandicap(12))
        );
        assert_eq!(
            Command::parse("set_free_handicap", "D4  q16"),
            Ok(Command::SetFreeHandicap(vec![
                Vertex::At { x: 3, y: 3 },
                Vertex::At { x: 15, y: 15 }
            ]))
        );
        assert_eq!(
            Command::parse("set_free_handicap", ""),
            Ok(Command::SetFreeHandicap(Vec::new()))
        );
        for (name, arguments) in [
            ("fixed_handicap", ""),
            ("fixed_handicap", "two"),
            ("fixed_handicap", "-2"),
            ("fixed_handicap", "2 3"),
            ("place_free_handicap", "2.5"),
            ("set_free_handicap", "D4 I5"),
            ("set_free_handicap", "D4,Q16"),
        ] {
            assert_eq!(
                Command::parse(name, arguments),
                Err(Failure::SyntaxError),
                "{name} {arguments}"
            );
        }
    }

    #[test]
    fn final_status_list_takes_exactly_one_of_the_three_statuses() {
        assert_eq!(
            Command::parse("final_status_list", "dead"),
            Ok(Command::FinalStatusList(Status::Dead))
        );
        assert_eq!(
            Command::parse("final_status_list", "SEKI"),
            Ok(Command::FinalStatusList(Status::Seki))
        );
        for bad in ["", "dame", "white_territory", "alive dead"] {
            assert_eq!(
                Command::parse("final_status_list", bad),
                Err(Failure::SyntaxError),
                "{bad}"
            );
        }
    }

    #[test]
    fn time_commands_read_ints_and_the_kgs_systems() {
        assert_eq!(
            Command::parse("time_settings", "600 30 5"),
            Ok(Command::TimeSettings(600, 30, 5))
        );
        assert_eq!(
            Command::parse("time_left", "W 120 0"),
            Ok(Command::TimeLeft(Color::White, 120, 0))
        );
        for (arguments, control) in [
            ("none", TimeControl::Unlimited),
            ("absolute 300", TimeControl::Absolute { main: 300 }),
            (
                "byoyomi 600 30 5",
                TimeControl::Byoyomi {
                    main: 600,
                    period: 30,
                    periods: 5,
                },
            ),
            (
                "canadian 600 300 25",
                TimeControl::Canadian {
                    main: 600,
                    period: 300,
                    stones: 25,
                },
            ),
        ] {
            assert_eq!(
                Command::parse("kgs-time_settings", arguments),
                Ok(Command::KgsTimeSettings(control)),
                "{arguments}"
            );
        }
        for (name, arguments) in [
            ("time_settings", "600 30"),
            ("time_settings", "600 30 5 1"),
            ("time_settings", "-1 30 5"),
            ("time_settings", "1.5 30 5"),
            ("time_settings", "2147483648 0 0"),
            ("time_left", "black 10"),
            ("time_left", "x 10 0"),
            ("time_left", "b 10.5 0"),
            ("kgs-time_settings", ""),
            ("kgs-time_settings", "none 5"),
            ("kgs-time_settings", "absolute"),
            ("kgs-time_settings", "byoyomi 600 30"),
            ("kgs-time_settings", "canadian 600 30 5 5"),
            ("kgs-time_settings", "fischer 600 10"),
        ] {
            assert_eq!(
                Command::parse(name, arguments),
                Err(Failure::SyntaxError),
                "{name} {arguments}"
            );
        }
    }

    #[test]
    fn loadsgf_reads_a_file_and_maybe_a_move_number_or_a_vertex() {
        assert_eq!(
            Command::parse("loadsgf", "games/a.sgf"),
            Ok(Command::LoadSgf("games/a.sgf".to_string(), SgfTarget::End))
        );
        assert_eq!(
            Command::parse("loadsgf", "a.sgf 12"),
            Ok(Command::LoadSgf(
                "a.sgf".to_string(),
                SgfTarget::MoveNumber(12)
            ))
        );
        assert_eq!(
            Command::parse("loadsgf", "a.sgf c3"),
            Ok(Command::LoadSgf(
                "a.sgf".to_string(),
                SgfTarget::BeforeMoveAt(Vertex::At { x: 2, y: 2 })
            ))
        );
        for arguments in ["", "a.sgf pass", "a.sgf 3 4", "a.sgf x"] {
            assert_eq!(
                Command::parse("loadsgf", arguments),
                Err(Failure::SyntaxError),
                "{arguments}"
            );
        }
        assert_eq!(Command::parse("printsgf", ""), Ok(Command::PrintSgf(None)));
        assert_eq!(
            Command::parse("printsgf", "out.sgf"),
            Ok(Command::PrintSgf(Some("out.sgf".to_string())))
        );
        assert_eq!(Command::parse("printsgf", "a b"), Err(Failure::SyntaxError));
    }

    #[test]
    fn kosumi_ownership_takes_one_to_a_million_playouts() {
        // Found by tests/sequences.rs: `kosumi-ownership 2147483648` ran for hours.
        assert_eq!(
            Command::parse("kosumi-ownership", ""),
            Ok(Command::Ownership(OWNERSHIP_PLAYOUTS))
        );
        assert_eq!(
            Command::parse("kosumi-ownership", "1000000"),
            Ok(Command::Ownership(MAX_OWNERSHIP_PLAYOUTS))
        );
        for arguments in ["0", "1000001", "2147483648", "99999999999"] {
            assert_eq!(
                Command::parse("kosumi-ownership", arguments),
                Err(Failure::SyntaxError),
                "{arguments}"
            );
        }
    }

    #[test]
    fn kgs_rules_ignores_extra_words() {
        assert_eq!(
            Command::parse("kgs-rules", "japanese blah blah"),
            Ok(Command::KgsRules("japanese".to_string()))
        );
    }
}
