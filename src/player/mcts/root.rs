//! Preparing a search: the moves the root may have (the game's own legality, superko
//! included, without the player's own eyes; the cleanup moves in the cleanup phase; without
//! the moves an analysis excludes, the moves the rules of passing judge losing), the decisions
//! that need no search (the opening book's moves, the passes of player/passing.rs, passing when nothing else is left),
//! the komi the playouts count with and the positions the tree must not repeat.

use super::choice::Choice;
use super::time;
use crate::board::{Color, Point};
use crate::game::{Game, Move};
use crate::knowledge;
use crate::player::passing::{Passing, Plan};
use crate::player::territory;
use crate::player::{Action, Purpose, Request, cleanup};
use crate::playout;
use crate::rules::{KoRule, Scoring};
use crate::search::{Position, Repetition};

/// What a decision starts from.
pub(super) enum Preparation<'a> {
    /// The answer needs no search.
    Answer(Action),
    /// A search from this root (boxed: it holds a board).
    Search(Box<Root<'a>>),
}

/// A search's root, and the rules its result is chosen by.
pub(super) struct Root<'a> {
    /// Where the search starts.
    pub position: Position,
    /// Whether passing is among the root's moves.
    pub pass_allowed: bool,
    /// The request is an analysis: search until stopped, keep the tree, never pass or resign
    /// without searching.
    pub analyze: bool,
    /// How the move is chosen from the search's numbers.
    pub choice: Choice<'a>,
}

