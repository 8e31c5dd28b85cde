//! The tactical facts of one candidate move that the move model's features are made of: what
//! it captures, which own stones it saves, which opposing stones it puts in atari, whether it
//! is a self-atari (and of which kind) or a nakade vital point, whether it fills an own eye,
//! how far it is from the last move and from the edge. Cheap enough to ask for every legal
//! move of a position (no allocation, no board copy). Knows only the board and the tactical
//! reading of `tactics` (the same the playouts use); not the model's weights.

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point};
use crate::playout::policy;
use crate::tactics::{self, EyeSpace, SelfAtari};

/// What a move would do, as the priors see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveFeatures {
    /// Opposing stones the move captures.
    pub captured_stones: u32,
    /// Stones of own chains in atari that the move gets out of atari (by extending them to
    /// two liberties or more, or by capturing a chain that touches them).
    pub saves_own_stones: u32,
    /// The size of the own chain the move leaves in atari; 0 when it is no self-atari or when
    /// it captures.
    pub self_atari_stones: u32,
    /// The move takes the vital point of a small eye space (three to six points, enclosed by
    /// one colour, of a shape that makes one eye when the attacker takes this point: straight
    /// or bent three, T four, bulky or cross five, rabbity six), whoever encloses it.
    pub is_nakade_vital_point: bool,
    /// Pachi's "gridcular" distance to the last stone played, `dx + dy + max(dx, dy)` (2 for
    /// an orthogonal neighbour, 3 for a diagonal one, 4 two points away in a line); `None`
    /// with no last stone.
    pub distance_to_last_move: Option<u32>,
    /// The line the move is on: 1 on the edge, 2 on the second line, and so on.
    pub line: u32,
    /// The point is an eye of the mover for the light policy (`policy::is_eye`).
    pub is_own_eye: bool,
    /// Opposing stones the move puts in atari (chains left with one liberty, not captured).
    pub atari_stones: u32,
    /// A self-atari that the heavy playout policy refuses outright (two or more stones that are
    /// no nakade shape); a lone stone left in atari is not counted here.
    pub is_bad_self_atari: bool,
    /// What kind of self-atari the move is (`tactics::self_atari`): a chain of two stones or
    /// more left in atari inside the opponent's enclosed space in a dead shape is a
    /// `Nakade`, which kills rather than loses.
    pub self_atari: SelfAtari,
}

/// The features of `color` playing on the empty point `point` of `board`, with `last_move`
/// the last stone played (if any). The move must be one the board can place: `point` empty.
pub fn move_features(
    board: &Board,
    color: Color,
    point: Point,
    last_move: Option<Point>,
) -> MoveFeatures {
    let opponent = color.opponent();
    let mut features = MoveFeatures {
        distance_to_last_move: last_move.map(|last| gridcular_distance(board, point, last)),
        line: line(board, point),
        is_own_eye: policy::is_eye(board, color, point),
        ..MoveFeatures::default()
    };

    // The chains around the point, each once: captures, own chains it may save, ataris.
    let mut heads = [Point(0); 4];
    let mut head_count = 0;
    let mut captured_heads = [Point(0); 4];
    let mut captured_count = 0;
    let mut own_in_atari_here = 0;
    for step in NEIGHBOUR_STEPS {
        let Some(neighbour) = board.step(point, step) else {
            continue;
        };
        if board.is_empty(neighbour) {
            continue;
        }
        let head = board.chain_head(neighbour);
        if heads[..head_count].contains(&head) {
            continue;
        }
        heads[head_count] = head;
        head_count += 1;
        let mut liberties = [Point(0); 8];
        let count = board.chain_liberties_up_to(neighbour, 3, &mut liberties);
        let size = board.chain_size(neighbour) as u32;
        if board.has_stone(opponent, neighbour) {
            if count == 1 {
                features.captured_stones += size;
                captured_heads[captured_count] = neighbour;
                captured_count += 1;
            } else if count == 2 {
                features.atari_stones += size;
            }
        } else if count == 1 {
            own_in_atari_here += size;
        }
    }

    let liberties_before_captures = board.liberties_after(color, point, 2);
    let captures = features.captured_stones > 0;
    if !captures && liberties_before_captures < 2 {
        features.self_atari_stones = 1 + own_stones_joined(board, color, &heads[..head_count]);
    }
    let escaped = liberties_before_captures >= 2
        || (captures && (liberties_before_captures >= 1 || features.captured_stones >= 2));
    if escaped {
        features.saves_own_stones += own_in_atari_here;
    }
    // Own chains in atari elsewhere that touch a captured chain gain a liberty.
    for &captured in &captured_heads[..captured_count] {
        features.saves_own_stones += own_stones_freed_by_capture(board, color, point, captured);
    }

    let kind = tactics::self_atari(board, color, point);
    features.is_bad_self_atari = kind.is_bad();
    features.self_atari = kind;
    features.is_nakade_vital_point = [color, opponent].iter().any(|&defender| {
        !board.has_stone(defender, point)
            && EyeSpace::around(board, point, defender).and_then(|space| space.vital_point())
                == Some(point)
    });
    features
}

