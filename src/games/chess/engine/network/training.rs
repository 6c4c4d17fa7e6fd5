//! Training a [`Network`] on labelled positions: the weights under which the curve
//! `1 / (1 + 10^(-scale * e / 400))` of the evaluation `e` best predicts each position's
//! label (the least mean squared error), found by Adam's gradient descent over shuffled
//! batches, in floating point, then rounded as [`Network`] stores them.
//!
//! Each feature's weights are learnt as the sum of its own and those of its side and role
//! wherever it stands (a "factoriser", merged into the feature's when the network is
//! rounded): what a knight is worth anywhere is learnt from every knight, so that far
//! fewer positions teach the network material than would square by square.
//!
//! Deterministic: equal samples, options (the seed and the threads among them) give an
//! equal network.

use crate::engine::bot::BotRng;

use super::super::super::board::{Color, Role, Square};
use super::super::tuning::Sample;
use super::{FEATURES, HIDDEN, Network, QA, QB, feature};

/// How to train.
#[derive(Clone, Debug)]
pub struct Options {
    /// Passes over the samples.
    pub epochs: usize,
    /// Samples a step of the descent averages over.
    pub batch: usize,
    /// Adam's step size at the first epoch; it falls geometrically to a tenth of that at
    /// the last.
    pub learning_rate: f32,
    /// The curve's scale (as [`super::super::tuning::Tuner`] fits it for the weights of the
    /// hand-written evaluation, so that both speak the same centipawns).
    pub scale: f64,
    /// Threads sharing each batch.
    pub threads: usize,
    /// Seed of the first weights and of the shuffling.
    pub seed: u64,
    /// Also trains on each sample without castling rights turned left to right (files a
    /// to h): the rules are the same for it, so is its label.
    pub mirror: bool,
}

/// What one epoch ended with.
#[derive(Clone, Debug)]
pub struct Epoch {
    pub number: usize,
    /// The mean squared error over the epoch's batches, as they were fitted.
    pub error: f64,
    /// The rounded network's error on the samples held out.
    pub held_out: Option<f64>,
}

/// The weights in floating point, one flat vector: the feature weights (feature by
/// feature), the feature biases, the output weights (the side to move's view, then the
/// other's), the output bias.
struct Parameters {
    values: Vec<f32>,
}

/// The factoriser's rows: one for each side and role (a feature's is `feature / 64`).
const FACTORS: usize = 12;
const FEATURE_BIAS: usize = (FEATURES + FACTORS) * HIDDEN;
const OUTPUT_WEIGHTS: usize = FEATURE_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + 2 * HIDDEN;
const PARAMETERS: usize = OUTPUT_BIAS + 1;
/// The largest weight in either direction, so that the rounded sums fit an `i16` (32
/// pieces of `QA` times this at most) and the output weights an `i16` times `QB`.
const CLIP: f32 = 1.98;

/// One position as the network sees it: the features of either view (with their
/// factoriser rows) and whose move it is.
struct Encoded {
    /// White's view's rows, then Black's: `active` each.
    features: Vec<u16>,
    active: usize,
    turn: Color,
    /// The label, for the side to move.
    target: f32,
}

impl Encoded {
    /// `sample` as it stands, or turned left to right when `mirrored`.
    fn of(sample: &Sample, mirrored: bool) -> Encoded {
        let board = sample.position.board();
        let mut features = Vec::with_capacity(64);
        for view in [Color::White, Color::Black] {
            for color in [Color::White, Color::Black] {
                for role in Role::ALL {
                    for square in board.pieces(color, role) {
                        let square = if mirrored { Square::new(square.index() as u8 ^ 7) } else { square };
                        let feature = feature(view, color, role, square);
                        features.extend([feature as u16, (FEATURES + feature / 64) as u16]);
                    }
                }
            }
        }
        let active = features.len() / 2;
        let turn = sample.position.turn();
        let white = sample.white_score as f32;
        Encoded { features, active, turn, target: if turn == Color::White { white } else { 1.0 - white } }
    }

    fn view(&self, view: Color) -> &[u16] {
        let start = view.index() * self.active;
        &self.features[start..start + self.active]
    }
}

impl Parameters {
    fn initial(seed: u64) -> Parameters {
        let mut rng = BotRng::new(seed);
        let mut uniform = |bound: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * bound;
        let mut values = vec![0.0; PARAMETERS];
        // The factoriser starts at nothing: at first each feature is its own.
        let feature_bound = 1.0 / (FEATURES as f32).sqrt();
        values[..FEATURES * HIDDEN].iter_mut().for_each(|value| *value = uniform(feature_bound));
        let output_bound = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        values[OUTPUT_WEIGHTS..OUTPUT_BIAS].iter_mut().for_each(|value| *value = uniform(output_bound));
        Parameters { values }
    }

