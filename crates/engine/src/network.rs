//! The evaluation network of chess and Wildebeest: each piece on its square, seen from
//! each side (one input per colour, kind and square, the board turned over for Black),
//! a hidden layer of clipped-linear units for each side's view (their outputs
//! squared or not, `Activation`), and one output, the score for the side to move, from
//! the output layer of the position's bucket (how many pieces stand on the board).
//! Trained by `menagerie train-net` on self-play positions and stored in integers, so
//! that it evaluates with integer arithmetic alone.
//!
//! A search carries the hidden sums from one evaluated position to the next
//! (`accumulator.rs`); elsewhere they are summed afresh.

use crate::score::Score;
use rules::{Color, Position, Role, Square, VariantId};
use std::sync::OnceLock;

/// Hidden units for each side's view of a network trained without saying (`train-net
/// --hidden`).
pub const DEFAULT_HIDDEN: usize = 128;
/// The most hidden units a network may have for each view; a network has a multiple of
/// `TILE` of them, at least one tile.
pub const MAX_HIDDEN: usize = 512;
/// Hidden units are summed a tile at a time: a tile and one row's part of it fit the
/// vector registers, so an update reads and writes the sums once however many rows
/// change.
pub const TILE: usize = 64;
pub type Tile = [i16; TILE];
const MAX_TILES: usize = MAX_HIDDEN / TILE;
/// Each view's hidden sums, of which a network uses its first `hidden / TILE` tiles.
pub type Sums = [Tile; MAX_TILES];
/// The first layer's weights and biases are stored times `QA`; a hidden unit's output is
/// clipped to 0..`QA` (0 to 1).
pub const QA: i32 = 255;
/// The output layer's weights are stored times `QB`, its bias times `QA * QB`.
pub const QB: i32 = 512;
/// The network's output times `SCALE` is centipawns; on the training's logistic curve
/// `1 / (1 + e^(-cp / SCALE))` is the expected score.
pub const SCALE: i32 = 400;
/// Stored weights of the first layer lie within this (times `QA`), so that the sum of a
/// position's inputs fits an `i16`.
pub const WEIGHT_LIMIT: f32 = 1.98;
/// Stored weights of the output layer lie within this (times `QB`), so that sixteen
/// squared units' products fit an `i32` (see `squared_dot`). Trained networks stay well
/// inside it (the built-in chess network's largest is 1.87).
pub const OUTPUT_LIMIT: f32 = 3.99;

/// The most output layers a network may have (`Layout::bucket`).
pub const MAX_BUCKETS: usize = 8;

const MAGIC: &[u8; 8] = b"MNETv003";
/// The second stored form, without the bucket count: one output layer.
const MAGIC_V2: &[u8; 8] = b"MNETv002";
/// The first stored form, without an activation byte either: its units are all `Clipped`.
const MAGIC_V1: &[u8; 8] = b"MNETv001";

/// What a hidden unit passes on from its sum: the sum clipped to 0..1, or that squared.
/// Squaring costs a multiplication a unit at the output, and lets a unit's share grow
/// faster than its sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    Clipped,
    Squared,
}

impl Activation {
    /// The unit's output from its sum, in floating point (training).
    pub fn apply(self, sum: f32) -> f32 {
        let clipped = sum.clamp(0.0, 1.0);
        match self {
            Activation::Clipped => clipped,
            Activation::Squared => clipped * clipped,
        }
    }

    /// The output's slope at `sum`: 0 where the sum is clipped.
    pub fn slope(self, sum: f32) -> f32 {
        if sum <= 0.0 || sum >= 1.0 {
            return 0.0;
        }
        match self {
            Activation::Clipped => 1.0,
            Activation::Squared => 2.0 * sum,
        }
    }

    fn byte(self) -> u8 {
        match self {
            Activation::Clipped => 0,
            Activation::Squared => 1,
        }
    }
}

impl std::str::FromStr for Activation {
    type Err = String;

    fn from_str(text: &str) -> Result<Activation, String> {
        match text {
            "clipped" => Ok(Activation::Clipped),
            "squared" => Ok(Activation::Squared),
            _ => Err(format!("'{text}': expected clipped or squared")),
        }
    }
}

