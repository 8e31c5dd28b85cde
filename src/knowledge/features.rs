//! The move model's features: what a candidate move does, as a handful of small feature
//! groups (capture, escape, atari, self-atari, nakade, own eye, line, distance to the last two
//! moves, pass), each with at most one value per move, and its shapes (the canonical 3×3 code
//! and the diamond hashes of `knowledge::shape`). Knows the board and the recent moves, not
//! the model's weights.

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point};
use crate::tactics::{self, SelfAtari};

use super::{reading, shape};

/// The small feature groups. A move has at most one value in each; the model has one weight
/// (a gamma) per value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Passing: after an opponent's move (0) or after an opponent's pass (1).
    Pass,
    /// Capturing: a capture that saves own stones in atari (0), that takes the stones of the
    /// opponent's last move (1), that stops the last move from connecting to the chain in
    /// atari (the point is next to the last move) (2), that takes a chain which could escape
    /// if left alone (not caught in a ladder) (3), or any other capture: of one stone (4), two
    /// or three (5), four or more (6).
    Capture,
    /// Getting own stones out of atari without capturing: one stone (0, 1), two or three
    /// (2, 3), four or more (4, 5), with two liberties after the move (even values) or more
    /// (odd values); an extension that the chaser still catches in a ladder (6).
    Escape,
    /// Putting opposing stones in atari: while a ko is on the board (0), else one stone (1),
    /// two or three (2), four or more (3); an atari that captures in a ladder (4).
    Atari,
    /// Leaving own stones in atari without capturing (`tactics::self_atari`): one stone (0),
    /// several stones that only lose (1), several stones that make a nakade (2).
    SelfAtari,
    /// Taking the vital point of a small eye space, whoever encloses it (0).
    Nakade,
    /// Filling one's own eye (0).
    OwnEye,
    /// The line the move is on: first (0) to fourth (3); nothing from the fifth line on.
    Line,
    /// The gridcular distance `dx + dy + max(dx, dy)` to the opponent's last stone: 2 to 16
    /// (values 0–14), 17 or more (15).
    DistanceToLast,
    /// The same distance to the mover's own last stone.
    DistanceToSecondLast,
}

impl Group {
    /// Every small group, in the order of `MoveFeatures::values`.
    pub const ALL: [Group; 10] = [
        Group::Pass,
        Group::Capture,
        Group::Escape,
        Group::Atari,
        Group::SelfAtari,
        Group::Nakade,
        Group::OwnEye,
        Group::Line,
        Group::DistanceToLast,
        Group::DistanceToSecondLast,
    ];

    /// How many values the group has.
    pub const fn values(self) -> usize {
        match self {
            Group::Pass => 2,
            Group::Capture => 7,
            Group::Escape => 7,
            Group::Atari => 5,
            Group::SelfAtari => 3,
            Group::Nakade | Group::OwnEye => 1,
            Group::Line => 4,
            Group::DistanceToLast | Group::DistanceToSecondLast => 16,
        }
    }

    /// The group's name, for reports.
    pub fn name(self) -> &'static str {
        match self {
            Group::Pass => "pass",
            Group::Capture => "capture",
            Group::Escape => "escape",
            Group::Atari => "atari",
            Group::SelfAtari => "self-atari",
            Group::Nakade => "nakade",
            Group::OwnEye => "own eye",
            Group::Line => "line",
            Group::DistanceToLast => "distance to last",
            Group::DistanceToSecondLast => "distance to second last",
        }
    }
}

/// The recent moves the features look at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The opponent's last stone, if its last move placed one.
    pub last: Option<Point>,
    /// The mover's own last stone, if its last move placed one.
    pub second_last: Option<Point>,
    /// The opponent's last move was a pass.
    pub last_was_pass: bool,
}

/// What one candidate move is, as the model sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFeatures {
    /// The value of each small group (`Group::ALL` order), `None` when the move has none.
    pub values: [Option<u8>; Group::ALL.len()],
    /// The move is a pass: then it has no shape.
    pub is_pass: bool,
    /// The canonical 3×3 code around the move (`shape::canonical_code`).
    pub pattern: u16,
    /// The canonical diamond hashes of radius 2, 3 and 4 (`shape::diamond_hashes`).
    pub shapes: [u64; 3],
}