    /// The output (1.0 is [`super::SCALE`] centipawns) for `sample`'s side to move, with
    /// the hidden sums left in `sums` (the side to move's view first).
    fn forward(&self, sample: &Encoded, sums: &mut [[f32; HIDDEN]; 2]) -> f32 {
        let values = &self.values;
        for (slot, view) in [sample.turn, sample.turn.other()].into_iter().enumerate() {
            let sum = &mut sums[slot];
            sum.copy_from_slice(&values[FEATURE_BIAS..OUTPUT_WEIGHTS]);
            for &feature in sample.view(view) {
                let row = &values[feature as usize * HIDDEN..][..HIDDEN];
                sum.iter_mut().zip(row).for_each(|(s, w)| *s += w);
            }
        }
        let weights = &values[OUTPUT_WEIGHTS..OUTPUT_BIAS];
        let clipped = sums.iter().flatten().map(|s| s.clamp(0.0, 1.0));
        clipped.zip(weights).map(|(h, w)| h * w).sum::<f32>() + values[OUTPUT_BIAS]
    }

    /// Adds the gradient of `sample`'s squared error to `gradient`; returns the error.
    fn backward(&self, sample: &Encoded, slope: f32, gradient: &mut [f32]) -> f32 {
        let mut sums = [[0.0; HIDDEN]; 2];
        let output = self.forward(sample, &mut sums);
        let predicted = 1.0 / (1.0 + (-slope * output).exp());
        let error = predicted - sample.target;
        let g = 2.0 * error * predicted * (1.0 - predicted) * slope;
        gradient[OUTPUT_BIAS] += g;
        let weights = &self.values[OUTPUT_WEIGHTS..OUTPUT_BIAS];
        for (slot, view) in [sample.turn, sample.turn.other()].into_iter().enumerate() {
            let mut d_sum = [0.0f32; HIDDEN];
            for i in 0..HIDDEN {
                let sum = sums[slot][i];
                gradient[OUTPUT_WEIGHTS + slot * HIDDEN + i] += g * sum.clamp(0.0, 1.0);
                if sum > 0.0 && sum < 1.0 {
                    d_sum[i] = g * weights[slot * HIDDEN + i];
                }
            }
            gradient[FEATURE_BIAS..OUTPUT_WEIGHTS].iter_mut().zip(&d_sum).for_each(|(g, d)| *g += d);
            for &feature in sample.view(view) {
                let row = &mut gradient[feature as usize * HIDDEN..][..HIDDEN];
                row.iter_mut().zip(&d_sum).for_each(|(g, d)| *g += d);
            }
        }
        error * error
    }