/// Which input a piece is: its colour as seen from `view` (own or enemy), its kind and its
/// square, the board turned over for Black so that each side sees itself at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub files: u8,
    pub ranks: u8,
    /// Pawn to king for chess; with camel and wildebeest for Wildebeest.
    pub roles: usize,
}

impl Layout {
    pub fn of(variant: VariantId) -> Option<Layout> {
        match variant {
            VariantId::Chess => Some(Layout {
                files: 8,
                ranks: 8,
                roles: 6,
            }),
            VariantId::Wildebeest => Some(Layout {
                files: 11,
                ranks: 10,
                roles: 8,
            }),
            _ => None,
        }
    }

    pub fn inputs(&self) -> usize {
        2 * self.roles * self.squares()
    }

    fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub fn input(&self, view: Color, color: Color, role: Role, sq: Square) -> usize {
        let files = self.files as usize;
        let (file, rank) = (sq.index() % files, sq.index() / files);
        let rank = match view {
            Color::White => rank,
            Color::Black => self.ranks as usize - 1 - rank,
        };
        let side = usize::from(color != view);
        (side * self.roles + role.index()) * self.squares() + rank * files + file
    }

    fn table_row(&self, view: Color, color: Color, role: Role) -> usize {
        (view.index() * 2 + color.index()) * self.roles + role.index()
    }

    fn table(&self) -> Vec<[u16; 128]> {
        let mut table = vec![[0; 128]; 4 * self.roles];
        for view in Color::ALL {
            for color in Color::ALL {
                for &role in &Role::ALL[..self.roles] {
                    let row = &mut table[self.table_row(view, color, role)];
                    for (sq, input) in row.iter_mut().enumerate().take(self.squares()) {
                        *input = self.input(view, color, role, Square::new(sq as u8)) as u16;
                    }
                }
            }
        }
        table
    }

    /// Which of `buckets` output layers scores a position of `pieces` pieces: the
    /// buckets split the pieces of the starting position (four ranks of them) evenly.
    pub fn bucket(&self, pieces: usize, buckets: usize) -> usize {
        let most = 4 * self.files as usize;
        (pieces.saturating_sub(1) * buckets / most).min(buckets - 1)
    }

    /// The same piece's input with the board turned left to right.
    pub fn mirrored(&self, input: usize) -> usize {
        let files = self.files as usize;
        let file = input % files;
        input - file + (files - 1 - file)
    }

    /// Calls `f` with the input of every piece of `pos` as seen from `view`.
    pub fn for_each_input(&self, pos: &Position, view: Color, mut f: impl FnMut(usize)) {
        for color in Color::ALL {
            for &role in &Role::ALL[..self.roles] {
                for sq in pos.pieces_of(color, role) {
                    f(self.input(view, color, role, sq));
                }
            }
        }
    }
}

#[derive(PartialEq)]
pub struct Network {
    variant: VariantId,
    layout: Layout,
    /// Hidden units for each view.
    hidden: usize,
    /// One row of `hidden` weights for each input, input by input, in tiles.
    input: Vec<Tile>,
    bias: Vec<Tile>,
    /// An output layer of `2 * hidden` weights for each bucket of positions
    /// (`Layout::bucket`): the side to move's view's units' weights, then the other
    /// side's.
    output: Vec<Vec<i16>>,
    output_bias: Vec<i32>,
    /// The network scores what the hand-written evaluation misses: its output is added
    /// to that evaluation's.
    on_top: bool,
    activation: Activation,
    /// `layout.input` by square for each view, colour and kind (`Layout::table_row`), so
    /// that the evaluation looks inputs up rather than divides.
    inputs: Vec<[u16; 128]>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({}, {} inputs, {} hidden, {:?}, {} output layers)",
            self.variant.name(),
            self.layout.inputs(),
            self.hidden,
            self.activation,
            self.output.len()
        )
    }
}

/// The trained weights as floating point, the form `train-net` fits.
pub struct FloatWeights {
    /// `inputs * hidden`, input by input.
    pub input: Vec<f32>,
    /// One for each hidden unit.
    pub bias: Vec<f32>,
    /// `2 * hidden` for each bucket, bucket by bucket.
    pub output: Vec<f32>,
    /// One for each bucket.
    pub output_bias: Vec<f32>,
    /// Trained as a correction to the hand-written evaluation.
    pub on_top: bool,
    pub activation: Activation,
}

