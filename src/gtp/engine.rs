//! Executes commands against the game and the player: the one place where GTP's `Vertex`
//! meets the board's `Point`. No I/O and no Go rules of its own: legality is the game's,
//! counting is the score module's, text is the response module's.

mod analyze;
mod decide;
mod inspect;
mod live;
mod play;
mod rules;
mod scoring;
mod setup;

use super::command::Command;
use super::gogui;
use super::interrupt::Interrupt;
use super::response;
use super::vocabulary::{COLUMN_LETTERS, Failure, Reply, Vertex};
use crate::board::Point;
use crate::clock::{Clock, TimeControl};
use crate::game::{Game, Move};
use crate::player::{Limits, MctsPlayer, Player, SharedSettings};
use crate::rules::Rules;

/// The engine's name, as `name` answers it.
pub const NAME: &str = "Kosumi";

/// What the serving loop should do after a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// The reply was to `quit`: stop reading and exit.
    Quit,
}

/// What a running command may send before its reply is complete. The serving loop writes it;
/// the engine itself writes nothing.
pub trait Live {
    /// Opens the reply: `=` (or `=ID`) alone on its line, flushed. Called at most once, once
    /// the command is sure to succeed; the text the command returns then follows the lines
    /// sent with `line`, and the closing empty line ends the reply.
    fn open(&mut self);
    /// One more line of the opened reply, flushed at once.
    fn line(&mut self, text: &str);
    /// A set of GoGui live graphics (gfx lines, without the `gogui-gfx:` prefix) for stderr.
    fn gfx(&mut self, text: &str);
    /// Whether writing has failed (nobody reads the replies any more).
    fn broken(&self) -> bool;
}

/// A `Live` that sends nothing, for commands run without a serving loop.
pub struct Silent;

impl Live for Silent {
    fn open(&mut self) {}
    fn line(&mut self, _text: &str) {}
    fn gfx(&mut self, _text: &str) {}
    fn broken(&self) -> bool {
        false
    }
}

/// Who runs the analysis commands' search.
enum Analyst {
    /// The player itself (it searches: `--player mcts`).
    Player,
    /// A search of its own, for a player that does not search.
    Own(Box<dyn Player + Send>),
}

/// The state behind the protocol: the game, the clock and the player.
pub struct Engine {
    game: Game,
    player: Box<dyn Player + Send>,
    /// Who searches for `lz-analyze` and the other analysis commands.
    analyst: Analyst,
    /// The settings of the search that `kosumi-param` shows and changes: the player's when
    /// it searches, else the analyst's.
    search_settings: SharedSettings,
    /// Whether searches draw GoGui live graphics (`--gogui-gfx`).
    gogui_gfx: bool,
    /// Whether the player searches on the opponent's time after its moves (`--ponder`).
    ponder: bool,
    /// A move was just generated and played: pondering may start.
    ponder_due: bool,
    /// The time control and time left; kept across boardsize and clear_board.
    clock: Clock,
    /// What the record loaded by `loadsgf` said beyond the game (game information, result,
    /// comments), for `printsgf`; forgotten when a new game starts.
    record: Option<crate::sgf::Record>,
    /// The limits from the command line (`--playouts`, `--time`) for every generated move.
    limits: Limits,
}

impl Engine {
    /// An engine with an empty board of `size`, the given rules and komi, and `player`.
    /// Returns `None` for a size outside 2–25.
    pub fn new(
        size: usize,
        rules: Rules,
        komi: f64,
        player: Box<dyn Player + Send>,
    ) -> Option<Engine> {
        let analyst = MctsPlayer::new(Default::default(), 0);
        Some(Engine {
            search_settings: analyst.settings(),
            game: Game::new(size, rules, komi)?,
            player,
            clock: Clock::default(),
            record: None,
            limits: Limits::default(),
            analyst: Analyst::Own(Box::new(analyst)),
            gogui_gfx: false,
            ponder: false,
            ponder_due: false,
        })
    }

    /// Sets who searches for the analysis commands: `None` for the player itself (a player
    /// that searches), else a search of its own; and the settings of that search, which
    /// `kosumi-param` shows and changes.
    pub fn set_analyst(
        &mut self,
        analyst: Option<Box<dyn Player + Send>>,
        search_settings: SharedSettings,
    ) {
        self.search_settings = search_settings;
        self.analyst = match analyst {
            Some(analyst) => Analyst::Own(analyst),
            None => Analyst::Player,
        };
    }

    /// Switches GoGui live graphics on or off (`--gogui-gfx`).
    pub fn set_gogui_gfx(&mut self, on: bool) {
        self.gogui_gfx = on;
    }

