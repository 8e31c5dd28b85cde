//! Live analysis in the Leela Zero / KataGo style (docs/analysis.md §1–2): the arguments of
//! `lz-analyze`, `kata-analyze`, `analyze` and their `*genmove_analyze` twins, and the text of the
//! `info` lines they stream. Turns the search's statistics into text; judges nothing about the
//! position and writes nothing (the serving loop does).
//!
//! Argument grammar (docs/analysis.md §1):
//!
//! ```text
//! NAME [color] [interval] { key value }
//! key value := interval N | minmoves N | maxmoves N
//!            | avoid COLOR V1,V2,... UNTILDEPTH | allow COLOR V1,V2,... UNTILDEPTH
//!            | ownership true|false | pvVisits true|false | (other KataGo flags) false
//! ```
//!
//! Every key is honoured or refused: `minmoves` above 0 (the search reports only moves it
//! visited), `avoid`/`allow` deeper than the first move, and the KataGo flags Kosumi cannot
//! fill (`pvVisits true`, `rootInfo true`, …) are refused with `? cannot parse analyze
//! arguments`, and a warning on stderr says why.

use std::time::Duration;

use super::arguments::{self, arguments as whole};
use super::response::vertex_text;
use super::vocabulary::{Failure, Vertex};
use crate::board::{Board, Color};
use crate::game::Move;
use crate::search::{Candidate, Statistics};

/// Which program's output the command imitates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `lz-analyze`, `lz-genmove_analyze`: Leela Zero's integer win rates and priors (×10000).
    Leela,
    /// `analyze`: Sabaki's documented format, which Sabaki reads as Leela Zero's integers,
    /// with each candidate's mean final margin as `scoreLead`.
    Sabaki,
    /// `kata-analyze`, `kata-genmove_analyze`: KataGo's fields, as floats in 0–1.
    Kata,
}

/// What an analysis command asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The output format.
    pub dialect: Dialect,
    /// The colour analysed (the side to move when absent).
    pub color: Option<Color>,
    /// The time between two reports; `None` (no interval, or 0) prints no periodic line.
    pub interval: Option<Duration>,
    /// At most this many candidates per line.
    pub max_moves: Option<usize>,
    /// `avoid COLOR LIST 1`: moves COLOR must not consider at the first move (depth 1 is
    /// the analysed colour's move, so an `avoid` of the other colour changes nothing).
    pub avoid: Vec<(Color, Vec<Vertex>)>,
    /// `allow COLOR LIST 1`: the only moves COLOR may consider at the first move.
    pub allow: Option<(Color, Vec<Vertex>)>,
    /// Whether each line ends with `ownership` and one value per point.
    pub ownership: bool,
}

/// The longest interval accepted, in centiseconds (about 11.5 days).
const MAX_INTERVAL_CENTISECONDS: f64 = 1e8;

/// Reads the arguments of an analysis command of `dialect`. Fails: `cannot parse analyze
/// arguments` for an unknown key, a key without its value, a value out of range, or a key
/// Kosumi refuses (see the module's doc); the warning log says which.
pub fn parse(dialect: Dialect, text: &str) -> Result<Analysis, Failure> {
    let tokens: Vec<&str> = text.split(' ').filter(|token| !token.is_empty()).collect();
    read(dialect, &tokens).map_err(|why| {
        log::warn!("refused analyze arguments '{text}': {why}");
        Failure::AnalyzeArguments
    })
}

/// The arguments in `tokens`, or why they are refused.
fn read(dialect: Dialect, tokens: &[&str]) -> Result<Analysis, String> {
    let mut analysis = Analysis {
        dialect,
        color: None,
        interval: None,
        max_moves: None,
        avoid: Vec::new(),
        allow: None,
        ownership: false,
    };
    let mut index = 0;
    let mut interval_given = false;
    while index < tokens.len() {
        let token = tokens[index];
        // A colour may stand anywhere (Leela Zero), an interval first or after the colour.
        if let Ok(color) = whole(token, arguments::color) {
            if analysis.color.is_some() {
                return Err("two colours".to_string());
            }
            analysis.color = Some(color);
            index += 1;
        } else if !interval_given
            && token.starts_with(|first: char| first.is_ascii_digit() || first == '.')
        {
            analysis.interval = interval(token).ok_or(format!("bad interval {token}"))?;
            interval_given = true;
            index += 1;
        } else {
            interval_given |= token.eq_ignore_ascii_case("interval");
            index += 1 + analysis.read_key(token, &tokens[index + 1..])?;
        }
    }
    Ok(analysis)
}

