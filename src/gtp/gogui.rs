//! GoGui's extensions: the analyze-command list that `gogui-analyze_commands` answers, and the
//! gfx text of Kosumi's analyze commands (GoGui manual, "Analyze Commands"; docs/analysis.md §5).
//! Turns facts the engine found (points, counts) into text; judges nothing about the position.

use super::response::{vertex_list_text, vertex_text};
use crate::board::{Board, Color, Point};
use crate::game::Move;
use crate::score::{Judgement, Ownership};
use crate::search::Statistics;

/// One entry of GoGui's Analyze menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeCommand {
    /// How GoGui shows the answer: `gfx`, `plist`, `string`, `hstring`, …
    pub kind: &'static str,
    /// The menu label.
    pub label: &'static str,
    /// The command line GoGui sends, with its wildcards: `%m` the side to move, `%p` a point
    /// the user clicks.
    pub command: &'static str,
}

/// The Analyze menu, in order. Every command named here is in the command table (a test says
/// so).
pub const ANALYZE_COMMANDS: &[AnalyzeCommand] = &[
    AnalyzeCommand {
        kind: "gfx",
        label: "Legal Moves",
        command: "kosumi-legal_moves %m",
    },
    AnalyzeCommand {
        kind: "gfx",
        label: "Liberties",
        command: "kosumi-liberties %p",
    },
    AnalyzeCommand {
        kind: "gfx",
        label: "Stones in Atari",
        command: "kosumi-atari",
    },
    AnalyzeCommand {
        kind: "gfx",
        label: "Ko Ban",
        command: "kosumi-ko_ban %m",
    },
    AnalyzeCommand {
        kind: "gfx",
        label: "Ownership",
        command: "kosumi-ownership",
    },
    AnalyzeCommand {
        kind: "gfx",
        label: "Dead Stones",
        command: "kosumi-dead_stones",
    },
    AnalyzeCommand {
        kind: "gfx",
        label: "Search: Best Moves",
        command: "kosumi-best_moves %m",
    },
    AnalyzeCommand {
        kind: "var",
        label: "Search: Principal Variation",
        command: "kosumi-principal_variation %m",
    },
    AnalyzeCommand {
        kind: "gfx",
        label: "Search: Ownership",
        command: "kosumi-search_ownership %m",
    },
    AnalyzeCommand {
        kind: "param",
        label: "Search Settings",
        command: "kosumi-param",
    },
    AnalyzeCommand {
        kind: "string",
        label: "Score Breakdown",
        command: "kosumi-score_breakdown",
    },
    AnalyzeCommand {
        kind: "string",
        label: "Final Score",
        command: "final_score",
    },
];

/// The answer to `gogui-analyze_commands`: one `type/label/command` line per entry.
pub fn analyze_commands_text() -> String {
    ANALYZE_COMMANDS
        .iter()
        .map(|entry| format!("{}/{}/{}", entry.kind, entry.label, entry.command))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The marks gfx can put on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `SQUARE`.
    Square,
    /// `CIRCLE`.
    Circle,
    /// `TRIANGLE`.
    Triangle,
    /// `MARK`, an X.
    Cross,
}

impl Shape {
    fn keyword(self) -> &'static str {
        match self {
            Shape::Square => "SQUARE",
            Shape::Circle => "CIRCLE",
            Shape::Triangle => "TRIANGLE",
            Shape::Cross => "MARK",
        }
    }
}

/// A gfx answer, built one line at a time.
#[derive(Debug, Default)]
pub struct Gfx {
    lines: Vec<String>,
}

impl Gfx {
    /// An empty answer.
    pub fn new() -> Gfx {
        Gfx::default()
    }

    /// Marks `points` with `shape` (nothing when there are none).
    pub fn mark(&mut self, shape: Shape, board: &Board, points: &[Point]) -> &mut Gfx {
        if !points.is_empty() {
            self.lines.push(format!(
                "{} {}",
                shape.keyword(),
                vertex_list_text(board, points)
            ));
        }
        self
    }

    /// Influence squares: a value from −1 (White) to 1 (Black) for each point, two decimals,
    /// top row first.
    pub fn influence(&mut self, board: &Board, values: &[(Point, f64)]) -> &mut Gfx {
        if !values.is_empty() {
            let mut sorted = values.to_vec();
            sorted.sort_by_key(|&(point, _)| {
                let (x, y) = board.coordinates(point);
                (board.size() - 1 - y, x)
            });
            let pairs: Vec<String> = sorted
                .iter()
                .map(|&(point, value)| {
                    let rounded = (value.clamp(-1.0, 1.0) * 100.0).round() / 100.0;
                    // `-0.00` would be noise: write it `0.00`.
                    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
                    format!("{} {rounded:.2}", vertex_text(board, point))
                })
                .collect();
            self.lines.push(format!("INFLUENCE {}", pairs.join(" ")));
        }
        self
    }

