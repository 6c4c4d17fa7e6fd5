//! Tuning the evaluation's weights against positions whose game results are known, by
//! Peter Österlund's "Texel" method: the weights are those under which a logistic curve
//! of the evaluation best predicts the results (the least mean squared error), found by
//! moving one weight at a time while that lowers the error.
//!
//! - [`play_games`] makes such positions: the engine plays itself at a fixed number of
//!   nodes a move from openings of a few random moves, and every quiet position of each
//!   game (not in check, the engine's move neither a capture nor a promotion, no mate in
//!   sight) is kept with the game's result.
//! - [`Sample`]s are read and written one a line, as a FEN and White's score in brackets
//!   (`… w - - 0 1 [0.5]`); the form of Zurichess' published set (`c9 "1-0";`) is read
//!   too.
//! - [`Tuner`] measures the error of any [`Weights`] on a set, fits the curve's scale, and
//!   tunes.
//!
//! Everything is deterministic: equal inputs and seeds give equal positions and weights,
//! however many threads share the work.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::engine::SearchBudget;
use crate::engine::bot::BotRng;

use super::super::board::Color;
use super::super::draws;
use super::super::fen;
use super::super::position::Position;
use super::eval::{Evaluator, Weights};
use super::score::is_mate;
use super::{Limits, think};

/// A position and the result of the game it was played in.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    /// White's score in that game: 1 a win, 0.5 a draw, 0 a loss; or White's expected
    /// score, between, when another engine's evaluation labels the position.
    pub white_score: f64,
}

/// Why a line is not a [`Sample`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleError {
    #[error("no result: a line ends with White's score in brackets ([1.0], [0.5], [0.0]) or with c9 \"1-0\";")]
    NoResult,
    #[error("the result {0:?} is neither a number from 0 to 1 nor one of 1-0, 1/2-1/2 and 0-1")]
    Result(String),
    #[error("the position is not a FEN: {0}")]
    Fen(String),
}

impl Sample {
    /// The squared error of predicting this sample's score from `evaluation` (centipawns,
    /// White's) by the curve `1 / (1 + 10^(-scale * evaluation / 400))`.
    pub fn squared_error(&self, evaluation: f64, scale: f64) -> f64 {
        let predicted = 1.0 / (1.0 + 10f64.powf(-scale * evaluation / 400.0));
        (self.white_score - predicted).powi(2)
    }

    /// The sample of one line: a FEN (its last two fields may be left out) and White's
    /// score in brackets, `[1.0]`, `[0.5]`, `[0.0]` or any number between, or as
    /// `c9 "1-0";` (`"1/2-1/2"`, `"0-1"`).
    pub fn parse(line: &str) -> Result<Sample, SampleError> {
        let line = line.trim();
        let (fen, result) = if let Some(open) = line.rfind('[') {
            let result = line[open + 1..].trim_end_matches(']');
            (&line[..open], result)
        } else if let Some(at) = line.find(" c9 ") {
            (&line[..at], line[at + 4..].trim().trim_end_matches(';').trim_matches('"'))
        } else {
            return Err(SampleError::NoResult);
        };
        let white_score = match result.trim() {
            "1-0" => 1.0,
            "1/2-1/2" => 0.5,
            "0-1" => 0.0,
            number => match number.parse::<f64>() {
                Ok(score) if (0.0..=1.0).contains(&score) => score,
                _ => return Err(SampleError::Result(number.to_string())),
            },
        };
        let position = fen::parse(fen.trim(), false).map_err(|error| SampleError::Fen(error.to_string()))?;
        Ok(Sample { position, white_score })
    }

    /// The line [`Sample::parse`] reads back (the score to three decimals).
    pub fn to_line(&self) -> String {
        let score = format!("{:.3}", self.white_score);
        let score = score.trim_end_matches('0');
        let score = if score.ends_with('.') { format!("{score}0") } else { score.to_string() };
        format!("{} [{score}]", fen::write(&self.position, false))
    }
}

