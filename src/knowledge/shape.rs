//! Shapes around a move, seen from the mover's side and the same in all eight symmetries of
//! the square: the 3×3 neighbourhood as a 16-bit code (the board's `neighbourhood` encoding,
//! with the mover's stones as 1 and the opponent's as 2), and the nested diamonds of radius
//! 2, 3 and 4 (every point within that Manhattan distance) as 64-bit hashes. Each is reduced
//! to a canonical form, the smallest over the eight rotations and reflections, so a shape and
//! its mirror images are one feature value. Mechanics only: knows the board, not the model.

use std::sync::OnceLock;

use crate::board::{Board, Color, Point, SLOT_LOW_BITS};

/// The radii of the diamond shapes, smallest first.
pub const DIAMOND_RADII: [usize; 3] = [2, 3, 4];

/// Points of the largest diamond, the centre excluded.
const DIAMOND_POINTS: usize = 40;

/// A cell of a shape, from the mover's side (the same two bits as `board::Cell`, black
/// standing for the mover).
const OWN: u16 = 1;

/// A map of an offset `(dx, dy)`.
type Symmetry = fn(isize, isize) -> (isize, isize);

/// The eight symmetries of the square.
const SYMMETRIES: [Symmetry; 8] = [
    |x, y| (x, y),
    |x, y| (-y, x),
    |x, y| (-x, -y),
    |x, y| (y, -x),
    |x, y| (-x, y),
    |x, y| (y, x),
    |x, y| (x, -y),
    |x, y| (-y, -x),
];

/// The offsets of the eight slots of `Board::neighbourhood`, in its order.
const SLOT_OFFSETS: [(isize, isize); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The 3×3 code around `point` from `color`'s side: the board's neighbourhood code with the
/// colours swapped when `color` is white, so the mover's stones are always 1.
#[inline]
pub fn mover_code(board: &Board, color: Color, point: Point) -> u16 {
    let code = board.neighbourhood(point);
    if color == Color::Black {
        code
    } else {
        swap_colours(code)
    }
}

/// The code with black and white exchanged in every slot (empty and off-board stay).
#[inline]
pub fn swap_colours(code: u16) -> u16 {
    ((code & SLOT_LOW_BITS) << 1) | ((code >> 1) & SLOT_LOW_BITS)
}

/// The canonical form of a 3×3 code: the smallest code among its eight symmetries.
#[inline]
pub fn canonical_code(code: u16) -> u16 {
    canonical_codes()[code as usize]
}

/// The canonical form of every 3×3 code, computed once.
fn canonical_codes() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let slot_of = |offset: (isize, isize)| {
            SLOT_OFFSETS
                .iter()
                .position(|&slot| slot == offset)
                .expect("a symmetry maps the ring onto itself")
        };
        let maps: Vec<[usize; 8]> = SYMMETRIES
            .iter()
            .map(|symmetry| {
                std::array::from_fn(|slot| {
                    let (x, y) = SLOT_OFFSETS[slot];
                    slot_of(symmetry(x, y))
                })
            })
            .collect();
        (0..=u16::MAX)
            .map(|code| {
                maps.iter()
                    .map(|map| {
                        (0..8).fold(0u16, |image, slot| {
                            image | ((code >> (2 * slot)) & 3) << (2 * map[slot])
                        })
                    })
                    .min()
                    .unwrap_or(code)
            })
            .collect()
    })
}

/// The diamonds' geometry and the random numbers of the hash.
struct Diamonds {
    /// The offsets, by distance.
    offsets: [(isize, isize); DIAMOND_POINTS],
    /// `symmetric_keys[k][cell][symmetry]`: the hash of `cell` (1 own, 2 opponent, 3 off the
    /// board) at the image of offset k under the symmetry, so that one point updates the eight
    /// symmetries' hashes from eight keys side by side.
    symmetric_keys: [[[u64; 8]; 4]; DIAMOND_POINTS],
    /// How many offsets are within each radius of `DIAMOND_RADII`.
    ends: [usize; 3],
}

