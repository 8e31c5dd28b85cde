//! Expansion: which children a node gets, and with what priors. The root's are the moves the
//! caller allows (the game's own legality), all of them. An inner node's are the moves the
//! board's own mechanics allow, ranked best prior first: it gets the first `FIRST_CHILDREN`
//! (`LARGE_BOARD_FIRST_CHILDREN` from 19×19) and a pass when it is expanded, and more as its
//! visits grow (progressive widening, one more ranked move per `VISITS_PER_CHILD` visits,
//! added in segments that double what the node has; the first of those segments is cut from
//! the expansion's own ranking and kept pending, so that the priors are not computed twice).
//! Repetitions are checked when a child is first selected. Knows the board and the priors,
//! not the game's history.

use super::tree::Children;
use super::{LARGE_BOARD, Node, Position, Tree, prior};
use crate::board::{Board, CELLS, Color, Point};
use crate::game::Move;
use crate::knowledge::History;
use crate::playout;

/// The ranked moves an inner node gets when it is expanded below 19×19 (a pass comes on top).
pub const FIRST_CHILDREN: usize = 16;
/// The ranked moves an inner node gets when it is expanded on 19×19 and larger boards, where
/// the move model ranks less well and a move that is not a child gathers no AMAF statistics
/// (docs/search.md §1.4).
pub const LARGE_BOARD_FIRST_CHILDREN: usize = 128;
/// One more ranked move for every this many visits of the node.
pub const VISITS_PER_CHILD: u32 = 8;

/// The ranked moves an inner node gets when it is expanded on a board of `size`.
fn first_children(size: usize) -> usize {
    if size >= LARGE_BOARD {
        LARGE_BOARD_FIRST_CHILDREN
    } else {
        FIRST_CHILDREN
    }
}

/// Nodes for `points` with the priors of `color` playing there and the move model's
/// probabilities (in the order of `points`), and the model's probability of a pass (1 when
/// no move is allowed; 0 without a model, like every move's).
fn nodes_with_priors(
    board: &Board,
    color: Color,
    points: &[Point],
    recent: &History,
    even: f32,
) -> (Vec<Node>, f32) {
    let priors = prior::priors(board, color, recent, points, even);
    let nodes = points
        .iter()
        .zip(&priors.moves)
        .zip(&priors.probabilities)
        .map(|((&point, prior), &probability)| {
            Node::new(Move::Place(point), prior.wins, prior.visits).with_probability(probability)
        })
        .collect();
    (nodes, priors.pass_probability)
}

/// The recent moves at the root.
fn root_recent(position: &Position) -> History {
    History {
        last: position.last_move,
        second_last: position.second_last_move,
        last_was_pass: position.after_pass,
    }
}

/// A pass child, which the move model gives `probability`.
fn pass_child(even: f32, probability: f32) -> Node {
    let pass = prior::pass_prior(even);
    Node::new(Move::Pass, pass.wins, pass.visits).with_probability(probability)
}

/// The root's children: the allowed moves with their priors, then a pass. Each is marked
/// checked: the caller made sure they are legal.
pub(super) fn root_children(position: &Position, even: f32) -> Children {
    let recent = root_recent(position);
    let (mut children, pass) = nodes_with_priors(
        &position.board,
        position.to_move,
        &position.root_moves,
        &recent,
        even,
    );
    children.push(pass_child(even, pass));
    for child in &children {
        child.set_valid(true);
    }
    Children::new(children, 0, 0)
}

