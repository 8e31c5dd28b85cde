//! What a move is worth under the game's count, as the search and the end of the game need
//! it: the komi that makes the playouts' area count agree with territory counting (stones
//! placed, pass stones, handicap stones), and the judgement of each legal move of a nearly
//! finished position as open, neutral or losing. Knows the game, the count and the
//! end-of-game judgement; no search and no GTP text.
//!
//! Why the correction works (docs/search.md §8): for any board,
//! territory plus prisoners differs from stones plus territory by the stones each side has
//! placed, `placed(Black) − placed(White)`, whatever was captured. So the territory margin
//! of a finished game is its area margin minus that difference. The search counts the
//! difference of the game so far in its komi, and the stones placed along each line of the
//! tree in each playout's result (`search::Position::territory`); the stones a playout
//! places after the tree are not counted, since a random playout fills its own territory,
//! which a real player would not. Under pass-stone rules the pass stones exactly undo the
//! difference, and White's closing pass leaves a constant, so the komi alone is exact.

use std::time::{Duration, Instant};

use crate::board::{Board, Color, Point};
use crate::game::{Game, Move};
use crate::rules::{Rules, Scoring};
use crate::score::{self, Judgement};

/// Whether every stone a player places costs it a point of the count: territory counting
/// without pass stones (`japanese`, `korean`). Under area counting a stone inside one's own
/// area changes nothing, and under pass-stone rules a pass costs as much as a stone.
pub fn stones_cost(rules: Rules) -> bool {
    rules.scoring == Scoring::Territory && !rules.pass_stones
}

/// Stones Black has placed on the board minus stones White has placed, setup and handicap
/// stones included: stones on the board plus stones lost as prisoners, for each side. The
/// area margin of the board minus this is its territory margin (prisoners included).
pub fn placed_difference(board: &Board) -> i32 {
    let [black, white] = board.stone_counts();
    let black_placed = black + board.captured_by(Color::White);
    let white_placed = white + board.captured_by(Color::Black);
    black_placed as i32 - white_placed as i32
}

/// The points, from Black's side, that the search's area count must add to komi so that a
/// playout's result is the game's count under its rules (before any dynamic komi):
///
/// - area counting: the handicap bonus of the rules;
/// - territory counting without pass stones: the stones placed so far
///   (`placed_difference`); the search adds the stones of each line in the tree;
/// - territory counting with pass stones, White passing last: the stones placed so far,
///   less the pass stones Black has received so far (White's passes minus Black's), less one
///   when White is to move. From there on, whichever way the game goes on, every stone is
///   balanced by a pass stone and White's closing pass settles the parity, so this is exact.
///
/// For a handicap game under territory rules this is the handicap stones (White to move, no
/// move yet): N points under `japanese`, N − 1 under `bga`, as the bonus of docs/rules.md §3
/// is under area counting.
pub fn count_offset(game: &Game, to_move: Color) -> f64 {
    let rules = game.rules();
    match rules.scoring {
        Scoring::Area => f64::from(rules.handicap_bonus.points(game.handicap())),
        Scoring::Territory => {
            let placed = placed_difference(game.board());
            if !rules.pass_stones {
                return f64::from(placed);
            }
            let received =
                game.passes_by(Color::White) as i32 - game.passes_by(Color::Black) as i32;
            let closing = i32::from(to_move == Color::White);
            f64::from(placed - received - closing)
        }
    }
}

/// What one legal move of a nearly finished position does to the count for the player who
/// makes it, as the end-of-game judgement sees the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worth {
    /// It may change the outcome: it captures or saves stones, or plays where the position
    /// is not settled, or takes a dame that counts (area counting, pass stones).
    Open,
    /// It changes nothing: a dame under territory counting, or a stone inside a settled area
    /// under area counting.
    Neutral,
    /// It costs a point and nothing more: a stone inside a settled area (its own or the
    /// opponent's) under territory counting. While the position is still fought over, the
    /// search weighs that point itself (a stone of its line costs it, docs/search.md §8);
    /// at the end of the game it is never worth it.
    Costly,
    /// It loses more than a point: a shared liberty of a seki, under any counting.
    Losing,
}

