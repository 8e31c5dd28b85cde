//! The engine's handlers for GoGui's analyze commands (`kosumi-legal_moves`,
//! `kosumi-liberties`, `kosumi-atari`, `kosumi-ko_ban`, `kosumi-ownership`,
//! `kosumi-dead_stones`, and the search's `kosumi-best_moves`, `kosumi-principal_variation`,
//! `kosumi-search_ownership`, `kosumi-param`): they gather points from the game and the score module, and `gogui`
//! writes the gfx text.

use super::live::{Reports, decide_reporting};
use super::{Analyst, Engine, Live};
use crate::board::{Color, Point};
use crate::game::{IllegalMove, Move};
use crate::gtp::gogui::{self, Ban, SearchView};
use crate::gtp::interrupt::Interrupt;
use crate::gtp::vocabulary::{Failure, Reply, Vertex};
use crate::player::{Limits, Player, Purpose, Request, Statistics};
use crate::score;
use std::time::Duration;

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

impl Engine {
    /// A search for `color` with `genmove`'s limits, as a suggestion (one thread, the same
    /// answer for the same position), with ownership; live graphics while it runs when on.
    /// `None` when the player decided without searching (the game is over, no move is left).
    fn menu_search(
        &mut self,
        color: Color,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> Option<Statistics> {
        let stop = || interrupt.is_requested();
        let reports = Reports {
            analysis: None,
            gfx: self.gogui_gfx,
            color,
        };
        let limits = self.limits;
        let player: &mut dyn Player = match &mut self.analyst {
            Analyst::Own(analyst) => analyst.as_mut(),
            Analyst::Player => self.player.as_mut(),
        };
        let decision = decide_reporting(
            player,
            &self.game,
            Request {
                game: &self.game,
                color,
                purpose: Purpose::Suggest,
                limits,
                stop: &stop,
                progress: None,
                ownership: true,
            },
            &reports,
            live,
        );
        if reports.gfx {
            live.gfx("CLEAR");
        }
        decision.statistics
    }

    /// `kosumi-best_moves COLOR`, `kosumi-search_ownership COLOR`.
    pub(super) fn search_view(
        &mut self,
        color: Color,
        view: SearchView,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> Reply {
        let Some(statistics) = self.menu_search(color, interrupt, live) else {
            return Ok("TEXT no search: the player passes at once".to_string());
        };
        Ok(gogui::search_view(
            self.game.board(),
            color,
            &statistics,
            self.game.komi(),
            view,
        ))
    }

    /// `kosumi-principal_variation COLOR`.
    pub(super) fn principal_variation(
        &mut self,
        color: Color,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> Reply {
        let line = self
            .menu_search(color, interrupt, live)
            .map(|statistics| statistics.principal_variation)
            .unwrap_or_default();
        Ok(gogui::principal_variation(self.game.board(), color, &line))
    }

    /// `kosumi-param [KEY VALUE]`: without arguments, GoGui's parameter lines of the search
    /// settings (`[string] playouts N`, `time S`, `threads N`, `resign_threshold P`, `none` for
    /// no limit); with KEY VALUE, an empty reply and that setting changed. Fails with `syntax
    /// error` for an unknown key or a value out of its range, and changes nothing then.
    pub(super) fn param(&mut self, setting: Option<(String, String)>) -> Reply {
        match setting {
            None => Ok(self.parameters_text()),
            Some((key, value)) => self.set_parameter(&key, &value).map(|()| String::new()),
        }
    }

    /// The search settings as GoGui's parameter lines.
    fn parameters_text(&self) -> String {
        let shown = |limit: Option<String>| limit.unwrap_or_else(|| "none".to_string());
        let settings = self.search_settings.get();
        let playouts = self.limits.playouts.map(|count| count.to_string());
        let time = self.limits.time.map(|time| time.as_secs_f64().to_string());
        gogui::search_parameters(&[
            ("playouts", shown(playouts)),
            ("time", shown(time)),
            ("threads", settings.threads.to_string()),
            ("resign_threshold", settings.resign_below.to_string()),
        ])
    }

    /// Changes the setting `key` to `value`, or refuses (logging why) and changes nothing.
    fn set_parameter(&mut self, key: &str, value: &str) -> Result<(), Failure> {
        let refuse = |why: &str| {
            log::warn!("refused: kosumi-param {key} {value}: {why}");
            Failure::SyntaxError
        };
        let none = value.eq_ignore_ascii_case("none");
        match key {
            "playouts" => {
                let playouts = match value.parse::<u64>() {
                    _ if none => None,
                    Ok(playouts) => Some(playouts),
                    Err(_) => return Err(refuse("0 or more, or none")),
                };
                self.limits = Limits {
                    playouts,
                    ..self.limits
                };
            }
            "time" => {
                let time = match value.parse::<f64>() {
                    _ if none => None,
                    Ok(seconds) if (0.0..=1e9).contains(&seconds) => {
                        Some(Duration::from_secs_f64(seconds))
                    }
                    _ => return Err(refuse("seconds from 0 to 1000000000, or none")),
                };
                self.limits = Limits {
                    time,
                    ..self.limits
                };
            }
            "threads" => match value.parse::<usize>() {
                Ok(threads) if (1..=256).contains(&threads) => self
                    .search_settings
                    .change(|settings| settings.threads = threads),
                _ => return Err(refuse("1 to 256")),
            },
            "resign_threshold" => match value.parse::<f64>() {
                Ok(share) if (0.0..=1.0).contains(&share) => self
                    .search_settings
                    .change(|settings| settings.resign_below = share),
                _ => return Err(refuse("0 to 1")),
            },
            _ => {
                return Err(refuse(
                    "unknown key (playouts, time, threads, resign_threshold)",
                ));
            }
        }
        Ok(())
    }
}
