//! Counting a finished (or unfinished) game under its ruleset: area, territory, or territory
//! with pass stones; komi and the handicap bonus; and the text of a result. Knows no GTP text
//! and no player: the result is numbers and points.
//!
//! The end-of-game judgement that decides which stones the count removes lives beside it, one
//! job to a file, all reachable as `score::…`:
//!
//! - `benson`: unconditional life (Benson's algorithm) and chains no opponent can reach;
//! - `judgement`: the Monte-Carlo judgement of dead chains and seki (`judge`);
//! - `ownership`: the Monte-Carlo estimate of who owns each point (`ownership`).
//!
//! The tests of all four stay here, where the worked counts of docs/rules.md §3 use them together.

mod benson;
mod judgement;
mod ownership;

pub use benson::{unconditionally_alive, unopposed};
pub use judgement::{
    DEAD_SHARE, JUDGEMENT_PLAYOUTS, Judgement, SEKI_SHARE, Status, chains, judge, judge_board,
    judge_board_from,
};
pub use ownership::{Ownership, ownership};

use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::rules::Scoring;

/// One side's count, item by item.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Empty points surrounded by this colour alone (after dead stones are removed).
    pub territory: u32,
    /// Own stones left on the board after dead stones are removed (they count under area
    /// scoring only).
    pub stones: u32,
    /// Opposing stones captured during play.
    pub captures: u32,
    /// Opposing dead stones removed at the end.
    pub dead: u32,
    /// Pass stones received from the opponent.
    pub pass_stones: u32,
    /// Komi (White only).
    pub komi: f64,
    /// Handicap compensation (White only).
    pub handicap_bonus: u32,
    /// The total this side scores under the ruleset.
    pub total: f64,
}

/// The count of a game: both tallies and the margin (Black minus White).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Black's count.
    pub black: Tally,
    /// White's count.
    pub white: Tally,
    /// Black's total minus White's total: positive means Black wins, 0 a draw.
    pub margin: f64,
}

