//! The random player: uniform over the legal moves that do not fill one of its own eyes;
//! `pass` when none is left. It never resigns. In the cleanup phase it first plays on the
//! liberties of opposing stones judged dead, capturing them when it can.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::{Action, Decision, Player, Purpose, Request, cleanup};
use crate::board::{Color, Point};
use crate::game::{Game, Move};
use crate::playout::policy;

/// Plays uniformly at random among sensible legal moves, reproducibly from a seed.
pub struct RandomPlayer {
    seed: u64,
    random: Xoshiro256PlusPlus,
}

impl RandomPlayer {
    /// A player whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            seed,
            random: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// The moves the player chooses among: legal, and not into its own eye.
    pub fn candidates(game: &Game, color: Color) -> Vec<Point> {
        let board = game.board();
        game.legal_points(color)
            .into_iter()
            .filter(|&point| !policy::is_eye(board, color, point))
            .collect()
    }

    fn choose(game: &Game, color: Color, random: &mut Xoshiro256PlusPlus) -> Move {
        let candidates = RandomPlayer::candidates(game, color);
        if candidates.is_empty() {
            Move::Pass
        } else {
            Move::Place(candidates[random.random_range(0..candidates.len())])
        }
    }
}

impl RandomPlayer {
    /// Chooses a move for `genmove`, advancing the player's random state.
    pub fn generate(&mut self, game: &Game, color: Color) -> Move {
        RandomPlayer::choose(game, color, &mut self.random)
    }

    /// Chooses a move as `generate` would, but as a pure function of the position: the same
    /// game always gets the same answer, and the player's state does not advance
    /// (`reg_genmove`).
    pub fn suggest(&self, game: &Game, color: Color) -> Move {
        let position = game.board().hash()
            ^ (game.moves().len() as u64).rotate_left(32)
            ^ color.index() as u64;
        let mut random = Xoshiro256PlusPlus::seed_from_u64(self.seed ^ position);
        RandomPlayer::choose(game, color, &mut random)
    }

    /// Chooses a cleanup move against `targets`: one of `cleanup::cleanup_moves`, else as
    /// `generate`.
    pub fn generate_cleanup(&mut self, game: &Game, color: Color, targets: &[Point]) -> Move {
        let cleanup = cleanup::cleanup_moves(game, color, targets);
        if cleanup.is_empty() {
            self.generate(game, color)
        } else {
            Move::Place(cleanup[self.random.random_range(0..cleanup.len())])
        }
    }
}

impl Player for RandomPlayer {
    /// Answers at once, whatever the limits; never resigns and reports no statistics.
    fn decide(&mut self, request: Request<'_>) -> Decision {
        let turn = match request.purpose {
            Purpose::Play => self.generate(request.game, request.color),
            Purpose::Suggest | Purpose::Analyze { .. } => self.suggest(request.game, request.color),
            Purpose::Cleanup { targets } => {
                self.generate_cleanup(request.game, request.color, targets)
            }
        };
        Decision::plain(Action::Play(turn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn seeded_random_games_are_legal_end_in_two_passes_and_keep_the_board_consistent() {
        for (seed, rules) in [
            (1, Rules::BGA),
            (2, Rules::TROMP_TAYLOR),
            (3, Rules::JAPANESE),
            (4, Rules::NEW_ZEALAND),
            (5, Rules::CHINESE_KGS),
        ] {
            for size in [2, 5, 9] {
                let mut player = RandomPlayer::new(seed);
                let mut game = Game::new(size, rules, 7.5).unwrap();
                let mut color = Color::Black;
                let mut turns = 0;
                while !game.is_over() {
                    let turn = player.generate(&game, color);
                    game.play(color, turn)
                        .expect("the random player plays legal moves");
                    game.board().verify().unwrap();
                    color = color.opponent();
                    turns += 1;
                    assert!(turns < 2000, "game too long");
                }
            }
        }
    }

    #[test]
    fn the_random_player_never_fills_its_own_eye_and_passes_when_only_eyes_are_left() {
        // Black has two eyes at A1 and C1... on a 3×3 board filled but for two eyes.
        let mut game = Game::new(3, Rules::BGA, 7.5).unwrap();
        for vertex in [(1, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)] {
            let point = game.board().point(vertex.0, vertex.1).unwrap();
            game.play(Color::Black, Move::Place(point)).unwrap();
        }
        let mut player = RandomPlayer::new(7);
        assert_eq!(player.generate(&game, Color::Black), Move::Pass);
    }

    #[test]
    fn the_same_seed_gives_the_same_game_and_suggest_is_repeatable() {
        let play = |seed| {
            let mut player = RandomPlayer::new(seed);
            let mut game = Game::new(9, Rules::BGA, 7.5).unwrap();
            for turn in 0..40 {
                let color = if turn % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let chosen = player.generate(&game, color);
                game.play(color, chosen).unwrap();
            }
            game.moves().to_vec()
        };
        assert_eq!(play(11), play(11));
        assert_ne!(play(11), play(12));
        let player = RandomPlayer::new(3);
        let game = Game::new(19, Rules::BGA, 7.5).unwrap();
        assert_eq!(
            player.suggest(&game, Color::Black),
            player.suggest(&game, Color::Black)
        );
    }
}