impl Analysis {
    /// Reads the key `key` with its values at the start of `rest`; returns how many values
    /// it took, or why it is refused.
    fn read_key(&mut self, key: &str, rest: &[&str]) -> Result<usize, String> {
        let value = |offset: usize| {
            rest.get(offset)
                .copied()
                .ok_or_else(|| format!("{key} needs a value"))
        };
        match key.to_ascii_lowercase().as_str() {
            "interval" => {
                let value = value(0)?;
                self.interval = interval(value).ok_or(format!("bad interval {value}"))?;
            }
            "minmoves" => {
                let value = value(0)?;
                match value.parse::<u32>() {
                    Ok(0) => {}
                    Ok(_) => {
                        return Err(
                            "minmoves above 0: the search reports only the moves it visited"
                                .to_string(),
                        );
                    }
                    Err(_) => return Err(format!("bad minmoves {value}")),
                }
            }
            "maxmoves" => {
                let value = value(0)?;
                match value.parse::<usize>() {
                    Ok(count) if count >= 1 => self.max_moves = Some(count),
                    _ => return Err(format!("bad maxmoves {value} (1 or more)")),
                }
            }
            word @ ("avoid" | "allow") => {
                self.read_move_list(word, value(0)?, value(1)?, value(2)?)?;
                return Ok(3);
            }
            "ownership" => {
                self.ownership = flag(value(0)?).ok_or("ownership needs true or false")?;
            }
            "pvvisits"
            | "pvedgevisits"
            | "rootinfo"
            | "ownershipstdev"
            | "movesownership"
            | "movesownershipstdev"
            | "noresultvalue" => match flag(value(0)?) {
                Some(false) => {}
                Some(true) => return Err(format!("{key} true: Kosumi's search cannot report it")),
                None => return Err(format!("{key} needs true or false")),
            },
            _ => return Err(format!("unknown key {key}")),
        }
        Ok(1)
    }

    /// Reads `avoid COLOR LIST DEPTH` or `allow COLOR LIST DEPTH` (`word` is which).
    fn read_move_list(
        &mut self,
        word: &str,
        color: &str,
        list: &str,
        depth: &str,
    ) -> Result<(), String> {
        let color = whole(color, arguments::color)
            .map_err(|_| format!("bad colour {color} after {word}"))?;
        let vertices =
            vertex_list(list).ok_or_else(|| format!("bad vertex list {list} after {word}"))?;
        let depth: u32 = depth
            .parse()
            .map_err(|_| format!("bad depth {depth} after {word}"))?;
        if depth == 0 {
            return Err(format!("{word}: UNTILDEPTH must be at least 1"));
        }
        if depth > 1 {
            return Err(format!(
                "{word} reaches the first move only: UNTILDEPTH must be 1"
            ));
        }
        if self.allow.is_some() || (word == "allow" && !self.avoid.is_empty()) {
            return Err("allow may appear once, and not with avoid".into());
        }
        if word == "allow" {
            self.allow = Some((color, vertices));
        } else {
            self.avoid.push((color, vertices));
        }
        Ok(())
    }
}

/// An interval in centiseconds (a decimal number): `None` for 0 (no periodic report).
fn interval(text: &str) -> Option<Option<Duration>> {
    let centiseconds: f64 = text.parse().ok()?;
    if !(0.0..=MAX_INTERVAL_CENTISECONDS).contains(&centiseconds) {
        return None;
    }
    Some((centiseconds > 0.0).then(|| Duration::from_secs_f64(centiseconds / 100.0)))
}

