//! Two-liberty fights: whether a chain with two liberties can be captured by an atari that
//! works (read as a ladder, `ladder`), and which move of its owner saves it (running to a
//! liberty, or capturing a neighbour in atari). Small bounded readings on copies of the
//! board (`tactics::on_copy`). Knows only the board.

use crate::board::{Board, Point};
use crate::tactics::{capturing_moves_next_to, is_playable, ladder, on_copy, two_liberties};

/// A move of the opponent of the chain through `target`, which has exactly two liberties,
/// that captures it: an atari on one of its liberties that the chain cannot escape. `None`
/// when the chain has another number of liberties or no such atari works.
pub fn two_liberty_capture(board: &Board, target: Point) -> Option<Point> {
    let liberties = two_liberties(board, target)?;
    liberties
        .into_iter()
        .find(|&atari| ladder::atari_catches(board, atari, target))
}

/// A move of the owner of the chain through `target`, which has exactly two liberties and
/// which `two_liberty_capture` can capture, that saves it: the capture of an opposing chain
/// in atari next to it (which gives it a third liberty), or running to a liberty where it
/// gets three liberties or more, or two that no atari breaks. `None` when the chain has
/// another number of liberties, is not threatened, or cannot be saved this way.
pub fn two_liberty_save(board: &Board, target: Point) -> Option<Point> {
    let owner = board.get(target)?;
    let liberties = two_liberties(board, target)?;
    two_liberty_capture(board, target)?;
    let mut captures = [Point(0); 8];
    let count = capturing_moves_next_to(board, target, &mut captures);
    if let Some(&capture) = captures[..count]
        .iter()
        .find(|&&capture| is_playable(board, owner, capture))
    {
        return Some(capture);
    }
    let mut runs = liberties.map(|liberty| (liberty, board.liberties_after(owner, liberty, 3)));
    if runs[1].1 > runs[0].1 {
        runs.swap(0, 1);
    }
    runs.into_iter().find_map(|(run, count)| {
        let saves = is_playable(board, owner, run)
            && match count {
                0 | 1 => false,
                2 => on_copy(board, |after| {
                    after.play(owner, run);
                    two_liberty_capture(after, target).is_none()
                }),
                _ => true,
            };
        saves.then_some(run)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::board::tests::{at, diagram};

    #[test]
    fn a_two_liberty_chain_is_captured_by_the_atari_that_starts_a_ladder() {
        // Black D4 has D5 and E4: White D5 catches it in a ladder, E4 would not.
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . O X . . . . .
            . . . O O . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let d4 = at(&board, "D4");
        assert_eq!(two_liberty_capture(&board, d4), Some(at(&board, "D5")));
        let save = two_liberty_save(&board, d4).expect("running saves D4");
        let mut after = board.clone();
        after.play(Color::Black, save);
        assert_eq!(two_liberty_capture(&after, d4), None);
    }

    #[test]
    fn a_chain_with_two_liberties_in_the_open_is_not_captured() {
        let board = diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . O X . . .
            . . . O . . .
            . . . . . . .
            . . . . . . .",
        );
        let d4 = at(&board, "D4");
        assert_eq!(board.liberties(d4).len(), 2);
        assert_eq!(two_liberty_capture(&board, d4), None);
        assert_eq!(two_liberty_save(&board, d4), None, "nothing to save");
    }

    #[test]
    fn a_chain_next_to_an_opposing_chain_in_atari_is_not_caught_by_an_atari() {
        // Black B2 C2 has the liberties B1 and C1 only, and running to either leaves it in
        // atari; but White A2 is in atari at A1, and capturing it gives the chain room: no
        // atari catches it, so there is nothing to save.
        let board = diagram(
            "
            . . . . .
            . . . . .
            X O O . .
            O X X O .
            . . . O .",
        );
        let b2 = at(&board, "B2");
        assert_eq!(two_liberty_capture(&board, b2), None);
        assert_eq!(two_liberty_save(&board, b2), None);
    }

    #[test]
    fn a_chain_with_no_way_out_cannot_be_saved() {
        // Black B2 C2 under a White wall with liberties B1 and C1: any atari captures it.
        let board = diagram(
            "
            . . . . .
            . . . . .
            O O O . .
            O X X O .
            . . . O .",
        );
        let b2 = at(&board, "B2");
        assert!(two_liberty_capture(&board, b2).is_some());
        assert_eq!(two_liberty_save(&board, b2), None);
    }
}