/// How [`play_games`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Nodes the engine searches per move.
    pub nodes: u64,
    /// Random moves from the start before the engine plays; an opening the engine then
    /// judges more than [`UNBALANCED`] centipawns from even is drawn again.
    pub random_plies: usize,
    /// Games are seeded by this and their number.
    pub seed: u64,
}

/// The most an opening of random moves may be off balance, in centipawns.
pub const UNBALANCED: i32 = 300;
/// A game this long is a draw.
const MAX_PLIES: usize = 400;
/// A game is adjudicated won once both sides' searches agree, this many plies in a row,
/// that one side is ahead by this much.
const DECISIVE_SCORE: i32 = 1_000;
const DECISIVE_PLIES: usize = 6;

/// Plays `options.games` games of the engine against itself on `threads` threads, calling
/// `progress` with the number finished after each, and returns the quiet positions of
/// every game with its result, game by game in the order of their numbers.
pub fn play_games(options: SelfPlay, threads: usize, progress: &(dyn Fn(usize) + Sync)) -> Vec<Sample> {
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let games: Mutex<Vec<(usize, Vec<Sample>)>> = Mutex::new(Vec::with_capacity(options.games));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let number = next.fetch_add(1, Ordering::Relaxed);
                    if number >= options.games {
                        break;
                    }
                    let samples = play_game(options, number as u64);
                    games.lock().expect("no thread panics holding it").push((number, samples));
                    progress(finished.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut games = games.into_inner().expect("no thread panicked holding it");
    games.sort_by_key(|(number, _)| *number);
    games.into_iter().flat_map(|(_, samples)| samples).collect()
}

/// One game of [`play_games`]: its quiet positions, each with the game's result.
fn play_game(options: SelfPlay, number: u64) -> Vec<Sample> {
    let mut rng = BotRng::new(options.seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let go = AtomicBool::new(false);
    let search = |position: &Position, history: &[u64], seed: u64| {
        think(position, history, &Limits::FULL, SearchBudget::new(options.nodes, &go), seed, &mut |_| true)
    };
    let (mut position, mut history) = loop {
        if let Some(opening) = random_opening(&mut rng, options.random_plies) {
            let balanced = search(&opening.0, &opening.1, rng.next_u64())
                .and_then(|report| report.score)
                .is_some_and(|score| score.abs() <= UNBALANCED);
            if balanced {
                break opening;
            }
        }
    };
    let mut quiet = Vec::new();
    let mut decisive = (Color::White, 0);
    let mut legal = position.legal_moves();
    let white_score = loop {
        if legal.is_empty() {
            break if !position.is_check() {
                0.5
            } else if position.turn() == Color::White {
                0.0
            } else {
                1.0
            };
        }
        let repeated = history.iter().filter(|&&key| key == history[history.len() - 1]).count() >= 3;
        if repeated || position.halfmove_clock() >= 100 || draws::insufficient_material(&position) {
            break 0.5;
        }
        if history.len() >= MAX_PLIES {
            break 0.5;
        }
        let Some(report) = search(&position, &history, rng.next_u64()) else { break 0.5 };
        let score = report.score.unwrap_or(0);
        let mover = position.turn();
        if score.abs() >= DECISIVE_SCORE {
            let ahead = if score > 0 { mover } else { mover.other() };
            decisive = if decisive.0 == ahead { (ahead, decisive.1 + 1) } else { (ahead, 1) };
            if decisive.1 >= DECISIVE_PLIES {
                break if ahead == Color::White { 1.0 } else { 0.0 };
            }
        } else {
            decisive.1 = 0;
        }
        let capture = position.is_capture(report.best) || report.best.promotion.is_some();
        if !position.is_check() && !capture && !is_mate(score) {
            quiet.push(position);
        }
        position.play(report.best);
        legal = position.legal_moves();
        if position.halfmove_clock() == 0 {
            history.clear();
        }
        history.push(draws::repetition_key(&position, &legal));
    };
    quiet.into_iter().map(|position| Sample { position, white_score }).collect()
}

/// The position after `plies` random legal moves from the start, and its repetition
/// history; `None` when the game ended on the way.
fn random_opening(rng: &mut BotRng, plies: usize) -> Option<(Position, Vec<u64>)> {
    let mut position = fen::parse(fen::STANDARD, false).expect("the standard start is a FEN");
    let mut legal = position.legal_moves();
    let mut history = vec![draws::repetition_key(&position, &legal)];
    for _ in 0..plies {
        position.play(*rng.choose(legal.as_slice())?);
        legal = position.legal_moves();
        if position.halfmove_clock() == 0 {
            history.clear();
        }
        history.push(draws::repetition_key(&position, &legal));
    }
    (!legal.is_empty()).then_some((position, history))
}

/// What one pass of [`Tuner::tune`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pass {
    /// Passes so far, this one included.
    pub number: usize,
    /// How far each weight was moved at a time.
    pub step: i32,
    /// Weights moved in this pass.
    pub moved: usize,
    /// The error on the samples fitted after it.
    pub error: f64,
    /// The error on the validation samples after it, if any.
    pub held_out: Option<f64>,
}

/// The error of weights on a set of samples, and the tuning that lowers it.
pub struct Tuner<'a> {
    samples: &'a [Sample],
    threads: usize,
    /// The curve's scale: the predicted score of an evaluation `e` (centipawns, White's)
    /// is `1 / (1 + 10^(-scale * e / 400))`.
    scale: f64,
}

