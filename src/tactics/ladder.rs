//! Ladders, read on the real board: a chain in atari runs by extending to its liberty, and the
//! chaser keeps putting it back in atari from either side, until the chain is captured or
//! gets three liberties; a chain that can capture a chasing chain in atari counts as escaped.
//! The reading plays real moves on copies of the board (`tactics::on_copy`), a new copy only
//! where the chaser has two ataris to try, and stops after `NODE_LIMIT` stones or
//! `DEPTH_LIMIT` runs; a reading that stops early counts as an escape, so a caller never gives
//! up a chain on a guess. Both sides ask it: the chain's owner whether running is worth it,
//! the chaser whether the chase works. Knows only the board.

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point};
use crate::tactics::{is_playable, on_copy, two_liberties};

/// The most stones one reading may play. A ladder moves one point along the diagonal every
/// two runs, each run with an atari, so this stops a reading about six points along: a longer
/// ladder counts as an escape (docs/strength.md, "A ladder too long for the reader").
const NODE_LIMIT: u32 = 24;
/// The most runs (moves of the chain's owner) one reading may follow: twelve points along the
/// diagonal.
const DEPTH_LIMIT: u32 = 24;

/// What a reading may still spend.
struct Budget {
    nodes: u32,
}

impl Budget {
    fn new() -> Budget {
        Budget { nodes: NODE_LIMIT }
    }

    /// Takes one stone from the budget; false when it is spent.
    fn spend(&mut self) -> bool {
        self.nodes = self.nodes.saturating_sub(1);
        self.nodes > 0
    }
}

/// Whether the chain through the stone on `prey`, in atari with its owner to move, is
/// captured whatever it does: every extension to its liberty and every capture of a chasing
/// chain in atari leads, against the chaser's best ataris, to its capture. False when the
/// chain is not in atari, when it escapes, and when the reading runs past its bounds.
pub fn is_captured_in_ladder(board: &Board, prey: Point) -> bool {
    if board.atari_liberty(prey).is_none() {
        return false;
    }
    on_copy(board, |scratch| {
        run_is_caught(scratch, prey, &mut Budget::new(), 0)
    })
}

/// Whether `color` playing on the empty point `point` puts an opposing chain next to it in
/// atari that cannot escape (`is_captured_in_ladder`): the chaser's question, "does this
/// atari work?". False for a move that puts nothing in atari or that the board forbids.
pub fn atari_captures(board: &Board, color: Color, point: Point) -> bool {
    if !is_playable(board, color, point) {
        return false;
    }
    on_copy(board, |after| {
        after.play(color, point);
        catches_a_neighbour(after, color, point)
    })
}

/// After `color`'s move on `point`: whether an opposing chain next to it, in atari, cannot
/// escape.
fn catches_a_neighbour(after: &Board, color: Color, point: Point) -> bool {
    let mut budget = Budget::new();
    let opponent = color.opponent();
    let mut seen = [Point(0); 4];
    for (index, step) in NEIGHBOUR_STEPS.into_iter().enumerate() {
        let Some(neighbour) = after.step(point, step) else {
            continue;
        };
        if !after.has_stone(opponent, neighbour) || after.atari_liberty(neighbour).is_none() {
            continue;
        }
        let head = after.chain_head(neighbour);
        if seen[..index].contains(&head) {
            continue;
        }
        seen[index] = head;
        if on_copy(after, |scratch| {
            run_is_caught(scratch, neighbour, &mut budget, 0)
        }) {
            return true;
        }
    }
    false
}

/// Whether the opponent of the chain through `prey` catches it by playing on the empty point
/// `atari` (one of its liberties): afterwards the chain is in atari (or captured) and cannot
/// escape.
pub fn atari_catches(board: &Board, atari: Point, prey: Point) -> bool {
    let Some(owner) = board.get(prey) else {
        return false;
    };
    if !is_playable(board, owner.opponent(), atari) || runs_free(board, owner, atari, prey) {
        return false;
    }
    if caught_at_once(board, owner, atari, prey) {
        return true;
    }
    on_copy(board, |after| {
        after.play(owner.opponent(), atari);
        after.get(prey).is_none() || run_is_caught(after, prey, &mut Budget::new(), 0)
    })
}

/// Whether `color`, whose chain next to the empty point `point` is in atari, saves it by
/// extending there: the chain then has three liberties or more, or two from which no atari
/// catches it (the escaper's question, "is running out of this ladder worth it?"). False when
/// the extension leaves one liberty or the board forbids it.
pub fn extension_escapes(board: &Board, color: Color, point: Point) -> bool {
    if !is_playable(board, color, point) {
        return false;
    }
    match board.liberties_after(color, point, 3) {
        0 | 1 if !board.placement(color, point).captures => false,
        3.. => true,
        _ => on_copy(board, |after| {
            after.play(color, point);
            !chain_is_caught(after, point, &mut Budget::new(), 0)
        }),
    }
}

