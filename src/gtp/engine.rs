//! Executes commands against the game and the player: the one place where GTP's `Vertex`
//! meets the board's `Point`. No I/O and no Go rules of its own: legality is the game's,
//! counting is the score module's, text is the response module's.

mod setup;

use super::command::{COMMANDS, Command, Vertex};
use super::gogui::{self, Ban};
use super::response::{self, BoardCaption, Failure, Reply};
use crate::board::{Color, Point};
use crate::clock::{Clock, TimeControl};
use crate::game::{Game, IllegalMove, Move};
use crate::player::Player;
use crate::rules::Rules;
use crate::score;

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

/// The state behind the protocol: the game, the clock and the player.
pub struct Engine {
    game: Game,
    player: Box<dyn Player + Send>,
    /// The time control and time left; kept across boardsize and clear_board.
    clock: Clock,
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
        Some(Engine {
            game: Game::new(size, rules, komi)?,
            player,
            clock: Clock::default(),
        })
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
        let flow = if command == Command::Quit {
            Flow::Quit
        } else {
            Flow::Continue
        };
        (self.run(command), flow)
    }

    fn run(&mut self, command: Command) -> Reply {
        match command {
            Command::ProtocolVersion => Ok("2".to_string()),
            Command::Name => Ok(NAME.to_string()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").to_string()),
            Command::KnownCommand(name) => Ok(Command::is_known(&name).to_string()),
            Command::ListCommands => Ok(COMMANDS
                .iter()
                .map(|spec| spec.name)
                .collect::<Vec<_>>()
                .join("\n")),
            Command::Quit => Ok(String::new()),
            Command::BoardSize(size) => {
                let size = usize::try_from(size).unwrap_or(usize::MAX);
                if self.game.resize(size) {
                    self.start_clock_for_new_game();
                    Ok(String::new())
                } else {
                    Err(Failure::UnacceptableSize)
                }
            }
            Command::ClearBoard => {
                self.game.clear();
                self.start_clock_for_new_game();
                Ok(String::new())
            }
            Command::Komi(komi) => {
                self.game.set_komi(komi);
                Ok(String::new())
            }
            Command::Play(color, vertex) => {
                let turn = self.turn(vertex)?;
                self.game.play(color, turn).map_err(|reason| {
                    log::debug!("play {color:?} {vertex:?} refused: {reason}");
                    Failure::IllegalMove
                })?;
                Ok(String::new())
            }
            Command::GenMove(color) => {
                let turn = self.player.generate(&self.game, color);
                if let Err(reason) = self.game.play(color, turn) {
                    // A player that proposes an illegal move is a bug; passing keeps the
                    // game going and the reply honest.
                    log::error!("the player chose an illegal move ({reason}); passing instead");
                    self.game
                        .play(color, Move::Pass)
                        .expect("a pass is always legal");
                    return Ok("pass".to_string());
                }
                Ok(self.move_text(turn))
            }
            Command::RegGenMove(color) => {
                let turn = self.player.suggest(&self.game, color);
                Ok(self.move_text(turn))
            }
            Command::Undo => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err(Failure::CannotUndo)
                }
            }
            Command::ShowBoard => {
                let board = self.game.board();
                let last_move = match self.game.moves().last() {
                    Some(&(_, Move::Place(point))) => Some(point),
                    _ => None,
                };
                Ok(response::board_text(
                    board,
                    &BoardCaption {
                        captures: [
                            board.captured_by(Color::Black),
                            board.captured_by(Color::White),
                        ],
                        to_move: self.game.to_move(),
                        komi: self.game.komi(),
                        rules: self.game.rules().name,
                        last_move,
                    },
                ))
            }
            Command::FinalScore => {
                let score = score::count(&self.game, &[], &[]);
                if score.margin.is_finite() {
                    Ok(response::result_text(&score))
                } else {
                    Err(Failure::CannotScore)
                }
            }
            Command::IsLegal(color, vertex) => {
                let turn = self.turn(vertex)?;
                let legal = self.game.check(color, turn).is_ok();
                Ok(if legal { "1" } else { "0" }.to_string())
            }
            Command::AllLegal(color) => {
                let legal = self.game.legal_points(color);
                Ok(response::vertex_list_text(self.game.board(), &legal))
            }
            Command::CountLiberties(vertex) => {
                let point = self.stone(vertex)?;
                Ok(self.game.board().liberties(point).len().to_string())
            }
            Command::FindLiberties(vertex) => {
                let point = self.stone(vertex)?;
                let board = self.game.board();
                Ok(response::vertex_list_text(board, &board.liberties(point)))
            }
            Command::ListStones(color) => {
                let board = self.game.board();
                let stones: Vec<Point> = board
                    .points()
                    .filter(|&point| board.get(point) == Some(color))
                    .collect();
                Ok(response::vertex_list_text(board, &stones))
            }
            Command::Captures(color) => Ok(self.game.board().captured_by(color).to_string()),
            Command::ColorAt(vertex) => {
                let point = self.point(vertex)?;
                Ok(match self.game.board().get(point) {
                    Some(color) => response::color_text(color),
                    None => "empty",
                }
                .to_string())
            }
            Command::SetRules(name) => {
                let rules = Rules::from_name(&name).ok_or(Failure::UnknownRules)?;
                self.game.set_rules(rules);
                Ok(String::new())
            }
            Command::GetRules => Ok(response::rules_json(&self.game.rules())),
            Command::KgsRules(name) => {
                let rules = match name.as_str() {
                    "chinese" => Rules::CHINESE_KGS,
                    "japanese" => Rules::JAPANESE,
                    "aga" => Rules::AGA,
                    "new_zealand" => Rules::NEW_ZEALAND,
                    _ => return Err(Failure::UnknownRules),
                };
                self.game.set_rules(rules);
                Ok(String::new())
            }

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
            Command::GoguiInterrupt => Ok(String::new()),
            Command::GoguiAnalyzeCommands => Ok(gogui::analyze_commands_text()),
            Command::LegalMoves(color) => {
                let legal = self.game.legal_points(color);
                Ok(gogui::legal_moves(self.game.board(), color, &legal))
            }
            Command::Liberties(vertex) => {
                let point = self.point(vertex)?;
                let board = self.game.board();
                Ok(match board.get(point) {
                    Some(color) => gogui::liberties(
                        board,
                        point,
                        color,
                        &board.chain(point),
                        &board.liberties(point),
                    ),
                    None => gogui::empty_point(board, point),
                })
            }
            Command::Atari => {
                let board = self.game.board();
                let mut stones = [Vec::new(), Vec::new()];
                let mut last_liberties = Vec::new();
                let mut seen = Vec::new();
                for point in board.points() {
                    let Some(color) = board.get(point) else {
                        continue;
                    };
                    if seen.contains(&point) {
                        continue;
                    }
                    let chain = board.chain(point);
                    seen.extend(&chain);
                    if let [liberty] = board.liberties(point)[..] {
                        stones[color.index()].extend(chain);
                        if !last_liberties.contains(&liberty) {
                            last_liberties.push(liberty);
                        }
                    }
                }
                Ok(gogui::atari(board, &stones, &last_liberties))
            }
            Command::KoBan(color) => {
                let board = self.game.board();
                let banned: Vec<(Point, Ban)> = board
                    .points()
                    .filter_map(|point| match self.game.check(color, Move::Place(point)) {
                        Err(IllegalMove::Ko) => Some((point, Ban::Ko)),
                        Err(IllegalMove::Superko) => Some((point, Ban::Superko)),
                        _ => None,
                    })
                    .collect();
                Ok(gogui::ko_ban(board, color, &banned))
            }
        }
    }

    /// The board point a vertex names: `syntax error` for `pass` or a point off this board.
    fn point(&self, vertex: Vertex) -> Result<Point, Failure> {
        match vertex {
            Vertex::Pass => Err(Failure::SyntaxError),
            Vertex::At { x, y } => self
                .game
                .board()
                .point(x as usize, y as usize)
                .ok_or(Failure::SyntaxError),
        }
    }

    /// The point of a stone: also `vertex must not be empty` for an empty point.
    fn stone(&self, vertex: Vertex) -> Result<Point, Failure> {
        let point = self.point(vertex)?;
        match self.game.board().get(point) {
            Some(_) => Ok(point),
            None => Err(Failure::VertexMustNotBeEmpty),
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
