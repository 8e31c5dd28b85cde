//! nom parsers for the argument entities of GTP commands: colour, vertex, move, numbers,
//! strings, and the argument shapes some commands share. Knows only the vocabulary: nothing of
//! the command table, the game or the board size.

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till1};
use nom::character::complete::{digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, map, map_res, opt, value};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::vocabulary::{COLUMN_LETTERS, Failure, SgfTarget, Vertex};
use crate::board::Color;
use crate::clock::TimeControl;

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