impl MoveFeatures {
    /// The value of `group`, if the move has one.
    pub fn value(&self, group: Group) -> Option<u8> {
        self.values[group as usize]
    }

    fn set(&mut self, group: Group, value: u8) {
        debug_assert!((value as usize) < group.values());
        self.values[group as usize] = Some(value);
    }
}

/// The features of a pass.
pub fn pass_features(history: &History) -> MoveFeatures {
    let mut features = MoveFeatures {
        values: [None; Group::ALL.len()],
        is_pass: true,
        pattern: 0,
        shapes: [0; 3],
    };
    features.set(Group::Pass, u8::from(history.last_was_pass));
    features
}

/// The features of `color` playing on the empty point `point`, which the board can place
/// (no suicide).
pub fn move_features(board: &Board, color: Color, point: Point, history: &History) -> MoveFeatures {
    let mut features = MoveFeatures {
        values: [None; Group::ALL.len()],
        is_pass: false,
        pattern: shape::canonical_code(shape::mover_code(board, color, point)),
        shapes: shape::diamond_hashes(board, color, point),
    };
    let known = reading::move_features(board, color, point, history.last);
    if known.captured_stones > 0 {
        let takes_last = history.last.is_some_and(|last| {
            board.has_stone(color.opponent(), last) && board.atari_liberty(last) == Some(point)
        });
        let next_to_last = history
            .last
            .is_some_and(|last| reading::gridcular_distance(board, point, last) == 2);
        let value = if known.saves_own_stones > 0 {
            0
        } else if takes_last {
            1
        } else if next_to_last {
            2
        } else if captures_a_runner(board, color, point) {
            3
        } else {
            4 + size_bucket(known.captured_stones)
        };
        features.set(Group::Capture, value);
    } else if known.saves_own_stones > 0 {
        let liberties = board.liberties_after(color, point, 3);
        let value = if !tactics::extension_escapes(board, color, point) {
            6
        } else {
            2 * size_bucket(known.saves_own_stones) + u8::from(liberties >= 3)
        };
        features.set(Group::Escape, value);
    }
    if known.atari_stones > 0 {
        let value = if tactics::atari_captures(board, color, point) {
            4
        } else if board.ko().is_some() {
            0
        } else {
            1 + size_bucket(known.atari_stones)
        };
        features.set(Group::Atari, value);
    }
    let self_atari = match known.self_atari {
        SelfAtari::None => None,
        SelfAtari::SingleStone => Some(0),
        SelfAtari::Bad => Some(1),
        SelfAtari::Nakade => Some(2),
    };
    if let Some(value) = self_atari {
        features.set(Group::SelfAtari, value);
    }
    if known.is_nakade_vital_point {
        features.set(Group::Nakade, 0);
    }
    if known.is_own_eye {
        features.set(Group::OwnEye, 0);
    }
    if known.line <= 4 {
        features.set(Group::Line, (known.line - 1) as u8);
    }
    if let Some(last) = history.last {
        features.set(Group::DistanceToLast, distance_value(board, point, last));
    }
    if let Some(second_last) = history.second_last {
        let value = distance_value(board, point, second_last);
        features.set(Group::DistanceToSecondLast, value);
    }
    features
}

/// Whether `color` on `point` captures an opposing chain that is not caught in a ladder: one
/// that would escape if left alone.
fn captures_a_runner(board: &Board, color: Color, point: Point) -> bool {
    NEIGHBOUR_STEPS.iter().any(|&step| {
        board.step(point, step).is_some_and(|neighbour| {
            board.has_stone(color.opponent(), neighbour)
                && board.atari_liberty(neighbour) == Some(point)
                && !tactics::is_captured_in_ladder(board, neighbour)
        })
    })
}

/// 0 for one stone, 1 for two or three, 2 for four or more.
fn size_bucket(stones: u32) -> u8 {
    match stones {
        0 | 1 => 0,
        2 | 3 => 1,
        _ => 2,
    }
}

