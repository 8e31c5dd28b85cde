//! The engine's handlers that look at the position without changing it: `showboard` and GNU
//! Go's inspection commands (`is_legal`, `all_legal`, `countlib`, `findlib`, `list_stones`,
//! `captures`, `color`). Text is the response module's.

use super::Engine;
use crate::board::{Color, Point};
use crate::game::Move;
use crate::gtp::response::{self, BoardCaption};
use crate::gtp::vocabulary::{Reply, Vertex};

impl Engine {
    /// `showboard`: the board with coordinates, the last move, captures, komi, rules and the
    /// side to move.
    pub(super) fn show_board(&self) -> Reply {
        let board = self.game.board();
        let last_move = match self.game.moves().last() {
            Some(&(_, Move::Place(point))) => Some(point),
            _ => None,
        };
        Ok(response::board_text(
            board,
            &BoardCaption {
                captures: [
                    board.captured_by(Color::Black),
                    board.captured_by(Color::White),
                ],
                to_move: self.game.to_move(),
                komi: self.game.komi(),
                rules: self.game.rules().name,
                last_move,
            },
        ))
    }

    /// `is_legal COLOR VERTEX`: `1` or `0`. Fails: syntax error for a vertex off the board.
    pub(super) fn is_legal(&self, color: Color, vertex: Vertex) -> Reply {
        let turn = self.turn(vertex)?;
        let legal = self.game.check(color, turn).is_ok();
        Ok(if legal { "1" } else { "0" }.to_string())
    }

    /// `all_legal COLOR`: the legal vertices, top row first.
    pub(super) fn all_legal(&self, color: Color) -> Reply {
        let legal = self.game.legal_points(color);
        Ok(response::vertex_list_text(self.game.board(), &legal))
    }

    /// `countlib VERTEX`: the liberties of the chain there. Fails: syntax error, `vertex must
    /// not be empty`.
    pub(super) fn count_liberties(&self, vertex: Vertex) -> Reply {
        let point = self.stone(vertex)?;
        Ok(self.game.board().liberties(point).len().to_string())
    }

    /// `findlib VERTEX`: the liberties of the chain there, sorted. Fails: syntax error,
    /// `vertex must not be empty`.
    pub(super) fn find_liberties(&self, vertex: Vertex) -> Reply {
        let point = self.stone(vertex)?;
        let board = self.game.board();
        Ok(response::vertex_list_text(board, &board.liberties(point)))
    }

    /// `list_stones COLOR`: the stones of COLOR, sorted.
    pub(super) fn list_stones(&self, color: Color) -> Reply {
        let board = self.game.board();
        let stones: Vec<Point> = board
            .points()
            .filter(|&point| board.get(point) == Some(color))
            .collect();
        Ok(response::vertex_list_text(board, &stones))
    }

    /// `captures COLOR`: the stones COLOR has taken off the board.
    pub(super) fn captures(&self, color: Color) -> Reply {
        Ok(self.game.board().captured_by(color).to_string())
    }

    /// `color VERTEX`: `black`, `white` or `empty`. Fails: syntax error.
    pub(super) fn color_at(&self, vertex: Vertex) -> Reply {
        let point = self.point(vertex)?;
        Ok(match self.game.board().get(point) {
            Some(color) => response::color_text(color),
            None => "empty",
        }
        .to_string())
    }
}
