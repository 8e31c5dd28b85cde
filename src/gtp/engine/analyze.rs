//! The engine's handlers for GoGui's analyze commands (`kosumi-legal_moves`,
//! `kosumi-liberties`, `kosumi-atari`, `kosumi-ko_ban`, `kosumi-ownership`,
//! `kosumi-dead_stones`): they gather points from the game and the score module, and `gogui`
//! writes the gfx text.

use super::Engine;
use crate::board::{Color, Point};
use crate::game::{IllegalMove, Move};
use crate::gtp::gogui::{self, Ban};
use crate::gtp::interrupt::Interrupt;
use crate::gtp::vocabulary::{Reply, Vertex};
use crate::score;

impl Engine {
    /// `kosumi-legal_moves COLOR`: the points where COLOR may play.
    pub(super) fn legal_moves(&self, color: Color) -> Reply {
        let legal = self.game.legal_points(color);
        Ok(gogui::legal_moves(self.game.board(), color, &legal))
    }

    /// `kosumi-liberties VERTEX`: the chain there and its liberties. Fails: syntax error.
    pub(super) fn liberties(&self, vertex: Vertex) -> Reply {
        let point = self.point(vertex)?;
        let board = self.game.board();
        Ok(match board.get(point) {
            Some(color) => gogui::liberties(
                board,
                point,
                color,
                &board.chain(point),
                &board.liberties(point),
            ),
            None => gogui::empty_point(board, point),
        })
    }

    /// `kosumi-atari`: the stones in atari and their last liberties.
    pub(super) fn atari(&self) -> Reply {
        let board = self.game.board();
        let mut stones = [Vec::new(), Vec::new()];
        let mut last_liberties = Vec::new();
        let mut seen = Vec::new();
        for point in board.points() {
            let Some(color) = board.get(point) else {
                continue;
            };
            if seen.contains(&point) {
                continue;
            }
            let chain = board.chain(point);
            seen.extend(&chain);
            if let [liberty] = board.liberties(point)[..] {
                stones[color.index()].extend(chain);
                if !last_liberties.contains(&liberty) {
                    last_liberties.push(liberty);
                }
            }
        }
        Ok(gogui::atari(board, &stones, &last_liberties))
    }

    /// `kosumi-ko_ban COLOR`: where ko or superko forbids COLOR to play.
    pub(super) fn ko_ban(&self, color: Color) -> Reply {
        let board = self.game.board();
        let banned: Vec<(Point, Ban)> = board
            .points()
            .filter_map(|point| match self.game.check(color, Move::Place(point)) {
                Err(IllegalMove::Ko) => Some((point, Ban::Ko)),
                Err(IllegalMove::Superko) => Some((point, Ban::Superko)),
                _ => None,
            })
            .collect();
        Ok(gogui::ko_ban(board, color, &banned))
    }

    /// `kosumi-ownership [PLAYOUTS]`: the Monte-Carlo ownership estimate; `interrupt` ends it
    /// early.
    pub(super) fn ownership(&self, playouts: u32, interrupt: &Interrupt) -> Reply {
        let estimate = score::ownership(self.game.board(), self.game.to_move(), playouts, || {
            interrupt.is_requested()
        });
        Ok(gogui::ownership(self.game.board(), &estimate, playouts))
    }

    /// `kosumi-dead_stones`: the judgement's dead stones, sekis and territory.
    pub(super) fn dead_stones(&self) -> Reply {
        let judgement = score::judge(&self.game);
        let territory = score::territory_points(&self.game, &judgement.dead, &judgement.seki);
        Ok(gogui::dead_stones(
            self.game.board(),
            &judgement,
            &territory,
        ))
    }
}
