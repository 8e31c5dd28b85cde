//! Zobrist keys, built at compile time from a fixed splitmix64 stream: no start-up call, no
//! global state, the same keys in every run.

use super::CELLS;

/// splitmix64: a small, well-mixed generator that a `const fn` can run.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_keys() -> [[u64; CELLS]; 2] {
    let mut keys = [[0u64; CELLS]; 2];
    let mut state = 0x4B4F_5355_4D49_0001; // "KOSUMI" and a version
    let mut color = 0;
    while color < 2 {
        let mut index = 0;
        while index < CELLS {
            let (next, value) = splitmix64(state);
            state = next;
            keys[color][index] = value;
            index += 1;
        }
        color += 1;
    }
    keys
}

/// `STONE_KEYS[color][point]`: the key XORed into the hash when that stone is placed or removed.
pub static STONE_KEYS: [[u64; CELLS]; 2] = build_keys();