impl Score {
    /// The tally of `color`.
    pub fn tally(&self, color: Color) -> &Tally {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// A result whose margin (Black's points minus White's) is `margin`: `B+x`, `W+x`, or `0` for a
/// draw, x as `points_text` writes it (`W+7.0`, `B+2.5`). The one formatter of results: GTP
/// `final_score` answers with it and SGF `RE` records it.
pub fn result_text(margin: f64) -> String {
    if margin > 0.0 {
        format!("B+{}", points_text(margin))
    } else if margin < 0.0 {
        format!("W+{}", points_text(-margin))
    } else {
        "0".to_string()
    }
}

/// A number of points: `7` stays `7.0`, `2.5` stays `2.5` (one decimal at least, as GNU Go and
/// the controllers that parse it expect, and never a rounded fraction).
pub fn points_text(points: f64) -> String {
    if points.fract() == 0.0 {
        format!("{points:.1}")
    } else {
        format!("{points}")
    }
}

/// The score `final_score` gives: `game` counted under its rules after the end-of-game
/// judgement (`judge`) has removed the dead stones and marked the chains in seki.
pub fn final_count(game: &Game) -> Score {
    let judgement = judge(game);
    count(game, &judgement.dead, &judgement.seki)
}

/// Counts `game` under its ruleset, with the stones on `dead` taken off the board as dead
/// (each point of a dead chain may be listed; under rules where every stone is alive, pass
/// an empty list).
///
/// - Area: own stones + territory, + komi and the handicap bonus for White.
/// - Territory: territory + captures + dead stones (+ pass stones under pass-stone rules),
///   and komi for White. Pass stones are credited for the passes actually played, and White
///   makes the last pass: when play ended with White's pass then Black's, White hands over
///   one more (docs/rules.md §2.9). The handicap bonus of such rules (N − 1) is
///   already contained in this count: it is exactly what area counting needs to agree with it.
/// - Rules without seki territory (Japanese, Korean) count no territory in regions that
///   touch a chain in seki: `seki` lists the points of such chains.
pub fn count(game: &Game, dead: &[Point], seki: &[Point]) -> Score {
    let rules = game.rules();
    let mut board = game.board().clone();
    let mut dead_counts = [0u32; 2];
    for &point in dead {
        if let Some(color) = board.get(point) {
            dead_counts[color.index()] += board.remove_chain_at(point);
        }
    }
    let territory = territory(&board, if rules.seki_eyes_count { &[] } else { seki });
    let stones = board.stone_counts();

    let mut pass_stones = [0u32; 2];
    if rules.pass_stones {
        pass_stones[Color::Black.index()] = game.passes_by(Color::White);
        pass_stones[Color::White.index()] = game.passes_by(Color::Black);
        if game.ended_with_black_pass() {
            pass_stones[Color::Black.index()] += 1;
        }
    }

    let mut tallies = [Tally::default(); 2];
    for color in Color::BOTH {
        let me = color.index();
        let opponent = color.opponent().index();
        let tally = &mut tallies[me];
        tally.territory = territory[me];
        tally.stones = stones[me];
        tally.captures = game.board().captured_by(color);
        tally.dead = dead_counts[opponent];
        tally.pass_stones = pass_stones[me];
        if color == Color::White {
            tally.komi = game.komi();
        }
        let points = match rules.scoring {
            Scoring::Area => {
                if color == Color::White {
                    tally.handicap_bonus = rules.handicap_bonus.points(game.handicap());
                }
                tally.stones + tally.territory + tally.handicap_bonus
            }
            Scoring::Territory => tally.territory + tally.captures + tally.dead + tally.pass_stones,
        };
        tally.total = points as f64 + tally.komi;
    }
    let [black, white] = tallies;
    Score {
        black,
        white,
        margin: black.total - white.total,
    }
}

/// Empty points in regions bordered by one colour only, for each colour. A region that touches
/// a point in `excluded` (a chain in seki) counts for nobody.
pub fn territory(board: &Board, excluded: &[Point]) -> [u32; 2] {
    let owners = region_owners(board, excluded);
    let mut counts = [0; 2];
    for owner in owners.into_iter().flatten() {
        counts[owner.index()] += 1;
    }
    counts
}

/// For each point in `board.points()` order: the colour owning it as territory, or `None`
/// (stones, dame, and regions touching `excluded`).
pub fn region_owners(board: &Board, excluded: &[Point]) -> Vec<Option<Color>> {
    let points: Vec<Point> = board.points().collect();
    let size = board.size();
    let slot = |point: Point| {
        let (x, y) = board.coordinates(point);
        y * size + x
    };
    let mut owner: Vec<Option<Color>> = vec![None; points.len()];
    let mut visited = vec![false; points.len()];
    for &start in &points {
        if visited[slot(start)] || board.get(start).is_some() {
            continue;
        }
        let mut region = vec![start];
        let mut todo = vec![start];
        visited[slot(start)] = true;
        let mut borders = [false; 2];
        let mut touches_excluded = false;
        while let Some(point) = todo.pop() {
            for neighbour in board.neighbours(point) {
                match board.get(neighbour) {
                    Some(color) => {
                        borders[color.index()] = true;
                        touches_excluded |= excluded.contains(&neighbour);
                    }
                    None if !visited[slot(neighbour)] => {
                        visited[slot(neighbour)] = true;
                        region.push(neighbour);
                        todo.push(neighbour);
                    }
                    None => {}
                }
            }
        }
        let region_owner = match borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        if !touches_excluded {
            for point in region {
                owner[slot(point)] = region_owner;
            }
        }
    }
    owner
}

/// The points each colour counts as territory once the `dead` stones are off the board, Black's
/// first: the empty points surrounded by that colour alone, and the points of the opposing
/// dead stones. Regions touching a chain in `seki` count for nobody under rules without seki
/// territory, as in `count`.
pub fn territory_points(game: &Game, dead: &[Point], seki: &[Point]) -> [Vec<Point>; 2] {
    let mut board = game.board().clone();
    for &point in dead {
        if board.get(point).is_some() {
            board.remove_chain_at(point);
        }
    }
    let excluded = if game.rules().seki_eyes_count {
        &[][..]
    } else {
        seki
    };
    let mut points = [Vec::new(), Vec::new()];
    for (point, owner) in board.points().zip(region_owners(&board, excluded)) {
        if let Some(color) = owner {
            points[color.index()].push(point);
        }
    }
    points
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::Point;
    use crate::board::tests::{at, diagram};
    use crate::game::tests::{SETTLED, game_after, parse};
    use crate::game::{Game, Move};
    use crate::rules::Rules;

    /// A game under `rules` whose position is the diagram (as setup stones), Black to move.
    fn game_from(rules: Rules, text: &str) -> Game {
        let board = diagram(text);
        let mut game = Game::new(board.size(), rules, 7.5).unwrap();
        let stones: Vec<(Color, Point)> = board
            .points()
            .filter_map(|point| board.get(point).map(|color| (color, point)))
            .collect();
        game.place_setup(&stones, false).unwrap();
        game
    }

    /// The points named by GTP vertices, sorted as judgements list them.
    fn points(board: &Board, names: &[&str]) -> Vec<Point> {
        let mut points: Vec<Point> = names.iter().map(|name| at(board, name)).collect();
        points.sort();
        points
    }

    /// A seki without eyes at the top: black B9 B8 B7 C7 and white D9 D8 D7 share the
    /// liberties C9 and C8, and whoever fills one is captured. Black's group on the right is
    /// alive unconditionally (eyes F9, H9 and row 7); White owns rows 1–4.
    pub(crate) const SEKI_WITHOUT_EYES: &str = "
        O X . O X . X . X
        O X . O X X X X X
        O X X O X . . . .
        O O O X X X X X X
        O O O O O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    /// A seki with eyes at the top: black B9 A8 B8 C8 (eye A9) and white D9 D8 E8 F8 F9
    /// (eye E9) share the one liberty C9. White's outer group owns A1–B6, Black's the right.
    pub(crate) const SEKI_WITH_EYES: &str = "
        . X . O . O X . X
        X X X O O O X X X
        O O O X X X X . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .";

    /// Walls on E (black) and F (white); white C7 is dead in Black's area, black H4 dead in
    /// White's, white H8 is alive.
    const DEAD_STONES: &str = "
        . . . . X O . . .
        . . . . X O . O .
        . . O . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . X .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .";

    #[test]
    fn results_are_written_b_plus_w_plus_or_zero_with_one_decimal_at_least() {
        assert_eq!(result_text(2.5), "B+2.5");
        assert_eq!(result_text(-7.0), "W+7.0");
        assert_eq!(result_text(0.0), "0");
        assert_eq!(points_text(7.0), "7.0");
        assert_eq!(points_text(2.5), "2.5");
        assert_eq!(points_text(0.25), "0.25");
    }

    #[test]
    fn an_empty_board_scores_komi_for_white() {
        let game = Game::new(9, Rules::CHINESE, 7.0).unwrap();
        let score = count(&game, &[], &[]);
        assert_eq!(score.margin, -7.0);
    }

    #[test]
    fn area_counting_adds_stones_and_surrounded_points() {
        // Black owns columns A–D, White columns F–J, E is a wall of black stones.
        let mut moves = Vec::new();
        for row in 1..=9 {
            moves.push(format!("B D{row}"));
            moves.push(format!("W E{row}"));
        }
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let game = game_after(9, Rules::CHINESE, &moves);
        let score = count(&game, &[], &[]);
        assert_eq!(score.black.stones, 9);
        assert_eq!(score.black.territory, 27);
        assert_eq!(score.white.stones, 9);
        assert_eq!(score.white.territory, 36);
        assert_eq!(score.black.total, 36.0);
        assert_eq!(score.white.total, 45.0 + 7.5);
        assert_eq!(score.margin, 36.0 - 52.5);
    }

    #[test]
    fn pass_stones_go_to_the_opponent_and_white_passes_last() {
        // docs/rules.md §2.9: the pass sequence W, B, W gives Black two white prisoners and White
        // one black prisoner.
        let game = game_after(9, Rules::BGA, &["B E5", "W pass", "B pass", "W pass"]);
        let score = count(&game, &[], &[]);
        assert_eq!(score.black.pass_stones, 2);
        assert_eq!(score.white.pass_stones, 1);
        // Ending W, B: White's last pass is added all the same.
        let game = game_after(9, Rules::BGA, &["B E5", "W pass", "B pass"]);
        let score = count(&game, &[], &[]);
        assert_eq!(score.black.pass_stones, 2);
        assert_eq!(score.white.pass_stones, 1);
    }

    #[test]
    fn a_count_credits_only_the_passes_played_and_white_s_closing_pass() {
        // docs/rules.md §2.9 on `SETTLED` (5 points of territory each, komi 0): every pass played
        // hands the opponent a stone under bga; when play ended with White's pass then
        // Black's, White's closing pass stone is added. Area rules count no pass stones.
        for (passes, bga_margin) in [
            (&["B pass", "B pass"][..], -2.0),
            (&["W pass", "W pass"][..], 2.0),
            (&["B pass", "W pass"][..], 0.0),
            (&["W pass", "B pass"][..], 1.0),
            (&["W pass", "B pass", "W pass"][..], 1.0),
            (&["W pass", "B pass", "B pass"][..], -1.0),
            (&["B pass"][..], -1.0),
        ] {
            for rules in [Rules::BGA, Rules::AGA, Rules::CHINESE, Rules::JAPANESE] {
                let mut game = Game::new(5, rules, 0.0).unwrap();
                let drawn = diagram(SETTLED);
                let mut stones: Vec<(Color, Point)> = drawn
                    .points()
                    .filter_map(|point| drawn.get(point).map(|color| (color, point)))
                    .collect();
                // Same-colour plays, as a GUI replays setup stones.
                stones.sort_by_key(|&(color, _)| color == Color::Black);
                for (color, point) in stones {
                    game.play(color, Move::Place(point)).unwrap();
                }
                for text in passes {
                    let (color, turn) = parse(&game, text);
                    game.play(color, turn).unwrap();
                }
                let expected = if rules.pass_stones { bga_margin } else { 0.0 };
                let score = count(&game, &[], &[]);
                assert_eq!(score.margin, expected, "{} {passes:?}", rules.name);
            }
        }
    }

    #[test]
    fn territory_counting_with_pass_stones_agrees_with_area_counting() {
        let moves = [
            "B D5", "W F5", "B D4", "W F4", "B D6", "W F6", "B D3", "W F3", "B D7", "W F7", "B D2",
            "W F2", "B D8", "W F8", "B D1", "W F1", "B D9", "W F9", "B E5", "W pass", "B pass",
            "W pass",
        ];
        let bga = count(&game_after(9, Rules::BGA, &moves), &[], &[]);
        let chinese = count(&game_after(9, Rules::CHINESE, &moves), &[], &[]);
        assert_eq!(bga.margin, chinese.margin);
    }

    #[test]
    fn dead_stones_are_removed_and_counted_as_prisoners() {
        let game = game_after(9, Rules::JAPANESE, &["B E5", "W A1"]);
        let a1 = crate::board::tests::at(game.board(), "A1");
        let score = count(&game, &[a1], &[]);
        assert_eq!(score.black.dead, 1);
        assert_eq!(score.black.territory, 80);
        assert_eq!(score.white.territory, 0);
    }

    #[test]
    fn a_chain_with_two_one_point_eyes_is_alive_unconditionally() {
        let board = diagram(
            "
            . X . X .
            X X X X X
            . . . . .
            . . O . .
            . . . . .",
        );
        let alive = unconditionally_alive(&board, Color::Black);
        assert_eq!(
            alive,
            points(&board, &["B5", "D5", "A4", "B4", "C4", "D4", "E4"])
        );
        assert!(unconditionally_alive(&board, Color::White).is_empty());
    }

    #[test]
    fn a_chain_with_one_eye_or_a_big_eye_space_is_not_alive_unconditionally() {
        let one_eye = diagram(
            "
            . X O . .
            X X O . .
            O O O . .
            . . . . .
            . . . . .",
        );
        assert!(unconditionally_alive(&one_eye, Color::Black).is_empty());
        // Two empty points, only one of which touches the chain's stones: not vital.
        let big_eye = diagram(
            "
            . . X . .
            . X X . .
            X X . . .
            . . . . .
            . . . . .",
        );
        assert!(unconditionally_alive(&big_eye, Color::Black).is_empty());
    }

    #[test]
    fn chains_that_share_their_eyes_are_alive_together() {
        // Three chains: B5, D5 and the chain of rows 3–4. Each of A5, B4, C5, D4 and E5 is
        // an eye bordered by two or three of them, and each chain borders at least three.
        let board = diagram(
            "
            . X . X .
            X . X . X
            X X X X X
            . . . . .
            . O . . .",
        );
        let alive = unconditionally_alive(&board, Color::Black);
        assert_eq!(alive.len(), 10);
    }

    #[test]
    fn an_eye_next_to_a_chain_that_can_be_captured_is_not_a_sure_eye() {
        // A5 and B4 are eyes of B5 and A4, but B4 also borders C4-C3-B3, which is in atari
        // (its last liberty is B4): once it is gone, B4 is no eye. Nothing here is sure.
        let board = diagram(
            "
            . X O . .
            X . X O .
            O X X O .
            O O O O .
            . . . . .",
        );
        assert!(unconditionally_alive(&board, Color::Black).is_empty());
    }

    #[test]
    fn the_seki_without_eyes_is_found_and_its_shared_liberties_are_nobody_s() {
        let game = game_from(Rules::CHINESE, SEKI_WITHOUT_EYES);
        let board = game.board();
        let judgement = judge(&game);
        assert_eq!(judgement.dead, Vec::new());
        assert_eq!(
            judgement.seki,
            points(board, &["B9", "B8", "B7", "C7", "D9", "D8", "D7"])
        );
        let score = count(&game, &judgement.dead, &judgement.seki);
        assert_eq!((score.black.stones, score.black.territory), (19, 6));
        assert_eq!((score.white.stones, score.white.territory), (18, 36));
        assert_eq!(score.margin, 25.0 - 54.0 - 7.5);
    }

    #[test]
    fn the_seki_with_eyes_is_found_and_its_eyes_count_only_where_seki_eyes_count() {
        let chinese = game_from(Rules::CHINESE, SEKI_WITH_EYES);
        let board = chinese.board();
        let judgement = judge(&chinese);
        assert_eq!(judgement.dead, Vec::new());
        assert_eq!(
            judgement.seki,
            points(
                board,
                &["B9", "A8", "B8", "C8", "D9", "D8", "E8", "F8", "F9"]
            )
        );
        // Area: the eyes A9 and E9 count, the shared liberty C9 does not.
        let score = count(&chinese, &judgement.dead, &judgement.seki);
        assert_eq!((score.black.stones, score.black.territory), (19, 34));
        assert_eq!((score.white.stones, score.white.territory), (14, 13));
        assert_eq!(score.margin, 53.0 - 27.0 - 7.5);
        // Japanese: no territory inside the seki, so A9 and E9 count for nobody.
        let japanese = game_from(Rules::JAPANESE, SEKI_WITH_EYES);
        let judgement = judge(&japanese);
        let score = count(&japanese, &judgement.dead, &judgement.seki);
        assert_eq!(score.black.territory, 33);
        assert_eq!(score.white.territory, 12);
        assert_eq!(score.margin, 33.0 - 12.0 - 7.5);
    }

    #[test]
    fn stones_inside_the_opponent_s_area_are_dead_and_counted_as_prisoners() {
        let game = game_from(Rules::JAPANESE, DEAD_STONES);
        let board = game.board();
        let judgement = judge(&game);
        assert_eq!(judgement.dead, points(board, &["C7", "H4"]));
        assert_eq!(judgement.seki, Vec::new());
        let score = count(&game, &judgement.dead, &judgement.seki);
        assert_eq!((score.black.territory, score.black.dead), (36, 1));
        assert_eq!((score.white.territory, score.white.dead), (26, 1));
        let chinese = game_from(Rules::CHINESE, DEAD_STONES);
        let judgement = judge(&chinese);
        assert_eq!(
            count(&chinese, &judgement.dead, &[]).margin,
            45.0 - 36.0 - 7.5
        );
    }

    #[test]
    fn under_tromp_taylor_every_stone_is_alive() {
        let game = game_from(Rules::TROMP_TAYLOR, DEAD_STONES);
        assert_eq!(judge(&game), Judgement::default());
        let game = game_from(Rules::TROMP_TAYLOR, SEKI_WITH_EYES);
        assert_eq!(judge(&game), Judgement::default());
    }

    #[test]
    fn an_empty_board_and_an_opening_have_nothing_dead() {
        let empty = Game::new(19, Rules::BGA, 7.5).unwrap();
        assert_eq!(judge(&empty), Judgement::default());
        let opening = game_after(
            19,
            Rules::BGA,
            &["B Q16", "W D4", "B Q4", "W D16", "B C3", "W K10"],
        );
        assert_eq!(judge(&opening).dead, Vec::new());
    }

    #[test]
    fn a_lone_stone_is_alive_however_weak_it_looks() {
        // Random playouts take the corner stone about half the time, but nothing opposes it.
        let corner = game_after(9, Rules::CHINESE, &["B A1"]);
        assert_eq!(judge(&corner), Judgement::default());
        assert_eq!(count(&corner, &[], &[]).margin, 81.0 - 7.5);
        let board = diagram(
            "
            X . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . X",
        );
        assert_eq!(unopposed(&board, Color::Black).len(), 3);
        let opposed = diagram(
            "
            X . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . O",
        );
        assert!(unopposed(&opposed, Color::Black).is_empty());
        assert!(unopposed(&opposed, Color::White).is_empty());
    }

    #[test]
    fn the_judgement_is_a_function_of_the_position_alone() {
        let first = judge(&game_from(Rules::JAPANESE, DEAD_STONES));
        for _ in 0..3 {
            assert_eq!(judge(&game_from(Rules::JAPANESE, DEAD_STONES)), first);
        }
        // The same position reached by moves instead of setup stones: the same answer.
        let moves = [
            "B E9", "W F9", "B E8", "W F8", "B E7", "W F7", "B E6", "W F6", "B E5", "W F5", "B E4",
            "W F4", "B E3", "W F3", "B E2", "W F2", "B E1", "W F1", "B H4", "W H8", "B pass",
            "W C7",
        ];
        let played = game_after(9, Rules::JAPANESE, &moves);
        assert_eq!(judge(&played), first);
    }

    /// docs/rules.md §3, the worked BGA count, as a real game (komi 7.5). White D1–D7 is
    /// captured by Black D8 (7 prisoners); Black J5 is captured by White H5 (1 prisoner); then
    /// Black passes and White passes, one pass stone each. The final position:
    ///
    /// ```text
    ///     A B C D E F G H J
    ///  9  . . X X O . . . .
    ///  8  . . X X O . . . .
    ///  7  . . X X X O O . .
    ///  6  . . X X X O O . O
    ///  5  . . X X X O O O .
    ///  4  . . X X X O O . O
    ///  3  . . X X X O O . .
    ///  2  . . X X X O O . .
    ///  1  . . X X X O O . .
    /// ```
    pub(crate) const BGA_WORKED_EXAMPLE: [&str; 54] = [
        "B C1", "W D1", "B C2", "W D2", "B C3", "W D3", "B C4", "W D4", "B C5", "W D5", "B C6",
        "W D6", "B C7", "W D7", "B E1", "W G1", "B E2", "W G2", "B E3", "W G3", "B E4", "W G4",
        "B E5", "W G5", "B E6", "W G6", "B E7", "W G7", "B D8", "W F1", "B D1", "W F2", "B D2",
        "W F3", "B D3", "W F4", "B D4", "W F5", "B D5", "W F6", "B D6", "W F7", "B D7", "W E8",
        "B C8", "W E9", "B C9", "W J4", "B J5", "W J6", "B D9", "W H5", "B pass", "W pass",
    ];

    #[test]
    fn the_worked_bga_count_of_rules_section_three() {
        let game = game_after(9, Rules::BGA, &BGA_WORKED_EXAMPLE);
        assert!(game.is_over());
        let judgement = judge(&game);
        assert_eq!(judgement, Judgement::default());
        let score = count(&game, &judgement.dead, &judgement.seki);
        let black = score.black;
        assert_eq!((black.territory, black.captures, black.dead), (18, 7, 0));
        assert_eq!((black.pass_stones, black.total), (1, 26.0));
        let white = score.white;
        assert_eq!((white.territory, white.captures, white.dead), (19, 1, 0));
        assert_eq!((white.pass_stones, white.komi, white.total), (1, 7.5, 28.5));
        assert_eq!(score.margin, -2.5);
        // Area counting agrees, as docs/rules.md §3 says it must: 25 + 18 against 19 + 19 + 7.5.
        let chinese = game_after(9, Rules::CHINESE, &BGA_WORKED_EXAMPLE);
        assert_eq!(count(&chinese, &[], &[]).margin, -2.5);
    }

    /// The value of `ownership` at a vertex.
    fn value_at(board: &Board, ownership: &Ownership, name: &str) -> f64 {
        let slot = board.points().position(|point| point == at(board, name));
        ownership.values[slot.unwrap()]
    }

    /// Two groups that live unconditionally (four eyes each), Black on columns A–D and White
    /// on E–J, with a dead white stone at B5 and a dead black stone at H5.
    const TWO_LIVING_GROUPS: &str = "
        . X . X O . O . O
        X X X X O O O O O
        . . . X O . . . .
        . . . X O . . . .
        . O . X O . . X .
        . . . X O . . . .
        . . . X O . . . .
        X X X X O O O O O
        . X . X O . O . O";

    #[test]
    fn ownership_sees_living_groups_their_areas_and_dead_stones_and_repeats_itself() {
        let game = game_from(Rules::CHINESE, TWO_LIVING_GROUPS);
        let board = game.board();
        let estimate = ownership(board, Color::Black, 200, || false);
        assert_eq!(estimate.playouts, 200);
        assert_eq!(estimate.values.len(), 81);
        // The living stones and eyes are owned in every playout; the areas and the dead
        // stones in nearly all.
        for (vertex, owner) in [("D5", 1.0), ("A9", 1.0), ("E5", -1.0), ("J9", -1.0)] {
            assert_eq!(value_at(board, &estimate, vertex), owner, "{vertex}");
        }
        for (vertex, owner) in [("A5", 1.0), ("B5", 1.0), ("J5", -1.0), ("H5", -1.0)] {
            let value = value_at(board, &estimate, vertex);
            assert!(value * owner > 0.8, "{vertex}: {value}");
        }
        // Black's area is 36 points, White's 45.
        assert!(
            (estimate.area_margin + 9.0).abs() < 2.0,
            "{}",
            estimate.area_margin
        );
        assert_eq!(ownership(board, Color::Black, 200, || false), estimate);
    }

    #[test]
    fn ownership_stops_when_asked_after_the_playout_under_way() {
        let board = Board::new(9).unwrap();
        let mut asked = 0;
        let estimate = ownership(&board, Color::Black, 1_000_000, || {
            asked += 1;
            asked == 3
        });
        assert_eq!(estimate.playouts, 3);
        assert!(estimate.values.iter().all(|value| value.abs() <= 1.0));
    }

    #[test]
    fn territory_points_count_the_points_of_dead_stones_for_the_capturer() {
        let game = game_from(Rules::CHINESE, DEAD_STONES);
        let board = game.board();
        let dead = points(board, &["C7", "H4"]);
        let [black, white] = territory_points(&game, &dead, &[]);
        // Columns A–D for Black (C7 included), G–J for White but H8's point.
        assert_eq!(black.len(), 36);
        assert!(black.contains(&at(board, "C7")));
        assert_eq!(white.len(), 26);
        assert!(white.contains(&at(board, "H4")));
        assert!(!white.contains(&at(board, "H8")));
    }
}
