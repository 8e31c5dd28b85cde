//! GTP text in: line cleaning as the spec orders it, the command id and name, and nom parsers
//! for the argument entities (colour, vertex, move, numbers, strings). Knows nothing of the
//! game or the board size: it only answers "is this well formed?".

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till1};
use nom::character::complete::{digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, map, map_res, opt, value};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::command::{Command, Request, SgfTarget, Vertex};
use super::response::Failure;
use crate::board::Color;
use crate::clock::TimeControl;

/// The column letters, left to right: `I` is never a column.
pub const COLUMN_LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Spec §3.1, steps 1–3: drops every control character but HT and LF (so CR goes too), cuts
/// the line at `#`, and turns HT into a space. Works on bytes, so any input is accepted.
pub fn clean_line(raw: &[u8]) -> Vec<u8> {
    let mut cleaned = Vec::with_capacity(raw.len());
    for &byte in raw {
        match byte {
            b'#' => break,
            b'\t' => cleaned.push(b' '),
            b'\n' => {}
            0..=31 | 127 => {}
            _ => cleaned.push(byte),
        }
    }
    cleaned
}

/// What one input line asks for.
#[derive(Debug, PartialEq)]
pub enum Line {
    /// A blank or comment-only line: it gets no reply at all.
    Nothing,
    /// A well-formed command.
    Request(Request),
    /// A line that gets an error reply, with its id when one could be read.
    Invalid(Option<u32>, Failure),
}

/// Reads a raw line (without its LF) into a request, following the spec's cleaning.
pub fn parse_line(raw: &[u8]) -> Line {
    let cleaned = clean_line(raw);
    let text = match std::str::from_utf8(&cleaned) {
        Ok(text) => text.trim_matches(' '),
        Err(_) => {
            let id = leading_id(&cleaned);
            log::debug!("line is not UTF-8");
            return Line::Invalid(id, Failure::SyntaxError);
        }
    };
    if text.is_empty() {
        return Line::Nothing;
    }
    let (id, rest) = match split_id(text) {
        Ok(split) => split,
        Err(failure) => return Line::Invalid(None, failure),
    };
    let rest = rest.trim_start_matches(' ');
    if rest.is_empty() {
        log::debug!("a line with an id and no command");
        return Line::Invalid(id, Failure::SyntaxError);
    }
    let (name, arguments) = match rest.split_once(' ') {
        Some((name, arguments)) => (name, arguments.trim_matches(' ')),
        None => (rest, ""),
    };
    match Command::parse(name, arguments) {
        Ok(command) => Line::Request(Request { id, command }),
        Err(failure) => Line::Invalid(id, failure),
    }
}

/// The id at the start of a raw line, if it has one that fits (used when the rest of the line
/// cannot be read).
pub fn leading_id(raw: &[u8]) -> Option<u32> {
    let cleaned = clean_line(raw);
    let digits: Vec<u8> = cleaned
        .iter()
        .skip_while(|&&byte| byte == b' ')
        .take_while(|byte| byte.is_ascii_digit())
        .copied()
        .collect();
    std::str::from_utf8(&digits).ok()?.parse().ok()
}

/// Splits a leading numeric id from the cleaned line. An id must be followed by a space; one
/// too large for an `int` (2^31 − 1) is a syntax error.
fn split_id(text: &str) -> Result<(Option<u32>, &str), Failure> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Ok((None, text));
    }
    let (number, rest) = text.split_at(digits);
    if !rest.is_empty() && !rest.starts_with(' ') {
        // "1name": not an id followed by a command.
        return Err(Failure::UnknownCommand);
    }
    match number.parse::<u32>() {
        Ok(id) if id <= i32::MAX as u32 => Ok((Some(id), rest)),
        _ => Err(Failure::SyntaxError),
    }
}

/// Runs an argument parser over the whole argument text: anything left over, or any parse
/// error, is a syntax error.
pub fn arguments<'a, O>(
    text: &'a str,
    parser: impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
) -> Result<O, Failure> {
    all_consuming(parser)
        .parse(text)
        .map(|(_, output)| output)
        .map_err(|_| Failure::SyntaxError)
}

/// No arguments at all.
pub fn nothing(text: &str) -> IResult<&str, ()> {
    value((), space0).parse(text)
}

/// A colour: `b`, `black`, `w`, `white`, in any case.
pub fn color(text: &str) -> IResult<&str, Color> {
    let (rest, color) = alt((
        value(Color::Black, tag_no_case("black")),
        value(Color::White, tag_no_case("white")),
        value(Color::Black, tag_no_case("b")),
        value(Color::White, tag_no_case("w")),
    ))
    .parse(text)?;
    end_of_token(rest)?;
    Ok((rest, color))
}

