//! Fuzz target: arbitrary bytes as one GTP input line (`gtp::parse::parse_line`), and as a
//! whole input stream split by `gtp::read_line` with a small buffer and a small line limit.
//! Besides "no panic", it checks what must hold for any input: parsing the cleaned line gives
//! the same result as parsing the raw one, an id read is the line's leading id, and the lines
//! read back are the input cut at LF, none longer than the limit.

#![no_main]

use std::io::BufReader;

use kosumi::gtp::parse::{Line, clean_line, leading_id, parse_line};
use kosumi::gtp::{InputLine, read_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = parse_line(data);
    let cleaned = clean_line(data);
    assert_eq!(clean_line(&cleaned), cleaned, "cleaning is idempotent");
    assert_eq!(
        parse_line(&cleaned),
        line,
        "the raw line parses as its cleaned form"
    );
    match &line {
        Line::Request(request) => {
            assert_eq!(request.id, leading_id(data), "the id is the leading id");
        }
        Line::Invalid(Some(id), _) => assert_eq!(Some(*id), leading_id(data)),
        Line::Invalid(None, _) | Line::Nothing => {}
    }

    // The same bytes as a stream: a buffer of 1 to 16 bytes and a limit of 0 to 63 bytes,
    // chosen by the first byte, so that lines cross buffer refills and the limit.
    let Some((&choice, stream)) = data.split_first() else {
        return;
    };
    let capacity = 1 + (choice & 0x0f) as usize;
    let limit = (choice >> 2) as usize;
    let mut reader = BufReader::with_capacity(capacity, stream);
    let mut pieces = stream.split(|&byte| byte == b'\n').peekable();
    loop {
        let read = read_line(&mut reader, limit).expect("reading a slice never fails");
        let Some(read) = read else {
            // End of input: only an empty piece after a final LF may be left.
            let rest: Vec<&[u8]> = pieces.collect();
            assert!(
                rest.is_empty() || rest == [b"" as &[u8]],
                "lines left: {rest:?}"
            );
            break;
        };
        let piece = pieces.next().expect("read a line the input does not have");
        match read {
            InputLine::Complete(bytes) => {
                assert!(bytes.len() <= limit);
                assert_eq!(bytes, piece);
            }
            InputLine::TooLong(bytes) => {
                assert!(piece.len() > limit);
                assert_eq!(bytes, &piece[..limit]);
            }
        }
    }
});
