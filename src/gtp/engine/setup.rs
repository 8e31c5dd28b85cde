//! The engine's handlers for setting a game up: handicap stones (`fixed_handicap`,
//! `place_free_handicap`, `set_free_handicap`), time control (`time_settings`, `time_left`,
//! `kgs-time_settings`) and game records (`loadsgf`, `printsgf`). Like the rest of the engine
//! it turns vertices into points and results into replies; where stones go is `handicap`'s,
//! the record format is `sgf`'s, and every failure leaves the game and the clock as they were.

use std::path::Path;

use super::Engine;
use crate::board::{Color, Point};
use crate::clock::{TimeControl, TimeLeft};
use crate::gtp::command::{SgfTarget, Vertex};
use crate::gtp::response::{self, Failure, Reply};
use crate::handicap;
use crate::score;
use crate::sgf::{self, Until};

impl Engine {
    /// `fixed_handicap N`: the standard layout.
    pub(super) fn fixed_handicap(&mut self, count: u32) -> Reply {
        self.require_empty_board()?;
        let points =
            handicap::fixed(self.game.board(), count).ok_or(Failure::InvalidNumberOfStones)?;
        self.place_handicap(&points)
    }

    /// `place_free_handicap N`: the engine's own choice of points.
    pub(super) fn place_free_handicap(&mut self, count: u32) -> Reply {
        self.require_empty_board()?;
        let points =
            handicap::free(self.game.board(), count).ok_or(Failure::InvalidNumberOfStones)?;
        self.place_handicap(&points)
    }

