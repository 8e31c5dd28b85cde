//! Fuzz target: arbitrary bytes as an SGF record, read the way `loadsgf` reads a file
//! (invalid UTF-8 replaced) and loaded with `sgf::load` up to the end, a move number or a
//! point chosen by the first byte. Besides "no panic" (the reader walks untrusted text that
//! GTP names by file), a record that loads is written back with `sgf::write` and must load
//! again into the same game.

#![no_main]

use kosumi::rules::Rules;
use kosumi::sgf::{self, Until};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&choice, record)) = data.split_first() else {
        return;
    };
    let until = match choice % 4 {
        0 | 1 => Until::End,
        2 => Until::MoveNumber(u32::from(choice / 4)),
        _ => Until::BeforeMoveAt(usize::from(choice / 16), usize::from(choice % 16)),
    };
    let text = String::from_utf8_lossy(record);
    let Ok(game) = sgf::load(&text, Rules::default(), 7.5, until) else {
        return;
    };
    // Any result will do: reading a record ignores `RE`. (`printsgf` writes the judged score;
    // judging here would cost a hundred times the rest.)
    let written = sgf::write(&game, Some(f64::from(choice) - 127.5));
    match sgf::load(&written, Rules::default(), 7.5, Until::End) {
        Ok(again) => assert!(
            again == game,
            "the record written does not load back:\n{written}"
        ),
        Err(error) => panic!("the record written does not load ({error}):\n{written}"),
    }
});
