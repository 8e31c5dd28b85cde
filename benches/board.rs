//! Benchmarks of the board's hot operations (play, legality, capture, undo, hash) and of a
//! whole light playout, on 9×9 and 19×19. Run with `cargo bench`.

use divan::{Bencher, black_box};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use kosumi::board::{Board, Color, Point};
use kosumi::game::{Game, Move};
use kosumi::playout;
use kosumi::playout::policy::is_playout_move;
use kosumi::rules::Rules;

fn main() {
    divan::main();
}

const SIZES: [usize; 2] = [9, 19];

/// A middle-game position: `moves` light-playout moves from the empty board, fixed seed.
fn middle_game(size: usize, moves: usize) -> (Board, Color) {
    let mut board = Board::new(size).expect("valid size");
    let mut random = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut color = Color::Black;
    for _ in 0..moves {
        match playout::random_move(&mut board, color, &mut random) {
            Some(point) => {
                board.play(color, point);
            }
            None => board.pass(),
        }
        color = color.opponent();
    }
    (board, color)
}

/// The empty points of a board where `color` may play in a playout.
fn playable(board: &Board, color: Color) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&point| is_playout_move(board, color, point))
        .collect()
}

/// Placing one stone (with whatever captures follow) in a middle-game position.
#[divan::bench(args = SIZES)]
fn play(bencher: Bencher, size: usize) {
    let (board, color) = middle_game(size, size * size / 2);
    let points = playable(&board, color);
    let mut next = 0;
    bencher
        .with_inputs(|| {
            next = (next + 1) % points.len();
            (board.clone(), points[next])
        })
        .bench_local_refs(|(board, point)| board.play(color, *point));
}

/// Judging every empty point of a middle-game position for the playout policy (eye, suicide,
/// ko).
#[divan::bench(args = SIZES)]
fn legality(bencher: Bencher, size: usize) {
    let (board, color) = middle_game(size, size * size / 2);
    bencher.bench_local(|| {
        board
            .empty_points()
            .filter(|&point| is_playout_move(black_box(&board), color, point))
            .count()
    });
}

/// A move that captures a chain of `size - 1` stones along the first row.
#[divan::bench(args = SIZES)]
fn capture(bencher: Bencher, size: usize) {
    let mut board = Board::new(size).expect("valid size");
    for x in 0..size - 1 {
        board.play(Color::White, board.point(x, 0).expect("on board"));
        board.play(Color::Black, board.point(x, 1).expect("on board"));
    }
    let last = board.point(size - 1, 0).expect("on board");
    bencher
        .with_inputs(|| board.clone())
        .bench_local_refs(|board| board.play(Color::Black, last));
}

/// Taking back the last move of a 200-move game (undo replays the game from its setup).
#[divan::bench(args = SIZES)]
fn undo(bencher: Bencher, size: usize) {
    let mut game = Game::new(size, Rules::BGA, 7.5).expect("valid size");
    let mut random = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut color = Color::Black;
    for _ in 0..200.min(size * size) {
        let mut board = game.board().clone();
        let turn = match playout::random_move(&mut board, color, &mut random) {
            Some(point) if game.check(color, Move::Place(point)).is_ok() => Move::Place(point),
            _ => Move::Pass,
        };
        game.play(color, turn).expect("checked");
        color = color.opponent();
    }
    bencher
        .with_inputs(|| game.clone())
        .bench_local_refs(|game| game.undo());
}

/// The hash after a move (captures included), for every playable point: the superko test.
#[divan::bench(args = SIZES)]
fn hash(bencher: Bencher, size: usize) {
    let (board, color) = middle_game(size, size * size / 2);
    let points = playable(&board, color);
    bencher.bench_local(|| {
        points.iter().fold(0u64, |hash, &point| {
            hash ^ black_box(&board).hash_after(color, point)
        })
    });
}

/// A whole light playout from the empty board.
#[divan::bench(args = SIZES)]
fn whole_playout(bencher: Bencher, size: usize) {
    let empty = Board::new(size).expect("valid size");
    let mut random = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut board = empty.clone();
    bencher.bench_local(|| {
        board.copy_from(&empty);
        playout::playout(&mut board, Color::Black, &mut random)
    });
}