impl<'a> Tuner<'a> {
    /// A tuner on `samples`, sharing each measurement among `threads` threads, with the
    /// scale 1 until [`Tuner::fit_scale`].
    pub fn new(samples: &'a [Sample], threads: usize) -> Tuner<'a> {
        Tuner { samples, threads: threads.max(1), scale: 1.0 }
    }

    /// The curve's scale.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// Sets the curve's scale (one fitted on other samples, to compare errors with).
    pub fn set_scale(&mut self, scale: f64) {
        self.scale = scale;
    }

    /// The mean squared error of `weights`' predictions on the samples.
    pub fn error(&self, weights: &Weights) -> f64 {
        if self.samples.is_empty() {
            return 0.0;
        }
        let evaluator = Evaluator::new(*weights);
        let chunk = self.samples.len().div_ceil(self.threads);
        let sum: f64 = std::thread::scope(|scope| {
            let parts: Vec<_> = self
                .samples
                .chunks(chunk)
                .map(|part| {
                    scope.spawn(|| part.iter().map(|sample| self.squared_error(&evaluator, sample)).sum::<f64>())
                })
                .collect();
            parts.into_iter().map(|part| part.join().expect("measuring does not panic")).sum()
        });
        sum / self.samples.len() as f64
    }

    fn squared_error(&self, evaluator: &Evaluator, sample: &Sample) -> f64 {
        let evaluation = f64::from(evaluator.evaluate_for_white(&sample.position));
        sample.squared_error(evaluation, self.scale)
    }

    /// Sets the scale to the one under which `weights` err least (to three decimals,
    /// between 0.1 and 4), and returns that error.
    pub fn fit_scale(&mut self, weights: &Weights) -> f64 {
        let (mut low, mut high) = (0.1f64, 4.0f64);
        // A golden-section search: the error is unimodal in the scale.
        let ratio = (5f64.sqrt() - 1.0) / 2.0;
        while high - low > 0.001 {
            let left = high - ratio * (high - low);
            let right = low + ratio * (high - low);
            self.scale = left;
            let at_left = self.error(weights);
            self.scale = right;
            if at_left < self.error(weights) {
                high = right;
            } else {
                low = left;
            }
        }
        self.scale = (low + high) / 2.0;
        self.error(weights)
    }

    /// Weights fitted to the samples from `start` (see [`Tuning`]), hearing of every pass
    /// through `progress`. A pass tries each weight `step` up, then down, and keeps what
    /// lowers the error; the step starts at `tuning.first_step` and halves after a pass
    /// that moves nothing, and the tuning ends after a pass at step 1 that moves nothing,
    /// or after `tuning.max_passes`. With `tuning.validation`, it also ends after
    /// [`PATIENCE`] passes in a row that do not lower the error on those other samples, and
    /// the weights returned are those of the pass with the least such error (`start`'s when
    /// none lowered it): the fit stops where it starts learning the samples rather than
    /// the game. The error of what it returns is never above `start`'s on the samples.
    pub fn tune(&self, start: Weights, tuning: &Tuning<'_>, progress: &mut dyn FnMut(Pass)) -> Weights {
        let mut flat = start.to_vec();
        let tuned = tuning.tuned_weights(&start);
        let mut best = self.error(&start);
        let mut best_held_out = tuning.validation.map(|validation| (validation.error(&start), flat.clone()));
        let mut passes_worse = 0;
        // A weight whose moves both leave the error exactly as it was is one no sample's
        // evaluation depends on: it is not tried again.
        let mut inert: Vec<bool> = tuned.iter().map(|&tuned| !tuned).collect();
        let mut step = tuning.first_step.max(1);
        for number in 1..=tuning.max_passes {
            let mut moved = 0;
            for index in 0..flat.len() {
                if inert[index] {
                    continue;
                }
                let original = flat[index];
                let mut unchanged = 0;
                let mut kept = false;
                for candidate in [original + step, original - step] {
                    flat[index] = candidate;
                    let error = self.error(&start.with(&flat));
                    if error < best {
                        best = error;
                        kept = true;
                        break;
                    }
                    unchanged += usize::from(error.to_bits() == best.to_bits());
                }
                if kept {
                    moved += 1;
                } else {
                    flat[index] = original;
                    inert[index] = unchanged == 2;
                }
            }
            let held_out = tuning.validation.map(|validation| validation.error(&start.with(&flat)));
            progress(Pass { number, step, moved, error: best, held_out });
            if let (Some(error), Some((least, weights))) = (held_out, &mut best_held_out) {
                if error < *least {
                    (*least, *weights, passes_worse) = (error, flat.clone(), 0);
                } else {
                    passes_worse += 1;
                    if passes_worse >= PATIENCE {
                        break;
                    }
                }
            }
            if moved == 0 {
                if step == 1 {
                    break;
                }
                step /= 2;
            }
        }
        match best_held_out {
            Some((_, weights)) => start.with(&weights),
            None => start.with(&flat),
        }
    }
}

/// Passes in a row without a lower error on the validation samples that end a tuning.
pub const PATIENCE: usize = 2;

/// How [`Tuner::tune`] tunes.
#[derive(Clone, Copy)]
pub struct Tuning<'a> {
    /// How far a weight is moved at first.
    pub first_step: i32,
    /// The most passes over all the weights.
    pub max_passes: usize,
    /// Whether the placement tables are tuned too (768 weights, which want many more
    /// samples than the others' 80 or so not to be fitted to the samples' chance).
    pub tables: bool,
    /// Samples the fit is measured on after each pass, but not fitted to (their curve's
    /// scale should be the fitted samples').
    pub validation: Option<&'a Tuner<'a>>,
}

impl Tuning<'_> {
    /// Which of the weights, in the order of [`Weights::each_mut`], are tuned.
    fn tuned_weights(&self, weights: &Weights) -> Vec<bool> {
        let mut marked = *weights;
        marked.each_mut(|weight| *weight = 1);
        if !self.tables {
            marked.middlegame = [[0; 64]; 6];
            marked.endgame = [[0; 64]; 6];
        }
        marked.to_vec().into_iter().map(|mark| mark == 1).collect()
    }
}

#[cfg(test)]
mod tests;
