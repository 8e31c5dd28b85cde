//! GTP text out: reply framing, and the text forms of vertices, scores, rules and the board.
//! The failure texts themselves are the vocabulary's. Holds no state.

use std::io::{self, Write};

use super::vocabulary::COLUMN_LETTERS;
// Kept at their old paths (`response::Failure`, `response::Reply`) for code written before the
// vocabulary had its own module.
pub use super::vocabulary::{Failure, Reply};
use crate::board::{Board, Color, Point};
use crate::clock::{Clock, TimeControl};
use crate::rules::{HandicapBonus, KoRule, Rules, Scoring};
use crate::score::{self, Score, Tally, points_text};

/// Writes one framed reply: `=id result` or `?id message`, always with the space, then one
/// empty line; flushes. Empty lines inside a result become a line holding one space, so the
/// first empty line is always the end of the reply.
pub fn write_reply(output: &mut impl Write, id: Option<u32>, reply: &Reply) -> io::Result<()> {
    let (status, text) = match reply {
        Ok(text) => ('=', text.clone()),
        Err(failure) => ('?', failure.to_string()),
    };
    let mut framed = String::with_capacity(text.len() + 16);
    framed.push(status);
    if let Some(id) = id {
        framed.push_str(&id.to_string());
    }
    framed.push(' ');
    let body = text.trim_end_matches('\n');
    for (index, line) in body.split('\n').enumerate() {
        if index > 0 {
            framed.push('\n');
            if line.is_empty() {
                framed.push(' ');
            }
        }
        framed.push_str(line);
    }
    framed.push_str("\n\n");
    output.write_all(framed.as_bytes())?;
    output.flush()
}

/// The GTP name of a point: `A1` … `Z25`.
pub fn vertex_text(board: &Board, point: Point) -> String {
    let (x, y) = board.coordinates(point);
    format!("{}{}", &COLUMN_LETTERS[x..=x], y + 1)
}