impl Network {
    pub fn variant(&self) -> VariantId {
        self.variant
    }

    /// Whether the score is a correction to the hand-written evaluation's.
    pub fn on_top(&self) -> bool {
        self.on_top
    }

    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// Hidden units for each view.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// How many output layers it has, one for each bucket of positions.
    pub fn buckets(&self) -> usize {
        self.output.len()
    }

    /// The score of `pos` for its side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> Score {
        let pieces = (pos.pieces(Color::White) | pos.pieces(Color::Black)).count();
        self.output(&self.sums(pos), pos.turn(), pieces as usize)
    }

    /// Each view's hidden sums of `pos`, White's then Black's, summed afresh.
    pub(crate) fn sums(&self, pos: &Position) -> [Sums; 2] {
        // Each view's inputs first, then each view summed on its own: one view's hidden
        // sums fit the vector registers, two would not.
        let mut inputs = [[0u16; Square::MAX_SQUARES]; 2];
        let mut pieces = 0;
        for color in Color::ALL {
            for &role in &Role::ALL[..self.layout.roles] {
                let white = &self.inputs[self.layout.table_row(Color::White, color, role)];
                let black = &self.inputs[self.layout.table_row(Color::Black, color, role)];
                for sq in pos.pieces_of(color, role) {
                    inputs[0][pieces] = white[sq.slot()];
                    inputs[1][pieces] = black[sq.slot()];
                    pieces += 1;
                }
            }
        }
        inputs.map(|view| self.hidden_sums(&view[..pieces]))
    }

    /// The score for `us` from each view's hidden sums (White's, then Black's), with
    /// `pieces` on the board.
    pub(crate) fn output(&self, sums: &[Sums; 2], us: Color, pieces: usize) -> Score {
        let bucket = self.layout.bucket(pieces, self.output.len());
        let (own_weights, enemy_weights) = self.output[bucket].split_at(self.hidden);
        let units = |view: Color| sums[view.index()][..self.tiles()].as_flattened();
        let dot = match self.activation {
            Activation::Clipped => dot,
            Activation::Squared => squared_dot,
        };
        let sum = i64::from(self.output_bias[bucket])
            + dot(units(us), own_weights)
            + dot(units(!us), enemy_weights);
        (sum * i64::from(SCALE) / i64::from(QA * QB)) as Score
    }

    /// Piece kinds with inputs: pawn to king, and camel and wildebeest in Wildebeest.
    pub(crate) fn roles(&self) -> usize {
        self.layout.roles
    }

    /// The input of a piece as seen from `view`.
    pub(crate) fn input_of(&self, view: Color, color: Color, role: Role, sq: Square) -> u16 {
        self.inputs[self.layout.table_row(view, color, role)][sq.slot()]
    }

    fn tiles(&self) -> usize {
        self.hidden / TILE
    }

    fn hidden_sums(&self, inputs: &[u16]) -> Sums {
        let mut sums = [[0; TILE]; MAX_TILES];
        sums[..self.tiles()].copy_from_slice(&self.bias);
        self.apply(&mut sums, inputs, &[]);
        sums
    }

    /// `sums` plus the rows of the `added` inputs less those of the `removed` ones, a
    /// tile at a time. Sums wrap: a position's sums fit an `i16` (see `WEIGHT_LIMIT`), so
    /// whatever the order of additions and subtractions, the result is exact.
    pub(crate) fn apply(&self, sums: &mut Sums, added: &[u16], removed: &[u16]) {
        let tiles = self.tiles();
        for (t, sum) in sums[..tiles].iter_mut().enumerate() {
            let mut tile = *sum;
            for &input in added {
                let row = &self.input[input as usize * tiles + t];
                for (a, w) in tile.iter_mut().zip(row) {
                    *a = a.wrapping_add(*w);
                }
            }
            for &input in removed {
                let row = &self.input[input as usize * tiles + t];
                for (a, w) in tile.iter_mut().zip(row) {
                    *a = a.wrapping_sub(*w);
                }
            }
            *sum = tile;
        }
    }

    /// Rounds trained weights to the stored integers.
    pub fn quantize(variant: VariantId, weights: &FloatWeights) -> Result<Network, String> {
        let layout = Layout::of(variant).ok_or("no network for this variant")?;
        let buckets = weights.output_bias.len();
        let hidden = weights.bias.len();
        if !hidden_units_allowed(hidden)
            || weights.input.len() != layout.inputs() * hidden
            || !(1..=MAX_BUCKETS).contains(&buckets)
            || weights.output.len() != buckets * 2 * hidden
        {
            return Err("the weights do not fit the variant's network".into());
        }
        let first = |w: f32| (w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT) * QA as f32).round() as i16;
        let second = |w: f32| (w.clamp(-OUTPUT_LIMIT, OUTPUT_LIMIT) * QB as f32).round() as i16;
        Ok(Network {
            variant,
            layout,
            hidden,
            input: tiled(&weights.input, first),
            bias: tiled(&weights.bias, first),
            output: weights
                .output
                .chunks_exact(2 * hidden)
                .map(|layer| layer.iter().map(|&w| second(w)).collect())
                .collect(),
            output_bias: weights
                .output_bias
                .iter()
                .map(|&b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
            on_top: weights.on_top,
            activation: weights.activation,
            inputs: layout.table(),
        })
    }

    /// The stored integers as the floating-point weights they round (`quantize` undone,
    /// to within its rounding), for training to start from.
    pub fn float_weights(&self) -> FloatWeights {
        let (qa, qb) = (QA as f32, QB as f32);
        FloatWeights {
            input: self
                .input
                .iter()
                .flatten()
                .map(|&w| w as f32 / qa)
                .collect(),
            bias: self.bias.iter().flatten().map(|&w| w as f32 / qa).collect(),
            output: self
                .output
                .iter()
                .flatten()
                .map(|&w| w as f32 / qb)
                .collect(),
            output_bias: self
                .output_bias
                .iter()
                .map(|&b| b as f32 / (qa * qb))
                .collect(),
            on_top: self.on_top,
            activation: self.activation,
        }
    }

    /// The stored form: a magic, the variant's name, whether it corrects the hand-written
    /// evaluation, its activation, its number of output layers, then the integers
    /// little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        let name = self.variant.name().as_bytes();
        bytes.push(name.len() as u8);
        bytes.extend_from_slice(name);
        bytes.push(u8::from(self.on_top));
        bytes.push(self.activation.byte());
        bytes.push(self.output.len() as u8);
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.layout.inputs() as u32).to_le_bytes());
        let weights = self
            .input
            .iter()
            .chain(&self.bias)
            .flatten()
            .chain(self.output.iter().flatten());
        for w in weights {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            bytes.extend_from_slice(&b.to_le_bytes());
        }
        bytes
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let mut reader = Reader { bytes, at: 0 };
        let version = match reader.take(MAGIC.len())? {
            magic if magic == MAGIC => 3,
            magic if magic == MAGIC_V2 => 2,
            magic if magic == MAGIC_V1 => 1,
            _ => return Err("not a Menagerie network (or another version of one)".into()),
        };
        let name_len = reader.take(1)?[0] as usize;
        let name = std::str::from_utf8(reader.take(name_len)?).map_err(|e| e.to_string())?;
        let variant: VariantId = name
            .parse()
            .map_err(|_| format!("unknown variant '{name}'"))?;
        let layout = Layout::of(variant).ok_or(format!("no network for {name}"))?;
        let on_top = match reader.take(1)?[0] {
            0 => false,
            1 => true,
            other => return Err(format!("unknown network kind {other}")),
        };
        let activation = match version {
            1 => Activation::Clipped,
            _ => match reader.take(1)?[0] {
                0 => Activation::Clipped,
                1 => Activation::Squared,
                other => return Err(format!("unknown activation {other}")),
            },
        };
        let buckets = match version {
            1 | 2 => 1,
            _ => reader.take(1)?[0] as usize,
        };
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!(
                "{buckets} output layers; a network has 1 to {MAX_BUCKETS}"
            ));
        }
        let hidden = reader.u32()? as usize;
        let inputs = reader.u32()? as usize;
        if inputs != layout.inputs() {
            return Err(format!(
                "a network of {inputs} inputs; a {name} network has {}",
                layout.inputs()
            ));
        }
        if !hidden_units_allowed(hidden) {
            return Err(format!(
                "{hidden} hidden units; a network has a multiple of {TILE} up to {MAX_HIDDEN}"
            ));
        }
        let mut input = vec![[0i16; TILE]; inputs * hidden / TILE];
        reader.fill(input.as_flattened_mut())?;
        let mut bias = vec![[0i16; TILE]; hidden / TILE];
        reader.fill(bias.as_flattened_mut())?;
        let mut output = vec![vec![0i16; 2 * hidden]; buckets];
        for layer in &mut output {
            reader.fill(layer)?;
        }
        if output
            .iter()
            .flatten()
            .any(|&w| f32::from(w).abs() > OUTPUT_LIMIT * QB as f32)
        {
            return Err(format!(
                "an output weight beyond ±{OUTPUT_LIMIT}, which this build cannot sum"
            ));
        }
        let output_bias = (0..buckets)
            .map(|_| reader.u32().map(|b| b as i32))
            .collect::<Result<Vec<i32>, String>>()?;
        if reader.at != bytes.len() {
            return Err("bytes left over after the network".into());
        }
        Ok(Network {
            variant,
            layout,
            hidden,
            input,
            bias,
            output,
            output_bias,
            on_top,
            activation,
            inputs: layout.table(),
        })
    }
}