/// The value of the distance groups: gridcular distance 2–16 as 0–14, farther as 15.
fn distance_value(board: &Board, point: Point, other: Point) -> u8 {
    let distance = reading::gridcular_distance(board, point, other).max(2);
    (distance.min(17) - 2) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    fn features_of(board: &Board, color: Color, point: &str, last: Option<&str>) -> MoveFeatures {
        let history = History {
            last: last.map(|name| at(board, name)),
            ..History::default()
        };
        move_features(board, color, at(board, point), &history)
    }

    #[test]
    fn a_capture_of_the_last_move_and_an_escape_by_capture_have_their_own_values() {
        //   5 . . . . .
        //   4 . . . X .    White just played C3-D3's D3: Black C4 takes both stones,
        //   3 . X O O X    the stones of the last move.
        //   2 . . X X .
        //   1 . . . . .
        let board = diagram(
            "
            . . . . .
            . . . X .
            . X O O X
            . . X X .
            . . . . .",
        );
        let capture = features_of(&board, Color::Black, "C4", Some("D3"));
        assert_eq!(capture.value(Group::Capture), Some(1));
        assert_eq!(capture.value(Group::Escape), None);
        assert_eq!(capture.value(Group::DistanceToLast), Some(1));
        assert_eq!(capture.value(Group::Line), Some(1));
        // Without that last move it is a capture of two stones.
        let plain = features_of(&board, Color::Black, "C4", None);
        assert_eq!(plain.value(Group::Capture), Some(5));
        // Had White just played B4, next to C4, the capture would stop B4 from connecting.
        let cut = features_of(&board, Color::Black, "C4", Some("B4"));
        assert_eq!(cut.value(Group::Capture), Some(2));
        assert_eq!(plain.value(Group::DistanceToLast), None);
        // For White the point is an extension of two stones to two liberties (B4, C5), from
        // which Black's atari at C5 catches them: an escape that does not work.
        let escape = features_of(&board, Color::White, "C4", Some("D2"));
        assert_eq!(escape.value(Group::Escape), Some(6));
        assert_eq!(escape.value(Group::Capture), None);
    }

    #[test]
    fn an_escape_by_capture_and_an_atari_are_told_apart() {
        //   5 . . . . .
        //   4 . . . . .    Black C3 is in atari at C4; capturing white C2 at C1 saves it,
        //   3 . O X O .    and so does C4, to three liberties. White A2 puts black B2 in
        //   2 . X O X .    atari.
        //   1 . . . . .
        let board = diagram(
            "
            . . . . .
            . . . . .
            . O X O .
            . X O X .
            . . . . .",
        );
        let capture = features_of(&board, Color::Black, "C1", None);
        assert_eq!(capture.value(Group::Capture), Some(0));
        let extend = features_of(&board, Color::Black, "C4", None);
        assert_eq!(
            extend.value(Group::Escape),
            Some(1),
            "one stone, three liberties"
        );
        let atari = features_of(&board, Color::White, "A2", None);
        assert_eq!(atari.value(Group::Atari), Some(1));
        assert_eq!(atari.value(Group::Line), Some(0));
    }

    #[test]
    fn self_ataris_are_told_by_size_and_shape() {
        //   5 . . . . .
        //   4 O O O . .    Black A2 leaves A3-B3 and itself with the one liberty B2, in
        //   3 X X O . .    the open: a self-atari that only loses. Black B2 keeps three
        //   2 . . . . .    liberties; White B2 puts A3-B3 in an atari they cannot escape.
        //   1 O . . . .
        let board = diagram(
            "
            . . . . .
            O O O . .
            X X O . .
            . . . . .
            O . . . .",
        );
        let bad = features_of(&board, Color::Black, "A2", None);
        assert_eq!(bad.value(Group::SelfAtari), Some(1));
        let extension = features_of(&board, Color::Black, "B2", None);
        assert_eq!(extension.value(Group::SelfAtari), None);
        let white_atari = features_of(&board, Color::White, "B2", None);
        assert_eq!(
            white_atari.value(Group::Atari),
            Some(4),
            "two stones in atari that cannot run (A2 leaves them one liberty)"
        );
        //   1 . O . . .    A lone black stone at A1 has one liberty, A2.
        let lone = diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            . . . . .
            . O . . .",
        );
        let corner = features_of(&lone, Color::Black, "A1", None);
        assert_eq!(corner.value(Group::SelfAtari), Some(0));
    }

    #[test]
    fn nakade_own_eye_line_and_distances_are_read() {
        //   5 . . . . .
        //   4 . . . . .    White's bulky five around B2: its vital point is B2 for both
        //   3 O O O O .    colours. A5 is White's eye in the second board.
        //   2 . . . O .
        //   1 . . O O .
        let board = diagram(
            "
            . . . . .
            . . . . .
            O O O O .
            . . . O .
            . . O O .",
        );
        for color in Color::BOTH {
            let vital = features_of(&board, color, "B2", None);
            assert_eq!(vital.value(Group::Nakade), Some(0));
        }
        let eyes = diagram(
            "
            . O . . .
            O O . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert_eq!(
            features_of(&eyes, Color::White, "A5", None).value(Group::OwnEye),
            Some(0)
        );
        assert_eq!(
            features_of(&eyes, Color::Black, "A5", None).value(Group::OwnEye),
            None
        );
        let history = History {
            last: Some(at(&eyes, "B5")),
            second_last: Some(at(&eyes, "A4")),
            last_was_pass: false,
        };
        let far = move_features(&eyes, Color::Black, at(&eyes, "E1"), &history);
        // E1 to B5: dx 3, dy 4: 3 + 4 + 4 = 11; to A4: dx 4, dy 3: 11 too.
        assert_eq!(far.value(Group::DistanceToLast), Some(9));
        assert_eq!(far.value(Group::DistanceToSecondLast), Some(9));
        assert_eq!(far.value(Group::Line), Some(0));
        let centre = move_features(&eyes, Color::Black, at(&eyes, "C3"), &history);
        assert_eq!(centre.value(Group::Line), Some(2));
    }

    #[test]
    fn ladders_decide_whether_an_atari_works_an_escape_runs_and_a_capture_is_urgent() {
        //   4 . . X X . .    White C3 is in atari at D3. Extending there runs into a ladder
        //   3 . X O . . .    (D3 E3 D2 ... to the edge), so the escape does not work, and
        //   2 . . X . . .    Black taking C3 at D3 takes a chain that was caught anyway.
        //   1 . . . . . .
        let caught = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X X . . . . .
            . X O . . . . . .
            . . X . . . . . .
            . . . . . . . . .",
        );
        let run = features_of(&caught, Color::White, "D3", None);
        assert_eq!(run.value(Group::Escape), Some(6));
        let take = features_of(&caught, Color::Black, "D3", None);
        assert_eq!(
            take.value(Group::Capture),
            Some(4),
            "one stone, caught anyway"
        );
        // A white stone at E2 breaks the ladder: the escape works, the capture is urgent.
        let broken = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X X . . . . .
            . X O . . . . . .
            . . X . O . . . .
            . . . . . . . . .",
        );
        let run = features_of(&broken, Color::White, "D3", None);
        assert_eq!(
            run.value(Group::Escape),
            Some(0),
            "one stone, two liberties"
        );
        let take = features_of(&broken, Color::Black, "D3", None);
        assert_eq!(take.value(Group::Capture), Some(3));
        // Before Black's C4, the atari at C4 works in a ladder; with the breaker it does not.
        let before = |broken: bool| {
            let mut board = diagram(
                "
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . X . . . . .
                . X O . . . . . .
                . . X . . . . . .
                . . . . . . . . .",
            );
            if broken {
                board.play(Color::White, at(&board, "E2"));
            }
            features_of(&board, Color::Black, "C4", None).value(Group::Atari)
        };
        assert_eq!(before(false), Some(4));
        assert_eq!(before(true), Some(1));
    }

    #[test]
    fn a_pass_knows_whether_the_opponent_passed() {
        let after_pass = History {
            last_was_pass: true,
            ..History::default()
        };
        assert_eq!(pass_features(&after_pass).value(Group::Pass), Some(1));
        assert_eq!(
            pass_features(&History::default()).value(Group::Pass),
            Some(0)
        );
        assert!(pass_features(&History::default()).is_pass);
    }
}
