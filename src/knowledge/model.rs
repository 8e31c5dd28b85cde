//! The trained move model: one weight (gamma) per feature value, a move's strength being the
//! product of its features' gammas (a Bradley–Terry model), and its file format. The table is
//! `data/move-model.bin`, built into the binary; it also carries a 3×3-only table for the
//! playouts. Knows the features, not how they were fitted (`knowledge::train`).
//!
//! File format (little-endian): the magic `KOSUMIMM`, the format version (u32), the payload's
//! length (u64), the payload, and its FNV-1a 64-bit checksum (u64). The payload holds: the
//! description (u32 length, UTF-8), the small groups (u32 count; per group a u32 value count
//! and that many f32 gammas), the 3×3 gammas (u32 count; u16 canonical code and f32 gamma
//! each), the diamond shapes (u32 count; u64 hash and f32 gamma each, sorted by hash), and the
//! playouts' 3×3 gammas (as the 3×3 gammas).

use std::sync::OnceLock;

use crate::board::Color;

use super::features::{Group, MoveFeatures};
use super::shape;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"KOSUMIMM";
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;

/// The table built into the binary.
static BUILT_IN: &[u8] = include_bytes!("../../data/move-model.bin");

/// Why a table was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// The file does not start with the magic bytes.
    NotAModel,
    /// The file has another format version.
    Version(u32),
    /// The file ends too early, or its payload length is wrong.
    Truncated,
    /// The checksum does not match the payload.
    Checksum,
    /// The payload does not fit this code's features (the text says where).
    Mismatch(String),
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::NotAModel => write!(formatter, "not a Kosumi move model (bad magic)"),
            ModelError::Version(version) => write!(
                formatter,
                "move model format version {version}, this program reads version {VERSION}"
            ),
            ModelError::Truncated => write!(formatter, "the move model is truncated"),
            ModelError::Checksum => write!(formatter, "the move model's checksum is wrong"),
            ModelError::Mismatch(what) => write!(formatter, "the move model is corrupt: {what}"),
        }
    }
}

impl std::error::Error for ModelError {}

/// A trained move model.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// What it was trained on and how well it predicts, in words.
    pub description: String,
    /// The gammas of each small group, in `Group::ALL` order.
    pub groups: Vec<Vec<f32>>,
    /// The gamma of each canonical 3×3 code (1 for codes never seen).
    pub patterns: Vec<f32>,
    /// The gammas of the diamond shapes, sorted by hash.
    pub shapes: Vec<(u64, f32)>,
    /// The playouts' gamma of each canonical 3×3 code (a model of 3×3 shapes alone).
    pub playout_patterns: Vec<f32>,
}

impl Model {
    /// A model where every gamma is 1.
    pub fn even() -> Model {
        Model {
            description: String::new(),
            groups: Group::ALL.iter().map(|g| vec![1.0; g.values()]).collect(),
            patterns: vec![1.0; 1 << 16],
            shapes: Vec::new(),
            playout_patterns: vec![1.0; 1 << 16],
        }
    }

    /// The strength of a move: the product of its features' gammas.
    pub fn gamma(&self, features: &MoveFeatures) -> f32 {
        let mut gamma = 1.0;
        for (group, value) in features.values.iter().enumerate() {
            if let Some(value) = value {
                gamma *= self.groups[group][*value as usize];
            }
        }
        if !features.is_pass {
            gamma *= self.patterns[features.pattern as usize];
            if let Some(shape) = self.largest_shape(&features.shapes) {
                gamma *= shape;
            }
        }
        gamma
    }

    /// The gamma of the largest of the diamonds `hashes` (radius 2, 3, 4) the model knows.
    pub fn largest_shape(&self, hashes: &[u64; 3]) -> Option<f32> {
        hashes.iter().rev().find_map(|hash| {
            self.shapes
                .binary_search_by_key(hash, |&(known, _)| known)
                .ok()
                .map(|index| self.shapes[index].1)
        })
    }