/// A vertex: `pass`, or a column letter (not `I`) and a row number, in any case.
pub fn vertex(text: &str) -> IResult<&str, Vertex> {
    let (rest, vertex) = alt((
        value(Vertex::Pass, tag_no_case("pass")),
        map(
            (
                one_of("ABCDEFGHJKLMNOPQRSTUVWXYZabcdefghjklmnopqrstuvwxyz"),
                map_res(digit1, str::parse::<u8>),
            ),
            |(letter, row)| {
                let column = COLUMN_LETTERS
                    .find(letter.to_ascii_uppercase())
                    .expect("one_of gave a column letter");
                Vertex::At {
                    x: column as u8,
                    y: row.wrapping_sub(1),
                }
            },
        ),
    ))
    .parse(text)?;
    end_of_token(rest)?;
    if let Vertex::At { y, .. } = vertex {
        if y as usize >= crate::board::MAX_SIZE {
            return Err(nom::Err::Error(nom::error::Error::new(
                text,
                nom::error::ErrorKind::Verify,
            )));
        }
    }
    Ok((rest, vertex))
}

/// A colour and a vertex separated by space.
pub fn color_and_vertex(text: &str) -> IResult<&str, (Color, Vertex)> {
    (color, preceded(space1, vertex)).parse(text)
}

/// A list of one or more vertices separated by space.
pub fn vertex_list(text: &str) -> IResult<&str, Vec<Vertex>> {
    separated_list1(space1, vertex).parse(text)
}

// Entities of the setup commands (handicap, time, game records).

/// A GTP `int`: a decimal integer from 0 to 2^31 − 1; larger values do not fit.
pub fn int(text: &str) -> IResult<&str, u32> {
    let (rest, number) = integer(text)?;
    if number > i32::MAX as u32 {
        return Err(nom::Err::Error(nom::error::Error::new(
            text,
            nom::error::ErrorKind::TooLarge,
        )));
    }
    Ok((rest, number))
}

/// Three `int`s separated by space (`time_settings`, `kgs-time_settings byoyomi|canadian`).
pub fn three_ints(text: &str) -> IResult<&str, (u32, u32, u32)> {
    (int, preceded(space1, int), preceded(space1, int)).parse(text)
}

/// The arguments of `kgs-time_settings`: `none`, `absolute M`, `byoyomi M B P` or
/// `canadian M B S`.
pub fn kgs_time_settings(text: &str) -> IResult<&str, TimeControl> {
    alt((
        value(TimeControl::Unlimited, tag_no_case("none")),
        map(preceded((tag_no_case("absolute"), space1), int), |main| {
            TimeControl::Absolute { main }
        }),
        map(
            preceded((tag_no_case("byoyomi"), space1), three_ints),
            |(main, period, periods)| TimeControl::Byoyomi {
                main,
                period,
                periods,
            },
        ),
        map(
            preceded((tag_no_case("canadian"), space1), three_ints),
            |(main, period, stones)| TimeControl::Canadian {
                main,
                period,
                stones,
            },
        ),
    ))
    .parse(text)
}

/// The arguments of `loadsgf`: a file name, then maybe a move number or a vertex (not `pass`).
pub fn file_and_target(text: &str) -> IResult<&str, (&str, SgfTarget)> {
    let number = map(integer, SgfTarget::MoveNumber);
    let point = map_res(vertex, |vertex| match vertex {
        Vertex::Pass => Err("pass names no point"),
        Vertex::At { .. } => Ok(SgfTarget::BeforeMoveAt(vertex)),
    });
    map(
        (token, opt(preceded(space1, alt((number, point))))),
        |(file, target)| (file, target.unwrap_or(SgfTarget::End)),
    )
    .parse(text)
}

/// A non-negative decimal integer. Values past `u32::MAX` saturate (the caller judges them).
pub fn integer(text: &str) -> IResult<&str, u32> {
    let (rest, digits) = preceded(opt(tag_no_case("+")), digit1).parse(text)?;
    end_of_token(rest)?;
    Ok((rest, digits.parse().unwrap_or(u32::MAX)))
}

/// A finite decimal number such as `7.5`, `-3`, `0.0` or `6.5e0`.
pub fn float(text: &str) -> IResult<&str, f64> {
    let (rest, number) = map_res(token, str::parse::<f64>).parse(text)?;
    if !number.is_finite() {
        return Err(nom::Err::Error(nom::error::Error::new(
            text,
            nom::error::ErrorKind::Float,
        )));
    }
    Ok((rest, number))
}

/// One run of non-space characters.
pub fn token(text: &str) -> IResult<&str, &str> {
    take_till1(|character| character == ' ').parse(text)
}