    /// Switches pondering on or off (`--ponder`).
    pub fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
    }

    /// Sets the limits every generated move gets (the game clock may shorten the time).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The game, for inspection.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The time control and time left, for inspection.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Runs one command. A failed command leaves the game exactly as it was.
    pub fn execute(&mut self, command: Command) -> (Reply, Flow) {
        self.execute_interruptibly(command, &Interrupt::never())
    }

    /// Runs one command that long computations end early when `interrupt` says so (they
    /// still answer, from what they found so far).
    pub fn execute_interruptibly(
        &mut self,
        command: Command,
        interrupt: &Interrupt,
    ) -> (Reply, Flow) {
        self.execute_live(command, interrupt, &mut Silent)
    }

    /// Runs one command that may send its reply in parts through `live` as it runs (the
    /// analysis commands, live graphics), and that `interrupt` may end early.
    pub fn execute_live(
        &mut self,
        command: Command,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> (Reply, Flow) {
        let flow = if command == Command::Quit {
            Flow::Quit
        } else {
            Flow::Continue
        };
        let before = decide::GameMark::of(&self.game);
        self.ponder_due = false;
        let reply = self.run(command, interrupt, live);
        if let Some(change) = before.change_to(&self.game) {
            self.player.notice(change, &self.game);
            if let Analyst::Own(analyst) = &mut self.analyst {
                analyst.notice(change, &self.game);
            }
        }
        (reply, flow)
    }

    /// Hands `command` to its handler: the game itself (`engine/play.rs`), inspection
    /// (`engine/inspect.rs`), rules (`engine/rules.rs`), setting a game up
    /// (`engine/setup.rs`), the end of the game (`engine/scoring.rs`) and GoGui's analyze
    /// commands (`engine/analyze.rs`). The protocol's own commands are answered here.
    fn run(&mut self, command: Command, interrupt: &Interrupt, live: &mut dyn Live) -> Reply {
        match command {
            // The protocol itself.
            Command::ProtocolVersion => Ok("2".to_string()),
            Command::Name => Ok(NAME.to_string()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").to_string()),
            Command::KnownCommand(name) => Ok(Command::is_known(&name).to_string()),
            Command::ListCommands => Ok(Command::names_text()),
            Command::Quit => Ok(String::new()),

            // The game: size, komi, moves (engine/play.rs).
            Command::BoardSize(size) => self.board_size(size),
            Command::ClearBoard => self.clear_board(),
            Command::Komi(komi) => self.komi(komi),
            Command::Play(color, vertex) => self.play(color, vertex),
            Command::GenMove(color) => self.generate_move(color, interrupt, live),
            Command::RegGenMove(color) => self.suggest_move(color, interrupt),
            Command::Undo => self.undo(),

            // Looking at the position (engine/inspect.rs).
            Command::ShowBoard => self.show_board(),
            Command::IsLegal(color, vertex) => self.is_legal(color, vertex),
            Command::AllLegal(color) => self.all_legal(color),
            Command::CountLiberties(vertex) => self.count_liberties(vertex),
            Command::FindLiberties(vertex) => self.find_liberties(vertex),
            Command::ListStones(color) => self.list_stones(color),
            Command::Captures(color) => self.captures(color),
            Command::ColorAt(vertex) => self.color_at(vertex),

            // Rules (engine/rules.rs).
            Command::SetRules(name) => self.set_rules(&name),
            Command::GetRules => self.get_rules(),
            Command::KgsRules(name) => self.kgs_rules(&name),

            // Setting a game up: handicap, time and game records (engine/setup.rs).
            Command::FixedHandicap(count) => self.fixed_handicap(count),
            Command::PlaceFreeHandicap(count) => self.place_free_handicap(count),
            Command::SetFreeHandicap(vertices) => self.set_free_handicap(&vertices),
            Command::TimeSettings(main, period, stones) => {
                self.set_time_control(TimeControl::from_gtp(main, period, stones))
            }
            Command::TimeLeft(color, seconds, count) => self.time_left(color, seconds, count),
            Command::KgsTimeSettings(control) => self.set_time_control(control),
            Command::Clock => Ok(response::clock_text(&self.clock)),
            Command::LoadSgf(file, target) => self.load_sgf(&file, target),
            Command::PrintSgf(file) => self.print_sgf(file.as_deref()),

            // The end of the game (engine/scoring.rs).
            Command::FinalScore => self.final_score(),
            Command::FinalStatusList(status) => self.final_status_list(status),
            Command::GenMoveCleanup(color) => self.generate_cleanup_move(color, interrupt, live),
            Command::ScoreBreakdown => self.score_breakdown(),

            // GoGui's analyze commands (engine/analyze.rs).
            Command::GoguiInterrupt => Ok(String::new()),
            Command::GoguiAnalyzeCommands => Ok(gogui::analyze_commands_text()),
            Command::LegalMoves(color) => self.legal_moves(color),
            Command::Liberties(vertex) => self.liberties(vertex),
            Command::Atari => self.atari(),
            Command::KoBan(color) => self.ko_ban(color),
            Command::Ownership(playouts) => self.ownership(playouts, interrupt),
            Command::DeadStones => self.dead_stones(),
            Command::BestMoves(color) => {
                self.search_view(color, gogui::SearchView::BestMoves, interrupt, live)
            }
            Command::SearchOwnership(color) => {
                self.search_view(color, gogui::SearchView::Ownership, interrupt, live)
            }
            Command::PrincipalVariation(color) => self.principal_variation(color, interrupt, live),
            Command::Param(setting) => self.param(setting),

            // Live analysis (engine/live.rs).
            Command::Analyze(analysis) => self.analyze(&analysis, interrupt, live),
            Command::GenMoveAnalyze(analysis) => {
                self.generate_analyzing(&analysis, interrupt, live)
            }
        }
    }

    /// The board point a vertex names: `syntax error` for `pass` or a point off this board.
    /// Each refusal is logged as a warning that says why.
    fn point(&self, vertex: Vertex) -> Result<Point, Failure> {
        match vertex {
            Vertex::Pass => {
                log::warn!("refused: pass names no point here");
                Err(Failure::SyntaxError)
            }
            Vertex::At { x, y } => {
                let board = self.game.board();
                board.point(x as usize, y as usize).ok_or_else(|| {
                    let size = board.size();
                    let last = &COLUMN_LETTERS[size - 1..size];
                    log::warn!(
                        "refused: {vertex} is off the {size}x{size} board (columns A to {last}, \
                         rows 1 to {size})"
                    );
                    Failure::SyntaxError
                })
            }
        }
    }

    /// The point of a stone: also `vertex must not be empty` for an empty point.
    fn stone(&self, vertex: Vertex) -> Result<Point, Failure> {
        let point = self.point(vertex)?;
        match self.game.board().get(point) {
            Some(_) => Ok(point),
            None => {
                log::warn!("refused: {vertex} is empty; this command needs a stone");
                Err(Failure::VertexMustNotBeEmpty)
            }
        }
    }

    /// The move a vertex names on this board.
    fn turn(&self, vertex: Vertex) -> Result<Move, Failure> {
        match vertex {
            Vertex::Pass => Ok(Move::Pass),
            Vertex::At { .. } => self.point(vertex).map(Move::Place),
        }
    }

    fn move_text(&self, turn: Move) -> String {
        match turn {
            Move::Pass => "pass".to_string(),
            Move::Place(point) => response::vertex_text(self.game.board(), point),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::gtp::parse::{Line, parse_line};
    use crate::player::RandomPlayer;

    fn engine(seed: u64) -> Engine {
        Engine::new(9, Rules::BGA, 7.5, Box::new(RandomPlayer::new(seed))).unwrap()
    }

    /// Runs each line of `script` (GTP commands) and returns the last reply.
    fn run(engine: &mut Engine, script: &str) -> Reply {
        let mut reply = Ok(String::new());
        for line in script.lines() {
            match parse_line(line.as_bytes()) {
                Line::Request(request) => reply = engine.execute(request.command).0,
                Line::Invalid(_, failure) => reply = Err(failure),
                Line::Nothing => {}
            }
        }
        reply
    }

    /// Plays a diagram (top row first) as `play` commands.
    fn setup(diagram: &str) -> String {
        let rows: Vec<&str> = diagram
            .lines()
            .filter(|row| !row.trim().is_empty())
            .collect();
        let mut script = String::new();
        for (from_top, row) in rows.iter().enumerate() {
            let y = rows.len() - from_top;
            for (x, symbol) in row.split_whitespace().enumerate() {
                let column = &crate::gtp::vocabulary::COLUMN_LETTERS[x..=x];
                match symbol {
                    "X" => script.push_str(&format!("play b {column}{y}\n")),
                    "O" => script.push_str(&format!("play w {column}{y}\n")),
                    _ => {}
                }
            }
        }
        script
    }

    /// The end of a GNU Go self-play game (9×9, `--seed 34 --level 1`). GNU Go and Kosumi
    /// agree: white B6-B5-C5-D5-D4-D3 (in atari at C4) and white B3 are dead in Black's area,
    /// black H5-G4-H4 is dead in White's; W+6.5 under Chinese rules, komi 7.5.
    const DEAD_STONES: &str = "
        . . X X X O . . .
        . . X O O O . . .
        . X X O . . O . .
        X O X X O O O O .
        X O O O X O . X .
        . X . O X O X X .
        . O X O X X O O .
        . . X X X O O . .
        . . . . X O . . .";

    #[test]
    fn final_status_list_prints_one_chain_per_line_in_gnu_go_order() {
        let mut engine = engine(1);
        let position = setup(DEAD_STONES);
        assert_eq!(
            run(&mut engine, &format!("{position}final_status_list dead")),
            Ok("B6 B5 C5 D5 D4 D3\nH5 G4 H4\nB3".to_string())
        );
        assert_eq!(
            run(&mut engine, "final_status_list seki"),
            Ok(String::new())
        );
        let alive = run(&mut engine, "final_status_list alive").unwrap();
        assert_eq!(alive.lines().count(), 7, "{alive}");
        assert!(
            alive.starts_with("C9 D9 E9 C8 B7 C7 C6 D6\nF9 D8 E8 F8 D7\n"),
            "{alive}"
        );
        assert_eq!(
            run(&mut engine, "final_status_list territory"),
            Err(Failure::SyntaxError)
        );
        // Under Tromp-Taylor every stone is alive.
        assert_eq!(
            run(
                &mut engine,
                "kata-set-rules tromp-taylor\nfinal_status_list dead"
            ),
            Ok(String::new())
        );
        assert_eq!(
            run(&mut engine, "final_status_list alive")
                .unwrap()
                .lines()
                .count(),
            10
        );
    }

    #[test]
    fn final_score_removes_the_dead_stones_whatever_the_seed() {
        let position = setup(DEAD_STONES);
        for seed in [1, 2, 99] {
            let mut engine = engine(seed);
            assert_eq!(
                run(
                    &mut engine,
                    &format!("{position}kata-set-rules chinese\nfinal_score")
                ),
                Ok("W+6.5".to_string())
            );
            // Japanese, with no captures during play (the stones were put down with `play`):
            // Black 21 territory + 7 dead, White 23 territory + 3 dead + 7.5.
            assert_eq!(
                run(&mut engine, "kata-set-rules japanese\nfinal_score"),
                Ok("W+5.5".to_string())
            );
        }
    }

    #[test]
    fn a_dead_chain_in_atari_is_captured_at_once() {
        let mut engine = engine(3);
        let position = setup(DEAD_STONES);
        assert_eq!(
            run(&mut engine, &format!("{position}kgs-genmove_cleanup b")),
            Ok("C4".to_string())
        );
    }

    #[test]
    fn cleanup_takes_the_liberties_of_dead_stones() {
        let mut engine = engine(4);
        let position = setup(DEAD_STONES);
        let reply = run(&mut engine, &format!("{position}kgs-genmove_cleanup w")).unwrap();
        assert!(["J5", "G5", "J4"].contains(&reply.as_str()), "{reply}");
    }

    #[test]
    fn cleanup_never_passes_while_dead_stones_remain() {
        for seed in [5, 6, 7] {
            let mut engine = engine(seed);
            let position = setup(DEAD_STONES);
            run(&mut engine, &format!("{position}kata-set-rules chinese")).unwrap();
            let dead = ["H5", "G4", "H4"];
            let standing = |engine: &Engine| {
                let board = engine.game().board();
                dead.iter()
                    .filter(|vertex| {
                        board.get(crate::board::tests::at(board, vertex)) == Some(Color::Black)
                    })
                    .count()
            };
            let mut moves = 0;
            while standing(&engine) > 0 {
                let reply = run(&mut engine, "kgs-genmove_cleanup w").unwrap();
                assert_ne!(reply, "pass", "seed {seed}: passed with dead stones left");
                run(&mut engine, "play b pass").unwrap();
                moves += 1;
                assert!(moves < 20, "seed {seed}: the dead stones are still there");
            }
        }
    }

    #[test]
    fn the_score_breakdown_lists_every_item_and_the_sum() {
        let mut engine = engine(1);
        let mut script = String::from("komi 7.5\n");
        for turn in crate::score::tests::BGA_WORKED_EXAMPLE {
            script.push_str(&format!("play {turn}\n"));
        }
        script.push_str("kosumi-score_breakdown");
        let text = run(&mut engine, &script).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "rules bga, territory: territory + prisoners, pass stones included, White passes last",
                "Black territory 18",
                "Black stones on the board 25, not counted",
                "Black prisoners 8: captures 7, dead stones 0, pass stones 1",
                "Black total 18 + 8 = 26",
                "White territory 19",
                "White stones on the board 19, not counted",
                "White prisoners 2: captures 1, dead stones 0, pass stones 1",
                "White komi 7.5",
                "White handicap compensation 0",
                "White total 19 + 2 + 7.5 = 28.5",
                "result W+2.5",
            ]
        );
        let area = run(
            &mut engine,
            "kata-set-rules chinese\nkosumi-score_breakdown",
        )
        .unwrap();
        assert!(area.contains("\nBlack total 25 + 18 = 43\n"), "{area}");
        assert!(
            area.contains("\nWhite total 19 + 19 + 7.5 = 45.5\n"),
            "{area}"
        );
        assert!(area.ends_with("\nresult W+2.5"), "{area}");
    }
}