    /// The table as bytes, in the file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::new();
        put_u32(&mut payload, self.description.len() as u32);
        payload.extend_from_slice(self.description.as_bytes());
        put_u32(&mut payload, self.groups.len() as u32);
        for gammas in &self.groups {
            put_u32(&mut payload, gammas.len() as u32);
            for gamma in gammas {
                payload.extend_from_slice(&gamma.to_le_bytes());
            }
        }
        put_patterns(&mut payload, &self.patterns);
        put_u32(&mut payload, self.shapes.len() as u32);
        for (hash, gamma) in &self.shapes {
            payload.extend_from_slice(&hash.to_le_bytes());
            payload.extend_from_slice(&gamma.to_le_bytes());
        }
        put_patterns(&mut payload, &self.playout_patterns);
        let mut bytes = Vec::with_capacity(payload.len() + 28);
        bytes.extend_from_slice(MAGIC);
        put_u32(&mut bytes, VERSION);
        bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes.extend_from_slice(&checksum(&payload).to_le_bytes());
        bytes
    }

    /// Reads a table, checking its magic, version, length and checksum, and that it fits the
    /// features this code extracts.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, ModelError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(ModelError::NotAModel);
        }
        let mut header = Reader { bytes, at: 8 };
        let version = header.u32()?;
        if version != VERSION {
            return Err(ModelError::Version(version));
        }
        let length = header.u64()? as usize;
        let start = header.at;
        if bytes.len().checked_sub(start + 8) != Some(length) {
            return Err(ModelError::Truncated);
        }
        let payload = &bytes[start..start + length];
        let stored = u64::from_le_bytes(bytes[start + length..].try_into().unwrap_or_default());
        if checksum(payload) != stored {
            return Err(ModelError::Checksum);
        }
        read_payload(&mut Reader {
            bytes: payload,
            at: 0,
        })
    }
}

fn read_payload(reader: &mut Reader) -> Result<Model, ModelError> {
    let length = reader.u32()? as usize;
    let description = String::from_utf8(reader.take(length)?.to_vec())
        .map_err(|_| ModelError::Mismatch("the description is not UTF-8".into()))?;
    let group_count = reader.u32()? as usize;
    if group_count != Group::ALL.len() {
        return Err(ModelError::Mismatch(format!(
            "{group_count} feature groups, expected {}",
            Group::ALL.len()
        )));
    }
    let mut groups = Vec::with_capacity(group_count);
    for group in Group::ALL {
        let count = reader.u32()? as usize;
        if count != group.values() {
            return Err(ModelError::Mismatch(format!(
                "{count} values for the {} group, expected {}",
                group.name(),
                group.values()
            )));
        }
        groups.push(
            (0..count)
                .map(|_| reader.gamma())
                .collect::<Result<_, _>>()?,
        );
    }
    let patterns = read_patterns(reader)?;
    let count = reader.u32()? as usize;
    let mut shapes = Vec::with_capacity(count.min(1 << 20));
    for _ in 0..count {
        shapes.push((reader.u64()?, reader.gamma()?));
    }
    if !shapes.windows(2).all(|pair| pair[0].0 < pair[1].0) {
        return Err(ModelError::Mismatch("the shapes are not sorted".into()));
    }
    let playout_patterns = read_patterns(reader)?;
    if reader.at != reader.bytes.len() {
        return Err(ModelError::Mismatch("bytes after the last table".into()));
    }
    Ok(Model {
        description,
        groups,
        patterns,
        shapes,
        playout_patterns,
    })
}

fn put_u32(bytes: &mut Vec<u8>, value: u32) {
    bytes.extend_from_slice(&value.to_le_bytes());
}

/// Writes the gammas of the canonical codes that are not 1.
fn put_patterns(bytes: &mut Vec<u8>, gammas: &[f32]) {
    let known: Vec<(u16, f32)> = gammas
        .iter()
        .enumerate()
        .filter(|&(code, &gamma)| gamma != 1.0 && shape::canonical_code(code as u16) == code as u16)
        .map(|(code, &gamma)| (code as u16, gamma))
        .collect();
    put_u32(bytes, known.len() as u32);
    for (code, gamma) in known {
        bytes.extend_from_slice(&code.to_le_bytes());
        bytes.extend_from_slice(&gamma.to_le_bytes());
    }
}