/// A point of a region that the judgement gives to one side counts as settled territory when
/// the ownership playouts give it to that side more often than to the other by at least this
/// share. A majority only: random playouts often kill a group that lives by one large area
/// (a 7×7 board split by two walls measures 0.56 to 0.66 on the winner's side), while a
/// region the opponent could still live in is not bordered by one colour alone or comes out
/// a toss-up.
pub const SETTLED_SHARE: f64 = 0.5;

/// The same share once the opponent has passed. The judgement already gives the region to one
/// side; the playouts only have to show that the region is not a toss-up. In a 9×9 game won
/// by White, its living group of 21 empty points came out at 0.41 to 0.61 after Black's
/// passes, and White went on playing inside it under the majority rule.
pub const SETTLED_AT_THE_END: f64 = 0.25;

/// Own stones the judgement calls dead are beyond doubt, and the points next to them settled,
/// when the ownership playouts give their points to the opponent at least this much more often
/// than to their owner. Below it a move next to them may still save them: it is open.
pub const DEAD_BEYOND_DOUBT: f64 = 0.8;

/// Playouts behind the ownership that decides which points are settled, and behind the
/// judgement of dead stones and seki, when no time limit asks for fewer.
pub const OWNERSHIP_PLAYOUTS: u32 = 400;

/// The judgement of a position for the player to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    /// Every candidate move with its worth.
    pub moves: Vec<(Point, Worth)>,
    /// Opposing stones judged dead that the count would leave on the board, to be captured
    /// before passing: every one of them under rules that count every stone alive
    /// (`tromp-taylor`), none elsewhere (the count removes them).
    pub dead_left: Vec<Point>,
    /// The playouts each judgement of this position could afford (`OWNERSHIP_PLAYOUTS`
    /// without a time limit).
    pub playouts: u32,
    /// Whether the position is still fought over: the opponent has not passed in this game.
    pub still_fought: bool,
}

impl Assessment {
    /// Judges `candidates` (legal moves of `color` in `game`) for `color`, to move, from
    /// `OWNERSHIP_PLAYOUTS` playouts of ownership and as many of judgement, or from as many
    /// as fit in `time` (about half of it each) when given.
    pub fn of(
        game: &Game,
        color: Color,
        candidates: &[Point],
        time: Option<Duration>,
    ) -> Assessment {
        let board = game.board();
        let started = Instant::now();
        let half = time.map(|time| time / 2);
        let ownership = score::ownership(board, color, OWNERSHIP_PLAYOUTS, || {
            half.is_some_and(|half| started.elapsed() >= half)
        });
        let judgement = score::judge_board_from(board, color, ownership.playouts.max(16));
        let cost = stones_cost(game.rules());
        // The count removes the dead stones, unless the rules count every stone alive.
        let leaves_dead = game.rules().every_stone_alive;
        let opponent = color.opponent();
        let dead_left: Vec<Point> = judgement
            .dead
            .iter()
            .copied()
            .filter(|&stone| leaves_dead && board.get(stone) == Some(opponent))
            .collect();
        // Before the opponent has passed, the game is not at its end: stones judged dead with
        // some doubt may still live or die by a move anywhere in the area around them.
        let still_fought = game.passes_by(opponent) == 0;
        let judged = JudgedBoard::new(board, &judgement, &ownership.values, still_fought);
        let moves = candidates
            .iter()
            .map(|&point| (point, judged.worth(color, point, &dead_left, cost)))
            .collect();
        Assessment {
            moves,
            dead_left,
            playouts: ownership.playouts.max(16),
            still_fought,
        }
    }

    /// Whether some move may change the outcome.
    pub fn has_open(&self) -> bool {
        self.moves.iter().any(|&(_, worth)| worth == Worth::Open)
    }