/// The network built into the program for `variant`, if it has one.
pub fn committed(variant: VariantId) -> Option<&'static Network> {
    static CHESS: OnceLock<Network> = OnceLock::new();
    static WILDEBEEST: OnceLock<Network> = OnceLock::new();
    match variant {
        VariantId::Chess => Some(CHESS.get_or_init(|| {
            Network::from_bytes(include_bytes!("../nets/chess.net"))
                .expect("the built-in chess network reads")
        })),
        VariantId::Wildebeest => Some(WILDEBEEST.get_or_init(|| {
            Network::from_bytes(include_bytes!("../nets/wildebeest.net"))
                .expect("the built-in Wildebeest network reads")
        })),
        _ => None,
    }
}

/// Whether a network may have `hidden` units for each view: whole tiles, at most
/// `MAX_HIDDEN`.
pub fn hidden_units_allowed(hidden: usize) -> bool {
    (TILE..=MAX_HIDDEN).contains(&hidden) && hidden.is_multiple_of(TILE)
}

/// Weights in tiles, each rounded by `round`.
fn tiled(weights: &[f32], round: impl Fn(f32) -> i16) -> Vec<Tile> {
    weights
        .chunks_exact(TILE)
        .map(|part| std::array::from_fn(|j| round(part[j])))
        .collect()
}

