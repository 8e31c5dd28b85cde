//! What a search reports: the root's candidates, best first, with their win rates, priors and
//! principal variations, read from the tree at any moment (while the threads still run, for
//! progress reports). Knows the tree, not the playouts or the time.

use std::time::Duration;

use super::{Candidate, Node, Statistics, Tree};
use crate::game::Move;

/// The statistics of `tree`'s root after `playouts` playouts in `elapsed`.
pub fn statistics(tree: &Tree, playouts: u64, elapsed: Duration) -> Statistics {
    let root = tree.root();
    // The root's move was the other side's: its margin is the opposite of the side to move's.
    let root_lead = root.mean_margin().map_or(0.0, |margin| -margin);
    let mut candidates: Vec<Candidate> = root
        .children()
        .into_iter()
        .flat_map(|children| children.iter())
        .filter(|child| child.is_selectable() && child.visits() > 0)
        .map(|child| Candidate {
            turn: child.turn(),
            visits: u64::from(child.visits()),
            win_rate: child.win_rate().unwrap_or_else(|| child.prior_value()),
            prior: f64::from(child.probability()),
            score_lead: child.mean_margin().unwrap_or(root_lead),
            principal_variation: principal_variation(child),
        })
        .collect();
    candidates.sort_by(|first, second| {
        second
            .visits
            .cmp(&first.visits)
            .then(second.win_rate.total_cmp(&first.win_rate))
    });
    Statistics {
        playouts,
        visits: u64::from(root.visits()),
        win_rate: candidates.first().map_or(0.5, |best| best.win_rate),
        principal_variation: candidates
            .first()
            .map_or_else(Vec::new, |best| best.principal_variation.clone()),
        candidates,
        elapsed,
        ownership: None,
    }
}

/// The selectable root child with the best prior value, a pass last: the move to play when no
/// playout could be run (a budget of 0).
pub fn best_prior_move(tree: &Tree) -> Option<Move> {
    tree.root()
        .children()?
        .iter()
        .filter(|child| child.is_selectable())
        .max_by(|first, second| {
            let rank = |node: &Node| (node.turn() != Move::Pass, node.prior_value());
            let (first, second) = (rank(first), rank(second));
            first.0.cmp(&second.0).then(first.1.total_cmp(&second.1))
        })
        .map(Node::turn)
}

/// The line from `node`: its move, then the most visited child's, as long as it has visits.
pub(super) fn principal_variation(node: &Node) -> Vec<Move> {
    let mut line = vec![node.turn()];
    let mut current = node;
    while let Some(best) = current.best_child() {
        if best.visits() == 0 || line.len() >= 64 {
            break;
        }
        line.push(best.turn());
        current = best;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::search::tree::Children;

    fn point(index: u16) -> Move {
        Move::Place(Point(index))
    }

    /// A node for `turn` with `visits` visits, and `children` below it.
    fn node(turn: Move, visits: u32, children: Vec<Node>) -> Node {
        let node = Node::new(turn, 0.0, 0.0);
        for _ in 0..visits {
            node.add_visit();
        }
        if !children.is_empty() {
            node.expand(|| Children::new(children, 0, 0));
        }
        node
    }

    #[test]
    fn the_principal_variation_follows_the_most_visited_children_while_they_have_visits() {
        //   A (10) ─┬─ B (6) ─┬─ D (0)
        //           │         └─ E (0)
        //           └─ C (3) ─── F (2)
        let b = node(
            point(31),
            6,
            vec![node(point(33), 0, vec![]), node(point(34), 0, vec![])],
        );
        let c = node(point(32), 3, vec![node(point(35), 2, vec![])]);
        let a = node(point(30), 10, vec![b, c]);
        assert_eq!(principal_variation(&a), vec![point(30), point(31)]);
        // A leaf's line is its own move.
        assert_eq!(
            principal_variation(&node(point(36), 5, vec![])),
            vec![point(36)]
        );
    }

    #[test]
    fn the_principal_variation_stops_at_sixty_four_moves() {
        let mut deepest = node(point(0), 1, vec![]);
        for index in 1..100u16 {
            deepest = node(point(index), 1, vec![deepest]);
        }
        let line = principal_variation(&deepest);
        assert_eq!(line.len(), 64);
        assert_eq!(line[..3], [point(99), point(98), point(97)]);
    }
}