    /// `set_free_handicap VERTEX…`: the controller's points.
    pub(super) fn set_free_handicap(&mut self, vertices: &[Vertex]) -> Reply {
        self.require_empty_board()?;
        let board = self.game.board();
        if vertices.len() < 2 || vertices.len() > handicap::max_free(board.size()) {
            return Err(Failure::BadVertexList);
        }
        let mut points: Vec<Point> = Vec::with_capacity(vertices.len());
        for &vertex in vertices {
            let point = match vertex {
                Vertex::Pass => None,
                Vertex::At { x, y } => board.point(x as usize, y as usize),
            }
            .ok_or(Failure::BadVertexList)?;
            if points.contains(&point) {
                return Err(Failure::BadVertexList);
            }
            points.push(point);
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    /// Fails with `board not empty` unless no stone and no move is on the board yet.
    fn require_empty_board(&self) -> Result<(), Failure> {
        if self.game.setup().is_empty() && self.game.moves().is_empty() {
            Ok(())
        } else {
            Err(Failure::BoardNotEmpty)
        }
    }

    /// Puts black handicap stones on `points` (kept in board order inside the game, so that a
    /// record of the game reads back the same) and replies the points in the order given.
    fn place_handicap(&mut self, points: &[Point]) -> Reply {
        let mut stones: Vec<(Color, Point)> =
            points.iter().map(|&point| (Color::Black, point)).collect();
        stones.sort();
        self.game
            .place_setup(&stones, true)
            .map_err(|error| match error {
                crate::game::SetupError::NotEmpty => Failure::BoardNotEmpty,
                crate::game::SetupError::RepeatedPoint => Failure::BadVertexList,
            })?;
        let board = self.game.board();
        Ok(points
            .iter()
            .map(|&point| response::vertex_text(board, point))
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// `time_settings` and `kgs-time_settings`: a new time system, both sides with their
    /// initial time (the next generated move is budgeted from it).
    pub(super) fn set_time_control(&mut self, control: TimeControl) -> Reply {
        self.clock.set_control(control);
        Ok(String::new())
    }

    /// `time_left COLOR T S`.
    pub(super) fn time_left(&mut self, color: Color, seconds: u32, count: u32) -> Reply {
        self.clock.set_left(color, TimeLeft { seconds, count });
        Ok(String::new())
    }

    /// A new game has started: the time system stays, both sides get their initial time back,
    /// and the clock says so; what a loaded record said belongs to the old game.
    pub(super) fn start_clock_for_new_game(&mut self) {
        self.record = None;
        self.clock.new_game();
    }

    /// `loadsgf FILE [N | VERTEX]`: the new game is built completely before it replaces the
    /// current one, so any failure changes nothing. The reply is the colour to move. A file
    /// that does not exist, is not a regular file (a directory, a FIFO, a device: refused
    /// before it is opened, so the engine never waits on it) or is not a record Kosumi can
    /// load gets `cannot load file`, and a warning on stderr says why (and where the text
    /// stopped being SGF). The record's game information, result and comments are kept for
    /// `printsgf`.
    pub(super) fn load_sgf(&mut self, file: &str, target: SgfTarget) -> Reply {
        let until = match target {
            SgfTarget::End => Until::End,
            SgfTarget::MoveNumber(number) => Until::MoveNumber(number),
            SgfTarget::BeforeMoveAt(Vertex::At { x, y }) => {
                Until::BeforeMoveAt(x as usize, y as usize)
            }
            SgfTarget::BeforeMoveAt(Vertex::Pass) => return Err(Failure::SyntaxError),
        };
        let (game, record) = sgf::read_file(Path::new(file))
            .and_then(|text| sgf::load_record(&text, self.game.rules(), self.game.komi(), until))
            .map_err(|error| {
                log::warn!("loadsgf {file}: cannot load file: {error}");
                Failure::CannotLoadFile
            })?;
        self.game = game;
        self.start_clock_for_new_game();
        self.record = Some(record);
        Ok(response::color_text(self.game.to_move()).to_string())
    }

    /// `printsgf [FILE]`: the record as the reply, or written to FILE (`cannot save file`
    /// when it cannot be). After `loadsgf` the record keeps the loaded game information and
    /// comments, and its result while the game is the one loaded; a game ended by two passes
    /// otherwise has its judged score (`final_score`'s) as `RE`.
    pub(super) fn print_sgf(&self, file: Option<&str>) -> Reply {
        let record = self.record.as_ref();
        let kept = record.and_then(|record| record.result_for(&self.game));
        let result = (self.game.is_over() && kept.is_none())
            .then(|| response::result_text(&score::final_count(&self.game)));
        let text = sgf::write(&self.game, record, result.as_deref());
        match file {
            None | Some("-") => Ok(text.trim_end().to_string()),
            Some(file) => {
                sgf::write_file(Path::new(file), &text).map_err(|error| {
                    log::warn!("printsgf {file}: cannot save file: {error}");
                    Failure::CannotSaveFile
                })?;
                Ok(String::new())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::board::Color;
    use crate::clock::{TimeControl, TimeLeft};
    use crate::gtp::Engine;
    use crate::gtp::parse::{Line, parse_line};
    use crate::gtp::response::{Failure, Reply};
    use crate::player::RandomPlayer;
    use crate::rules::Rules;
    use crate::score;

    fn engine(size: usize) -> Engine {
        Engine::new(size, Rules::BGA, 7.5, Box::new(RandomPlayer::new(1))).unwrap()
    }

    /// Runs one GTP line, as the serving loop would.
    fn run(engine: &mut Engine, line: &str) -> Reply {
        match parse_line(line.as_bytes()) {
            Line::Request(request) => engine.execute(request.command).0,
            Line::Invalid(_, failure) => Err(failure),
            Line::Nothing => panic!("{line:?} is no command"),
        }
    }

    fn ok(engine: &mut Engine, line: &str) -> String {
        run(engine, line).unwrap_or_else(|failure| panic!("{line}: {failure}"))
    }

    /// Runs a line that must fail with `failure` and leave game and clock as they were.
    fn refused(engine: &mut Engine, line: &str, failure: Failure) {
        let game = engine.game().clone();
        let clock = *engine.clock();
        assert_eq!(run(engine, line), Err(failure), "{line}");
        assert_eq!(engine.game(), &game, "{line} changed the game");
        assert_eq!(engine.clock(), &clock, "{line} changed the clock");
    }

    fn fixture(name: &str) -> String {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("gtp-scripts/sgf")
            .join(name)
            .display()
            .to_string()
    }

    fn scratch_file(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("kosumi-{}-{name}", std::process::id()))
    }

    #[test]
    fn fixed_handicap_places_the_table_points_and_white_moves_next() {
        let mut engine = engine(19);
        assert_eq!(
            ok(&mut engine, "fixed_handicap 9"),
            "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"
        );
        assert_eq!(engine.game().to_move(), Color::White);
        assert_eq!(engine.game().handicap(), 9);
        assert_eq!(engine.game().board().stone_counts(), [9, 0]);
        refused(&mut engine, "undo", Failure::CannotUndo);
        ok(&mut engine, "play W K3");
        ok(&mut engine, "undo");
        assert_eq!(engine.game().board().stone_counts(), [9, 0]);
    }

    #[test]
    fn fixed_handicap_works_for_every_count_on_every_size_from_seven_to_twenty_five() {
        for size in 7..=25 {
            let most = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
            let mut engine = engine(size);
            for count in 2..=most {
                ok(&mut engine, "clear_board");
                let reply = ok(&mut engine, &format!("fixed_handicap {count}"));
                assert_eq!(reply.split(' ').count(), count, "{size}: {reply}");
                assert_eq!(engine.game().board().stone_counts(), [count as u32, 0]);
            }
            ok(&mut engine, "clear_board");
            refused(
                &mut engine,
                &format!("fixed_handicap {}", most + 1),
                Failure::InvalidNumberOfStones,
            );
        }
    }

    #[test]
    fn bad_handicap_counts_are_refused_and_change_nothing() {
        let mut engine = engine(19);
        for line in [
            "fixed_handicap 0",
            "fixed_handicap 1",
            "fixed_handicap 10",
            "fixed_handicap 99999999999",
            "place_free_handicap 0",
            "place_free_handicap 1",
            "place_free_handicap 361",
        ] {
            refused(&mut engine, line, Failure::InvalidNumberOfStones);
        }
        for line in [
            "fixed_handicap",
            "fixed_handicap -2",
            "place_free_handicap x",
        ] {
            refused(&mut engine, line, Failure::SyntaxError);
        }
        ok(&mut engine, "boardsize 8");
        refused(
            &mut engine,
            "fixed_handicap 5",
            Failure::InvalidNumberOfStones,
        );
        ok(&mut engine, "boardsize 6");
        refused(
            &mut engine,
            "fixed_handicap 2",
            Failure::InvalidNumberOfStones,
        );
        assert_eq!(
            ok(&mut engine, "place_free_handicap 2").split(' ').count(),
            2
        );
    }

    #[test]
    fn handicap_needs_an_empty_board_without_moves() {
        let mut engine = engine(9);
        ok(&mut engine, "play B E5");
        refused(&mut engine, "fixed_handicap 2", Failure::BoardNotEmpty);
        ok(&mut engine, "undo");
        ok(&mut engine, "play B pass");
        refused(&mut engine, "place_free_handicap 2", Failure::BoardNotEmpty);
        refused(
            &mut engine,
            "set_free_handicap C3 G7",
            Failure::BoardNotEmpty,
        );
        ok(&mut engine, "clear_board");
        ok(&mut engine, "fixed_handicap 2");
        refused(&mut engine, "fixed_handicap 2", Failure::BoardNotEmpty);
        refused(
            &mut engine,
            "set_free_handicap A1 A2",
            Failure::BoardNotEmpty,
        );
        ok(&mut engine, "clear_board");
        assert_eq!(engine.game().board().stone_counts(), [0, 0]);
        assert_eq!(engine.game().handicap(), 0);
    }

    #[test]
    fn place_free_handicap_chooses_distinct_points_and_white_moves_next() {
        let mut engine = engine(19);
        let reply = ok(&mut engine, "place_free_handicap 17");
        let mut vertices: Vec<&str> = reply.split(' ').collect();
        assert_eq!(vertices.len(), 17);
        vertices.sort();
        vertices.dedup();
        assert_eq!(vertices.len(), 17);
        assert_eq!(engine.game().board().stone_counts(), [17, 0]);
        assert_eq!(engine.game().to_move(), Color::White);
        let mut tiny = self::engine(2);
        assert_eq!(ok(&mut tiny, "place_free_handicap 3").split(' ').count(), 3);
    }

    #[test]
    fn set_free_handicap_takes_any_valid_list_and_refuses_bad_ones() {
        let mut engine = engine(9);
        for line in [
            "set_free_handicap",
            "set_free_handicap E5",
            "set_free_handicap E5 E5",
            "set_free_handicap E5 C3 e5",
            "set_free_handicap E5 pass",
            "set_free_handicap E5 K10",
            "set_free_handicap E5 Z25",
        ] {
            refused(&mut engine, line, Failure::BadVertexList);
        }
        for line in ["set_free_handicap E5 I5", "set_free_handicap E5 C3x"] {
            refused(&mut engine, line, Failure::SyntaxError);
        }
        assert_eq!(ok(&mut engine, "set_free_handicap A1 J9 E5"), "");
        assert_eq!(engine.game().handicap(), 3);
        assert_eq!(engine.game().to_move(), Color::White);
        assert_eq!(ok(&mut engine, "list_stones black"), "J9 E5 A1");

        let mut small = self::engine(2);
        refused(
            &mut small,
            "set_free_handicap A1 A2 B1 B2",
            Failure::BadVertexList,
        );
        ok(&mut small, "set_free_handicap A1 A2 B1");
    }

    #[test]
    fn handicap_stones_earn_white_the_bonus_of_the_ruleset() {
        let mut engine = engine(9);
        ok(&mut engine, "kata-set-rules chinese");
        ok(&mut engine, "fixed_handicap 4");
        let score = score::count(engine.game(), &[], &[]);
        assert_eq!(score.white.handicap_bonus, 4);
        ok(&mut engine, "kata-set-rules tromp-taylor");
        let score = score::count(engine.game(), &[], &[]);
        assert_eq!(score.white.handicap_bonus, 0);
    }

    #[test]
    fn time_settings_survive_clear_board_and_boardsize_which_restore_the_initial_time() {
        let mut engine = engine(19);
        ok(&mut engine, "time_settings 600 30 5");
        ok(&mut engine, "time_left white 20 4");
        let canadian = TimeControl::Canadian {
            main: 600,
            period: 30,
            stones: 5,
        };
        assert_eq!(engine.clock().control(), canadian);
        assert_eq!(
            engine.clock().left(Color::White),
            TimeLeft {
                seconds: 20,
                count: 4
            }
        );
        assert_eq!(engine.clock().left(Color::Black), TimeLeft::main(600));
        ok(&mut engine, "clear_board");
        assert_eq!(engine.clock().control(), canadian);
        assert_eq!(engine.clock().left(Color::White), TimeLeft::main(600));
        ok(&mut engine, "time_left b 100 0");
        ok(&mut engine, "boardsize 9");
        assert_eq!(engine.clock().control(), canadian);
        assert_eq!(engine.clock().left(Color::Black), TimeLeft::main(600));
        refused(&mut engine, "boardsize 30", Failure::UnacceptableSize);
        assert_eq!(
            ok(&mut engine, "kosumi-clock"),
            "canadian 600 s + 30 s / 5 stones; Black 600 s, White 600 s"
        );
    }

    #[test]
    fn time_settings_distinguish_no_limit_absolute_time_and_the_kgs_systems() {
        let mut engine = engine(19);
        for (line, control) in [
            ("time_settings 0 1 0", TimeControl::Unlimited),
            ("time_settings 300 0 0", TimeControl::Absolute { main: 300 }),
            ("kgs-time_settings none", TimeControl::Unlimited),
            (
                "kgs-time_settings absolute 900",
                TimeControl::Absolute { main: 900 },
            ),
            (
                "kgs-time_settings byoyomi 600 30 5",
                TimeControl::Byoyomi {
                    main: 600,
                    period: 30,
                    periods: 5,
                },
            ),
            (
                "kgs-time_settings canadian 600 300 25",
                TimeControl::Canadian {
                    main: 600,
                    period: 300,
                    stones: 25,
                },
            ),
        ] {
            assert_eq!(ok(&mut engine, line), "");
            assert_eq!(engine.clock().control(), control, "{line}");
        }
    }

    #[test]
    fn bad_time_settings_are_syntax_errors_and_change_nothing() {
        let mut engine = engine(19);
        ok(&mut engine, "time_settings 600 30 5");
        ok(&mut engine, "time_left black 500 0");
        for line in [
            "time_settings",
            "time_settings 600 30",
            "time_settings 600 -30 5",
            "time_settings 600 30 5.5",
            "time_settings 3000000000 30 5",
            "time_left black",
            "time_left red 10 0",
            "time_left white -1 0",
            "kgs-time_settings",
            "kgs-time_settings fischer 600 10",
            "kgs-time_settings byoyomi 600 30",
            "kgs-time_settings none please",
        ] {
            refused(&mut engine, line, Failure::SyntaxError);
        }
    }

    #[test]
    fn loadsgf_loads_a_record_and_replies_the_colour_to_move() {
        let mut engine = engine(19);
        let file = fixture("simple.sgf");
        assert_eq!(ok(&mut engine, &format!("loadsgf {file}")), "black");
        assert_eq!(engine.game().size(), 9);
        assert_eq!(engine.game().komi(), 6.5);
        assert_eq!(engine.game().rules(), Rules::JAPANESE);
        assert_eq!(engine.game().moves().len(), 8);
        assert_eq!(ok(&mut engine, "color E5"), "black");
        assert_eq!(ok(&mut engine, &format!("loadsgf {file} 4")), "white");
        assert_eq!(engine.game().moves().len(), 3);
        assert_eq!(ok(&mut engine, &format!("loadsgf {file} G3")), "black");
        assert_eq!(engine.game().moves().len(), 4);
        assert_eq!(ok(&mut engine, "color G3"), "empty");
        let handicap = fixture("handicap.sgf");
        assert_eq!(ok(&mut engine, &format!("loadsgf {handicap} 1")), "white");
        assert_eq!(engine.game().handicap(), 3);
        refused(&mut engine, "undo", Failure::CannotUndo);
    }

    #[test]
    fn a_bad_record_gets_cannot_load_file_and_leaves_the_game_as_it_was() {
        let mut engine = engine(9);
        ok(&mut engine, "time_settings 300 0 0");
        ok(&mut engine, "play B E5");
        ok(&mut engine, "play W C3");
        for name in [
            "missing.sgf",
            "malformed.sgf",
            "too-large.sgf",
            "illegal.sgf",
            "not-go.sgf",
        ] {
            refused(
                &mut engine,
                &format!("loadsgf {}", fixture(name)),
                Failure::CannotLoadFile,
            );
        }
        refused(
            &mut engine,
            &format!("loadsgf {}", env!("CARGO_MANIFEST_DIR")),
            Failure::CannotLoadFile,
        );
        refused(
            &mut engine,
            &format!("loadsgf {} pass", fixture("simple.sgf")),
            Failure::SyntaxError,
        );
        refused(&mut engine, "loadsgf", Failure::SyntaxError);
    }

    #[test]
    fn printsgf_replies_a_record_that_loads_back_to_the_same_game() {
        let mut engine = engine(9);
        ok(&mut engine, "kata-set-rules chinese");
        ok(&mut engine, "komi 5.5");
        ok(&mut engine, "fixed_handicap 2");
        for line in ["play W E5", "play B D5", "play W pass", "play B pass"] {
            ok(&mut engine, line);
        }
        let record = ok(&mut engine, "printsgf");
        assert!(
            record.starts_with("(;GM[1]FF[4]CA[UTF-8]AP[Kosumi:"),
            "{record}"
        );
        let result = ok(&mut engine, "final_score");
        assert!(
            record.contains(&format!(
                "SZ[9]KM[5.5]RU[Chinese]HA[2]AB[cg][gc]RE[{result}]"
            )),
            "{record}"
        );
        assert!(record.ends_with(";W[ee];B[de];W[];B[])"), "{record}");
        let path = scratch_file("printsgf-reply.sgf");
        std::fs::write(&path, &record).unwrap();
        let before = engine.game().clone();
        ok(&mut engine, "clear_board");
        ok(&mut engine, "boardsize 13");
        ok(&mut engine, "komi 0");
        assert_eq!(
            ok(&mut engine, &format!("loadsgf {}", path.display())),
            "white"
        );
        std::fs::remove_file(&path).unwrap();
        assert_eq!(engine.game(), &before);
    }

    #[test]
    fn printsgf_to_a_file_writes_the_record_and_replies_nothing() {
        let mut engine = engine(9);
        ok(&mut engine, "play B E5");
        let path = scratch_file("printsgf-file.sgf");
        assert_eq!(ok(&mut engine, &format!("printsgf {}", path.display())), "");
        let written = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(written.trim_end(), ok(&mut engine, "printsgf"));
        assert_eq!(ok(&mut engine, "printsgf -"), written.trim_end());
        refused(
            &mut engine,
            "printsgf /nonexistent/directory/game.sgf",
            Failure::CannotSaveFile,
        );
    }
}
