//! The commands whose reply goes out while the search runs: `lz-analyze`, `kata-analyze` and
//! `analyze` (until input arrives), `lz-genmove_analyze` and `kata-genmove_analyze` (until the
//! move), GoGui live graphics during a search (`--gogui-gfx`), and pondering between moves
//! (`--ponder`). The search's statistics come in through the player contract's `Progress`
//! callback on this thread, so every line is written before the reply closes: nothing of an
//! analysis can follow the next command's answer. Text is `analysis`'s and `gogui`'s.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Analyst, Engine, Live};
use crate::board::Color;
use crate::game::{Game, Move};
use crate::gtp::analysis::{self, Analysis};
use crate::gtp::gogui;
use crate::gtp::interrupt::Interrupt;
use crate::gtp::vocabulary::{Failure, Reply, Vertex};
use crate::player::{Decision, Limits, Player, Progress, Purpose, Request, Statistics};

/// The time between two sets of live graphics: a few a second at most (docs/analysis.md §6).
pub const GFX_INTERVAL: Duration = Duration::from_millis(500);

/// When the first set of live graphics of a search is drawn.
const GFX_FIRST: Duration = Duration::from_millis(100);

/// How often an analysis whose player answered without searching looks for input.
const IDLE_POLL: Duration = Duration::from_millis(2);

/// What a search reports while it runs.
pub(super) struct Reports<'a> {
    /// The analysis whose `info` lines go out at its interval, if any.
    pub analysis: Option<&'a Analysis>,
    /// Whether GoGui live graphics go out.
    pub gfx: bool,
    /// The colour searched for, whose view the lines take.
    pub color: Color,
}

impl Reports<'_> {
    /// Whether the search must tally ownership: for the `ownership` key and the shading of the
    /// live graphics.
    fn needs_ownership(&self) -> bool {
        self.gfx || self.analysis.is_some_and(|analysis| analysis.ownership)
    }

    /// The time between two progress calls, or `None` when nobody listens.
    fn interval(&self) -> Option<Duration> {
        let lines = self.analysis.and_then(|analysis| analysis.interval);
        // The first set is drawn soon (a short search gets one too), then one per
        // `GFX_INTERVAL`.
        let gfx = self.gfx.then_some(GFX_FIRST);
        match (lines, gfx) {
            (Some(lines), Some(gfx)) => Some(lines.min(gfx)),
            (lines, gfx) => lines.or(gfx),
        }
    }
}

/// Asks `player` for the decision `request` describes, sending `reports` to `live` while the
/// search runs.
pub(super) fn decide_reporting(
    player: &mut dyn Player,
    game: &Game,
    request: Request<'_>,
    reports: &Reports<'_>,
    live: &mut dyn Live,
) -> Decision {
    let ownership = request.ownership || reports.needs_ownership();
    let Some(interval) = reports.interval() else {
        return player.decide(Request {
            ownership,
            ..request
        });
    };
    let board = game.board();
    let komi = game.komi();
    let mut last_line: Option<Instant> = None;
    let mut last_gfx: Option<Instant> = None;
    let due = |last: Option<Instant>, every: Duration| last.is_none_or(|at| at.elapsed() >= every);
    let mut callback = |statistics: &Statistics| {
        if let Some(analysis) = reports.analysis {
            if let Some(every) = analysis.interval {
                if due(last_line, every) {
                    if let Some(line) =
                        analysis::info_line(analysis, board, statistics, reports.color)
                    {
                        live.line(&line);
                        last_line = Some(Instant::now());
                    }
                }
            }
        }
        if reports.gfx && due(last_gfx, GFX_INTERVAL) {
            live.gfx(&gogui::search(board, reports.color, statistics, komi));
            last_gfx = Some(Instant::now());
        }
    };
    player.decide(Request {
        game: request.game,
        color: request.color,
        purpose: request.purpose,
        limits: request.limits,
        stop: request.stop,
        progress: Some(Progress {
            interval,
            callback: &mut callback,
        }),
        ownership,
    })
}

