//! Self-atari judged by the eye space it is played in: a move that leaves its own chain in
//! atari is a blunder unless the chain lies inside the opponent's small enclosed space in a
//! shape whose capture leaves the opponent one eye (a nakade). Whoever walls the space (one
//! opposing chain or several) does not matter; what matters is that no stone of the mover's
//! own outside the space touches it, and that a move leaving a wall in atari leaves the
//! opponent nothing else: filling a shared liberty of a seki leaves one of two walls in atari,
//! and is no nakade, but a group walled in by one chain with no liberty outside its eye space
//! is killed from inside the same way. Knows only the board.

use crate::board::{Board, Color, NEIGHBOUR_STEPS, Point};
use crate::tactics::eye_space::{EyeSpace, ShapeOfStones};

/// The most points, stones and liberties together, of an enclosed space in which a chain
/// left in atari can be a nakade: a rabbity six and its last liberty, with room for one more.
const NAKADE_SPACE_LIMIT: u32 = 8;

/// What kind of self-atari a move would be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SelfAtari {
    /// Not a self-atari: the chain keeps two liberties or more, or the move captures.
    #[default]
    None,
    /// A self-atari that kills from inside: a chain of two to six stones inside a small space
    /// enclosed by the opponent (by one chain or several, each keeping two liberties or more)
    /// whose capture leaves a space of one eye (three points or fewer, square or T four, bulky
    /// or cross five, rabbity six).
    Nakade,
    /// A single stone in atari (a throw-in, or a mistake); it never takes a vital point.
    SingleStone,
    /// A chain of two or more stones in atari that is no nakade: it only loses stones (and
    /// filling a shared liberty of a seki is such a move).
    Bad,
}

impl SelfAtari {
    /// Whether the move is one no playout should play and the priors should discourage.
    pub fn is_bad(self) -> bool {
        self == SelfAtari::Bad
    }
}

/// Classifies `color` on the empty point `point` as a self-atari (see `SelfAtari`).
#[inline(never)]
pub fn self_atari(board: &Board, color: Color, point: Point) -> SelfAtari {
    if board.empty_neighbours(point) >= 2 {
        return SelfAtari::None;
    }
    let placement = board.placement(color, point);
    if placement.captures || board.liberties_after(color, point, 2) >= 2 {
        return SelfAtari::None;
    }
    if !placement.joins_own_chain {
        // Never a vital point: a vital point has two neighbours or more inside its eye space,
        // and a stone that joins no chain there has them all empty, so two liberties.
        return SelfAtari::SingleStone;
    }
    let Some(shape) = ShapeOfStones::joined(board, color, point) else {
        return SelfAtari::Bad;
    };
    if shape.is_one_eye()
        && EyeSpace::encloses(board, point, color.opponent(), NAKADE_SPACE_LIMIT)
        && !shortens_a_wall(board, color, point, &shape)
    {
        SelfAtari::Nakade
    } else {
        SelfAtari::Bad
    }
}

/// Whether `color` on `point`, making the chain of `shape`, leaves one of two or more opposing
/// chains that touch it with fewer than two liberties: then that wall and the chain share
/// their last liberties, as in a seki between them, and the move only hands the opponent a
/// capture that joins the wall to the others. When one opposing chain alone walls the shape
/// and the move leaves it in atari, the space is that chain's last: its capture of the shape
/// leaves it one eye, and the move kills.
fn shortens_a_wall(board: &Board, color: Color, point: Point, shape: &ShapeOfStones) -> bool {
    let opponent = color.opponent();
    let mut walls = [Point(0); 24];
    let mut count = 0;
    let mut shortened = false;
    for &stone in shape.points() {
        for step in NEIGHBOUR_STEPS {
            let Some(neighbour) = board.step(stone, step) else {
                continue;
            };
            if !board.has_stone(opponent, neighbour) {
                continue;
            }
            let head = board.chain_head(neighbour);
            if walls[..count].contains(&head) {
                continue;
            }
            walls[count] = head;
            count += 1;
            let mut liberties = [Point(0); 8];
            let found = board.chain_liberties_up_to(neighbour, 3, &mut liberties);
            shortened |= found - usize::from(liberties[..found].contains(&point)) < 2;
        }
    }
    shortened && count > 1
}