    /// The moves of `worth`.
    pub fn moves_of(&self, worth: Worth) -> Vec<Point> {
        self.moves
            .iter()
            .filter(|&&(_, of)| of == worth)
            .map(|&(point, _)| point)
            .collect()
    }
}

/// The board as the judgement leaves it: who owns each empty region once the dead stones are
/// gone (regions next to a chain in seki are nobody's), and how sure the playouts are.
struct JudgedBoard<'a> {
    board: &'a Board,
    judgement: &'a Judgement,
    /// The board without the dead stones.
    cleared: Board,
    /// Region owners of `cleared`, in `Board::points` order.
    owners: Vec<Option<Color>>,
    /// Ownership shares in `Board::points` order, from −1 (White) to 1 (Black).
    shares: &'a [f64],
    /// In `Board::points` order: whether the point lies in an empty region of `cleared` that
    /// held stones judged dead with some doubt (`DEAD_BEYOND_DOUBT`), when those regions are
    /// still fought over; such a region is nobody's settled territory yet.
    contested: Vec<bool>,
    /// The share from which a region's point is settled (`SETTLED_SHARE` while the position is
    /// still fought over, `SETTLED_AT_THE_END` once the opponent has passed).
    settled_share: f64,
}

impl<'a> JudgedBoard<'a> {
    fn new(
        board: &'a Board,
        judgement: &'a Judgement,
        shares: &'a [f64],
        still_fought: bool,
    ) -> JudgedBoard<'a> {
        let mut cleared = board.clone();
        for &stone in &judgement.dead {
            if cleared.get(stone).is_some() {
                cleared.remove_chain_at(stone);
            }
        }
        let owners = score::region_owners(&cleared, &judgement.seki);
        let mut judged = JudgedBoard {
            board,
            judgement,
            cleared,
            owners,
            shares,
            contested: Vec::new(),
            settled_share: if still_fought {
                SETTLED_SHARE
            } else {
                SETTLED_AT_THE_END
            },
        };
        judged.contested = judged.contested_regions(still_fought);
        judged
    }

    /// The points of the regions that held stones judged dead with some doubt, when
    /// `still_fought` (see `contested`); none otherwise.
    fn contested_regions(&self, still_fought: bool) -> Vec<bool> {
        let mut contested = vec![false; self.shares.len()];
        if !still_fought {
            return contested;
        }
        let mut todo: Vec<Point> = self
            .judgement
            .dead
            .iter()
            .copied()
            .filter(|&stone| match self.board.get(stone) {
                Some(owner) => self.share(owner.opponent(), stone) < DEAD_BEYOND_DOUBT,
                None => false,
            })
            .collect();
        while let Some(point) = todo.pop() {
            if contested[self.slot(point)] {
                continue;
            }
            contested[self.slot(point)] = true;
            let empty = self.cleared.neighbours(point);
            todo.extend(empty.filter(|&next| self.cleared.get(next).is_none()));
        }
        contested
    }

    /// The index of `point` in `Board::points` order.
    fn slot(&self, point: Point) -> usize {
        let (x, y) = self.board.coordinates(point);
        y * self.board.size() + x
    }

    /// How much more often the ownership playouts give `point` to `color` than to the other
    /// side, from −1 to 1.
    fn share(&self, color: Color, point: Point) -> f64 {
        let share = self.shares[self.slot(point)];
        match color {
            Color::Black => share,
            Color::White => -share,
        }
    }

    /// The worth of `color` playing on the empty `point`.
    fn worth(&self, color: Color, point: Point, dead_left: &[Point], cost: bool) -> Worth {
        let board = self.board;
        let settled = if cost { Worth::Costly } else { Worth::Neutral };
        let mut captures_dead_only = false;
        for neighbour in board.neighbours(point) {
            let Some(owner) = board.get(neighbour) else {
                continue;
            };
            let in_atari = board.liberties(neighbour).len() == 1;
            if owner == color && in_atari && !self.judgement.dead.contains(&neighbour) {
                return Worth::Open;
            }
            // Next to own stones judged dead, but not beyond doubt: they may still be saved.
            if owner == color
                && self.judgement.dead.contains(&neighbour)
                && self.share(color.opponent(), neighbour) < DEAD_BEYOND_DOUBT
            {
                return Worth::Open;
            }
            if owner != color && dead_left.contains(&neighbour) {
                return Worth::Open;
            }
            if owner != color && in_atari {
                if !self.judgement.dead.contains(&neighbour) {
                    return Worth::Open;
                }
                captures_dead_only = true;
            }
        }
        if captures_dead_only {
            return settled;
        }
        let touches_seki = board
            .neighbours(point)
            .any(|neighbour| self.judgement.seki.contains(&neighbour));
        match self.owners[self.slot(point)] {
            Some(owner) => {
                let share = self.share(owner, point);
                if share >= self.settled_share && !self.contested[self.slot(point)] {
                    settled
                } else {
                    Worth::Open
                }
            }
            None if touches_seki => Worth::Losing,
            None if self.is_dame(point) => {
                if cost {
                    Worth::Neutral
                } else {
                    Worth::Open
                }
            }
            None => Worth::Open,
        }
    }

    /// Whether `point` lies in an empty region of the cleared board every point of which
    /// touches stones of both colours: filling any of it makes nobody territory.
    fn is_dame(&self, point: Point) -> bool {
        let board = &self.cleared;
        if board.get(point).is_some() {
            return false;
        }
        let mut region = vec![point];
        let mut index = 0;
        while index < region.len() {
            let current = region[index];
            index += 1;
            let mut touches = [false; 2];
            for neighbour in board.neighbours(current) {
                match board.get(neighbour) {
                    Some(color) => touches[color.index()] = true,
                    None if !region.contains(&neighbour) => region.push(neighbour),
                    None => {}
                }
            }
            if touches != [true, true] {
                return false;
            }
        }
        true
    }
}