impl Engine {
    /// `lz-analyze`, `kata-analyze`, `analyze`: opens the reply, searches for the colour
    /// analysed and streams `info` lines until any input line arrives (or the input ends),
    /// then returns the empty text that closes the reply. The game does not change. Fails
    /// before the reply opens: syntax error for a vertex off the board in `avoid`/`allow`.
    pub(super) fn analyze(
        &mut self,
        analysis: &Analysis,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> Reply {
        let color = analysis.color.unwrap_or(self.game.to_move());
        let excluded = self.excluded_moves(analysis, color)?;
        live.open();
        let broken = AtomicBool::new(false);
        let stop = || {
            interrupt.any_input_after()
                || interrupt.input_ended()
                || !interrupt.has_reader()
                || broken.load(Ordering::Relaxed)
        };
        let reports = Reports {
            analysis: Some(analysis),
            gfx: self.gogui_gfx,
            color,
        };
        let player: &mut dyn Player = match &mut self.analyst {
            Analyst::Own(analyst) => analyst.as_mut(),
            Analyst::Player => self.player.as_mut(),
        };
        let mut watched = Watched {
            live,
            broken: &broken,
        };
        let decision = decide_reporting(
            player,
            &self.game,
            Request {
                game: &self.game,
                color,
                purpose: Purpose::Analyze {
                    excluded: &excluded,
                },
                limits: Limits::default(),
                stop: &stop,
                progress: None,
                ownership: false,
            },
            &reports,
            &mut watched,
        );
        if !stop() {
            // The player answered without searching until stopped: one last report, and the
            // reply stays open until input arrives, as an analysis never ends by itself.
            log::debug!("analysis: the search has stopped; waiting for input");
            if let (Some(_), Some(statistics)) = (analysis.interval, &decision.statistics) {
                let board = self.game.board();
                if let Some(line) = analysis::info_line(analysis, board, statistics, color) {
                    watched.line(&line);
                }
            }
            while !stop() {
                std::thread::sleep(IDLE_POLL);
            }
        }
        if reports.gfx {
            watched.gfx("CLEAR");
        }
        Ok(String::new())
    }

    /// `lz-genmove_analyze`, `kata-genmove_analyze`: opens the reply, lets the player decide
    /// for the colour (default: the side to move) while `info` lines go out, plays the move
    /// as `genmove` does and answers `play MOVE`. Fails before the reply opens: syntax error
    /// for a vertex off the board; `cannot parse analyze arguments` for `avoid`/`allow`, which
    /// a move to be played does not take.
    pub(super) fn generate_analyzing(
        &mut self,
        analysis: &Analysis,
        interrupt: &Interrupt,
        live: &mut dyn Live,
    ) -> Reply {
        if !analysis.avoid.is_empty() || analysis.allow.is_some() {
            log::warn!("refused: avoid and allow are for analysis, not for a move to be played");
            return Err(Failure::AnalyzeArguments);
        }
        let color = analysis.color.unwrap_or(self.game.to_move());
        live.open();
        let answer = self.generate(color, Purpose::Play, interrupt, live, Some(analysis));
        Ok(format!("play {answer}"))
    }

    /// Pondering (`--ponder`): right after a generated move was answered, the player searches
    /// the position for the side to move until any input line arrives, keeping its tree for
    /// the moves to come. Returns at once when pondering is off or no move was just played.
    pub fn ponder(&mut self, interrupt: &Interrupt) {
        if !std::mem::take(&mut self.ponder_due) || !self.ponder {
            return;
        }
        let stop =
            || interrupt.any_input_after() || interrupt.input_ended() || !interrupt.has_reader();
        if stop() {
            return;
        }
        let color = self.game.to_move();
        let started = Instant::now();
        let decision = self.player.decide(Request {
            game: &self.game,
            color,
            purpose: Purpose::Analyze { excluded: &[] },
            limits: Limits::default(),
            stop: &stop,
            progress: None,
            ownership: false,
        });
        log::debug!(
            "pondered for {color:?}: {} playouts in {:.3} s",
            decision
                .statistics
                .as_ref()
                .map_or(0, |statistics| statistics.playouts),
            started.elapsed().as_secs_f64()
        );
    }

    /// The moves the analysed colour must not consider at its first move, from `avoid` and
    /// `allow` of that colour (those of the other colour do not reach depth 1). Fails: syntax
    /// error for a vertex off the board, whichever the colour.
    fn excluded_moves(&self, analysis: &Analysis, color: Color) -> Result<Vec<Move>, Failure> {
        let mut excluded = Vec::new();
        for (avoider, vertices) in &analysis.avoid {
            let moves = self.moves_of(vertices)?;
            if *avoider == color {
                excluded.extend(moves);
            }
        }
        if let Some((allowed_color, vertices)) = &analysis.allow {
            let allowed = self.moves_of(vertices)?;
            if *allowed_color == color {
                let board = self.game.board();
                excluded.extend(
                    board
                        .points()
                        .map(Move::Place)
                        .chain([Move::Pass])
                        .filter(|turn| !allowed.contains(turn)),
                );
            }
        }
        Ok(excluded)
    }

    fn moves_of(&self, vertices: &[Vertex]) -> Result<Vec<Move>, Failure> {
        vertices.iter().map(|&vertex| self.turn(vertex)).collect()
    }
}

/// A `Live` that notes when writing fails, so that the search's stop signal sees it.
struct Watched<'a> {
    live: &'a mut dyn Live,
    broken: &'a AtomicBool,
}

impl Live for Watched<'_> {
    fn open(&mut self) {
        self.live.open();
    }

    fn line(&mut self, text: &str) {
        self.live.line(text);
        if self.live.broken() {
            self.broken.store(true, Ordering::Relaxed);
        }
    }

    fn gfx(&mut self, text: &str) {
        self.live.gfx(text);
    }

    fn broken(&self) -> bool {
        self.live.broken()
    }
}
