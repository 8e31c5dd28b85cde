//! The selection policy: which child a simulation descends into. Each child's urgency blends
//! its real and prior experience with its AMAF mean by RAVE's minimum-MSE schedule; the most
//! urgent child wins; where the mover is losing, an exploration term is added. Knows the
//! nodes' statistics, not the board or the rules.

use super::tree::{Children, Experience, Node};
use crate::game::Move;

/// The value the selection sees for a node with `experience`: real and prior experience
/// together, blended with the AMAF mean by the minimum-MSE schedule
/// `β = ñ / (ñ + n + n·ñ/K)` (docs/search.md §1.2), where n counts the prior visits too and
/// K is `rave_equivalence`. No exploration term: `most_urgent` adds one where the mover is
/// losing.
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

/// UCB's exploration term `exploration × √(ln N / n)` for a child with `visits` (prior visits
/// included) under a node with `parent_visits`. Used only where the mover is losing
/// (`mover_is_losing`): there every move loses, the priors' virtual wins and the AMAF means
/// decide the order, and a move that wins only when played at once (the one refutation of a
/// line: its later plays all lose, so its AMAF mean is nought) would never be tried.
#[inline]
pub fn exploration_bonus(exploration: f32, parent_log: f32, visits: f32) -> f32 {
    if exploration == 0.0 || visits <= 0.0 {
        return 0.0;
    }
    exploration * (parent_log / visits).sqrt()
}

/// The share of a node's real playouts its move must have won, after `LOSING_VISITS` of them,
/// for the player to move there to count as losing.
const LOSING_SHARE: f32 = 0.9;
/// The real playouts a node needs before its mover can count as losing.
const LOSING_VISITS: u32 = 64;

/// Whether the player to move at a node with `parent` experience (its move's player's wins)
/// is losing: the move into it won over `LOSING_SHARE` of its real playouts.
#[inline]
pub fn mover_is_losing(parent: Experience) -> bool {
    parent.visits >= LOSING_VISITS && parent.wins as f32 > LOSING_SHARE * parent.visits as f32
}

/// The selectable child of highest urgency, looking from `offset` (modulo the count) on so
/// that ties fall to a random child, but never to a pass when another child ties with it;
/// `None` when no child is selectable. Where the mover is losing (`mover_is_losing` of the
/// `parent` node's experience), the urgency gets the exploration term (`exploration_bonus`).
pub fn most_urgent(
    children: &Children,
    offset: usize,
    rave_equivalence: f32,
    parent: Experience,
    exploration: f32,
) -> Option<&Node> {
    let exploration = if mover_is_losing(parent) {
        exploration
    } else {
        0.0
    };
    // The logarithm is needed only where the term is on.
    let parent_log = if exploration == 0.0 {
        0.0
    } else {
        (parent.visits.max(1) as f32).ln()
    };
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
        let experience = child.experience();
        let urgency = urgency(experience, rave_equivalence)
            + exploration_bonus(
                exploration,
                parent_log,
                experience.visits as f32 + experience.prior_visits,
            );
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
    fn the_exploration_term_lets_an_untried_move_overtake_where_the_mover_is_losing() {
        // Every move of the node loses. The favourite of the priors has lost 5,000 real
        // playouts and keeps 100 virtual wins; the untried move's AMAF mean is nought.
        let favourite = Node::new(point(30), 107.0, 114.0);
        for _ in 0..5000 {
            favourite.add_visit();
            favourite.add_amaf(false);
        }
        let untried = Node::new(point(31), 7.0, 14.0);
        for _ in 0..5000 {
            untried.add_amaf(false);
        }
        let children = Children::new(vec![favourite, untried], 0, 0);
        let lost = Node::new(point(40), 0.0, 0.0);
        for _ in 0..5000 {
            lost.add_visit();
            lost.add_win();
        }
        let lost = lost.experience();
        let chosen = |exploration| {
            most_urgent(&children, 0, 3000.0, lost, exploration)
                .unwrap()
                .turn()
        };
        assert_eq!(chosen(0.0), point(30), "without the term");
        assert_eq!(chosen(0.02), point(31), "with the term");
        // Under a node whose mover is not losing, the term is off.
        let even = Node::new(point(40), 0.0, 0.0);
        for _ in 0..5000 {
            even.add_visit();
        }
        let even = even.experience();
        assert!(!mover_is_losing(even) && mover_is_losing(lost));
        assert_eq!(
            most_urgent(&children, 0, 3000.0, even, 0.02)
                .unwrap()
                .turn(),
            point(30)
        );
    }

    #[test]
    fn the_exploration_bonus_shrinks_with_the_child_s_visits_and_is_nought_when_off() {
        let parent_log = (10_000f32).ln();
        let few = exploration_bonus(0.02, parent_log, 14.0);
        let many = exploration_bonus(0.02, parent_log, 5000.0);
        assert!(few > 0.01 && few < 0.02, "{few}");
        assert!(many < 0.001, "{many}");
        assert_eq!(exploration_bonus(0.0, parent_log, 14.0), 0.0);
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
        let chosen = |offset| {
            most_urgent(&children, offset, 3000.0, Experience::default(), 0.0)
                .unwrap()
                .turn()
        };
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
            let chosen = most_urgent(children, offset, 3000.0, Experience::default(), 0.0).unwrap();
            assert_eq!(chosen.turn(), point(30), "offset {offset}");
        }
        nth(1).set_valid(false);
        assert_eq!(
            most_urgent(children, 1, 3000.0, Experience::default(), 0.0)
                .unwrap()
                .turn(),
            Move::Pass
        );
        nth(0).set_valid(false);
        nth(2).set_valid(false);
        assert!(most_urgent(children, 0, 3000.0, Experience::default(), 0.0).is_none());
    }
}
