//! Fuzz target: arbitrary bytes as an SGF record, read the way `loadsgf` reads a file
//! (invalid UTF-8 replaced) and loaded with `sgf::load` up to the end, a move number or a
//! point chosen by the first byte. Besides "no panic" (the reader walks untrusted text that
//! GTP names by file), a record that loads is written back with `sgf::write` (with what the
//! record said beyond the game: game information, result, comments) and must load again into
//! the same game and print the same text.

#![no_main]

use kosumi::rules::Rules;
use kosumi::sgf::{self, Until};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&choice, bytes)) = data.split_first() else {
        return;
    };
    let until = match choice % 4 {
        0 | 1 => Until::End,
        2 => Until::MoveNumber(u32::from(choice / 4)),
        _ => Until::BeforeMoveAt(usize::from(choice / 16), usize::from(choice % 16)),
    };
    let text = String::from_utf8_lossy(bytes);
    let Ok((game, record)) = sgf::load_record(&text, Rules::default(), 7.5, until) else {
        return;
    };
    // Any result will do for a game that ended with no result in the record. (`printsgf`
    // writes the judged score; judging here would cost a hundred times the rest.)
    let result = format!("B+{choice}");
    let written = sgf::write(&game, Some(&record), Some(&result));
    match sgf::load_record(&written, Rules::default(), 7.5, Until::End) {
        Ok((again, again_record)) => {
            assert!(
                again == game,
                "the record written does not load back:\n{written}"
            );
            let rewritten = sgf::write(&again, Some(&again_record), Some(&result));
            assert_eq!(rewritten, written, "the record loaded back prints otherwise");
        }
        Err(error) => panic!("the record written does not load ({error}):\n{written}"),
    }
});
