//! Positions a stronger engine has judged, as `scripts/position_losses.py` keeps them in its
//! cache (one JSON object a line: a `key` naming the game and its moves, a `black_win_rate`),
//! replayed into boards for `playout::accuracy` (`kosumi playout-accuracy`). Knows the game and
//! the rules; reads no GTP and runs no playout.

use std::collections::HashMap;

use crate::board::Color;
use crate::game::{Game, Move};
use crate::playout::accuracy::Judged;
use crate::rules::{Rules, Scoring};

/// Reads the judged positions of `scripts/position_losses.py`'s cache: one JSON object a line
/// with a `key` (`size/komi/rules/moves`, the moves as `BE4 WC4 …`) and a `black_win_rate`;
/// blank lines are skipped, and a key judged more than once gets the mean of its win rates.
/// Errors name the line: `line N: no "key"`, `line N: no "black_win_rate"`, `line N: bad key
/// …`, `line N: illegal move …`, `line N: japanese counts territory; the playouts count area`.
pub fn read_judged(text: &str) -> Result<Vec<Judged>, String> {
    let mut positions: Vec<Judged> = Vec::new();
    let mut repeats: Vec<u32> = Vec::new();
    let mut places = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let number = index + 1;
        let key = json_text(line, "key").ok_or(format!("line {number}: no \"key\""))?;
        let black_win_rate = json_number(line, "black_win_rate")
            .ok_or(format!("line {number}: no \"black_win_rate\""))?;
        if let Some(&place) = places.get(key) {
            let judged: &mut Judged = &mut positions[place];
            let times: &mut u32 = &mut repeats[place];
            judged.black_win_rate = (judged.black_win_rate * f64::from(*times) + black_win_rate)
                / f64::from(*times + 1);
            *times += 1;
            continue;
        }
        let position =
            replay(key, black_win_rate).map_err(|error| format!("line {number}: {error}"))?;
        places.insert(key, positions.len());
        positions.push(position);
        repeats.push(1);
    }
    Ok(positions)
}

/// The position a cache key names, with the judge's verdict.
fn replay(key: &str, black_win_rate: f64) -> Result<Judged, String> {
    let bad = || format!("bad key {key:?}");
    let mut parts = key.splitn(4, '/');
    let size: usize = parts
        .next()
        .and_then(|text| text.parse().ok())
        .ok_or_else(bad)?;
    let komi: f64 = parts
        .next()
        .and_then(|text| text.parse().ok())
        .ok_or_else(bad)?;
    let rules = parts.next().and_then(Rules::from_name).ok_or_else(bad)?;
    if rules.scoring != Scoring::Area {
        return Err(format!(
            "{} counts territory; the playouts count area",
            rules.name
        ));
    }
    let moves: Vec<&str> = parts.next().ok_or_else(bad)?.split_whitespace().collect();
    let mut game = Game::new(size, rules, komi).ok_or_else(bad)?;
    let mut last_move = None;
    for text in &moves {
        let (color, turn) = parse_move(&game, text).ok_or_else(bad)?;
        game.play(color, turn)
            .map_err(|_| format!("illegal move {text} in {key:?}"))?;
        last_move = match turn {
            Move::Place(point) => Some(point),
            Move::Pass => None,
        };
    }
    let to_move = game.to_move();
    let family = moves[..moves.len().saturating_sub(1)].join(" ");
    Ok(Judged {
        board: game.board().clone(),
        to_move,
        last_move,
        komi: game.komi(),
        black_win_rate,
        family,
    })
}

/// A move written `BE4`, `Wpass`: the colour's letter and a vertex.
fn parse_move(game: &Game, text: &str) -> Option<(Color, Move)> {
    let color = match text.get(..1)? {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return None,
    };
    let vertex = text.get(1..)?;
    if vertex.eq_ignore_ascii_case("pass") {
        return Some((color, Move::Pass));
    }
    let column =
        "ABCDEFGHJKLMNOPQRSTUVWXYZ".find(vertex.get(..1)?.to_ascii_uppercase().as_str())?;
    let row: usize = vertex.get(1..)?.parse().ok()?;
    let point = game.board().point(column, row.checked_sub(1)?)?;
    Some((color, Move::Place(point)))
}

/// The text of the string field `name` of a one-line JSON object (no escapes expected).
fn json_text<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let start = line.find(&format!("\"{name}\""))? + name.len() + 2;
    let rest = line[start..].trim_start().strip_prefix(':')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    Some(&rest[..rest.find('"')?])
}

/// The number field `name` of a one-line JSON object.
fn json_number(line: &str, name: &str) -> Option<f64> {
    let start = line.find(&format!("\"{name}\""))? + name.len() + 2;
    let rest = line[start..].trim_start().strip_prefix(':')?.trim_start();
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judge_s_cache_is_read_into_positions_and_their_families_once_each() {
        let text = "{\"key\": \"9/7.5/chinese/BE5 WC3\", \"black_win_rate\": 0.61, \"best\": \"G3\"}\n\
                    \n\
                    {\"key\": \"9/7.5/chinese/BE5 WC3 BG3\", \"black_win_rate\": 0.4}\n\
                    {\"key\": \"9/7.5/chinese/BE5 WC3 BG3\", \"black_win_rate\": 0.5}\n";
        let positions = read_judged(text).unwrap();
        assert_eq!(positions.len(), 2);
        let [reply, later] = [&positions[0], &positions[1]];
        assert_eq!(reply.to_move, Color::Black);
        assert_eq!(reply.black_win_rate, 0.61);
        assert_eq!(reply.family, "BE5");
        assert_eq!(reply.last_move, reply.board.point(2, 2));
        assert_eq!(later.to_move, Color::White);
        assert!(
            (later.black_win_rate - 0.45).abs() < 1e-12,
            "a repeated key's mean"
        );
        assert_eq!(later.family, "BE5 WC3");
        assert_eq!(later.komi, 7.5);
    }

    #[test]
    fn a_cache_line_without_a_verdict_or_with_an_illegal_move_is_refused_by_its_number() {
        assert_eq!(
            read_judged("{\"key\": \"9/7.5/chinese/BE5\"}").unwrap_err(),
            "line 1: no \"black_win_rate\""
        );
        let error = read_judged("\n{\"key\": \"9/7.5/chinese/BE5 WE5\", \"black_win_rate\": 0.5}")
            .unwrap_err();
        assert!(error.starts_with("line 2: illegal move WE5"), "{error}");
        let error =
            read_judged("{\"key\": \"9/x/chinese/\", \"black_win_rate\": 0.5}").unwrap_err();
        assert!(error.starts_with("line 1: bad key"), "{error}");
    }

    #[test]
    fn a_position_counted_by_territory_is_refused() {
        let error =
            read_judged("{\"key\": \"9/6.5/japanese/BE5\", \"black_win_rate\": 0.5}").unwrap_err();
        assert_eq!(
            error,
            "line 1: japanese counts territory; the playouts count area"
        );
    }
}
