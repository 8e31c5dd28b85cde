//! Counting a finished (or unfinished) game under its ruleset: area, territory, or territory
//! with pass stones; komi and the handicap bonus. Knows no GTP text: the result is numbers.

use crate::board::{Board, Color, Point};
use crate::game::{Game, Move};
use crate::rules::Scoring;

/// One side's count, item by item.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Empty points surrounded by this colour alone (after dead stones are removed).
    pub territory: u32,
    /// Own stones left on the board (counted under area scoring only).
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

/// Counts `game` under its ruleset, with the stones on `dead` taken off the board as dead
/// (each point of a dead chain may be listed; under rules where every stone is alive, pass
/// an empty list).
///
/// - Area: own stones + territory, + komi and the handicap bonus for White.
/// - Territory: territory + captures + dead stones (+ pass stones under pass-stone rules),
///   and komi for White. Under pass-stone rules White makes the last pass: if Black passed
///   last, White hands over one more pass stone. The handicap bonus of such rules (N − 1) is
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
        if matches!(game.moves().last(), Some((Color::Black, Move::Pass))) && game.is_over() {
            pass_stones[Color::Black.index()] += 1;
        }
    }

    let mut tallies = [Tally::default(); 2];
    for color in Color::BOTH {
        let me = color.index();
        let opponent = color.opponent().index();
        let tally = &mut tallies[me];
        tally.territory = territory[me];
        tally.captures = game.board().captured_by(color);
        tally.dead = dead_counts[opponent];
        tally.pass_stones = pass_stones[me];
        if color == Color::White {
            tally.komi = game.komi();
        }
        let points = match rules.scoring {
            Scoring::Area => {
                tally.stones = stones[me];
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::game_after;
    use crate::rules::Rules;

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
        // RULES.md §2.9: the pass sequence W, B, W gives Black two white prisoners and White
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
}