/// Gives a root that was an inner node of an earlier search the allowed moves it lacks (the
/// moves its widening had not reached yet), so that the root holds every allowed move.
pub(super) fn complete_root(tree: &Tree, position: &Position, even: f32) {
    let Some(children) = tree.root().children() else {
        return;
    };
    let mut present = vec![false; CELLS];
    let mut has_pass = false;
    for child in children.iter() {
        match child.point_index() {
            Some(index) => present[index] = true,
            None => has_pass = true,
        }
    }
    // The priors are the model's shares among every allowed move, present or not.
    let recent = root_recent(position);
    let (all, pass) = nodes_with_priors(
        &position.board,
        position.to_move,
        &position.root_moves,
        &recent,
        even,
    );
    let mut missing: Vec<Node> = all
        .into_iter()
        .filter(|node| node.point_index().is_some_and(|index| !present[index]))
        .collect();
    if !has_pass {
        missing.push(pass_child(even, pass));
    }
    if missing.is_empty() {
        return;
    }
    // The segment ends the ranking: the root widens no further.
    let segment = Children::new(missing, 0, 0);
    tree.reserve(segment.units(), true);
    children.widen(|_| segment);
}

/// The points where `color` may play at an inner node by the board's own mechanics (not
/// suicide, not a simple-ko retake, not into its own eye), best prior first; ties in an order
/// that depends on the position only, so that the ranking of one position is always the same;
/// and the move model's probability of a pass.
fn ranked(board: &Board, color: Color, recent: &History, even: f32) -> (Vec<Node>, f32) {
    let points: Vec<Point> = board
        .empty_points()
        .filter(|&point| {
            !(playout::policy::is_eye(board, color, point)
                || board.is_ko_banned(color, point)
                || board.placement(color, point).suicide)
        })
        .collect();
    let (mut children, pass) = nodes_with_priors(board, color, &points, recent, even);
    let salt = board.hash();
    let tie = |node: &Node| tie_rank(node.point_index().unwrap_or(0), salt);
    children.sort_by(|first, second| {
        second
            .prior_value()
            .total_cmp(&first.prior_value())
            .then_with(|| tie(first).cmp(&tie(second)))
    });
    (children, pass)
}