/// Whether `color` wins the count (the end-of-game judgement's, as `final_score` gives it) if
/// it passes now and the game ends there.
pub fn passing_wins(game: &Game, color: Color) -> bool {
    passing_wins_judged_from(game, color, score::JUDGEMENT_PLAYOUTS)
}

/// `passing_wins` with the dead stones and seki judged from `playouts` playouts instead of
/// the count's own number (a rougher judgement, for moves short of time).
pub fn passing_wins_judged_from(game: &Game, color: Color, playouts: u32) -> bool {
    let mut ended = game.clone();
    if ended.play(color, Move::Pass).is_err() {
        return false;
    }
    let judgement = if ended.rules().every_stone_alive {
        Judgement::default()
    } else {
        score::judge_board_from(ended.board(), ended.to_move(), playouts)
    };
    let margin = score::count(&ended, &judgement.dead, &judgement.seki).margin;
    match color {
        Color::Black => margin > 0.0,
        Color::White => margin < 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};
    use crate::game::tests::game_after;
    use crate::playout::Policy;
    use crate::search::{self, Budget, Node, Position, Tree};

    /// A 9×9 game under `rules` with `handicap` fixed stones (White to move), then `passes`
    /// passes.
    fn handicap_game(rules: Rules, handicap: &[&str], passes: usize) -> Game {
        let mut game = Game::new(9, rules, 0.5).unwrap();
        let stones: Vec<(Color, Point)> = handicap
            .iter()
            .map(|name| (Color::Black, at(game.board(), name)))
            .collect();
        game.place_setup(&stones, true).unwrap();
        for _ in 0..passes {
            let color = game.to_move();
            game.play(color, Move::Pass).unwrap();
        }
        game
    }

    #[test]
    fn handicap_stones_count_in_the_komi_under_every_counting() {
        let four = ["C3", "G7", "C7", "G3"];
        // White to move before any move: N under area (Chinese) and Japanese, N − 1 under bga.
        for (rules, offset) in [
            (Rules::CHINESE, 4.0),
            (Rules::JAPANESE, 4.0),
            (Rules::BGA, 3.0),
        ] {
            let game = handicap_game(rules, &four, 0);
            assert_eq!(count_offset(&game, Color::White), offset, "{}", rules.name);
        }
        // The same after any number of passes: pass stones balance under bga, and passes
        // place nothing under Japanese rules.
        for passes in [1, 2, 15, 16] {
            for (rules, offset) in [(Rules::JAPANESE, 4.0), (Rules::BGA, 3.0)] {
                let game = handicap_game(rules, &four, passes);
                let to_move = game.to_move();
                assert_eq!(
                    count_offset(&game, to_move),
                    offset,
                    "{} {passes}",
                    rules.name
                );
            }
        }
        // No bonus where the rules give none to area counting.
        let game = handicap_game(Rules::TROMP_TAYLOR, &four, 0);
        assert_eq!(count_offset(&game, Color::White), 0.0);
    }

    #[test]
    fn under_territory_counting_the_komi_holds_the_stones_placed_so_far() {
        // Black has placed one stone more than White: the area count must beat komi + 1.
        let game = game_after(9, Rules::JAPANESE, &["B E5", "W C3", "B G7"]);
        assert_eq!(count_offset(&game, Color::White), 1.0);
        // A capture changes nothing: the captured stone was placed all the same.
        let game = game_after(
            9,
            Rules::JAPANESE,
            &["B A2", "W A1", "B B1", "W pass", "B pass"],
        );
        assert_eq!(game.board().captured_by(Color::Black), 1);
        assert_eq!(count_offset(&game, Color::White), 1.0);
        // Two black passes in a row under bga hand White two stones: Black must beat one more.
        let game = game_after(9, Rules::BGA, &["B pass", "B pass"]);
        assert_eq!(count_offset(&game, Color::White), 1.0);
    }

    /// The root win rate of a search on `board` (Black to move, komi 6.5) whose only root
    /// move is `only` (a pass when `None`), each child's playout scored at once (no tree
    /// below the root).
    fn win_rate_of(board: &Board, only: Option<Point>, stones_cost: bool) -> f64 {
        let position = Position {
            board: board.clone(),
            to_move: Color::Black,
            komi: 6.5,
            history: std::collections::HashSet::from([board.hash()]),
            repetition: search::Repetition::Positional,
            root_moves: only.into_iter().collect(),
            after_pass: false,
            last_move: None,
            second_last_move: None,
            stones_cost,
        };
        let tree = Tree::new(Node::new(Move::Pass, 0.0, 0.0), 1 << 16);
        let settings = search::Settings {
            policy: Policy::Heavy,
            early_end: false,
            expansion_threshold: u32::MAX,
            ..search::Settings::default()
        };
        let run = |playouts| {
            let budget = Budget {
                playouts: Some(playouts),
                time: None,
                maximum: None,
            };
            search::search(&tree, &position, &settings, budget, &|| false, None, 7);
        };
        run(0);
        search::validate_root(&tree, |turn| (turn == Move::Pass) == only.is_none());
        run(400);
        search::statistics(&tree, 400, std::time::Duration::ZERO).win_rate
    }

    #[test]
    fn under_territory_counting_a_stone_placed_in_one_s_own_territory_costs_the_playouts_a_point() {
        // Seven stones each: Black wins by half a point (28 − 21 on area, 21 − 14 on
        // territory, komi 6.5) when both groups live. A stone Black places inside its own
        // territory changes nothing on area and costs the point under territory counting.
        let board = diagram(
            "
            . . . X O . .
            . . . X O . .
            . . . X O . .
            . . . X O . .
            . . . X O . .
            . . . X O . .
            . . . X O . .",
        );
        let inside = Some(at(&board, "B4"));
        let pass = win_rate_of(&board, None, true);
        let placed = win_rate_of(&board, inside, true);
        assert!(pass > 0.5 && placed < 0.2, "pass {pass}, placed {placed}");
        let placed_on_area = win_rate_of(&board, inside, false);
        assert!(placed_on_area > 0.5, "{placed_on_area}");
    }
}