/// Whether the heavy playouts' deterministic filter lets `color` play on the empty point
/// `point` as far as self-atari goes: any self-atari but a nakade is refused.
#[inline]
pub fn permits(board: &Board, color: Color, point: Point) -> bool {
    board.empty_neighbours(point) >= 2
        || matches!(
            self_atari(board, color, point),
            SelfAtari::None | SelfAtari::Nakade
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    /// White's bulky five in the corner: A1 A2 B1 B2 C2, vital point B2.
    const BULKY_FIVE: &str = "
        . . . . .
        . . . . .
        O O O O .
        . . . O .
        . . O O .";

    #[test]
    fn filling_an_eye_space_to_a_dead_shape_is_an_allowed_self_atari_and_a_straight_four_is_not() {
        // Black A1 A2 B1 inside White's bulky five: B2 makes a square four in atari (its
        // capture leaves one eye), so it is a nakade, not a blunder.
        let mut board = diagram(BULKY_FIVE);
        for name in ["A1", "A2", "B1"] {
            let point = at(&board, name);
            board.play(Color::Black, point);
        }
        let b2 = at(&board, "B2");
        assert_eq!(self_atari(&board, Color::Black, b2), SelfAtari::Nakade);
        assert!(permits(&board, Color::Black, b2));
        // Black A1 B1 C1 inside a straight five on the edge: D1 makes a straight four in
        // atari, which White captures into two eyes.
        let board = diagram(
            "
            . . . . . .
            . . . . . .
            . . . . . .
            . . . . . .
            O O O O O O
            X X X . . O",
        );
        let d1 = at(&board, "D1");
        assert_eq!(self_atari(&board, Color::Black, d1), SelfAtari::Bad);
    }

    #[test]
    fn a_stone_on_the_vital_point_that_joins_a_stone_inside_is_a_nakade_though_in_atari() {
        // White's bent three A1 A2 B1 holds a black stone on A2. Black A1, the vital point,
        // joins it and leaves B1 as the only liberty: capturing two stones there leaves White
        // one eye.
        let board = diagram(
            "
            . . . . .
            . . . . .
            O O . . .
            X O . . .
            . . O . .",
        );
        let a1 = at(&board, "A1");
        assert_eq!(
            EyeSpace::around(&board, a1, Color::White).and_then(|space| space.vital_point()),
            Some(a1)
        );
        assert_eq!(self_atari(&board, Color::Black, a1), SelfAtari::Nakade);
    }
}

#[cfg(test)]
mod walls {
    use super::*;
    use crate::board::tests::{at, diagram};

    #[test]
    fn a_nakade_walled_by_two_opposing_chains_is_still_a_nakade() {
        // White's bulky five A1 A2 B1 B2 C2 is walled by two chains, A3 B3 C3 and C1 D1 D2,
        // which touch only diagonally. Black's A1 A2 B1 and then B2 makes a square four in
        // atari: its capture leaves White one eye.
        let board = diagram(
            "
            . . . . .
            . . . . .
            O O O . .
            X . . O .
            X X O O .",
        );
        let b2 = at(&board, "B2");
        assert_eq!(self_atari(&board, Color::Black, b2), SelfAtari::Nakade);
        assert!(permits(&board, Color::Black, b2));
    }

    #[test]
    fn a_self_atari_in_an_open_space_is_bad_and_a_lone_stone_or_a_free_move_is_not() {
        // Black B2 C2 has the liberties A2 and D2. Black A2 leaves the three stones in atari
        // at D2, and the space runs on past D2 to the open side: no enclosed eye space, so
        // no nakade.
        let board = diagram(
            "
            . . . . .
            . . X . .
            O O O O .
            . X X . .
            O O O O .",
        );
        let a2 = at(&board, "A2");
        assert_eq!(self_atari(&board, Color::Black, a2), SelfAtari::Bad);
        assert!(!permits(&board, Color::Black, a2));
        // A lone stone next to nothing of its own in atari: a single-stone self-atari.
        let lone = diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            O . . . .
            . O . . .",
        );
        assert_eq!(
            self_atari(&lone, Color::Black, at(&lone, "A1")),
            SelfAtari::SingleStone
        );
        // In the open, two liberties or more: no self-atari at all.
        assert_eq!(
            self_atari(&lone, Color::Black, at(&lone, "C3")),
            SelfAtari::None
        );
    }

    #[test]
    fn the_vital_point_of_a_walled_in_group_s_last_eye_space_is_a_nakade_though_it_ataris_the_group()
     {
        // White's one chain A3 B3 C3 B2 C2 C1 has no liberty but its bent three A1 A2 B1,
        // where Black's A2 stands. Black A1 leaves both in atari at B1: White must capture
        // the two stones, and A1 A2 leave it one eye.
        let board = diagram(
            "
            . . . . .
            X X X X .
            O O O X .
            X O O X .
            . . O X .",
        );
        assert_eq!(
            self_atari(&board, Color::Black, at(&board, "A1")),
            SelfAtari::Nakade
        );
    }

    #[test]
    fn filling_a_shared_liberty_of_a_seki_is_bad_though_the_space_is_enclosed() {
        // Black B9 B8 B7 C7 and White D9 D8 D7 share C9 and C8. Black C8 would make a bulky
        // five in White's enclosed space, but it leaves White D9 D8 D7 in atari too, and the
        // space's other wall, White's living group on the A file, is not: White captures
        // first, and the seki is gone.
        let board = diagram(crate::score::tests::SEKI_WITHOUT_EYES);
        for (color, name) in [
            (Color::Black, "C8"),
            (Color::Black, "C9"),
            (Color::White, "C8"),
        ] {
            assert_eq!(self_atari(&board, color, at(&board, name)), SelfAtari::Bad);
        }
    }
}