/// Where the move at board index `index` goes among moves of equal prior, in a position whose
/// hash is `salt`: a different rank for every point, in an order that changes with the position.
fn tie_rank(index: usize, salt: u64) -> u64 {
    (index as u64 ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The children of an inner node when it is expanded: the first `first_children` ranked
/// moves, then a pass; and, pending, the segment its first widening will add
/// (`Children::take_pending`), cut from the same ranking.
pub(super) fn inner_children(board: &Board, color: Color, recent: &History, even: f32) -> Children {
    let (mut children, pass) = ranked(board, color, recent, even);
    let total = children.len();
    let pending = segment_after(&mut children, first_children(board.size()));
    let end = children.len();
    children.push(pass_child(even, pass));
    let first = Children::new(children, end, total);
    match pending {
        Some(pending) => first.with_pending(pending),
        None => first,
    }
}

/// Whether a node with `children` and `visits` visits, on a board of `size`, is due more
/// children.
#[inline]
pub(super) fn wants_widening(children: &Children, visits: u32, size: usize) -> bool {
    let (end, total) = children.ranked();
    end < total && end < first_children(size) + (visits / VISITS_PER_CHILD) as usize
}

/// The segment after the ranked moves `0..end` of an inner node: as many more as the node
/// has (or all that are left).
pub(super) fn next_children(
    board: &Board,
    color: Color,
    recent: &History,
    even: f32,
    end: usize,
) -> Children {
    let (mut children, _) = ranked(board, color, recent, even);
    let total = children.len();
    segment_after(&mut children, end).unwrap_or_else(|| Children::new(Vec::new(), total, total))
}

/// Cuts `ranking` (every ranked move of a node) down to its first `end` moves, and returns
/// the segment that follows them (as many moves again, or all that are left), or `None` when
/// no move follows.
fn segment_after(ranking: &mut Vec<Node>, end: usize) -> Option<Children> {
    let total = ranking.len();
    if end >= total {
        return None;
    }
    let new_end = (2 * end).clamp(end + 1, total);
    ranking.truncate(new_end);
    let segment: Vec<Node> = ranking.drain(end..).collect();
    Some(Children::new(segment, new_end, total))
}

/// Marks each of the root's children valid or not by `allowed` (the game's own legality, which
/// the tree's may differ from when the root was an inner node of an earlier search).
pub fn validate_root(tree: &Tree, allowed: impl Fn(Move) -> bool) {
    if let Some(children) = tree.root().children() {
        for child in children.iter() {
            child.set_valid(allowed(child.turn()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};
    use crate::search::tests::BLACK_OWNS_EVERYTHING;
    use std::collections::HashSet;

    fn turns(children: &Children) -> Vec<Move> {
        children.iter().map(Node::turn).collect()
    }

    /// A root position on `board` where every empty point is allowed, komi 7.5.
    fn open_position(board: &Board, to_move: Color, last_move: Option<Point>) -> Position {
        Position {
            board: board.clone(),
            to_move,
            komi: 7.5,
            history: HashSet::new(),
            repetition: super::super::Repetition::Positional,
            root_moves: board.empty_points().collect(),
            after_pass: false,
            last_move,
            second_last_move: None,
            stones_cost: false,
        }
    }

    #[test]
    fn an_inner_node_leaves_out_ko_retakes_suicides_and_its_own_eyes() {
        //   5 . . . . .
        //   4 . . . . .     Black C2 has just captured White B2: White may not retake at
        //   3 . X O . .     once. White A1 would be suicide; E1 is White's own eye.
        //   2 X . X O O
        //   1 . X O O .
        let mut board = diagram(
            "
            . . . . .
            . . . . .
            . X O . .
            X O . O O
            . X O O .",
        );
        board.play(Color::Black, at(&board, "C2"));
        assert!(board.is_ko_banned(Color::White, at(&board, "B2")));
        let children = inner_children(
            &board,
            Color::White,
            &History {
                last: Some(at(&board, "C2")),
                ..History::default()
            },
            14.0,
        );
        let white = turns(&children);
        for excluded in ["B2", "A1", "E1"] {
            assert!(
                !white.contains(&Move::Place(at(&board, excluded))),
                "{excluded} is a child"
            );
        }
        // Every other empty point is a child, and a pass is the last.
        let expected = board.empty_count() - 3;
        assert_eq!(white.len(), expected + 1);
        assert_eq!(white.last(), Some(&Move::Pass));
        // Black, for whom none of the three is excluded, may play B2 (no ko ban for Black).
        let black = inner_children(&board, Color::Black, &History::default(), 14.0);
        assert!(turns(&black).contains(&Move::Place(at(&board, "B2"))));
    }

    /// Black to play can take White C3 at C2; 77 empty points.
    const CAPTURE_AT_C2: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . X O X . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn an_inner_node_gets_its_best_ranked_moves_first_and_more_as_its_visits_grow() {
        // Black can take White C3 at C2 (`CAPTURE_AT_C2`). The children come in the model's
        // order, whatever the trained table thinks of that capture: the first has the best
        // prior.
        let board = diagram(CAPTURE_AT_C2);
        let children = inner_children(&board, Color::Black, &History::default(), 14.0);
        assert_eq!(children.len(), FIRST_CHILDREN + 1);
        let best = children[0].prior_value();
        assert!(children.iter().all(|node| node.prior_value() <= best));
        let (end, total) = children.ranked();
        assert_eq!((end, total), (FIRST_CHILDREN, board.empty_count()));
        assert!(!wants_widening(&children, VISITS_PER_CHILD - 1, 9));
        assert!(wants_widening(&children, VISITS_PER_CHILD, 9));
        children.widen(|end| next_children(&board, Color::Black, &History::default(), 14.0, end));
        assert_eq!(children.ranked().0, 2 * FIRST_CHILDREN);
        assert_eq!(children.len(), 2 * FIRST_CHILDREN + 1);
        // No move twice, and the ranking goes on where the first segment stopped.
        let distinct: HashSet<Move> = children.iter().map(Node::turn).collect();
        assert_eq!(distinct.len(), children.len());
        let first = children.segments().next().unwrap();
        let second = children.segments().nth(1).unwrap();
        let worst_first = first[..FIRST_CHILDREN]
            .iter()
            .map(Node::prior_value)
            .fold(f64::INFINITY, f64::min);
        assert!(second.iter().all(|node| node.prior_value() <= worst_first));
        // Widening stops when every ranked move is a child.
        while children.ranked().0 < total {
            children
                .widen(|end| next_children(&board, Color::Black, &History::default(), 14.0, end));
        }
        assert_eq!(children.len(), total + 1);
        assert!(!wants_widening(&children, u32::MAX, 9));
    }

    #[test]
    fn the_first_widening_takes_the_segment_cut_from_the_expansion_s_own_ranking() {
        //   4 . . X . .    Black can take White C3 at C2 (`CAPTURE_AT_C2`): a ranking of
        //   3 . X O X .    77 moves, of which the expansion shows 16 and keeps the next 16
        //   2 . . . . .    pending.
        //     A B C D E
        let board = diagram(CAPTURE_AT_C2);
        let recent = History::default();
        let children = inner_children(&board, Color::Black, &recent, 14.0);
        // Counted from the start: 16 moves, a pass and a header, then 16 pending and a header.
        assert_eq!(children.len(), FIRST_CHILDREN + 1);
        assert_eq!(
            children.units(),
            (FIRST_CHILDREN + 2) + (FIRST_CHILDREN + 1)
        );
        assert!(
            children.take_pending(2 * FIRST_CHILDREN).is_none(),
            "starts elsewhere"
        );
        let pending = children
            .take_pending(FIRST_CHILDREN)
            .expect("a pending segment");
        assert!(
            children.take_pending(FIRST_CHILDREN).is_none(),
            "taken once"
        );
        assert_eq!(children.units(), FIRST_CHILDREN + 2);
        let computed = next_children(&board, Color::Black, &recent, 14.0, FIRST_CHILDREN);
        let described = |segment: &Children| -> Vec<(Move, f64, f32)> {
            segment
                .iter()
                .map(|node| (node.turn(), node.prior_value(), node.probability()))
                .collect()
        };
        assert_eq!(described(&pending), described(&computed));
        assert_eq!(pending.ranked(), computed.ranked());
        assert_eq!(pending.ranked(), (2 * FIRST_CHILDREN, board.empty_count()));
    }

    #[test]
    fn a_node_with_no_more_moves_than_its_first_children_has_nothing_pending() {
        //   2 X X X        Black's moves on 3×3: the four empty points but the eye-free
        //   1 . . .        ones are all the ranking holds, fewer than 16.
        let board = diagram(
            "
            . . .
            X X X
            . . .",
        );
        let children = inner_children(&board, Color::White, &History::default(), 14.0);
        let (end, total) = children.ranked();
        assert_eq!(end, total);
        assert!(children.take_pending(end).is_none());
        assert_eq!(children.units(), children.len() + 1);
    }

    #[test]
    fn an_inner_node_on_19x19_starts_with_many_more_moves_than_on_smaller_boards() {
        // The empty 19×19 board: 361 ranked moves, of which the expansion shows 128 and keeps
        // the next 128 pending; 13×13 keeps the small boards' 16.
        let large = Board::new(19).unwrap();
        let children = inner_children(&large, Color::Black, &History::default(), 20.0);
        assert_eq!(children.len(), LARGE_BOARD_FIRST_CHILDREN + 1);
        assert_eq!(children.ranked(), (LARGE_BOARD_FIRST_CHILDREN, 361));
        assert!(!wants_widening(&children, VISITS_PER_CHILD - 1, 19));
        assert!(wants_widening(&children, VISITS_PER_CHILD, 19));
        let pending = children.take_pending(LARGE_BOARD_FIRST_CHILDREN);
        assert_eq!(
            pending.map(|segment| segment.ranked()),
            Some((2 * LARGE_BOARD_FIRST_CHILDREN, 361))
        );
        let small = Board::new(13).unwrap();
        let children = inner_children(&small, Color::Black, &History::default(), 14.0);
        assert_eq!(children.ranked(), (FIRST_CHILDREN, 169));
        assert!(!wants_widening(&children, VISITS_PER_CHILD - 1, 13));
    }

    #[test]
    fn a_root_that_was_an_inner_node_gets_the_allowed_moves_it_lacks() {
        let board = Board::new(9).unwrap();
        let position = open_position(&board, Color::Black, None);
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1000);
        tree.root()
            .expand(|| inner_children(&board, Color::Black, &History::default(), 14.0));
        complete_root(&tree, &position, 14.0);
        let children = tree.root().children().unwrap();
        assert_eq!(children.len(), 82);
        assert_eq!(children.ranked().0, children.ranked().1, "no more widening");
    }

    #[test]
    fn the_root_s_priors_know_the_last_move() {
        //     C D E F G
        //   6 . . . . .
        //   5 . . X . .     Black has just played E5; White's answers beside it are more
        //   4 . . . . .     likely in the move model's eyes than with no last move known.
        let mut board = Board::new(9).unwrap();
        let e5 = at(&board, "E5");
        board.play(Color::Black, e5);
        let position = |last_move| open_position(&board, Color::White, last_move);
        let probability_of = |children: &Children, name: &str| {
            let turn = Move::Place(at(&board, name));
            children
                .iter()
                .find(|child| child.turn() == turn)
                .unwrap()
                .probability()
        };
        let after_e5 = root_children(&position(Some(e5)), 14.0);
        let unknown = root_children(&position(None), 14.0);
        for beside in ["E4", "E6", "D5", "F5"] {
            assert!(
                probability_of(&after_e5, beside) > probability_of(&unknown, beside),
                "{beside}"
            );
        }
    }

    #[test]
    fn widening_gives_at_least_one_more_move_and_nothing_past_the_last() {
        // 81 ranked moves on the empty 9×9 board: from none, the next segment is one move;
        // from all of them, it is empty (and nothing panics).
        let board = Board::new(9).unwrap();
        let next = |end| next_children(&board, Color::Black, &History::default(), 14.0, end);
        let first = next(0);
        assert_eq!((first.len(), first.ranked()), (1, (1, 81)));
        let past = next(81);
        assert_eq!((past.len(), past.ranked()), (0, (81, 81)));
        let last = next(80);
        assert_eq!((last.len(), last.ranked()), (1, (81, 81)));
    }

    #[test]
    fn the_model_s_probabilities_of_a_node_s_moves_and_pass_add_up_to_one() {
        let board = diagram(
            "
            . . . . .
            . X O . .
            . X O . .
            . . . . .
            . . . . .",
        );
        let (children, pass) = ranked(&board, Color::Black, &History::default(), 14.0);
        let moves: f32 = children.iter().map(Node::probability).sum();
        assert!(pass > 0.0 && pass < 0.5, "{pass}");
        assert!((moves + pass - 1.0).abs() < 1e-4, "{moves} + {pass}");
    }

    #[test]
    fn a_node_where_no_move_is_allowed_gives_the_pass_the_whole_model() {
        // Both empty points are Black's own eyes: Black's only move is a pass.
        let board = diagram(BLACK_OWNS_EVERYTHING);
        let children = inner_children(&board, Color::Black, &History::default(), 14.0);
        assert_eq!(turns(&children), vec![Move::Pass]);
        assert_eq!(children[0].probability(), 1.0);
    }

    #[test]
    fn moves_of_equal_prior_each_get_their_own_rank_and_the_order_changes_with_the_position() {
        let ranks =
            |salt: u64| -> Vec<u64> { (0..CELLS).map(|index| tie_rank(index, salt)).collect() };
        let first = ranks(0x0123_4567_89AB_CDEF);
        let mut distinct = first.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), CELLS);
        let order = |ranks: &[u64]| {
            let mut indices: Vec<usize> = (0..CELLS).collect();
            indices.sort_by_key(|&index| ranks[index]);
            indices
        };
        assert_ne!(order(&first), order(&ranks(0xFEDC_BA98_7654_3210)));
    }
}