/// The output layer's sum over clipped units, times `QA * QB`.
fn dot(acc: &[i16], weights: &[i16]) -> i64 {
    let sum: i32 = acc
        .iter()
        .zip(weights)
        .map(|(&a, &w)| i32::from(a).clamp(0, QA) * i32::from(w))
        .sum();
    i64::from(sum)
}

/// The output layer's sum over squared clipped units, times `QA * QB`. A unit's
/// `c * c * w` is at most 255² · 2,043 (`OUTPUT_LIMIT`), so sixteen of them add up in an
/// `i32`, which vectorises; the sums of the groups of sixteen do not.
fn squared_dot(acc: &[i16], weights: &[i16]) -> i64 {
    let sum: i64 = acc
        .chunks_exact(16)
        .zip(weights.chunks_exact(16))
        .map(|(acc, weights)| {
            let group: i32 = acc
                .iter()
                .zip(weights)
                .map(|(&a, &w)| {
                    let c = i32::from(a).clamp(0, QA);
                    c * c * i32::from(w)
                })
                .sum();
            i64::from(group)
        })
        .sum();
    sum / i64::from(QA)
}

/// Weights from a fixed pseudo-random sequence, for tests: `hidden` units, `buckets`
/// output layers, clipped in chess and squared (and on top of the hand-written
/// evaluation) in Wildebeest.
#[cfg(test)]
pub(crate) fn scrambled_weights(variant: VariantId, hidden: usize, buckets: usize) -> FloatWeights {
    let inputs = Layout::of(variant).expect("a network variant").inputs();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |limit: f32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * limit
    };
    FloatWeights {
        input: (0..inputs * hidden).map(|_| next(0.2)).collect(),
        bias: (0..hidden).map(|_| next(0.3)).collect(),
        output: (0..buckets * 2 * hidden).map(|_| next(0.5)).collect(),
        output_bias: (0..buckets).map(|_| next(0.1)).collect(),
        on_top: variant == VariantId::Wildebeest,
        activation: match variant {
            VariantId::Wildebeest => Activation::Squared,
            _ => Activation::Clipped,
        },
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at + n;
        let part = self
            .bytes
            .get(self.at..end)
            .ok_or("the network is cut short")?;
        self.at = end;
        Ok(part)
    }

    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn fill(&mut self, out: &mut [i16]) -> Result<(), String> {
        let bytes = self.take(out.len() * 2)?;
        for (w, b) in out.iter_mut().zip(bytes.chunks_exact(2)) {
            *w = i16::from_le_bytes([b[0], b[1]]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::fen;

    /// A network with weights from a fixed pseudo-random sequence, its units clipped in
    /// chess and squared in Wildebeest, with all the output layers and the default
    /// hidden units in chess, one output layer and three tiles of units in Wildebeest.
    fn scrambled(variant: VariantId) -> Network {
        let buckets = match variant {
            VariantId::Chess => MAX_BUCKETS,
            _ => 1,
        };
        Network::quantize(variant, &scrambled_weights(variant, buckets))
            .expect("weights of the right size")
    }

    fn scrambled_weights(variant: VariantId, buckets: usize) -> FloatWeights {
        let hidden = match variant {
            VariantId::Chess => DEFAULT_HIDDEN,
            _ => 3 * TILE,
        };
        super::scrambled_weights(variant, hidden, buckets)
    }

    fn position(variant: VariantId, text: &str) -> Position {
        fen::parse(variant.rules().expect("a variant"), text).expect("a valid FEN")
    }

    #[test]
    fn the_stored_form_reads_back_as_written() {
        for variant in [VariantId::Chess, VariantId::Wildebeest] {
            let net = scrambled(variant);
            let read = Network::from_bytes(&net.to_bytes()).expect("its own bytes read");
            assert!(read == net, "{variant:?}");
        }
        assert_eq!(scrambled(VariantId::Wildebeest).hidden(), 3 * TILE);
    }

    /// Training can start from a stored network: its weights as floats round back to it.
    #[test]
    fn the_float_weights_round_back_to_the_stored_network() {
        for variant in [VariantId::Chess, VariantId::Wildebeest] {
            let net = scrambled(variant);
            let again = Network::quantize(variant, &net.float_weights()).expect("same sizes");
            assert!(again == net, "{variant:?}");
        }
        let built_in = committed(VariantId::Chess).expect("chess has a network");
        let again = Network::quantize(VariantId::Chess, &built_in.float_weights()).unwrap();
        assert!(&again == built_in);
    }

    #[test]
    fn damaged_bytes_are_refused_with_a_reason() {
        let bytes = scrambled(VariantId::Chess).to_bytes();
        let cut = Network::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(cut.contains("cut short"), "{cut}");
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(
            Network::from_bytes(&longer)
                .unwrap_err()
                .contains("left over")
        );
        let mut other = bytes.clone();
        other[0] = b'X';
        assert!(
            Network::from_bytes(&other)
                .unwrap_err()
                .contains("not a Menagerie network")
        );
        let wildebeest = scrambled(VariantId::Wildebeest).to_bytes();
        let mut mixed = wildebeest[..MAGIC.len() + 13].to_vec();
        mixed.extend_from_slice(&bytes[MAGIC.len() + 8..]);
        assert!(Network::from_bytes(&mixed).unwrap_err().contains("inputs"));
        let mut too_heavy = bytes.clone();
        let first_output = bytes.len() - MAX_BUCKETS * (4 + 2 * 2 * DEFAULT_HIDDEN);
        too_heavy[first_output..first_output + 2].copy_from_slice(&30_000i16.to_le_bytes());
        assert!(
            Network::from_bytes(&too_heavy)
                .unwrap_err()
                .contains("output weight")
        );
        let mut unknown = bytes.clone();
        unknown[MAGIC.len() + 7] = 9;
        assert!(
            Network::from_bytes(&unknown)
                .unwrap_err()
                .contains("unknown activation")
        );
        for hidden in [0, TILE + 1, MAX_HIDDEN + TILE] {
            let mut units = bytes.clone();
            let at = MAGIC.len() + 9;
            units[at..at + 4].copy_from_slice(&(hidden as u32).to_le_bytes());
            assert!(
                Network::from_bytes(&units)
                    .unwrap_err()
                    .contains("hidden units"),
                "{hidden}"
            );
        }
        for buckets in [0, MAX_BUCKETS as u8 + 1] {
            let mut layers = bytes.clone();
            layers[MAGIC.len() + 8] = buckets;
            assert!(
                Network::from_bytes(&layers)
                    .unwrap_err()
                    .contains("output layers")
            );
        }
    }

    /// Networks written before the activation was stored read as clipped ones, and those
    /// written before the output layers were counted have one.
    #[test]
    fn the_earlier_stored_forms_read() {
        let clipped =
            Network::quantize(VariantId::Chess, &scrambled_weights(VariantId::Chess, 1)).unwrap();
        let mut first = clipped.to_bytes();
        first[..MAGIC.len()].copy_from_slice(MAGIC_V1);
        first.drain(MAGIC.len() + 7..MAGIC.len() + 9);
        let read = Network::from_bytes(&first).expect("the first form reads");
        assert!(read == clipped);
        let squared = scrambled(VariantId::Wildebeest);
        let mut first = squared.to_bytes();
        first[..MAGIC.len()].copy_from_slice(MAGIC_V1);
        first.drain(MAGIC.len() + 12..MAGIC.len() + 14);
        let read = Network::from_bytes(&first).expect("the first form reads");
        assert_eq!(read.activation(), Activation::Clipped);
        let mut second = squared.to_bytes();
        second[..MAGIC.len()].copy_from_slice(MAGIC_V2);
        second.remove(MAGIC.len() + 13);
        let read = Network::from_bytes(&second).expect("the second form reads");
        assert!(read == squared);
    }

    #[test]
    fn the_buckets_split_the_pieces_evenly() {
        let chess = Layout::of(VariantId::Chess).unwrap();
        let buckets: Vec<usize> = (2..=32).map(|n| chess.bucket(n, 8)).collect();
        for bucket in 0..8 {
            let pieces = buckets.iter().filter(|&&b| b == bucket).count();
            assert!(
                (3..=4).contains(&pieces),
                "bucket {bucket}: {pieces} piece counts"
            );
        }
        assert!(buckets.windows(2).all(|w| w[0] <= w[1]));
        let wildebeest = Layout::of(VariantId::Wildebeest).unwrap();
        assert_eq!((wildebeest.bucket(2, 8), wildebeest.bucket(44, 8)), (0, 7));
        assert!((2..=44).all(|n| wildebeest.bucket(n, 1) == 0));
    }

    /// A position is scored by its bucket's output layer alone: as a network with that
    /// layer as its only one scores it.
    #[test]
    fn a_position_is_scored_by_its_buckets_layer() {
        let weights = scrambled_weights(VariantId::Chess, MAX_BUCKETS);
        let net = Network::quantize(VariantId::Chess, &weights).unwrap();
        let layout = Layout::of(VariantId::Chess).unwrap();
        let mut scores = Vec::new();
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pp3ppp/2n5/8/8/2N5/PP3PPP/R3K2R w KQkq - 0 15",
            "8/5k2/8/3p4/8/2N5/5PK1/8 b - - 0 40",
        ] {
            let pos = position(VariantId::Chess, text);
            let pieces = (pos.pieces(Color::White) | pos.pieces(Color::Black)).count();
            let bucket = layout.bucket(pieces as usize, MAX_BUCKETS);
            let layer = 2 * DEFAULT_HIDDEN * bucket..2 * DEFAULT_HIDDEN * (bucket + 1);
            let alone = FloatWeights {
                input: weights.input.clone(),
                bias: weights.bias.clone(),
                output: weights.output[layer].to_vec(),
                output_bias: vec![weights.output_bias[bucket]],
                ..weights
            };
            let alone = Network::quantize(VariantId::Chess, &alone).unwrap();
            assert_eq!(net.evaluate(&pos), alone.evaluate(&pos), "{text}");
            scores.push((bucket, net.evaluate(&pos)));
        }
        assert!(scores.windows(2).all(|w| w[0].0 != w[1].0), "{scores:?}");
    }

    /// The integers score what the floating-point units give, to within their rounding.
    #[test]
    fn squared_units_score_as_their_floats() {
        let net = scrambled(VariantId::Wildebeest);
        let floats = net.float_weights();
        let pos = position(
            VariantId::Wildebeest,
            "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1",
        );
        let layout = Layout::of(VariantId::Wildebeest).unwrap();
        let units = net.hidden();
        let hidden = |view: Color| {
            let mut sums = floats.bias.clone();
            layout.for_each_input(&pos, view, |input| {
                let row = &floats.input[input * units..(input + 1) * units];
                sums.iter_mut().zip(row).for_each(|(s, w)| *s += w);
            });
            sums
        };
        let units = [hidden(Color::White), hidden(Color::Black)].concat();
        let output: f32 = units
            .iter()
            .zip(&floats.output)
            .map(|(&s, w)| Activation::Squared.apply(s) * w)
            .sum::<f32>()
            + floats.output_bias[0];
        let float = output * SCALE as f32;
        let stored = net.evaluate(&pos) as f32;
        assert!((float - stored).abs() <= 3.0, "{float} against {stored}");
        assert!(stored.abs() > 10.0, "a score worth comparing: {stored}");
    }

    /// Each side sees the board from its own end, so a position and its mirror image
    /// with the colours and the move swapped score the same.
    #[test]
    fn a_position_and_its_colour_flipped_mirror_score_alike() {
        let net = scrambled(VariantId::Chess);
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "8/5k2/8/3p4/8/2N5/5PK1/8 b - - 0 40",
                "8/5pk1/2n5/8/3P4/8/5K2/8 w - - 0 40",
            ),
        ];
        for (a, b) in pairs {
            let (a, b) = (position(VariantId::Chess, a), position(VariantId::Chess, b));
            assert_eq!(net.evaluate(&a), net.evaluate(&b));
        }
        let start = position(
            VariantId::Chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        let moved = position(
            VariantId::Chess,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        );
        assert_ne!(
            net.evaluate(&start),
            net.evaluate(&moved),
            "the inputs see the pieces"
        );
    }

    #[test]
    fn every_piece_has_its_own_input_from_each_view() {
        for variant in [VariantId::Chess, VariantId::Wildebeest] {
            let layout = Layout::of(variant).expect("a network variant");
            let squares = layout.files as usize * layout.ranks as usize;
            for view in Color::ALL {
                let mut seen = vec![false; layout.inputs()];
                for color in Color::ALL {
                    for &role in &Role::ALL[..layout.roles] {
                        for sq in 0..squares {
                            let input = layout.input(view, color, role, Square::new(sq as u8));
                            assert!(!seen[input], "{variant:?} {view:?} {color:?} {role:?} {sq}");
                            seen[input] = true;
                        }
                    }
                }
                assert!(seen.iter().all(|&s| s));
            }
        }
    }

    #[test]
    fn mirroring_turns_the_board_left_to_right() {
        let layout = Layout::of(VariantId::Wildebeest).expect("a network variant");
        let (a1, k1, b2, j2) = (
            Square::new(0),
            Square::new(10),
            Square::new(12),
            Square::new(20),
        );
        let knight = |sq| layout.input(Color::Black, Color::White, Role::Knight, sq);
        assert_eq!(layout.mirrored(knight(a1)), knight(k1));
        assert_eq!(layout.mirrored(knight(b2)), knight(j2));
        for input in 0..layout.inputs() {
            assert_eq!(layout.mirrored(layout.mirrored(input)), input);
        }
    }
}