/// The stones of the own chains among the distinct chain heads `heads` (read around `point`).
fn own_stones_joined(board: &Board, color: Color, heads: &[Point]) -> u32 {
    heads
        .iter()
        .filter(|&&head| board.has_stone(color, head))
        .map(|&head| board.chain_size(head) as u32)
        .sum()
}

/// The stones of own chains in atari, not next to `point`, that touch the opposing chain
/// through `captured` (which the move on `point` captures): they gain its points as liberties.
fn own_stones_freed_by_capture(board: &Board, color: Color, point: Point, captured: Point) -> u32 {
    let mut seen = [Point(0); 8];
    let mut seen_count = 0;
    let mut freed = 0;
    let mut stone = captured;
    loop {
        for step in NEIGHBOUR_STEPS {
            let Some(neighbour) = board.step(stone, step) else {
                continue;
            };
            if !board.has_stone(color, neighbour) {
                continue;
            }
            let head = board.chain_head(neighbour);
            if seen[..seen_count].contains(&head) || seen_count == seen.len() {
                continue;
            }
            seen[seen_count] = head;
            seen_count += 1;
            let touches_point = NEIGHBOUR_STEPS
                .iter()
                .filter_map(|&step| board.step(point, step))
                .any(|around| board.has_stone(color, around) && board.chain_head(around) == head);
            if !touches_point && board.atari_liberty(neighbour).is_some() {
                freed += board.chain_size(neighbour) as u32;
            }
        }
        stone = board.next_in_chain(stone);
        if stone == captured {
            return freed;
        }
    }
}

/// Pachi's "gridcular" distance between two points: `dx + dy + max(dx, dy)`.
pub fn gridcular_distance(board: &Board, first: Point, second: Point) -> u32 {
    let (x1, y1) = board.coordinates(first);
    let (x2, y2) = board.coordinates(second);
    let dx = x1.abs_diff(x2) as u32;
    let dy = y1.abs_diff(y2) as u32;
    dx + dy + dx.max(dy)
}