/// Points as GNU Go lists them: sorted from the top row down, left to right, space-separated.
pub fn vertex_list_text(board: &Board, points: &[Point]) -> String {
    let mut sorted: Vec<(usize, usize, Point)> = points
        .iter()
        .map(|&point| {
            let (x, y) = board.coordinates(point);
            (board.size() - 1 - y, x, point)
        })
        .collect();
    sorted.sort();
    sorted
        .iter()
        .map(|&(_, _, point)| vertex_text(board, point))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Chains as GNU Go's `final_status_list` lists them: one chain per line, each line sorted as
/// `vertex_list_text` sorts, the lines in the order of their first vertices. Empty for none.
pub fn chain_lines_text(board: &Board, chains: &[Vec<Point>]) -> String {
    let first = |stones: &Vec<Point>| {
        stones
            .iter()
            .map(|&point| {
                let (x, y) = board.coordinates(point);
                (board.size() - 1 - y, x)
            })
            .min()
    };
    let mut ordered: Vec<&Vec<Point>> = chains.iter().collect();
    ordered.sort_by_key(|stones| first(stones));
    ordered
        .iter()
        .map(|stones| vertex_list_text(board, stones))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A number in a score breakdown: `26`, `28.5`, `-3.5` (no decimals for whole numbers).
fn number_text(number: f64) -> String {
    if number.fract() == 0.0 {
        format!("{number:.0}")
    } else {
        format!("{number}")
    }
}

/// `kosumi-score_breakdown`: the count item by item, one line each, for Black then White,
/// then the result. `handicap` is the number of handicap stones of the game.
pub fn breakdown_text(score: &Score, rules: &Rules, handicap: u32) -> String {
    let mut lines = Vec::new();
    let method = match (rules.scoring, rules.pass_stones) {
        (Scoring::Area, _) => "area: stones on the board + territory",
        (Scoring::Territory, true) => {
            "territory: territory + prisoners, pass stones included, White passes last"
        }
        (Scoring::Territory, false) => "territory: territory + prisoners, none in seki",
    };
    let method = if rules.every_stone_alive {
        "area: stones on the board + territory, every stone alive"
    } else {
        method
    };
    lines.push(format!("rules {}, {method}", rules.name));
    for color in Color::BOTH {
        let tally: &Tally = score.tally(color);
        let name = match color {
            Color::Black => "Black",
            Color::White => "White",
        };
        let prisoners = tally.captures + tally.dead + tally.pass_stones;
        let (stones_note, prisoners_note) = match rules.scoring {
            Scoring::Area => ("", ", not counted"),
            Scoring::Territory => (", not counted", ""),
        };
        lines.push(format!("{name} territory {}", tally.territory));
        lines.push(format!(
            "{name} stones on the board {}{stones_note}",
            tally.stones
        ));
        lines.push(format!(
            "{name} prisoners {prisoners}: captures {}, dead stones {}, pass stones {}{prisoners_note}",
            tally.captures, tally.dead, tally.pass_stones
        ));
        let mut terms: Vec<String> = match rules.scoring {
            Scoring::Area => vec![tally.stones.to_string(), tally.territory.to_string()],
            Scoring::Territory => vec![tally.territory.to_string(), prisoners.to_string()],
        };
        if color == Color::White {
            lines.push(format!("{name} komi {}", number_text(tally.komi)));
            terms.push(number_text(tally.komi));
            let bonus = rules.handicap_bonus.points(handicap);
            let compensation = match rules.scoring {
                Scoring::Area => {
                    if tally.handicap_bonus > 0 {
                        terms.push(tally.handicap_bonus.to_string());
                    }
                    format!("{}", tally.handicap_bonus)
                }
                Scoring::Territory if bonus > 0 => format!(
                    "0 (the N - 1 = {bonus} points are contained in the territory and \
                     pass-stone count)"
                ),
                Scoring::Territory => "0".to_string(),
            };
            lines.push(format!("{name} handicap compensation {compensation}"));
        }
        lines.push(format!(
            "{name} total {} = {}",
            terms.join(" + ").replace("+ -", "- "),
            number_text(tally.total)
        ));
    }
    lines.push(format!("result {}", result_text(score)));
    lines.join("\n")
}

/// A colour as GNU Go writes it: `black` or `white`.
pub fn color_text(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A result: `B+x`, `W+x`, or `0` for a draw (`score::result_text`, which SGF `RE` uses too).
pub fn result_text(score: &Score) -> String {
    score::result_text(score.margin)
}

/// The rules as KataGo's `kata-get-rules` prints them: one line of JSON, keys in order.
pub fn rules_json(rules: &Rules) -> String {
    let ko = match rules.ko {
        KoRule::Simple => "SIMPLE",
        KoRule::PositionalSuperko => "POSITIONAL",
        KoRule::SituationalSuperko => "SITUATIONAL",
    };
    let scoring = match rules.scoring {
        Scoring::Area => "AREA",
        Scoring::Territory => "TERRITORY",
    };
    let tax = if rules.seki_eyes_count {
        "NONE"
    } else {
        "SEKI"
    };
    let bonus = match rules.handicap_bonus {
        HandicapBonus::Zero => "0",
        HandicapBonus::NMinusOne => "N-1",
        HandicapBonus::N => "N",
    };
    // KataGo's friendlyPassOk: false where dead stones must be captured before the end.
    let friendly_pass_ok = !rules.every_stone_alive && rules.seki_eyes_count;
    format!(
        "{{\"friendlyPassOk\":{friendly_pass_ok},\"hasButton\":false,\"ko\":\"{ko}\",\
         \"scoring\":\"{scoring}\",\"suicide\":{},\"tax\":\"{tax}\",\
         \"whiteHandicapBonus\":\"{bonus}\"}}",
        rules.multi_stone_suicide
    )
}

/// What `showboard` prints besides the stones.
pub struct BoardCaption<'a> {
    /// Stones captured by Black and by White.
    pub captures: [u32; 2],
    /// Who is to move.
    pub to_move: Color,
    /// Komi.
    pub komi: f64,
    /// The ruleset's name.
    pub rules: &'a str,
    /// The last move's point, marked with parentheses.
    pub last_move: Option<Point>,
}

/// The board as text, top row first: column letters above and below, row numbers on both
/// sides, `X` black, `O` white, `.` empty, `+` star points, the last move in parentheses; then
/// captures, komi, rules and the side to move. The first line is empty so that the diagram
/// starts on a line of its own after `= `.
pub fn board_text(board: &Board, caption: &BoardCaption) -> String {
    let size = board.size();
    let letters: String = COLUMN_LETTERS[..size]
        .chars()
        .map(|letter| format!(" {letter}"))
        .collect();
    let mut text = String::new();
    text.push('\n');
    text.push_str(&format!("   {letters}\n"));
    for y in (0..size).rev() {
        text.push_str(&format!("{:>2} ", y + 1));
        let mut previous_marked = false;
        for x in 0..size {
            let point = board.point(x, y).expect("on the board");
            let marked = caption.last_move == Some(point);
            text.push(if marked {
                '('
            } else if previous_marked {
                ')'
            } else {
                ' '
            });
            text.push(match board.get(point) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if is_star_point(size, x, y) => '+',
                None => '.',
            });
            previous_marked = marked;
        }
        text.push(if previous_marked { ')' } else { ' ' });
        text.push_str(&format!("{:<2}", y + 1));
        text.push('\n');
    }
    text.push_str(&format!("   {letters}\n"));
    text.push_str(&format!(
        "Black (X) has captured {} stones; White (O) has captured {} stones\n",
        caption.captures[0], caption.captures[1]
    ));
    text.push_str(&format!(
        "komi {}, rules {}, {} to move",
        points_text(caption.komi),
        caption.rules,
        match caption.to_move {
            Color::Black => "Black (X)",
            Color::White => "White (O)",
        }
    ));
    text
}

/// The time control and what each side has left, on one line (`kosumi-clock`): `unlimited`,
/// or the system (`absolute 300 s`, `canadian 600 s + 30 s / 5 stones`,
/// `byoyomi 600 s + 5 x 30 s`) then each side's time (`Black 600 s, White 20 s for 4 stones`).
pub fn clock_text(clock: &Clock) -> String {
    let control = clock.control();
    let system = match control {
        TimeControl::Unlimited => return "unlimited".to_string(),
        TimeControl::Absolute { main } => format!("absolute {main} s"),
        TimeControl::Canadian {
            main,
            period,
            stones,
        } => format!("canadian {main} s + {period} s / {stones} stones"),
        TimeControl::Byoyomi {
            main,
            period,
            periods,
        } => format!("byoyomi {main} s + {periods} x {period} s"),
    };
    let side = |color: Color| {
        let left = clock.left(color);
        match (control, left.count) {
            (_, 0) => format!("{} s", left.seconds),
            (TimeControl::Byoyomi { .. }, periods) => {
                format!("{} s, {periods} periods", left.seconds)
            }
            (_, stones) => format!("{} s for {stones} stones", left.seconds),
        }
    };
    format!(
        "{system}; Black {}, White {}",
        side(Color::Black),
        side(Color::White)
    )
}

/// Star points: the corner points (3rd line up to 12×12, 4th line from 13×13), the centre on
/// odd sizes from 9, and the side points on odd sizes from 15.
fn is_star_point(size: usize, x: usize, y: usize) -> bool {
    if size < 7 {
        return false;
    }
    let line = if size <= 12 { 2 } else { 3 };
    let centre = size / 2;
    let corner_line = |coordinate: usize| coordinate == line || coordinate == size - 1 - line;
    let middle = |coordinate: usize| size % 2 == 1 && coordinate == centre;
    (corner_line(x) && corner_line(y))
        || (size >= 9 && middle(x) && middle(y))
        || (size >= 15 && ((middle(x) && corner_line(y)) || (corner_line(x) && middle(y))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(id: Option<u32>, reply: Reply) -> String {
        let mut output = Vec::new();
        write_reply(&mut output, id, &reply).unwrap();
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn replies_always_have_the_space_and_end_with_one_empty_line() {
        assert_eq!(framed(None, Ok(String::new())), "= \n\n");
        assert_eq!(framed(Some(7), Ok(String::new())), "=7 \n\n");
        assert_eq!(framed(Some(1), Ok("2".to_string())), "=1 2\n\n");
        assert_eq!(
            framed(Some(5), Err(Failure::IllegalMove)),
            "?5 illegal move\n\n"
        );
        assert_eq!(
            framed(None, Err(Failure::UnknownCommand)),
            "? unknown command\n\n"
        );
    }

    #[test]
    fn a_result_never_contains_an_empty_line() {
        assert_eq!(framed(None, Ok("a\n\nb\n".to_string())), "= a\n \nb\n\n");
        assert_eq!(framed(None, Ok("\nboard".to_string())), "= \nboard\n\n");
    }

    #[test]
    fn points_keep_one_decimal_and_exact_fractions() {}

    #[test]
    fn the_rules_json_has_katago_keys_in_order() {
        assert_eq!(
            rules_json(&Rules::TROMP_TAYLOR),
            "{\"friendlyPassOk\":false,\"hasButton\":false,\"ko\":\"POSITIONAL\",\
             \"scoring\":\"AREA\",\"suicide\":true,\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}"
        );
        assert_eq!(
            rules_json(&Rules::JAPANESE),
            "{\"friendlyPassOk\":false,\"hasButton\":false,\"ko\":\"SIMPLE\",\
             \"scoring\":\"TERRITORY\",\"suicide\":false,\"tax\":\"SEKI\",\"whiteHandicapBonus\":\"0\"}"
        );
    }

    #[test]
    fn the_board_text_has_coordinates_stars_and_the_last_move() {
        let mut board = Board::new(9).unwrap();
        let e5 = board.point(4, 4).unwrap();
        board.play(Color::Black, e5);
        let text = board_text(
            &board,
            &BoardCaption {
                captures: [0, 0],
                to_move: Color::White,
                komi: 7.5,
                rules: "bga",
                last_move: Some(e5),
            },
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "");
        assert_eq!(lines[1], "    A B C D E F G H J");
        assert_eq!(lines[2], " 9  . . . . . . . . . 9 ");
        assert_eq!(lines[3], " 8  . . . . . . . . . 8 ");
        assert_eq!(lines[4], " 7  . . + . . . + . . 7 ");
        assert_eq!(lines[6], " 5  . . . .(X). . . . 5 ");
        assert_eq!(lines[11], "    A B C D E F G H J");
        assert!(lines[13].ends_with("White (O) to move"));
    }

    #[test]
    fn the_clock_text_names_the_system_and_each_sides_time() {
        use crate::clock::TimeLeft;
        let mut clock = Clock::default();
        assert_eq!(clock_text(&clock), "unlimited");
        clock.set_control(TimeControl::from_gtp(600, 30, 5));
        clock.set_left(
            Color::White,
            TimeLeft {
                seconds: 20,
                count: 4,
            },
        );
        assert_eq!(
            clock_text(&clock),
            "canadian 600 s + 30 s / 5 stones; Black 600 s, White 20 s for 4 stones"
        );
        clock.set_control(TimeControl::Byoyomi {
            main: 0,
            period: 30,
            periods: 5,
        });
        assert_eq!(
            clock_text(&clock),
            "byoyomi 0 s + 5 x 30 s; Black 30 s, 5 periods, White 30 s, 5 periods"
        );
        clock.set_control(TimeControl::Absolute { main: 300 });
        assert_eq!(
            clock_text(&clock),
            "absolute 300 s; Black 300 s, White 300 s"
        );
    }

    #[test]
    fn the_setup_failures_have_the_spec_words() {
        assert_eq!(
            Failure::InvalidNumberOfStones.to_string(),
            "invalid number of stones"
        );
        assert_eq!(Failure::BoardNotEmpty.to_string(), "board not empty");
        assert_eq!(Failure::BadVertexList.to_string(), "bad vertex list");
        assert_eq!(Failure::CannotLoadFile.to_string(), "cannot load file");
        assert_eq!(Failure::CannotSaveFile.to_string(), "cannot save file");
    }

    #[test]
    fn chain_lines_put_each_chain_on_a_line_ordered_by_its_first_vertex() {
        let board = Board::new(9).unwrap();
        let at = |x, y| board.point(x, y).unwrap();
        let low = vec![at(0, 0), at(1, 0)];
        let high = vec![at(4, 3), at(4, 4), at(3, 4)];
        let middle = vec![at(8, 4)];
        assert_eq!(
            chain_lines_text(&board, &[low, middle, high]),
            "D5 E5 E4\nJ5\nA1 B1"
        );
        assert_eq!(chain_lines_text(&board, &[]), "");
    }

    #[test]
    fn the_breakdown_shows_the_handicap_compensation_of_each_ruleset() {
        use crate::game::Game;
        use crate::score::count;
        let handicap_game = |rules: Rules| {
            let mut game = Game::new(9, rules, 0.5).unwrap();
            let stones: Vec<(Color, Point)> = [(2, 2), (6, 6), (2, 6), (6, 2)]
                .iter()
                .map(|&(x, y)| (Color::Black, game.board().point(x, y).unwrap()))
                .collect();
            game.place_setup(&stones, true).unwrap();
            game
        };
        let bga = handicap_game(Rules::BGA);
        let text = breakdown_text(&count(&bga, &[], &[]), &bga.rules(), bga.handicap());
        assert!(
            text.contains(
                "\nWhite handicap compensation 0 (the N - 1 = 3 points are contained in the \
                 territory and pass-stone count)\n"
            ),
            "{text}"
        );
        assert!(text.contains("\nWhite total 0 + 0 + 0.5 = 0.5\n"), "{text}");
        let chinese = handicap_game(Rules::CHINESE);
        let text = breakdown_text(
            &count(&chinese, &[], &[]),
            &chinese.rules(),
            chinese.handicap(),
        );
        assert!(text.contains("\nBlack total 4 + 77 = 81\n"), "{text}");
        assert!(text.contains("\nWhite handicap compensation 4\n"), "{text}");
        assert!(
            text.contains("\nWhite total 0 + 0 + 0.5 + 4 = 4.5\n"),
            "{text}"
        );
        assert!(text.ends_with("\nresult B+76.5"), "{text}");
        let japanese = handicap_game(Rules::JAPANESE);
        let text = breakdown_text(
            &count(&japanese, &[], &[]),
            &japanese.rules(),
            japanese.handicap(),
        );
        assert!(text.contains("\nWhite handicap compensation 0\n"), "{text}");
        assert!(!text.contains("\n\n"), "no empty line: {text}");
    }
}