fn diamonds() -> &'static Diamonds {
    static DIAMONDS: OnceLock<Diamonds> = OnceLock::new();
    DIAMONDS.get_or_init(|| {
        let mut offsets = Vec::with_capacity(DIAMOND_POINTS);
        for distance in 1..=4isize {
            for dy in -distance..=distance {
                for dx in -distance..=distance {
                    if dx.abs() + dy.abs() == distance {
                        offsets.push((dx, dy));
                    }
                }
            }
        }
        let offsets: [(isize, isize); DIAMOND_POINTS] =
            offsets.try_into().expect("40 points within distance 4");
        // `images[symmetry][k]`: the index of the image of offset k under the symmetry.
        let images: [[usize; DIAMOND_POINTS]; 8] = std::array::from_fn(|symmetry| {
            std::array::from_fn(|k| {
                let (x, y) = offsets[k];
                let image = SYMMETRIES[symmetry](x, y);
                offsets.iter().position(|&o| o == image).unwrap_or(k)
            })
        });
        // `keys[k][cell]`: the hash of `cell` at offset k.
        let mut state = 0x4b6f_7375_6d69_u64;
        let keys: [[u64; 4]; DIAMOND_POINTS] = std::array::from_fn(|_| {
            let mut row = [0u64; 4];
            for key in row.iter_mut().skip(1) {
                *key = split_mix(&mut state);
            }
            row
        });
        let symmetric_keys = std::array::from_fn(|k| {
            std::array::from_fn(|cell| {
                std::array::from_fn(|symmetry| keys[images[symmetry][k]][cell])
            })
        });
        let within = |radius: usize| {
            offsets
                .iter()
                .filter(|(x, y)| x.unsigned_abs() + y.unsigned_abs() <= radius)
                .count()
        };
        Diamonds {
            offsets,
            symmetric_keys,
            ends: DIAMOND_RADII.map(within),
        }
    })
}

/// SplitMix64: a fixed sequence of well-mixed numbers (the hash keys must never change, since
/// the trained table stores hashes).
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The canonical hashes of the diamonds of radius 2, 3 and 4 around `point`, from `color`'s
/// side. Each radius has its own salt, so hashes of different radii never meet.
pub fn diamond_hashes(board: &Board, color: Color, point: Point) -> [u64; 3] {
    let diamonds = diamonds();
    let size = board.size() as isize;
    let (x, y) = board.coordinates(point);
    let (x, y) = (x as isize, y as isize);
    let mut hashes = [0u64; 8];
    let mut result = [0u64; 3];
    let mut radius = 0;
    for (k, &(dx, dy)) in diamonds.offsets.iter().enumerate() {
        let (column, row) = (x + dx, y + dy);
        let cell = if column < 0 || row < 0 || column >= size || row >= size {
            3
        } else {
            match board
                .point(column as usize, row as usize)
                .and_then(|p| board.get(p))
            {
                None => 0,
                Some(stone) if stone == color => OWN as usize,
                Some(_) => 2,
            }
        };
        if cell != 0 {
            for (hash, key) in hashes.iter_mut().zip(&diamonds.symmetric_keys[k][cell]) {
                *hash ^= key;
            }
        }
        if k + 1 == diamonds.ends[radius] {
            let smallest = hashes.iter().copied().min().unwrap_or(0);
            result[radius] =
                smallest ^ (DIAMOND_RADII[radius] as u64).wrapping_mul(0xa24b_aed4_963e_e407);
            radius += 1;
            if radius == result.len() {
                break;
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, diagram};

    #[test]
    fn a_shape_and_its_mirror_images_have_one_canonical_code_and_one_hash() {
        // Black to play C2 under the black B3 and the white C3, and C8 over the same shape
        // reflected top to bottom (B7, C7).
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . X O . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . X O . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let first = at(&board, "C2");
        let second = at(&board, "C8");
        let code = |point| canonical_code(mover_code(&board, Color::Black, point));
        assert_eq!(code(first), code(second));
        assert_eq!(
            diamond_hashes(&board, Color::Black, first),
            diamond_hashes(&board, Color::Black, second)
        );
        // From White's side the shape is another one.
        assert_ne!(
            canonical_code(mover_code(&board, Color::White, first)),
            code(first)
        );
        assert_ne!(
            diamond_hashes(&board, Color::White, first)[0],
            diamond_hashes(&board, Color::Black, first)[0]
        );
        // Another point has another shape.
        assert_ne!(code(at(&board, "D2")), code(first));
    }

    #[test]
    fn colours_swap_and_walls_stay() {
        assert_eq!(swap_colours(0b11_10_01_00), 0b11_01_10_00);
        assert_eq!(swap_colours(swap_colours(0x1234)), 0x1234);
    }

    #[test]
    fn the_diamonds_grow_and_see_the_edge() {
        let board = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let centre = diamond_hashes(&board, Color::Black, at(&board, "E5"));
        let third_line = diamond_hashes(&board, Color::Black, at(&board, "C5"));
        let fourth_line = diamond_hashes(&board, Color::Black, at(&board, "D5"));
        // Radius 2 sees no edge from the third line; radius 3 does.
        assert_eq!(centre[0], third_line[0]);
        assert_ne!(centre[1], third_line[1]);
        // Radius 4 sees the edge from the fourth line and not from the centre.
        assert_eq!(centre[1], fourth_line[1]);
        assert_ne!(centre[2], fourth_line[2]);
        // Every radius hashes apart.
        assert_ne!(centre[0], centre[1]);
        assert_ne!(centre[1], centre[2]);
        // The same point on other sides of the board looks the same.
        assert_eq!(
            diamond_hashes(&board, Color::Black, at(&board, "G5")),
            third_line
        );
        assert_eq!(
            diamond_hashes(&board, Color::White, at(&board, "E3")),
            third_line
        );
    }
}