    /// Territory markers of `color` on `points` (nothing when there are none).
    pub fn territory(&mut self, color: Color, board: &Board, points: &[Point]) -> &mut Gfx {
        if !points.is_empty() {
            let keyword = match color {
                Color::Black => "BLACK",
                Color::White => "WHITE",
            };
            self.lines
                .push(format!("{keyword} {}", vertex_list_text(board, points)));
        }
        self
    }

    /// Numbered ghost stones for a line of moves, `color` first (`pass` only advances the
    /// number).
    pub fn variation(&mut self, board: &Board, color: Color, line: &[Move]) -> &mut Gfx {
        if !line.is_empty() {
            let mut mover = color;
            let mut text = String::from("VAR");
            for &turn in line {
                let letter = match mover {
                    Color::Black => 'b',
                    Color::White => 'w',
                };
                let vertex = match turn {
                    Move::Pass => "pass".to_string(),
                    Move::Place(point) => vertex_text(board, point),
                };
                text.push_str(&format!(" {letter} {vertex}"));
                mover = mover.opponent();
            }
            self.lines.push(text);
        }
        self
    }

    /// Labels: each point with its text (GoGui shows three characters at most).
    pub fn labels(&mut self, board: &Board, labels: &[(Point, String)]) -> &mut Gfx {
        if !labels.is_empty() {
            let pairs: Vec<String> = labels
                .iter()
                .map(|(point, label)| format!("{} {label}", vertex_text(board, *point)))
                .collect();
            self.lines.push(format!("LABEL {}", pairs.join(" ")));
        }
        self
    }

    /// The status-bar text (one line).
    pub fn text(&mut self, text: &str) -> &mut Gfx {
        self.lines.push(format!("TEXT {}", text.replace('\n', " ")));
        self
    }

    /// The answer's text.
    pub fn finish(&self) -> String {
        self.lines.join("\n")
    }
}

/// "1 stone", "3 stones".
fn counted(count: usize, singular: &str, plural: &str) -> String {
    format!("{count} {}", if count == 1 { singular } else { plural })
}

/// "Black", "White".
fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// `kosumi-legal_moves`: squares on the points where `color` may play, and their number.
///
/// GoGui shows a gfx `TEXT` in its status bar after the menu label ("Legal Moves: 78 for
/// Black, and pass"), so the texts here do not repeat what the label says.
pub fn legal_moves(board: &Board, color: Color, legal: &[Point]) -> String {
    let summary = if legal.is_empty() {
        format!("none for {} but pass", color_name(color))
    } else {
        format!("{} for {}, and pass", legal.len(), color_name(color))
    };
    Gfx::new()
        .mark(Shape::Square, board, legal)
        .text(&summary)
        .finish()
}

/// `kosumi-liberties` on a stone: squares on the chain, circles on its liberties.
pub fn liberties(
    board: &Board,
    clicked: Point,
    color: Color,
    chain: &[Point],
    liberties: &[Point],
) -> String {
    let summary = format!(
        "{} chain at {}: {}, {}",
        color_name(color),
        vertex_text(board, clicked),
        counted(chain.len(), "stone", "stones"),
        counted(liberties.len(), "liberty", "liberties")
    );
    Gfx::new()
        .mark(Shape::Square, board, chain)
        .mark(Shape::Circle, board, liberties)
        .text(&summary)
        .finish()
}

/// `kosumi-liberties` on an empty point.
pub fn empty_point(board: &Board, clicked: Point) -> String {
    Gfx::new()
        .text(&format!("{} is empty", vertex_text(board, clicked)))
        .finish()
}

/// `kosumi-atari`: triangles on the stones of chains with one liberty (`stones`, Black's then
/// White's), crosses on those last liberties.
pub fn atari(board: &Board, stones: &[Vec<Point>; 2], last_liberties: &[Point]) -> String {
    let mut all = stones[0].clone();
    all.extend(&stones[1]);
    let summary = format!(
        "{}, {}",
        counted(stones[0].len(), "black stone", "black stones"),
        counted(stones[1].len(), "white stone", "white stones")
    );
    Gfx::new()
        .mark(Shape::Triangle, board, &all)
        .mark(Shape::Cross, board, last_liberties)
        .text(&summary)
        .finish()
}

/// Why a point is banned by a ko rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ban {
    /// The immediate retake of a ko (simple ko).
    Ko,
    /// A repetition of an earlier position (superko).
    Superko,
}

