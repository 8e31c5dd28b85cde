//! Unconditional life: the chains Benson's algorithm proves alive whatever the opponent does,
//! and the chains no opposing stone can reach. The judgement never calls these dead. Knows
//! no playouts and no GTP text.

use crate::board::{Board, CELLS, Color, Point};

/// The stones of `color` that no opposing stone can be reached from: their chain, with the
/// empty points and `color` stones connected to it, touches no opposing stone. On an empty
/// board with a few stones of one colour, or on a side of the board the opponent never
/// entered, such stones own everything around them, so they are alive whatever random play
/// does to them.
pub fn unopposed(board: &Board, color: Color) -> Vec<Point> {
    let opponent = Some(color.opponent());
    let mut seen = vec![false; CELLS];
    let mut stones = Vec::new();
    for start in board.points() {
        if board.get(start) != Some(color) || seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let mut area = vec![start];
        let mut todo = vec![start];
        let mut opposed = false;
        while let Some(point) = todo.pop() {
            for neighbour in board.neighbours(point) {
                if board.get(neighbour) == opponent {
                    opposed = true;
                } else if !seen[neighbour.index()] {
                    seen[neighbour.index()] = true;
                    area.push(neighbour);
                    todo.push(neighbour);
                }
            }
        }
        if !opposed {
            stones.extend(
                area.into_iter()
                    .filter(|&point| board.get(point) == Some(color)),
            );
        }
    }
    stones.sort();
    stones
}

/// The stones of the chains of `color` that are alive unconditionally (Benson's algorithm):
/// alive even if their owner never plays again and the opponent plays as often as it likes.
///
/// A `color`-enclosed region is a maximal connected set of points without `color` stones; it is
/// vital to a chain when every one of its empty points is a liberty of that chain. Starting
/// from all chains and all regions, repeatedly drop the chains with fewer than two vital
/// regions left and the regions bordered by a dropped chain; the chains that remain are alive.
pub fn unconditionally_alive(board: &Board, color: Color) -> Vec<Point> {
    let (chain_of, chain_stones) = chains(board, color);
    if chain_stones.is_empty() {
        return Vec::new();
    }
    let regions = regions(board, color, &chain_of);
    let chain_alive = prune(&regions, chain_stones.len());
    let mut stones: Vec<Point> = chain_stones
        .into_iter()
        .zip(chain_alive)
        .filter(|(_, alive)| *alive)
        .flat_map(|(stones, _)| stones)
        .collect();
    stones.sort();
    stones
}

/// No chain: the mark of a point that holds no stone of the colour.
const NO_CHAIN: usize = usize::MAX;

/// The chains of `color`: each point's chain number (`NO_CHAIN` off them), and each chain's
/// stones.
fn chains(board: &Board, color: Color) -> (Vec<usize>, Vec<Vec<Point>>) {
    let mut chain_of = vec![NO_CHAIN; CELLS];
    let mut chain_stones: Vec<Vec<Point>> = Vec::new();
    for point in board.points() {
        if board.get(point) == Some(color) && chain_of[point.index()] == NO_CHAIN {
            let stones = board.chain(point);
            for stone in &stones {
                chain_of[stone.index()] = chain_stones.len();
            }
            chain_stones.push(stones);
        }
    }
    (chain_of, chain_stones)
}

/// A `color`-enclosed region: the chains around it and the chains it is vital to.
struct Region {
    borders: Vec<usize>,
    vital_to: Vec<usize>,
}

/// The `color`-enclosed regions of `board`, with `chain_of` from `chains`.
fn regions(board: &Board, color: Color, chain_of: &[usize]) -> Vec<Region> {
    let mut in_region = vec![false; CELLS];
    let mut regions: Vec<Region> = Vec::new();
    for start in board.points() {
        if board.get(start) == Some(color) || in_region[start.index()] {
            continue;
        }
        in_region[start.index()] = true;
        let mut points = vec![start];
        let mut todo = vec![start];
        let mut borders: Vec<usize> = Vec::new();
        while let Some(point) = todo.pop() {
            for neighbour in board.neighbours(point) {
                if board.get(neighbour) == Some(color) {
                    let chain = chain_of[neighbour.index()];
                    if !borders.contains(&chain) {
                        borders.push(chain);
                    }
                } else if !in_region[neighbour.index()] {
                    in_region[neighbour.index()] = true;
                    points.push(neighbour);
                    todo.push(neighbour);
                }
            }
        }
        let vital_to = vital_chains(board, chain_of, &points, &borders);
        regions.push(Region { borders, vital_to });
    }
    regions
}

/// The chains among `borders` to which the region of `points` is vital: every empty point of
/// the region is a liberty of the chain (none when the region has no empty point).
fn vital_chains(
    board: &Board,
    chain_of: &[usize],
    points: &[Point],
    borders: &[usize],
) -> Vec<usize> {
    let empties: Vec<Point> = points
        .iter()
        .copied()
        .filter(|&point| board.get(point).is_none())
        .collect();
    if empties.is_empty() {
        return Vec::new();
    }
    borders
        .iter()
        .copied()
        .filter(|&chain| {
            empties.iter().all(|&empty| {
                board
                    .neighbours(empty)
                    .any(|neighbour| chain_of[neighbour.index()] == chain)
            })
        })
        .collect()
}

/// Benson's pruning over `chains` chains: drop the chains with fewer than two vital regions
/// left and the regions bordered by a dropped chain, until nothing changes. Whether each
/// chain is left.
fn prune(regions: &[Region], chains: usize) -> Vec<bool> {
    let mut chain_alive = vec![true; chains];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (chain, alive) in chain_alive.iter_mut().enumerate() {
            if !*alive {
                continue;
            }
            let vital = regions
                .iter()
                .zip(&region_alive)
                .filter(|(region, open)| **open && region.vital_to.contains(&chain))
                .count();
            if vital < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (region, alive) in regions.iter().zip(region_alive.iter_mut()) {
            if *alive && region.borders.iter().any(|&chain| !chain_alive[chain]) {
                *alive = false;
                changed = true;
            }
        }
        if !changed {
            return chain_alive;
        }
    }
}