/// The rest of the line, spaces included (may be empty).
pub fn rest_of_line(text: &str) -> IResult<&str, &str> {
    Ok(("", text))
}

/// Succeeds when `rest` starts a new token (a space) or ends the text.
fn end_of_token(rest: &str) -> IResult<&str, ()> {
    if rest.is_empty() || rest.starts_with(' ') {
        Ok((rest, ()))
    } else {
        Err(nom::Err::Error(nom::error::Error::new(
            rest,
            nom::error::ErrorKind::Space,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(line: &str) -> Line {
        parse_line(line.as_bytes())
    }

    #[test]
    fn cleaning_drops_control_characters_cuts_comments_and_turns_tabs_into_spaces() {
        assert_eq!(clean_line(b"\t1 name # hi\r"), b" 1 name ".to_vec());
        assert_eq!(clean_line(b"play\x00 b\x07 D4\x7f"), b"play b D4".to_vec());
        assert_eq!(clean_line(b"# only a comment"), b"".to_vec());
    }

    #[test]
    fn blank_and_comment_lines_ask_for_nothing() {
        for line in ["", "   ", "\t", "# comment", "  # interrupt", "\r"] {
            assert_eq!(request(line), Line::Nothing, "{line:?}");
        }
    }

    #[test]
    fn an_id_is_read_before_the_command_name() {
        assert_eq!(
            request("\t1 name # hi\r"),
            Line::Request(Request {
                id: Some(1),
                command: Command::Name
            })
        );
        assert_eq!(
            request("name"),
            Line::Request(Request {
                id: None,
                command: Command::Name
            })
        );
    }

    #[test]
    fn an_id_too_large_for_an_int_is_a_syntax_error() {
        assert_eq!(
            request("99999999999999999999 name"),
            Line::Invalid(None, Failure::SyntaxError)
        );
        assert_eq!(
            request("2147483648 name"),
            Line::Invalid(None, Failure::SyntaxError)
        );
    }

    #[test]
    fn an_id_alone_is_a_syntax_error_with_the_id() {
        assert_eq!(request("5"), Line::Invalid(Some(5), Failure::SyntaxError));
    }

    #[test]
    fn command_names_are_exact_lower_case() {
        assert_eq!(
            request("NAME"),
            Line::Invalid(None, Failure::UnknownCommand)
        );
        assert_eq!(
            request("3 playx b D4"),
            Line::Invalid(Some(3), Failure::UnknownCommand)
        );
    }

    #[test]
    fn colours_vertices_and_pass_are_case_insensitive() {
        for (line, color, vertex) in [
            ("play b d4", Color::Black, Vertex::At { x: 3, y: 3 }),
            ("play B D4", Color::Black, Vertex::At { x: 3, y: 3 }),
            ("play black pass", Color::Black, Vertex::Pass),
            ("play WHITE PASS", Color::White, Vertex::Pass),
            ("play White Pass", Color::White, Vertex::Pass),
            ("play w j9", Color::White, Vertex::At { x: 8, y: 8 }),
            ("play w  Z25", Color::White, Vertex::At { x: 24, y: 24 }),
        ] {
            assert_eq!(
                request(line),
                Line::Request(Request {
                    id: None,
                    command: Command::Play(color, vertex)
                }),
                "{line}"
            );
        }
    }

    #[test]
    fn the_letter_i_is_never_a_column_and_bad_arguments_are_syntax_errors() {
        for line in [
            "play b I5",
            "play b i5",
            "play b D4x",
            "play b D0",
            "play b D26",
            "play b D256",
            "play bl D4",
            "play b",
            "play",
            "play b D4 extra",
            "play D4 b",
            "boardsize nine",
            "boardsize -9",
            "boardsize 9.0",
            "komi seven",
            "komi nan",
            "komi inf",
            "genmove",
            "genmove x",
            "name extra",
        ] {
            assert_eq!(
                request(line),
                Line::Invalid(None, Failure::SyntaxError),
                "{line}"
            );
        }
    }

    #[test]
    fn numbers_parse_with_general_syntax() {
        assert_eq!(
            request("komi -3.5"),
            Line::Request(Request {
                id: None,
                command: Command::Komi(-3.5)
            })
        );
        assert_eq!(
            request("komi 0"),
            Line::Request(Request {
                id: None,
                command: Command::Komi(0.0)
            })
        );
        assert_eq!(
            request("boardsize 99999999999"),
            Line::Request(Request {
                id: None,
                command: Command::BoardSize(u32::MAX)
            })
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_get_a_syntax_error_with_the_id() {
        assert_eq!(
            parse_line(b"7 name \xff\xfe"),
            Line::Invalid(Some(7), Failure::SyntaxError)
        );
    }
}