/// `true` or `false`, in any case.
fn flag(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// A comma-separated list of vertices, `pass` and Leela Zero's rectangles (`A1:C3`) included.
fn vertex_list(text: &str) -> Option<Vec<Vertex>> {
    let mut vertices = Vec::new();
    for item in text.split(',') {
        match item.split_once(':') {
            None => vertices.push(whole(item, arguments::vertex).ok()?),
            Some((from, to)) => {
                let corner = |text| match whole(text, arguments::vertex) {
                    Ok(Vertex::At { x, y }) => Some((x, y)),
                    _ => None,
                };
                let ((x1, y1), (x2, y2)) = (corner(from)?, corner(to)?);
                for x in x1.min(x2)..=x1.max(x2) {
                    for y in y1.min(y2)..=y1.max(y2) {
                        vertices.push(Vertex::At { x, y });
                    }
                }
            }
        }
    }
    Some(vertices)
}

/// `value` with `places` decimals, never `-0.000`.
fn decimal(value: f64, places: usize) -> String {
    let text = format!("{value:.places$}");
    match text.strip_prefix('-') {
        Some(magnitude) if magnitude.bytes().all(|byte| byte == b'0' || byte == b'.') => {
            magnitude.to_string()
        }
        _ => text,
    }
}

/// The text of a move: a vertex or `pass`.
fn move_text(board: &Board, turn: Move) -> String {
    match turn {
        Move::Pass => "pass".to_string(),
        Move::Place(point) => vertex_text(board, point),
    }
}

/// The lower confidence bound of a win rate from `visits` playouts (the normal approximation,
/// 1.96 standard errors), in 0–1.
fn lower_bound(win_rate: f64, visits: u64) -> f64 {
    let visits = visits.max(1) as f64;
    let spread = (win_rate * (1.0 - win_rate) / visits).sqrt();
    (win_rate - 1.96 * spread).clamp(0.0, 1.0)
}

/// The ownership of every point for `color` (1: `color`'s in every playout), row by row from
/// the top left (A19) to the bottom right (T1), as KataGo orders it.
pub fn ownership_from_top(
    board: &Board,
    statistics: &Statistics,
    color: Color,
) -> Option<Vec<f64>> {
    let shares = statistics.ownership.as_ref()?;
    let size = board.size();
    let sign = match color {
        Color::Black => 1.0,
        Color::White => -1.0,
    };
    // `shares` is in the board's order: row 1 first, left to right.
    let mut from_top = Vec::with_capacity(size * size);
    for row in (0..size).rev() {
        for column in 0..size {
            from_top.push(sign * shares.get(row * size + column).copied().unwrap_or(0.0));
        }
    }
    Some(from_top)
}

/// One `info` line with every candidate of `statistics`, best first, for `color` (the colour
/// analysed, whose view every value takes); `None` when the search has visited no move yet.
pub fn info_line(
    analysis: &Analysis,
    board: &Board,
    statistics: &Statistics,
    color: Color,
) -> Option<String> {
    let shown = analysis.max_moves.unwrap_or(usize::MAX);
    let candidates: Vec<&Candidate> = statistics.candidates.iter().take(shown).collect();
    if candidates.is_empty() {
        return None;
    }
    let mut line = String::with_capacity(64 * candidates.len());
    for (order, candidate) in candidates.iter().enumerate() {
        if order > 0 {
            line.push(' ');
        }
        let turn = move_text(board, candidate.turn);
        let visits = candidate.visits;
        let win_rate = candidate.win_rate.clamp(0.0, 1.0);
        let prior = candidate.prior.clamp(0.0, 1.0);
        let lcb = lower_bound(win_rate, visits);
        let scaled = |value: f64| (value * 10000.0).round() as u32;
        match analysis.dialect {
            Dialect::Leela => line.push_str(&format!(
                "info move {turn} visits {visits} winrate {} prior {} lcb {} order {order}",
                scaled(win_rate),
                scaled(prior),
                scaled(lcb)
            )),
            Dialect::Sabaki => {
                line.push_str(&format!(
                    "info move {turn} visits {visits} winrate {}",
                    scaled(win_rate)
                ));
                line.push_str(&format!(
                    " scoreLead {} prior {} lcb {} order {order}",
                    decimal(candidate.score_lead, 2),
                    scaled(prior),
                    scaled(lcb)
                ));
            }
            Dialect::Kata => {
                line.push_str(&format!(
                    "info move {turn} visits {visits} edgeVisits {visits} utility {} \
                     winrate {win_rate:.6}",
                    decimal(2.0 * win_rate - 1.0, 6)
                ));
                let lead = decimal(candidate.score_lead, 4);
                line.push_str(&format!(" scoreMean {lead} scoreLead {lead}"));
                line.push_str(&format!(" prior {prior:.6} lcb {lcb:.6} order {order}"));
            }
        }
        line.push_str(" pv");
        for &turn in &candidate.principal_variation {
            line.push(' ');
            line.push_str(&move_text(board, turn));
        }
    }
    if analysis.ownership {
        if let Some(values) = ownership_from_top(board, statistics, color) {
            line.push_str(" ownership");
            for value in values {
                line.push(' ');
                line.push_str(&decimal(value, 4));
            }
        }
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::at;

    fn vertex(name: &str) -> Vertex {
        whole(name, arguments::vertex).unwrap()
    }

    #[test]
    fn the_colour_and_the_interval_are_optional_and_may_come_in_either_form() {
        let sabaki = parse(Dialect::Sabaki, "B 50").unwrap();
        assert_eq!(sabaki.color, Some(Color::Black));
        assert_eq!(sabaki.interval, Some(Duration::from_millis(500)));
        let lizzie = parse(Dialect::Leela, "10").unwrap();
        assert_eq!(
            (lizzie.color, lizzie.interval),
            (None, Some(Duration::from_millis(100)))
        );
        let keyed = parse(Dialect::Kata, "interval 2.5 white ownership TRUE").unwrap();
        assert_eq!(keyed.color, Some(Color::White));
        assert_eq!(keyed.interval, Some(Duration::from_millis(25)));
        assert!(keyed.ownership);
        let bare = parse(Dialect::Kata, "").unwrap();
        assert_eq!((bare.color, bare.interval), (None, None));
        assert_eq!(parse(Dialect::Leela, "b 0").unwrap().interval, None);
    }

    #[test]
    fn avoid_and_allow_read_lists_and_rectangles_at_depth_one() {
        let analysis = parse(Dialect::Kata, "b avoid b D4,A1:B2,pass 1 avoid w E5 1").unwrap();
        assert_eq!(
            analysis.avoid,
            vec![
                (
                    Color::Black,
                    vec![
                        vertex("D4"),
                        vertex("A1"),
                        vertex("A2"),
                        vertex("B1"),
                        vertex("B2"),
                        Vertex::Pass
                    ]
                ),
                (Color::White, vec![vertex("E5")]),
            ]
        );
        let allowed = parse(Dialect::Leela, "allow w C3 1").unwrap();
        assert_eq!(allowed.allow, Some((Color::White, vec![vertex("C3")])));
    }

    #[test]
    fn what_kosumi_cannot_honour_is_refused() {
        for text in [
            "x",
            "b w",
            "b 10 10",
            "interval",
            "interval -1",
            "minmoves 2",
            "maxmoves 0",
            "avoid b D4 2",
            "avoid b D4",
            "avoid b D4,I5 1",
            "allow b D4 1 avoid b E5 1",
            "pvVisits true",
            "ownershipStdev true",
            "ownership yes",
            "nonsense 1",
        ] {
            assert_eq!(
                parse(Dialect::Kata, text),
                Err(Failure::AnalyzeArguments),
                "{text}"
            );
        }
        assert!(parse(Dialect::Kata, "minmoves 0 pvVisits false rootInfo false").is_ok());
    }

    /// Statistics of a made-up search on 9×9: C3 then D4, with their lines.
    fn statistics(board: &Board) -> Statistics {
        let candidate =
            |name: &str, visits, win_rate, prior, score_lead, line: &[&str]| Candidate {
                turn: Move::Place(at(board, name)),
                visits,
                win_rate,
                prior,
                score_lead,
                principal_variation: line
                    .iter()
                    .map(|name| match *name {
                        "pass" => Move::Pass,
                        name => Move::Place(at(board, name)),
                    })
                    .collect(),
            };
        Statistics {
            playouts: 150,
            visits: 150,
            win_rate: 0.52,
            principal_variation: Vec::new(),
            candidates: vec![
                candidate("C3", 100, 0.52, 0.6, 3.5, &["C3", "pass", "J9"]),
                candidate("D4", 50, 0.5, 0.25, -1.25, &["D4"]),
            ],
            elapsed: Duration::from_secs(1),
            ownership: None,
        }
    }

    #[test]
    fn leela_lines_carry_integers_and_every_candidate_best_first() {
        let board = Board::new(9).unwrap();
        let analysis = parse(Dialect::Leela, "b 10").unwrap();
        // lcb: 0.52 − 1.96 × √(0.52 × 0.48 / 100) = 0.4221; 0.5 − 1.96 × √(0.25 / 50) = 0.3614.
        assert_eq!(
            info_line(&analysis, &board, &statistics(&board), Color::Black).unwrap(),
            "info move C3 visits 100 winrate 5200 prior 6000 lcb 4221 order 0 pv C3 pass J9 \
             info move D4 visits 50 winrate 5000 prior 2500 lcb 3614 order 1 pv D4"
        );
        let one = parse(Dialect::Leela, "maxmoves 1").unwrap();
        let line = info_line(&one, &board, &statistics(&board), Color::Black).unwrap();
        assert!(!line.contains("D4"), "{line}");
        let nothing = Statistics::default();
        assert_eq!(info_line(&analysis, &board, &nothing, Color::Black), None);
    }

    #[test]
    fn sabaki_lines_carry_each_candidate_s_own_score_lead() {
        let board = Board::new(9).unwrap();
        let analysis = parse(Dialect::Sabaki, "b 50").unwrap();
        assert_eq!(
            info_line(&analysis, &board, &statistics(&board), Color::Black).unwrap(),
            "info move C3 visits 100 winrate 5200 scoreLead 3.50 prior 6000 lcb 4221 order 0 \
             pv C3 pass J9 info move D4 visits 50 winrate 5000 scoreLead -1.25 prior 2500 \
             lcb 3614 order 1 pv D4"
        );
    }

    #[test]
    fn kata_lines_carry_floats_the_candidate_s_score_and_the_ownership_from_the_top_left() {
        // A 2×2 board: Black owns A1 (1.0), B1 half (0.5), White A2 (−1), nobody B2.
        //   2 O .
        //   1 X x
        //     A B
        let board = Board::new(2).unwrap();
        let mut statistics = Statistics {
            candidates: vec![Candidate {
                turn: Move::Pass,
                visits: 4,
                win_rate: 0.25,
                prior: 0.5,
                score_lead: -2.5,
                principal_variation: vec![Move::Pass],
            }],
            ownership: Some(vec![1.0, 0.5, -1.0, 0.0]),
            ..Statistics::default()
        };
        let analysis = parse(Dialect::Kata, "w ownership true").unwrap();
        // The candidate's own lead; White's ownership: −(A2, B2, A1, B1).
        let line = info_line(&analysis, &board, &statistics, Color::White).unwrap();
        assert_eq!(
            line,
            "info move pass visits 4 edgeVisits 4 utility -0.500000 winrate 0.250000 \
             scoreMean -2.5000 scoreLead -2.5000 prior 0.500000 lcb 0.000000 order 0 pv pass \
             ownership 1.0000 0.0000 -1.0000 -0.5000"
        );
        statistics.ownership = None;
        let line = info_line(&analysis, &board, &statistics, Color::White).unwrap();
        assert!(
            line.contains("scoreLead -2.5000") && !line.contains("ownership"),
            "{line}"
        );
    }
}