/// The liberty other than `atari` of the chain through `prey`, when it has exactly two.
#[inline]
fn other_liberty(board: &Board, prey: Point, atari: Point) -> Option<Point> {
    let [first, second] = two_liberties(board, prey)?;
    Some(if first == atari { second } else { first })
}

/// Whether the chain through `prey`, of `owner`, with two liberties, surely escapes an atari
/// on `atari` (one of them) by running to the other: it would have three liberties or more,
/// and the atari captures nothing that could change that. Read without playing.
#[inline]
fn runs_free(board: &Board, owner: Color, atari: Point, prey: Point) -> bool {
    let Some(run) = other_liberty(board, prey, atari) else {
        return false;
    };
    // The count includes `atari`, a liberty of the chain, unless four others came first.
    board.liberties_after(owner, run, 4) >= 4 && !board.placement(owner.opponent(), atari).captures
}

/// Whether an atari on `atari` (one of the two liberties of the chain through `prey`, of
/// `owner`) surely catches it at once: running to the other liberty leaves it one liberty,
/// the run and the atari capture nothing, the atari stone keeps two liberties, and no
/// chasing chain next to the chain is in atari. Read without playing.
#[inline]
fn caught_at_once(board: &Board, owner: Color, atari: Point, prey: Point) -> bool {
    let Some(run) = other_liberty(board, prey, atari) else {
        return false;
    };
    let chaser = owner.opponent();
    let mut captures = [Point(0); 8];
    board.liberties_after(owner, run, 3) <= 2
        && !board.placement(owner, run).captures
        && !board.placement(chaser, atari).captures
        && board.liberties_after(chaser, atari, 2) >= 2
        && crate::tactics::capturing_moves_next_to(board, prey, &mut captures) == 0
}

/// After a move of the prey's owner on `board`: whether the chain through `prey` is still
/// caught (one liberty the chaser may take, or two from which an atari works).
fn chain_is_caught(board: &mut Board, prey: Point, budget: &mut Budget, depth: u32) -> bool {
    let chaser = match board.get(prey) {
        Some(color) => color.opponent(),
        None => return true,
    };
    let mut liberties = [Point(0); 8];
    match board.chain_liberties_up_to(prey, 3, &mut liberties) {
        0 => true,
        1 => !board.is_ko_banned(chaser, liberties[0]),
        2 => chase_catches(board, prey, [liberties[0], liberties[1]], budget, depth),
        _ => false,
    }
}

/// With the chain through `prey` on two liberties and the chaser to move: whether an atari
/// on one of them catches it. The atari that leaves the chain fewest liberties when it
/// extends to the other is read first; an atari after which the extension gets three
/// liberties or more is not read at all unless it captures.
fn chase_catches(
    board: &mut Board,
    prey: Point,
    liberties: [Point; 2],
    budget: &mut Budget,
    depth: u32,
) -> bool {
    let Some(owner) = board.get(prey) else {
        return true;
    };
    let chaser = owner.opponent();
    // Liberties after running to the other liberty, before the atari (which takes one).
    let after_running = liberties.map(|liberty| board.liberties_after(owner, liberty, 4));
    let mut order = [
        (liberties[0], after_running[1]),
        (liberties[1], after_running[0]),
    ];
    if order[1].1 < order[0].1 {
        order.swap(0, 1);
    }
    let worth_reading = |board: &Board, atari: Point, running_liberties: usize| {
        is_playable(board, chaser, atari)
            && (running_liberties < 4 || board.placement(chaser, atari).captures)
    };
    let readable = order.map(|(atari, running)| worth_reading(board, atari, running));
    match readable {
        [false, false] => false,
        // One atari to read: play it on this board, which nobody needs afterwards.
        [true, false] | [false, true] => {
            let atari = if readable[0] { order[0].0 } else { order[1].0 };
            budget.spend() && {
                board.play(chaser, atari);
                run_is_caught(board, prey, budget, depth + 1)
            }
        }
        // Two: the first on a copy, the second on this board.
        [true, true] => {
            if !budget.spend() {
                return false;
            }
            if first_atari_catches(board, chaser, order[0].0, prey, budget, depth) {
                return true;
            }
            budget.spend() && {
                board.play(chaser, order[1].0);
                run_is_caught(board, prey, budget, depth + 1)
            }
        }
    }
}

/// `chase_catches`'s reading of the first of two ataris, on a copy of `board`.
#[inline(never)]
fn first_atari_catches(
    board: &Board,
    chaser: Color,
    atari: Point,
    prey: Point,
    budget: &mut Budget,
    depth: u32,
) -> bool {
    on_copy(board, |next| {
        next.play(chaser, atari);
        run_is_caught(next, prey, budget, depth + 1)
    })
}

