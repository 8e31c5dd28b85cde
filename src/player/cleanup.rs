//! The cleanup phase's moves: after two passes, while the opponent's stones judged dead still
//! stand, a player plays on their liberties, capturing them when it can. Shared by every
//! player; legality is the game's.

use crate::board::{Color, Point};
use crate::game::{Game, Move};

/// The cleanup moves against `targets` (opposing stones judged dead), best kind first:
/// captures, then liberties taken without leaving the mover in atari, then any legal move
/// on a liberty. The first kind that has a move is returned; empty when there is none.
pub fn cleanup_moves(game: &Game, color: Color, targets: &[Point]) -> Vec<Point> {
    let board = game.board();
    let mut liberties: Vec<Point> = Vec::new();
    let mut seen_chains: Vec<Point> = Vec::new();
    for &target in targets {
        if board.get(target) != Some(color.opponent()) {
            continue;
        }
        let head = board.chain_head(target);
        if seen_chains.contains(&head) {
            continue;
        }
        seen_chains.push(head);
        for liberty in board.liberties(target) {
            if !liberties.contains(&liberty) {
                liberties.push(liberty);
            }
        }
    }
    liberties.sort();
    liberties.retain(|&point| game.check(color, Move::Place(point)).is_ok());
    let captures: Vec<Point> = liberties
        .iter()
        .copied()
        .filter(|&point| board.placement(color, point).captures)
        .collect();
    if !captures.is_empty() {
        return captures;
    }
    let safe: Vec<Point> = liberties
        .iter()
        .copied()
        .filter(|&point| board.liberties_after(color, point, 2) >= 2)
        .collect();
    if !safe.is_empty() {
        return safe;
    }
    liberties
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::at;
    use crate::game::tests::game_after;
    use crate::rules::Rules;

    #[test]
    fn cleanup_prefers_captures_then_safe_liberties_then_any_liberty() {
        //   5 . . . . .
        //   4 . X O X .     White C4 is in atari (liberty C5); white E1 has the liberties
        //   3 . . X . .     D1 and E2.
        //   2 . . . . .
        //   1 . . . . O
        let game = game_after(5, Rules::CHINESE, &["B B4", "W C4", "B D4", "W E1", "B C3"]);
        let board = game.board();
        let targets = [at(board, "C4"), at(board, "E1")];
        assert_eq!(
            cleanup_moves(&game, Color::Black, &targets),
            vec![at(board, "C5")]
        );
        let mut sorted = vec![at(board, "D1"), at(board, "E2")];
        sorted.sort();
        assert_eq!(cleanup_moves(&game, Color::Black, &targets[1..]), sorted);
        assert!(cleanup_moves(&game, Color::Black, &[]).is_empty());
        // A target of the mover's own colour is ignored.
        assert!(cleanup_moves(&game, Color::White, &targets[..1]).is_empty());
    }

    #[test]
    fn cleanup_takes_a_liberty_even_when_it_is_self_atari() {
        //   3 . . .     White B1 has the liberties A1, C1 and B2. Black A1 and C1 are
        //   2 O . O     suicide; Black B2 is legal but leaves Black with the one liberty B3.
        //   1 . O .     It is the only cleanup move, so it is offered.
        let game = game_after(
            3,
            Rules::CHINESE,
            &["B pass", "W A2", "B pass", "W B1", "B pass", "W C2"],
        );
        let board = game.board();
        let b2 = at(board, "B2");
        assert_eq!(board.liberties_after(Color::Black, b2, 2), 1);
        assert_eq!(
            cleanup_moves(&game, Color::Black, &[at(board, "B1")]),
            vec![b2]
        );
    }
}