    fn rounded(&self) -> Network {
        let round =
            |value: f32, scale: i32| (value * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let values = &self.values;
        let factor = |feature: usize| &values[(FEATURES + feature / 64) * HIDDEN..][..HIDDEN];
        let feature_weights = (0..FEATURES)
            .flat_map(|feature| {
                let own = &values[feature * HIDDEN..][..HIDDEN];
                own.iter().zip(factor(feature)).map(|(&w, &f)| round((w + f).clamp(-CLIP, CLIP), QA))
            })
            .collect();
        let mut feature_bias = Box::new([0; HIDDEN]);
        feature_bias.iter_mut().zip(&values[FEATURE_BIAS..OUTPUT_WEIGHTS]).for_each(|(b, &v)| *b = round(v, QA));
        let mut output_weights = Box::new([0; 2 * HIDDEN]);
        output_weights.iter_mut().zip(&values[OUTPUT_WEIGHTS..OUTPUT_BIAS]).for_each(|(w, &v)| *w = round(v, QB));
        let output_bias = (values[OUTPUT_BIAS] * (QA * QB) as f32).round() as i32;
        Network { feature_weights, feature_bias, output_weights, output_bias }
    }
}

/// Adam's running moments.
struct Adam {
    mean: Vec<f32>,
    square: Vec<f32>,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn step(&mut self, parameters: &mut Parameters, gradient: &[f32], rate: f32) {
        self.steps += 1;
        let (correct1, correct2) = (1.0 - Self::BETA1.powi(self.steps), 1.0 - Self::BETA2.powi(self.steps));
        for (i, (value, &g)) in parameters.values.iter_mut().zip(gradient).enumerate() {
            let mean = &mut self.mean[i];
            let square = &mut self.square[i];
            *mean = Self::BETA1 * *mean + (1.0 - Self::BETA1) * g;
            *square = Self::BETA2 * *square + (1.0 - Self::BETA2) * g * g;
            *value -= rate * (*mean / correct1) / ((*square / correct2).sqrt() + Self::EPSILON);
            if i < OUTPUT_BIAS {
                *value = value.clamp(-CLIP, CLIP);
            }
        }
    }
}

/// The mean squared error of `network` on `samples` with the curve's `scale`.
pub fn error(network: &Network, samples: &[Sample], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let white = network.evaluate_position(&sample.position) as f64
                * if sample.position.turn() == Color::White { 1.0 } else { -1.0 };
            sample.squared_error(white, scale)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Trains a network on `samples`, reporting each epoch (with the error on `held_out`
/// when there are any), and returns the network of the epoch that erred least on
/// `held_out` (past it, the network fits the training samples' chance), or of the last.
pub fn train(samples: &[Sample], held_out: &[Sample], options: &Options, on_epoch: &mut dyn FnMut(&Epoch)) -> Network {
    let mut encoded: Vec<Encoded> = samples.iter().map(|sample| Encoded::of(sample, false)).collect();
    if options.mirror {
        let uncastled = samples.iter().filter(|sample| sample.position.castles().is_empty());
        encoded.extend(uncastled.map(|sample| Encoded::of(sample, true)));
    }
    let mut parameters = Parameters::initial(options.seed);
    let mut adam = Adam { mean: vec![0.0; PARAMETERS], square: vec![0.0; PARAMETERS], steps: 0 };
    // The curve in the output's units: 10^(scale * e / 400) = e^(slope * output).
    let slope = (std::f64::consts::LN_10 * options.scale * f64::from(super::SCALE) / 400.0) as f32;
    let threads = options.threads.max(1);
    let batch = options.batch.max(1);
    let mut order: Vec<usize> = (0..encoded.len()).collect();
    let mut rng = BotRng::new(options.seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut gradients = vec![vec![0.0f32; PARAMETERS]; threads];
    // The network of the epoch that erred least on the held-out samples (the last, without).
    let mut best: Option<(f64, Network)> = None;
    for number in 1..=options.epochs {
        rng.shuffle(&mut order);
        let progress = (number - 1) as f32 / (options.epochs.max(2) - 1) as f32;
        let rate = options.learning_rate * 0.1f32.powf(progress);
        let mut total = 0.0f64;
        for indices in order.chunks(batch) {
            let part = indices.len().div_ceil(threads);
            let parameters_ref = &parameters;
            let encoded_ref = &encoded;
            let errors: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = gradients
                    .iter_mut()
                    .zip(indices.chunks(part))
                    .map(|(gradient, chunk)| {
                        scope.spawn(move || {
                            gradient.iter_mut().for_each(|g| *g = 0.0);
                            chunk
                                .iter()
                                .map(|&i| f64::from(parameters_ref.backward(&encoded_ref[i], slope, gradient)))
                                .sum()
                        })
                    })
                    .collect();
                handles.into_iter().map(|handle| handle.join().expect("a training thread panicked")).collect()
            });
            total += errors.iter().sum::<f64>();
            let used = indices.len().div_ceil(part);
            let (first, rest) = gradients.split_first_mut().expect("at least one thread");
            for other in &rest[..used - 1] {
                first.iter_mut().zip(other.iter()).for_each(|(g, o)| *g += o);
            }
            let mean = 1.0 / indices.len() as f32;
            first.iter_mut().for_each(|g| *g *= mean);
            adam.step(&mut parameters, first, rate);
        }
        let network = parameters.rounded();
        let held = (!held_out.is_empty()).then(|| error(&network, held_out, options.scale));
        on_epoch(&Epoch { number, error: total / encoded.len().max(1) as f64, held_out: held });
        if best.as_ref().is_none_or(|(least, _)| held.is_none_or(|held| held < *least)) {
            best = Some((held.unwrap_or(0.0), network));
        }
    }
    best.map(|(_, network)| network).unwrap_or_else(|| parameters.rounded())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    fn sample(text: &str) -> Sample {
        Sample { position: fen::parse(text, false).unwrap(), white_score: 0.75 }
    }

    fn sorted_views(encoded: &Encoded) -> [Vec<u16>; 2] {
        [Color::White, Color::Black].map(|view| {
            let mut features = encoded.view(view).to_vec();
            features.sort_unstable();
            features
        })
    }

    #[test]
    fn a_sample_turned_left_to_right_is_seen_as_the_position_turned_so() {
        let position = sample("4k3/1p6/8/3Np3/8/8/5PPP/R5K1 b - - 0 1");
        let turned = sample("3k4/6p1/8/3pN3/8/8/PPP5/1K5R b - - 0 1");
        let (mirrored, direct) = (Encoded::of(&position, true), Encoded::of(&turned, false));
        assert_eq!(sorted_views(&mirrored), sorted_views(&direct));
        assert_eq!((mirrored.turn, mirrored.target), (Color::Black, 0.25));
        assert_eq!((direct.turn, direct.target), (Color::Black, 0.25));
        assert_ne!(sorted_views(&mirrored), sorted_views(&Encoded::of(&position, false)));
    }
}
