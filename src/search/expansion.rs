//! Expansion: which children a node gets, and with what priors. The root's are the moves the
//! caller allows (the game's own legality); an inner node's are the moves the board's own
//! mechanics allow, checked against repetitions only when first selected. Knows the board and
//! the priors, not the game's history.

use super::{Node, Position, Tree, prior};
use crate::board::{Board, Color, Point};
use crate::game::Move;
use crate::playout;

/// The root's children: the allowed moves with their priors, then a pass. Each is marked
/// checked: the caller made sure they are legal.
pub(super) fn root_children(position: &Position, even: f32) -> Box<[Node]> {
    let board = &position.board;
    let color = position.to_move;
    let mut children: Vec<Node> = position
        .root_moves
        .iter()
        .map(|&point| {
            let features = prior::features(board, color, point, position.last_move);
            let prior = prior::prior(&features, even);
            Node::new(Move::Place(point), prior.wins, prior.visits)
        })
        .collect();
    let pass = prior::pass_prior(even);
    children.push(Node::new(Move::Pass, pass.wins, pass.visits));
    for child in &children {
        child.set_valid(true);
    }
    children.into_boxed_slice()
}

/// The children of an inner node: every empty point where `color` may play by the board's
/// own mechanics (not suicide, not a simple-ko retake, not into its own eye), then a pass.
/// Repetitions of earlier positions are checked when a child is first selected.
pub(super) fn inner_children(
    board: &Board,
    color: Color,
    last_move: Option<Point>,
    even: f32,
) -> Box<[Node]> {
    let mut children: Vec<Node> = Vec::with_capacity(board.empty_count() + 1);
    for point in board.empty_points() {
        if playout::policy::is_eye(board, color, point)
            || board.is_ko_banned(color, point)
            || board.placement(color, point).suicide
        {
            continue;
        }
        let features = prior::features(board, color, point, last_move);
        let prior = prior::prior(&features, even);
        children.push(Node::new(Move::Place(point), prior.wins, prior.visits));
    }
    let pass = prior::pass_prior(even);
    children.push(Node::new(Move::Pass, pass.wins, pass.visits));
    children.into_boxed_slice()
}

/// Marks each of the root's children valid or not by `allowed` (the game's own legality, which
/// the tree's may differ from when the root was an inner node of an earlier search).
pub fn validate_root(tree: &Tree, allowed: impl Fn(Move) -> bool) {
    if let Some(children) = tree.root().children() {
        for child in children {
            child.set_valid(allowed(child.turn()));
        }
    }
}