/// `kosumi-ko_ban`: squares on the points `color` may not play because of ko or superko.
pub fn ko_ban(board: &Board, color: Color, banned: &[(Point, Ban)]) -> String {
    let points: Vec<Point> = banned.iter().map(|&(point, _)| point).collect();
    let summary = if banned.is_empty() {
        format!("none for {}", color_name(color))
    } else {
        let reason = if banned.iter().all(|&(_, ban)| ban == Ban::Ko) {
            "ko"
        } else {
            "superko"
        };
        format!(
            "{} may not play {} ({reason})",
            color_name(color),
            vertex_list_text(board, &points)
        )
    };
    Gfx::new()
        .mark(Shape::Square, board, &points)
        .text(&summary)
        .finish()
}

/// A margin as a result: `B+3.2`, `W+0.5`, `even`.
fn margin_text(margin: f64) -> String {
    let rounded = (margin * 10.0).round() / 10.0;
    if rounded > 0.0 {
        format!("B+{rounded:.1}")
    } else if rounded < 0.0 {
        format!("W+{:.1}", -rounded)
    } else {
        "even".to_string()
    }
}

/// `kosumi-ownership`: influence on every point, and the average area margin.
pub fn ownership(board: &Board, estimate: &Ownership, asked: u32) -> String {
    let values: Vec<(Point, f64)> = board
        .points()
        .zip(estimate.values.iter().copied())
        .collect();
    let playouts = if estimate.playouts < asked {
        format!("{} of {asked} playouts (interrupted)", estimate.playouts)
    } else {
        counted(estimate.playouts as usize, "playout", "playouts")
    };
    Gfx::new()
        .influence(board, &values)
        .text(&format!(
            "{} by area before komi, {playouts}",
            margin_text(estimate.area_margin)
        ))
        .finish()
}

/// `kosumi-dead_stones`: crosses on dead stones, circles on stones in seki, and the territory
/// of each colour once the dead stones are gone (`territory`, Black's first).
pub fn dead_stones(board: &Board, judgement: &Judgement, territory: &[Vec<Point>; 2]) -> String {
    let mut dead = [0; 2];
    for &point in &judgement.dead {
        if let Some(color) = board.get(point) {
            dead[color.index()] += 1;
        }
    }
    Gfx::new()
        .mark(Shape::Cross, board, &judgement.dead)
        .mark(Shape::Circle, board, &judgement.seki)
        .territory(Color::Black, board, &territory[0])
        .territory(Color::White, board, &territory[1])
        .text(&format!(
            "dead: {}, {}; seki: {}",
            counted(dead[0], "black stone", "black stones"),
            counted(dead[1], "white stone", "white stones"),
            counted(judgement.seki.len(), "stone", "stones")
        ))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::command::Command;

    #[test]
    fn every_analyze_command_is_in_the_command_table() {
        for entry in ANALYZE_COMMANDS {
            let name = entry.command.split(' ').next().unwrap();
            assert!(Command::is_known(name), "{name}");
        }
    }

    #[test]
    fn analyze_command_lines_have_a_type_a_label_and_a_command() {
        let text = analyze_commands_text();
        assert!(text.starts_with("gfx/Legal Moves/kosumi-legal_moves %m\n"));
        for line in text.lines() {
            let fields: Vec<&str> = line.split('/').collect();
            assert_eq!(fields.len(), 3, "{line}");
            assert!(
                [
                    "gfx", "plist", "string", "hstring", "dboard", "var", "param", "none"
                ]
                .contains(&fields[0]),
                "{line}"
            );
        }
    }

    #[test]
    fn a_search_is_drawn_as_its_line_its_candidates_win_rates_and_ownership() {
        // 9×9, Black to play: C3 (2 of 3 playouts won) then D4; the line C3, then White's
        // pass, then Black J9.
        let board = Board::new(9).unwrap();
        let at = |name| crate::board::tests::at(&board, name);
        let candidate = |name, visits, win_rate| crate::search::Candidate {
            turn: Move::Place(at(name)),
            visits,
            win_rate,
            prior: 0.5,
            score_lead: 0.0,
            principal_variation: Vec::new(),
        };
        let mut ownership = vec![0.0; 81];
        ownership[0] = 1.0; // A1, Black's
        let statistics = Statistics {
            playouts: 300,
            visits: 300,
            win_rate: 0.667,
            principal_variation: vec![Move::Place(at("C3")), Move::Pass, Move::Place(at("J9"))],
            candidates: vec![candidate("C3", 200, 0.667), candidate("D4", 100, 0.4)],
            ownership: Some(ownership),
            ..Statistics::default()
        };
        let text = search(&board, Color::Black, &statistics, 7.5);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(lines[0].starts_with("INFLUENCE A9 0.00 "), "{text}");
        assert!(lines[0].contains(" A1 1.00 "), "{text}");
        assert_eq!(lines[1], "VAR b C3 w pass b J9");
        assert_eq!(lines[2], "LABEL C3 67 D4 40");
        // Black owns 1 point on average, komi 7.5: White leads by 6.5.
        assert_eq!(lines[3], "TEXT 300 playouts, Black C3 66.7%, W+6.5 by area");
        assert_eq!(
            principal_variation(&board, Color::White, &statistics.principal_variation),
            "w C3 b pass w J9"
        );
    }

    #[test]
    fn influence_values_are_clamped_and_printed_with_two_decimals() {
        let board = Board::new(9).unwrap();
        let a1 = board.point(0, 0).unwrap();
        let j9 = board.point(8, 8).unwrap();
        let text = Gfx::new()
            .influence(&board, &[(a1, 1.5), (j9, -0.333)])
            .finish();
        assert_eq!(text, "INFLUENCE J9 -0.33 A1 1.00");
        let text = Gfx::new().influence(&board, &[(a1, -0.001)]).finish();
        assert_eq!(text, "INFLUENCE A1 0.00");
    }
}

