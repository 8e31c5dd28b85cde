//! Where handicap stones go: the fixed layouts of docs/rules.md §5 for every size from 7×7 to
//! 25×25, and a free placement for any count. Knows board geometry only: no text, no rules,
//! no game (the game places the stones and decides who moves next).
//!
//! The fixed layout follows the formula of docs/rules.md §5 (GoGui, KataGo, gomill): corner
//! points on the 3rd line up to 12×12 and on the 4th line from 13×13, side and centre points on
//! odd sizes from 9×9 only. With `a` the corner line, `f` the opposite line and `m` the middle,
//! 2 stones are (a,a) (f,f); 3 add (a,f); 4 add (f,a); 5 add the centre; 6 are the four corners
//! and (a,m) (f,m); 7 add the centre; 8 are the six and (m,a) (m,f); 9 add the centre.

use crate::board::{Board, Point};

/// The most stones a fixed layout has on a `size`×`size` board: 9 on odd sizes from 9, 4 on
/// even sizes from 8 and on 7×7, none below 7×7.
pub fn max_fixed(size: usize) -> u32 {
    match size {
        0..=6 => 0,
        7 => 4,
        _ if size % 2 == 1 => 9,
        _ => 4,
    }
}

/// The most stones a free placement may have: every point but one.
pub fn max_free(size: usize) -> usize {
    (size * size).saturating_sub(1)
}

/// The line (0-based from the edge) of the corner handicap points: the 3rd line up to 12×12,
/// the 4th from 13×13; on boards too small for that, the line nearest the centre.
fn corner_line(size: usize) -> usize {
    let line = if size <= 12 { 2 } else { 3 };
    line.min(size.saturating_sub(1) / 2)
}

/// The fixed layout of `count` stones on `board`'s size, in the order of the table (for
/// 19×19: D4 Q16 D16 Q4, then K10, D10 Q10, K4 K16). `None` when the count has no fixed
/// layout on this size (below 2, above `max_fixed`).
pub fn fixed(board: &Board, count: u32) -> Option<Vec<Point>> {
    let size = board.size();
    if count < 2 || count > max_fixed(size) {
        return None;
    }
    let near = corner_line(size);
    let far = size - 1 - near;
    let middle = size / 2;
    let mut coordinates = vec![(near, near), (far, far)];
    if count >= 3 {
        coordinates.push((near, far));
    }
    if count >= 4 {
        coordinates.push((far, near));
    }
    if count >= 6 {
        coordinates.push((near, middle));
        coordinates.push((far, middle));
    }
    if count >= 8 {
        coordinates.push((middle, near));
        coordinates.push((middle, far));
    }
    if count % 2 == 1 && count >= 5 {
        coordinates.push((middle, middle));
    }
    coordinates
        .into_iter()
        .map(|(x, y)| board.point(x, y))
        .collect()
}