/// The line of `point`: 1 on the edge, 2 on the second line, …
pub fn line(board: &Board, point: Point) -> u32 {
    let (x, y) = board.coordinates(point);
    let size = board.size();
    let from_edge = x.min(y).min(size - 1 - x).min(size - 1 - y);
    from_edge as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    fn features(board: &Board, color: Color, point: &str, last: Option<&str>) -> MoveFeatures {
        move_features(
            board,
            color,
            at(board, point),
            last.map(|name| at(board, name)),
        )
    }

    #[test]
    fn a_capture_counts_the_stones_it_takes() {
        // Black C4 captures white C3 and D3.
        let board = diagram(
            "
            . . . . .
            . . . X .
            . X O O X
            . . X X .
            . . . . .",
        );
        let capture = features(&board, Color::Black, "C4", Some("D3"));
        assert_eq!(capture.captured_stones, 2);
        assert_eq!(capture.self_atari_stones, 0);
        assert_eq!(capture.saves_own_stones, 0);
        assert_eq!(
            capture.distance_to_last_move,
            Some(3),
            "a diagonal neighbour"
        );
        assert_eq!(capture.line, 2);
        // The same point for White is an escape of the two stones.
        let escape = features(&board, Color::White, "C4", Some("D2"));
        assert_eq!(escape.captured_stones, 0);
        assert_eq!(escape.saves_own_stones, 2);
    }

    #[test]
    fn an_escape_counts_the_stones_it_saves_and_a_capture_that_frees_them_counts_too() {
        // Black C3 is in atari at C4; capturing white C2 at C1 also saves it.
        let board = diagram(
            "
            . . . . .
            . . . . .
            . O X O .
            . X O X .
            . . . . .",
        );
        let extend = features(&board, Color::Black, "C4", Some("D3"));
        assert_eq!(extend.saves_own_stones, 1);
        assert_eq!(extend.captured_stones, 0);
        let capture = features(&board, Color::Black, "C1", Some("D3"));
        assert_eq!(capture.captured_stones, 1);
        assert_eq!(capture.saves_own_stones, 1);
        assert_eq!(capture.line, 1);
    }

    #[test]
    fn a_self_atari_counts_the_stones_left_in_atari() {
        // Black B3 has liberties A3 and C3; black C3 leaves B3 C3 with one, A3, in a space
        // that runs on to the open lower left (no nakade).
        let board = diagram(
            "
            . . . . .
            O O O . .
            . X . O .
            . O O . .
            . . . . .",
        );
        let self_atari = features(&board, Color::Black, "C3", None);
        assert_eq!(self_atari.self_atari_stones, 2);
        assert!(self_atari.is_bad_self_atari);
        assert_eq!(self_atari.distance_to_last_move, None);
        // White C3 takes B3's liberty: an atari on one stone, no self-atari.
        let atari = features(&board, Color::White, "C3", None);
        assert_eq!(atari.self_atari_stones, 0);
        assert_eq!(atari.atari_stones, 1);
        assert!(!atari.is_bad_self_atari);
        // A lone stone in atari is a self-atari of one, not refused outright.
        let corner = diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            O . . . .
            . O . . .",
        );
        let lone = features(&corner, Color::Black, "A1", None);
        assert_eq!(lone.self_atari_stones, 1);
        assert!(!lone.is_bad_self_atari);
    }

    #[test]
    fn the_vital_point_of_a_bulky_five_is_one_for_both_sides_and_eyes_are_own_eyes() {
        let board = diagram(
            "
            . . . . .
            . . . . .
            O O O O .
            . . . O .
            . . O O .",
        );
        for color in Color::BOTH {
            assert!(features(&board, color, "B2", Some("C1")).is_nakade_vital_point);
            assert!(!features(&board, color, "A1", Some("C1")).is_nakade_vital_point);
        }
        let eyes = diagram(
            "
            . O . . .
            O O . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert!(features(&eyes, Color::White, "A5", None).is_own_eye);
        assert!(!features(&eyes, Color::Black, "A5", None).is_own_eye);
    }

    #[test]
    fn distance_and_line_describe_a_hane() {
        // White has just played C4 between black B4 and D4: C3 is the enclosing hane.
        let board = diagram(
            "
            . . . . .
            . X O X .
            . . . . .
            . . . . .
            . . . . .",
        );
        let hane = features(&board, Color::Black, "C3", Some("C4"));
        assert_eq!(hane.distance_to_last_move, Some(2));
        assert_eq!(hane.line, 3);
        assert_eq!(
            features(&board, Color::Black, "E1", Some("C4")).distance_to_last_move,
            Some(2 + 3 + 3)
        );
    }
}