fn read_patterns(reader: &mut Reader) -> Result<Vec<f32>, ModelError> {
    let count = reader.u32()? as usize;
    let mut gammas = vec![1.0; 1 << 16];
    for _ in 0..count {
        let code = u16::from_le_bytes(reader.array()?);
        if shape::canonical_code(code) != code {
            return Err(ModelError::Mismatch(format!(
                "3×3 code {code:#06x} is not canonical"
            )));
        }
        gammas[code as usize] = reader.gamma()?;
    }
    Ok(gammas)
}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads little-endian numbers from a byte slice, refusing to run past its end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], ModelError> {
        let end = self.at.checked_add(count).ok_or(ModelError::Truncated)?;
        let slice = self.bytes.get(self.at..end).ok_or(ModelError::Truncated)?;
        self.at = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ModelError> {
        self.take(N)?.try_into().map_err(|_| ModelError::Truncated)
    }

    fn u32(&mut self) -> Result<u32, ModelError> {
        self.array().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Result<u64, ModelError> {
        self.array().map(u64::from_le_bytes)
    }

    /// A gamma: a positive finite f32.
    fn gamma(&mut self) -> Result<f32, ModelError> {
        let gamma = f32::from_le_bytes(self.array()?);
        if gamma.is_finite() && gamma > 0.0 {
            Ok(gamma)
        } else {
            Err(ModelError::Mismatch(format!(
                "the gamma {gamma} is not positive"
            )))
        }
    }
}

/// The built-in model, read once; the error says why it was refused.
pub fn model() -> Result<&'static Model, &'static ModelError> {
    static MODEL: OnceLock<Result<Model, ModelError>> = OnceLock::new();
    MODEL.get_or_init(|| Model::from_bytes(BUILT_IN)).as_ref()
}

/// The playouts' 3×3 weights, looked up by the board's own neighbourhood code and the
/// colour to move: `weight(board.neighbourhood(point), color)`.
pub struct PlayoutPatternWeights {
    /// Per colour (`Color::index`), the gamma of every raw neighbourhood code.
    by_colour: [Vec<f32>; 2],
}

impl PlayoutPatternWeights {
    /// Builds the lookup for both colours from canonical gammas.
    pub fn new(canonical: &[f32]) -> PlayoutPatternWeights {
        let for_black: Vec<f32> = (0..=u16::MAX)
            .map(|code| canonical[shape::canonical_code(code) as usize])
            .collect();
        let for_white = (0..=u16::MAX)
            .map(|code| for_black[shape::swap_colours(code) as usize])
            .collect();
        PlayoutPatternWeights {
            by_colour: [for_black, for_white],
        }
    }

    /// The weight of `color` playing at a point whose `Board::neighbourhood` code is `code`:
    /// the gamma of its 3×3 shape, about 1 for an ordinary shape, more for a good one.
    #[inline]
    pub fn weight(&self, code: u16, color: Color) -> f32 {
        self.by_colour[color.index()][code as usize]
    }
}

/// The built-in model's playout weights, or why the model was refused.
pub fn playout_pattern_weights() -> Result<&'static PlayoutPatternWeights, &'static ModelError> {
    static WEIGHTS: OnceLock<Result<PlayoutPatternWeights, ModelError>> = OnceLock::new();
    WEIGHTS
        .get_or_init(|| {
            model()
                .map(|built| PlayoutPatternWeights::new(&built.playout_patterns))
                .map_err(Clone::clone)
        })
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Model {
        let mut model = Model::even();
        model.description = "a test".into();
        model.groups[1][2] = 3.5;
        model.patterns[shape::canonical_code(0x0101) as usize] = 2.0;
        model.shapes = vec![(5, 0.25), (9, 4.0)];
        model.playout_patterns[shape::canonical_code(0x0202) as usize] = 0.5;
        model
    }

    #[test]
    fn a_model_reads_back_as_it_was_written() {
        let model = sample();
        assert_eq!(Model::from_bytes(&model.to_bytes()), Ok(model));
    }

    #[test]
    fn a_corrupt_truncated_or_foreign_table_is_refused() {
        let bytes = sample().to_bytes();
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        assert_eq!(Model::from_bytes(&flipped), Err(ModelError::Checksum));
        assert_eq!(
            Model::from_bytes(&bytes[..bytes.len() - 1]),
            Err(ModelError::Truncated)
        );
        assert_eq!(
            Model::from_bytes(b"PK\x03\x04 a zip file"),
            Err(ModelError::NotAModel)
        );
        let mut later = bytes.clone();
        later[8] = 2;
        assert_eq!(Model::from_bytes(&later), Err(ModelError::Version(2)));
        assert!(
            ModelError::Checksum.to_string().contains("checksum"),
            "the error says what is wrong"
        );
    }

    #[test]
    fn a_table_for_other_features_is_refused() {
        let mut model = sample();
        model.groups[0].push(1.0);
        let refused = Model::from_bytes(&model.to_bytes());
        assert!(matches!(refused, Err(ModelError::Mismatch(text)) if text.contains("pass")));
    }

    #[test]
    fn the_built_in_table_loads() {
        let built = model().expect("data/move-model.bin loads");
        assert!(!built.shapes.is_empty());
        assert!(playout_pattern_weights().is_ok());
    }

    #[test]
    fn playout_weights_are_the_same_for_a_shape_seen_by_either_colour() {
        let weights = PlayoutPatternWeights::new(&sample().playout_patterns);
        // 0x0202: white stones above-left and right; for White that is its own shape 0x0101.
        assert_eq!(weights.weight(0x0202, Color::Black), 0.5);
        assert_eq!(weights.weight(0x0101, Color::White), 0.5);
        assert_eq!(weights.weight(0x0101, Color::Black), 1.0);
    }
}