/// A free placement of `count` distinct stones on `board`'s size: the fixed layout while there
/// is one, otherwise the full fixed layout (if any) followed by further points chosen one by
/// one, each as far as possible from the stones already chosen: on the third line or further
/// in while such points are left, then on the second line, then on the edge; ties go to the
/// point nearest the corner line, then to the lowest point in board order. Deterministic.
/// `None` when the count is below 2 or above `max_free`.
pub fn free(board: &Board, count: u32) -> Option<Vec<Point>> {
    let size = board.size();
    let wanted = usize::try_from(count).ok()?;
    if wanted < 2 || wanted > max_free(size) {
        return None;
    }
    if let Some(points) = fixed(board, count) {
        return Some(points);
    }
    let mut chosen = fixed(board, max_fixed(size)).unwrap_or_default();
    let candidates: Vec<(usize, usize)> = board.points().map(|p| board.coordinates(p)).collect();
    let mut taken: Vec<bool> = candidates
        .iter()
        .map(|&(x, y)| {
            chosen
                .iter()
                .any(|&point| board.coordinates(point) == (x, y))
        })
        .collect();
    // The smallest squared distance from each candidate to a chosen stone.
    let mut nearest: Vec<usize> = vec![usize::MAX; candidates.len()];
    let distance = |(x1, y1): (usize, usize), (x2, y2): (usize, usize)| {
        x1.abs_diff(x2).pow(2) + y1.abs_diff(y2).pow(2)
    };
    for &point in &chosen {
        let stone = board.coordinates(point);
        for (slot, &candidate) in candidates.iter().enumerate() {
            nearest[slot] = nearest[slot].min(distance(candidate, stone));
        }
    }
    let target_line = corner_line(size);
    let line = |(x, y): (usize, usize)| x.min(y).min(size - 1 - x).min(size - 1 - y);
    while chosen.len() < wanted {
        let best = (0..candidates.len())
            .filter(|&slot| !taken[slot])
            .max_by_key(|&slot| {
                let candidate = candidates[slot];
                (
                    line(candidate).min(2),
                    nearest[slot],
                    std::cmp::Reverse(line(candidate).abs_diff(target_line)),
                    std::cmp::Reverse(slot),
                )
            })?;
        taken[best] = true;
        let (x, y) = candidates[best];
        chosen.push(board.point(x, y)?);
        for (slot, &candidate) in candidates.iter().enumerate() {
            nearest[slot] = nearest[slot].min(distance(candidate, (x, y)));
        }
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::at;

    fn names(board: &Board, points: &[Point]) -> Vec<String> {
        const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
        points
            .iter()
            .map(|&point| {
                let (x, y) = board.coordinates(point);
                format!("{}{}", &LETTERS[x..=x], y + 1)
            })
            .collect()
    }

    fn fixed_names(size: usize, count: u32) -> Option<String> {
        let board = Board::new(size).unwrap();
        fixed(&board, count).map(|points| names(&board, &points).join(" "))
    }

    #[test]
    fn the_nineteen_by_nineteen_layouts_follow_the_table() {
        let table = [
            (2, "D4 Q16"),
            (3, "D4 Q16 D16"),
            (4, "D4 Q16 D16 Q4"),
            (5, "D4 Q16 D16 Q4 K10"),
            (6, "D4 Q16 D16 Q4 D10 Q10"),
            (7, "D4 Q16 D16 Q4 D10 Q10 K10"),
            (8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
            (9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
        ];
        for (count, expected) in table {
            assert_eq!(fixed_names(19, count).as_deref(), Some(expected), "{count}");
        }
    }

    #[test]
    fn small_and_large_boards_use_the_third_and_fourth_lines() {
        assert_eq!(fixed_names(7, 4).as_deref(), Some("C3 E5 C5 E3"));
        assert_eq!(
            fixed_names(9, 9).as_deref(),
            Some("C3 G7 C7 G3 C5 G5 E3 E7 E5")
        );
        assert_eq!(fixed_names(9, 6).as_deref(), Some("C3 G7 C7 G3 C5 G5"));
        assert_eq!(fixed_names(12, 4).as_deref(), Some("C3 K10 C10 K3"));
        assert_eq!(fixed_names(13, 3).as_deref(), Some("D4 K10 D10"));
        assert_eq!(
            fixed_names(13, 9).as_deref(),
            Some("D4 K10 D10 K4 D7 K7 G4 G10 G7")
        );
        assert_eq!(
            fixed_names(25, 9).as_deref(),
            Some("D4 W22 D22 W4 D13 W13 N4 N22 N13")
        );
    }

    #[test]
    fn counts_without_a_fixed_layout_are_refused() {
        for (size, count) in [
            (19, 0),
            (19, 1),
            (19, 10),
            (18, 5),
            (8, 5),
            (7, 5),
            (6, 2),
            (2, 2),
        ] {
            assert_eq!(fixed_names(size, count), None, "{size}×{size}, {count}");
        }
        assert_eq!(max_fixed(25), 9);
        assert_eq!(max_fixed(24), 4);
        assert_eq!(max_fixed(7), 4);
        assert_eq!(max_fixed(6), 0);
    }

    #[test]
    fn free_placement_uses_the_fixed_layout_while_there_is_one() {
        let board = Board::new(19).unwrap();
        for count in 2..=9 {
            assert_eq!(free(&board, count), fixed(&board, count));
        }
    }

    #[test]
    fn free_placement_spreads_further_stones_between_the_fixed_ones() {
        let board = Board::new(19).unwrap();
        let points = free(&board, 13).unwrap();
        assert_eq!(points[..9], fixed(&board, 9).unwrap()[..]);
        // The four points midway between the corner, side and centre stones come next.
        let mut extra = names(&board, &points[9..]);
        extra.sort();
        assert_eq!(extra, ["G13", "G7", "N13", "N7"]);
        assert!(!points.contains(&at(&board, "A1")));
    }

    #[test]
    fn free_placement_gives_distinct_points_for_every_valid_count_and_refuses_the_rest() {
        for size in [2, 3, 5, 6, 9, 19] {
            let board = Board::new(size).unwrap();
            let most = max_free(size) as u32;
            for count in [2, 3, 5, 9, 10, 20, most - 1, most] {
                if count < 2 || count > most {
                    continue;
                }
                let points = free(&board, count).unwrap();
                assert_eq!(points.len(), count as usize, "{size}×{size}, {count}");
                let mut sorted = points.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(
                    sorted.len(),
                    points.len(),
                    "{size}×{size}, {count}: repeats"
                );
            }
            assert_eq!(free(&board, 0), None);
            assert_eq!(free(&board, 1), None);
            assert_eq!(free(&board, most + 1), None);
        }
    }

    #[test]
    fn free_placement_fills_the_third_line_and_inside_before_the_second_line_and_the_edge() {
        let board = Board::new(19).unwrap();
        let line = |point: Point| {
            let (x, y) = board.coordinates(point);
            x.min(y).min(18 - x).min(18 - y)
        };
        // Lines 3 to 17 hold 15 × 15 = 225 points.
        let points = free(&board, 225).unwrap();
        assert!(points.iter().all(|&point| line(point) >= 2));
        let points = free(&board, 225 + 64).unwrap();
        assert!(points[225..].iter().all(|&point| line(point) == 1));
    }

    #[test]
    fn free_placement_on_a_board_without_fixed_layout_avoids_the_edge_first() {
        let board = Board::new(5).unwrap();
        let points = free(&board, 4).unwrap();
        for &point in &points {
            let (x, y) = board.coordinates(point);
            assert!((1..=3).contains(&x) && (1..=3).contains(&y), "{x},{y}");
        }
        assert_eq!(free(&board, 4), Some(points), "deterministic");
    }
}
