//! The selection policy: which child a simulation descends into. Each child's urgency blends
//! its real and prior experience with its AMAF mean by RAVE's minimum-MSE schedule; the most
//! urgent child wins. Knows the nodes' statistics, not the board or the rules.

use super::tree::{Children, Experience, Node};
use crate::game::Move;

/// The value the selection sees for a node with `experience`: real and prior experience
/// together, blended with the AMAF mean by the minimum-MSE schedule
/// `β = ñ / (ñ + n + n·ñ/K)` (docs/search.md §1.2), where n counts the prior visits too and
/// K is `rave_equivalence`. No exploration term: the even prior and RAVE explore.
#[inline]
pub fn urgency(experience: Experience, rave_equivalence: f32) -> f32 {
    let visits = experience.visits as f32 + experience.prior_visits;
    let wins = experience.wins as f32 + experience.prior_wins;
    let value = if visits > 0.0 { wins / visits } else { 0.5 };
    let amaf_visits = experience.amaf_visits as f32;
    if amaf_visits == 0.0 {
        return value;
    }
    let amaf_value = experience.amaf_wins as f32 / amaf_visits;
    let beta = amaf_visits / (amaf_visits + visits + visits * amaf_visits / rave_equivalence);
    (1.0 - beta) * value + beta * amaf_value
}

/// The selectable child of highest urgency, looking from `offset` (modulo the count) on so
/// that ties fall to a random child, but never to a pass when another child ties with it;
/// `None` when no child is selectable.
pub fn most_urgent(children: &Children, offset: usize, rave_equivalence: f32) -> Option<&Node> {
    let count = children.len();
    let offset = offset % count.max(1);
    let mut best: Option<&Node> = None;
    let mut best_urgency = f32::NEG_INFINITY;
    let rotated = children
        .iter()
        .skip(offset)
        .chain(children.iter().take(offset));
    for child in rotated {
        if !child.is_selectable() {
            continue;
        }
        let urgency = urgency(child.experience(), rave_equivalence);
        let better = urgency > best_urgency
            || (urgency == best_urgency && best.is_some_and(|node| node.turn() == Move::Pass));
        if better {
            best = Some(child);
            best_urgency = urgency;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    fn point(index: u16) -> Move {
        Move::Place(Point(index))
    }

    #[test]
    fn urgency_is_the_prior_mean_before_any_playout_and_moves_to_the_amaf_mean() {
        let node = Node::new(point(30), 7.0, 14.0);
        assert_eq!(urgency(node.experience(), 3000.0), 0.5);
        for _ in 0..100 {
            node.add_amaf(true);
        }
        // β = 100 / (100 + 14 + 14·100/3000) ≈ 0.874: mostly the AMAF mean of 1.
        let value = urgency(node.experience(), 3000.0);
        assert!((value - (0.874 + 0.126 * 0.5)).abs() < 0.01, "{value}");
        for _ in 0..10_000 {
            node.add_visit();
        }
        // Many real losses: the real mean takes over.
        assert!(urgency(node.experience(), 3000.0) < 0.3);
    }

    #[test]
    fn a_node_with_no_experience_at_all_has_the_neutral_urgency_of_one_half() {
        let bare = Node::new(point(30), 0.0, 0.0);
        assert_eq!(urgency(bare.experience(), 3000.0), 0.5);
    }

    #[test]
    fn a_tie_goes_to_the_first_tied_child_from_the_offset_on_round_the_children() {
        let children = Children::new(
            vec![
                Node::new(point(30), 7.0, 14.0),
                Node::new(point(31), 7.0, 14.0),
                Node::new(point(32), 3.0, 14.0),
            ],
            0,
            0,
        );
        let chosen = |offset| most_urgent(&children, offset, 3000.0).unwrap().turn();
        assert_eq!(chosen(0), point(30));
        assert_eq!(chosen(1), point(31));
        // From the third child on, round to the first: offsets count modulo the children.
        assert_eq!(chosen(2), point(30));
        assert_eq!(chosen(4), point(31));
    }

    #[test]
    fn the_most_urgent_child_wins_and_a_tie_never_goes_to_a_pass() {
        let children = Children::new(
            vec![
                Node::new(Move::Pass, 7.0, 14.0),
                Node::new(point(30), 7.0, 14.0),
                Node::new(point(31), 3.0, 14.0),
            ],
            0,
            0,
        );
        let children = &children;
        let nth = |index: usize| children.iter().nth(index).unwrap();
        for offset in 0..3 {
            let chosen = most_urgent(children, offset, 3000.0).unwrap();
            assert_eq!(chosen.turn(), point(30), "offset {offset}");
        }
        nth(1).set_valid(false);
        assert_eq!(most_urgent(children, 1, 3000.0).unwrap().turn(), Move::Pass);
        nth(0).set_valid(false);
        nth(2).set_valid(false);
        assert!(most_urgent(children, 0, 3000.0).is_none());
    }
}