/// The most candidates a search's graphics label.
pub const LABELLED_CANDIDATES: usize = 20;

/// The graphics of a search for `color` (live during `genmove` and the analysis, and the
/// answer of the search's analyze commands): the principal variation as numbered ghost stones
/// (`VAR b D4 w Q16 …`), each candidate's win rate for `color` in percent as its label (the
/// `LABELLED_CANDIDATES` most visited with at least 1% of the visits), the ownership of the
/// playouts' final boards as shading when it was tallied (`INFLUENCE`, Black positive), and
/// `TEXT 1234 playouts, Black D4 52.1%, B+3.5 by area` (the score when ownership was tallied).
/// `komi` is the game's.
pub fn search(board: &Board, color: Color, statistics: &Statistics, komi: f64) -> String {
    let mut gfx = Gfx::new();
    if let Some(shares) = &statistics.ownership {
        let values: Vec<(Point, f64)> = board.points().zip(shares.iter().copied()).collect();
        gfx.influence(board, &values);
    }
    gfx.variation(board, color, &statistics.principal_variation);
    let least = (statistics.visits / 100).max(1);
    let labels: Vec<(Point, String)> = statistics
        .candidates
        .iter()
        .filter(|candidate| candidate.visits >= least)
        .take(LABELLED_CANDIDATES)
        .filter_map(|candidate| match candidate.turn {
            Move::Place(point) => Some((
                point,
                format!("{:.0}", (candidate.win_rate * 100.0).clamp(0.0, 100.0)),
            )),
            Move::Pass => None,
        })
        .collect();
    gfx.labels(board, &labels);
    let mut text = format!("{} playouts, {}", statistics.playouts, color_name(color));
    if let Some(best) = statistics.candidates.first() {
        let turn = match best.turn {
            Move::Pass => "pass".to_string(),
            Move::Place(point) => vertex_text(board, point),
        };
        text.push_str(&format!(" {turn} {:.1}%", best.win_rate * 100.0));
    }
    if let Some(shares) = &statistics.ownership {
        let margin = shares.iter().sum::<f64>() - komi;
        let leader = if margin >= 0.0 { 'B' } else { 'W' };
        text.push_str(&format!(", {leader}+{:.1} by area", margin.abs()));
    }
    gfx.text(&text);
    gfx.finish()
}

/// What a search's analyze command shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchView {
    /// The candidates' win rates as labels and the principal variation (`search`, without
    /// the shading).
    BestMoves,
    /// The ownership shading and the score estimate.
    Ownership,
}

/// The answer of `kosumi-best_moves` and `kosumi-search_ownership`: gfx of the search for
/// `color` (see `search`), cut to what `view` shows.
pub fn search_view(
    board: &Board,
    color: Color,
    statistics: &Statistics,
    komi: f64,
    view: SearchView,
) -> String {
    let mut shown = statistics.clone();
    if view == SearchView::BestMoves {
        shown.ownership = None;
        return search(board, color, &shown, komi);
    }
    shown.candidates.clear();
    shown.principal_variation.clear();
    search(board, color, &shown, komi)
}

/// The answer of `kosumi-principal_variation` (GoGui's `var` type): the line with a colour
/// before every move, `b D4 w Q16 b pass`, empty when the search found none.
pub fn principal_variation(board: &Board, color: Color, line: &[Move]) -> String {
    let mut gfx = Gfx::new();
    gfx.variation(board, color, line);
    gfx.finish()
        .trim_start_matches("VAR")
        .trim_start()
        .to_string()
}

/// The answer of `kosumi-param` without arguments (GoGui's `param` type): one
/// `[string] key value` line per search setting.
pub fn search_parameters(settings: &[(&str, String)]) -> String {
    settings
        .iter()
        .map(|(key, value)| format!("[string] {key} {value}"))
        .collect::<Vec<_>>()
        .join("\n")
}