/// With the chain through `prey` in atari and its owner to move on `board` (which the reading
/// may change): whether every way out fails.
fn run_is_caught(board: &mut Board, prey: Point, budget: &mut Budget, depth: u32) -> bool {
    let Some(owner) = board.get(prey) else {
        return true;
    };
    let Some(liberty) = board.atari_liberty(prey) else {
        return false;
    };
    if depth >= DEPTH_LIMIT || !budget.spend() {
        return false;
    }
    if counter_capture_escapes(board, prey) {
        return false;
    }
    if !is_playable(board, owner, liberty) {
        return true;
    }
    board.play(owner, liberty);
    chain_is_caught(board, prey, budget, depth)
}

/// Whether the chain through `prey` (in atari, its owner to move) may escape by capturing a
/// chasing chain in atari next to it. Taken as an escape without reading on: a capture next
/// to the chain gives it a liberty and usually breaks the ladder's shape, and a reader that
/// errs should err towards "escapes".
#[inline]
fn counter_capture_escapes(board: &Board, prey: Point) -> bool {
    let Some(owner) = board.get(prey) else {
        return false;
    };
    let mut captures = [Point(0); 8];
    let count = crate::tactics::capturing_moves_next_to(board, prey, &mut captures);
    captures[..count]
        .iter()
        .any(|&capture| is_playable(board, owner, capture))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    /// Black D4 in atari at E4 after White D5; the ladder runs to the upper right.
    const LADDER: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . O . . . . .
        . . O X . . . . .
        . . . O O . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn a_ladder_on_an_empty_board_captures_the_chain() {
        let board = diagram(LADDER);
        let d4 = at(&board, "D4");
        assert!(is_captured_in_ladder(&board, d4));
        assert!(!extension_escapes(&board, Color::Black, at(&board, "E4")));
    }

    #[test]
    fn a_ladder_breaker_on_the_diagonal_lets_the_chain_escape() {
        let mut board = diagram(LADDER);
        let breaker = at(&board, "G7");
        board.place_setup_stone(Color::Black, breaker);
        let d4 = at(&board, "D4");
        assert!(!is_captured_in_ladder(&board, d4));
        assert!(extension_escapes(&board, Color::Black, at(&board, "E4")));
    }

    #[test]
    fn a_white_stone_on_the_diagonal_makes_the_ladder_work_sooner() {
        let mut board = diagram(LADDER);
        let helper = at(&board, "G7");
        board.place_setup_stone(Color::White, helper);
        assert!(is_captured_in_ladder(&board, at(&board, "D4")));
    }

    #[test]
    fn a_chain_escapes_by_capturing_a_chasing_stone_left_in_atari() {
        // White D5 put D4 in atari, but D5 itself has one liberty, D6: Black captures it.
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X O X . . . .
            . . O X . . . . .
            . . . O O . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let d4 = at(&board, "D4");
        assert_eq!(board.atari_liberty(d4), Some(at(&board, "E4")));
        assert!(!is_captured_in_ladder(&board, d4));
    }

    #[test]
    fn a_stone_on_the_second_line_is_driven_to_the_edge_not_out_into_the_open() {
        // Black B2 has the liberties B1 and C2. White C2 drives it to the edge, where B1 and
        // then A1 or C1 leave it no way out; White B1 lets it run out at C2.
        let board = diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . O . . . . .
            O X . . . . .
            . . . . . . .",
        );
        assert!(atari_captures(&board, Color::White, at(&board, "C2")));
        assert!(!atari_captures(&board, Color::White, at(&board, "B1")));
    }

    #[test]
    fn the_chaser_reads_which_atari_works() {
        // Black D4 has two liberties, D5 and E4: White D5 drives it into the ladder; White
        // E4 lets it out at D5.
        let mut board = diagram(LADDER);
        board.remove_chain_at(at(&board, "D5"));
        assert!(atari_captures(&board, Color::White, at(&board, "D5")));
        assert!(!atari_captures(&board, Color::White, at(&board, "E4")));
        assert!(atari_catches(&board, at(&board, "D5"), at(&board, "D4")));
    }

    /// Black C4 D4 in atari at E4: running there makes a ladder to the upper right.
    const TWO_STONE_LADDER: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O O . . . . .
        . O X X . . . . .
        . . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn a_two_stone_chain_runs_into_a_working_ladder_unless_a_stone_breaks_it() {
        let board = diagram(TWO_STONE_LADDER);
        let (c4, e4) = (at(&board, "C4"), at(&board, "E4"));
        assert!(is_captured_in_ladder(&board, c4));
        assert!(!extension_escapes(&board, Color::Black, e4));
        let mut broken = board.clone();
        broken.place_setup_stone(Color::Black, at(&board, "G7"));
        assert!(!is_captured_in_ladder(&broken, c4));
        assert!(extension_escapes(&broken, Color::Black, e4));
    }
}
