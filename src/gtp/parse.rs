//! GTP text in: line cleaning as the spec orders it, the command id and name, and the hand-over
//! of the arguments to the command table (`command`, whose argument parsers are `arguments`).
//! Knows nothing of the game or the board size: it only answers "is this well formed?".

use super::command::{Command, Request};
use super::vocabulary::Failure;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::gtp::vocabulary::Vertex;

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