impl<'a> Root<'a> {
    /// Prepares the search `request` asks for, or answers it at once (from the opening book
    /// when `use_book`).
    pub(super) fn prepare(request: &Request<'a>, use_book: bool) -> Preparation<'a> {
        let game = request.game;
        let color = request.color;
        let legal = own_moves(game, color);
        if use_book && let Some(point) = book_move(request, &legal) {
            log::debug!("opening book: {point:?}");
            return Preparation::Answer(Action::Play(Move::Place(point)));
        }
        let (root_moves, pass_allowed) = root_moves(request, &legal);
        let analyze = matches!(request.purpose, Purpose::Analyze { .. });
        // The rules of passing and of territory play (player/passing.rs) decide what the
        // root may have, and may pass without searching.
        let (passing, root_moves, pass_allowed) = if analyze {
            (None, root_moves, pass_allowed)
        } else {
            let limits = &request.limits;
            let move_time = time::budget(limits, game.board(), color, 0, time::DEFAULT_LAG).time;
            let passing = Passing::new(game, color, &legal, move_time);
            match passing.plan(&root_moves, pass_allowed) {
                Plan::Pass(reason) => {
                    log::debug!("passing: {reason}");
                    return Preparation::Answer(Action::Play(Move::Pass));
                }
                Plan::Search {
                    root_moves,
                    pass_allowed,
                } => (Some(passing), root_moves, pass_allowed),
            }
        };
        if root_moves.is_empty() && !analyze {
            return Preparation::Answer(Action::Play(Move::Pass));
        }
        let (komi, extra_komi) = search_komi(game, color);
        let cleanup = matches!(request.purpose, Purpose::Cleanup { .. });
        Preparation::Search(Box::new(Root {
            position: position(game, color, komi, root_moves),
            pass_allowed,
            analyze,
            choice: Choice {
                passing,
                pass_allowed,
                may_resign: !cleanup && !analyze && extra_komi == 0.0,
            },
        }))
    }

    /// Whether `turn` may be one of the root's moves.
    pub(super) fn allows(&self, allowed: &[bool], turn: Move) -> bool {
        match turn {
            Move::Pass => self.pass_allowed,
            Move::Place(point) => allowed[point.index()],
        }
    }
}

/// The opening book's move (knowledge/book.rs) when the request plays or names a move in an
/// even game counted by area and the book's move is among `legal`.
fn book_move(request: &Request<'_>, legal: &[Point]) -> Option<Point> {
    let game = request.game;
    let wanted = matches!(request.purpose, Purpose::Play | Purpose::Suggest)
        && game.rules().scoring == Scoring::Area
        && game.handicap() == 0;
    if !wanted {
        return None;
    }
    let book = knowledge::book::book().ok()?;
    let point = book.move_for(game.board(), request.color, game.komi())?;
    legal.contains(&point).then_some(point)
}

/// The points where `color` may play under the game's rules, but for its own eyes.
pub(super) fn own_moves(game: &Game, color: Color) -> Vec<Point> {
    let board = game.board();
    game.legal_points(color)
        .into_iter()
        .filter(|&point| !playout::policy::is_eye(board, color, point))
        .collect()
}

/// The points the root may have, and whether passing is among its moves: the legal moves
/// less those an analysis excludes, or the cleanup moves while dead stones stand.
fn root_moves(request: &Request<'_>, legal: &[Point]) -> (Vec<Point>, bool) {
    match request.purpose {
        Purpose::Analyze { excluded } => {
            let moves = legal
                .iter()
                .copied()
                .filter(|&point| !excluded.contains(&Move::Place(point)))
                .collect();
            (moves, !excluded.contains(&Move::Pass))
        }
        Purpose::Cleanup { targets } => {
            let cleanup_moves = cleanup::cleanup_moves(request.game, request.color, targets);
            if cleanup_moves.is_empty() {
                (legal.to_vec(), true)
            } else {
                (cleanup_moves, false)
            }
        }
        Purpose::Play | Purpose::Suggest => (legal.to_vec(), true),
    }
}

/// The search position of `game` with `color` to move.
pub(super) fn position(game: &Game, color: Color, komi: f64, root_moves: Vec<Point>) -> Position {
    Position {
        board: game.board().clone(),
        to_move: color,
        komi,
        history: game.repetition_keys().collect(),
        repetition: match game.rules().ko {
            KoRule::SituationalSuperko => Repetition::Situational,
            KoRule::Simple | KoRule::PositionalSuperko => Repetition::Positional,
        },
        root_moves,
        after_pass: matches!(game.moves().last(), Some((_, Move::Pass))),
        last_move: match game.moves().last() {
            Some(&(_, Move::Place(point))) => Some(point),
            _ => None,
        },
        stones_cost: territory::stones_cost(game.rules()),
        second_last_move: match game.moves().iter().rev().nth(1) {
            Some(&(_, Move::Place(point))) => Some(point),
            _ => None,
        },
    }
}

/// The komi the playouts count with, from Black's side, for `to_move` to play: komi, what
/// makes the playouts' area count the game's count (`territory::count_offset`: the handicap
/// bonus of area counting, the stones placed and pass stones of territory counting), and in
/// handicap games, under every ruleset, a dynamic komi that starts at 7 points a stone and
/// falls linearly to nothing by move 15 on 9×9 (50 on 13×13, 100 on 15×15, 200 above), so that
/// the search sees a contest instead of a game won or lost whatever it does. Returns the komi
/// and the dynamic part.
pub fn search_komi(game: &Game, to_move: Color) -> (f64, f64) {
    let handicap = game.handicap();
    let base = game.komi() + territory::count_offset(game, to_move);
    if handicap == 0 {
        return (base, 0.0);
    }
    let fade = match game.size() {
        0..=9 => 15.0,
        10..=13 => 50.0,
        14..=15 => 100.0,
        _ => 200.0,
    };
    let share = (1.0 - game.moves().len() as f64 / fade).max(0.0);
    let extra = (7.0 * f64::from(handicap) * share).round();
    (base + extra, extra)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::game_after;
    use crate::rules::Rules;

    #[test]
    fn dynamic_komi_starts_at_seven_points_a_stone_and_fades_by_move_fifteen_on_9x9() {
        let mut game = Game::new(9, Rules::CHINESE, 0.5).unwrap();
        let stones: Vec<(Color, Point)> = ["C3", "G7"]
            .iter()
            .map(|name| (Color::Black, crate::board::tests::at(game.board(), name)))
            .collect();
        game.place_setup(&stones, true).unwrap();
        // Chinese rules: 2 points of handicap bonus, plus 14 of dynamic komi.
        assert_eq!(search_komi(&game, Color::White), (16.5, 14.0));
        for _ in 0..15 {
            let color = game.to_move();
            game.play(color, Move::Pass).unwrap();
        }
        assert_eq!(search_komi(&game, game.to_move()), (2.5, 0.0));
        assert_eq!(
            search_komi(&Game::new(9, Rules::JAPANESE, 6.5).unwrap(), Color::Black),
            (6.5, 0.0)
        );
    }

    #[test]
    fn dynamic_komi_comes_on_top_of_the_handicap_stones_under_every_counting() {
        // Two handicap stones, White to move: the playouts' area count must beat komi, the
        // stones' count difference (2 under Japanese rules, 1 under bga, the bonus of 2 under
        // Chinese rules) and 14 points of dynamic komi.
        for (rules, offset) in [
            (Rules::JAPANESE, 2.0),
            (Rules::BGA, 1.0),
            (Rules::CHINESE, 2.0),
        ] {
            let mut game = Game::new(9, rules, 0.5).unwrap();
            let stones: Vec<(Color, Point)> = ["C3", "G7"]
                .iter()
                .map(|name| (Color::Black, crate::board::tests::at(game.board(), name)))
                .collect();
            game.place_setup(&stones, true).unwrap();
            assert_eq!(
                search_komi(&game, Color::White),
                (0.5 + offset + 14.0, 14.0),
                "{}",
                rules.name
            );
        }
    }

    #[test]
    fn the_tree_avoids_the_repetitions_the_ruleset_forbids() {
        let game = game_after(9, Rules::BGA, &["B E5", "W D5"]);
        let situational = position(&game, Color::Black, 7.5, Vec::new());
        assert_eq!(situational.repetition, Repetition::Situational);
        let board = game.board();
        let white_made = crate::game::situation_key(board.hash(), Color::White);
        assert!(situational.history.contains(&white_made));
        assert!(!situational.history.contains(&board.hash()));
        for rules in [Rules::JAPANESE, Rules::CHINESE, Rules::TROMP_TAYLOR] {
            let game = game_after(9, rules, &["B E5", "W D5"]);
            let positional = position(&game, Color::Black, 7.5, Vec::new());
            assert_eq!(positional.repetition, Repetition::Positional);
            assert!(positional.history.contains(&game.board().hash()));
            // The start and every position since.
            assert_eq!(positional.history.len(), 3);
        }
    }
}
