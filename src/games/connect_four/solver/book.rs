//! The opening book of standard Connect Four: the exact score of the positions of
//! [`Book::ply`] discs that a search can reach, computed by this solver
//! (`tabula solve connect-four --build-book`) and embedded in the binary.
//!
//! A search reads a position of the book's ply from the book instead of searching below
//! it, so once the book holds every such position, a position of fewer discs is solved
//! by a search of at most that many plies, whose leaves are all in the book. A book whose
//! build was stopped part way holds some of them; the search goes below the others.
//!
//! - **Which positions.** Those a search expands: in play (no line of four on the board),
//!   the side to move unable to win with its next disc, and with a move that does not let
//!   the opponent win with its next. A position and its mirror image have one score and
//!   one entry, under the smaller of their keys.
//! - **The file.** Little-endian: the eight bytes `TC4BOOK1`; the ply (`u32`); the number
//!   of entries (`u32`); then each entry as a `u64`, the position's key shifted left by
//!   eight bits over its score minus [`MIN_SCORE`], in increasing order (so by key). An
//!   empty book (no entries) answers nothing.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::engine::SearchBudget;

use super::{MIN_SCORE, Position, STRIDE, Solver, WIDTH};

/// The ply of the book the binary embeds: all 77,154 positions, 617,248 bytes, small enough
/// to commit. Past it the solver is on its own, and a few positions of 9 to 11 discs
/// still take seconds (`cargo bench --bench connect_four_solver` times them ply by ply).
pub const STANDARD_PLY: u32 = 8;

/// The first bytes of a book file.
const MAGIC: &[u8; 8] = b"TC4BOOK1";
/// The bytes before the first entry: the magic, the ply, the count.
const HEADER: usize = 16;
/// Bits of an entry below the key: the score.
const SCORE_BITS: u32 = 8;

/// The book the crate ships, made by `tabula solve connect-four --build-book`.
static EMBEDDED: &[u8] = include_bytes!("book.bin");

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not a Connect Four book: it does not start with {MAGIC:?}")]
    Magic,
    #[error("the book says it holds {count} entries of 8 bytes, but {bytes} bytes follow its header")]
    Length { count: usize, bytes: usize },
    #[error("entry {index} is not after the one before it: the entries must be in increasing order")]
    Order { index: usize },
    #[error("entry {index} has the score {score}, outside {MIN_SCORE}..={}", super::MAX_SCORE)]
    Score { index: usize, score: i32 },
}

/// An opening book: entries sorted by key, read in place.
#[derive(Clone, Copy, Debug)]
pub struct Book {
    ply: u32,
    entries: &'static [u8],
}

impl Book {
    /// The book embedded in the binary, checked once.
    pub fn embedded() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::read(EMBEDDED).expect("the embedded Connect Four book is valid"))
    }

    /// The book in `bytes`, once its header, order and scores are checked.
    pub fn read(bytes: &'static [u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(BookError::Magic);
        }
        let ply = u32::from_le_bytes(bytes[8..12].try_into().expect("four bytes"));
        let count = u32::from_le_bytes(bytes[12..16].try_into().expect("four bytes")) as usize;
        let entries = &bytes[HEADER..];
        if entries.len() != count * 8 {
            return Err(BookError::Length { count, bytes: entries.len() });
        }
        let book = Book { ply, entries };
        let mut last = None;
        for index in 0..count {
            let entry = book.entry(index);
            if last.is_some_and(|last| entry >> SCORE_BITS <= last) {
                return Err(BookError::Order { index });
            }
            last = Some(entry >> SCORE_BITS);
            let score = entry_score(entry);
            if score > super::MAX_SCORE {
                return Err(BookError::Score { index, score });
            }
        }
        Ok(book)
    }

    /// The discs of every position the book holds.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Positions held (a position and its mirror image counted once).
    pub fn len(&self) -> usize {
        self.entries.len() / 8
    }

    /// Whether the book holds nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Each canonical key the book holds with its score, in increasing order of key.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = (u64, i32)> + '_ {
        (0..self.len()).map(|index| {
            let entry = self.entry(index);
            (entry >> SCORE_BITS, entry_score(entry))
        })
    }

    fn entry(&self, index: usize) -> u64 {
        u64::from_le_bytes(self.entries[index * 8..index * 8 + 8].try_into().expect("eight bytes"))
    }

    /// The exact score of `position` (Pons' convention, from the side to move) when the
    /// book holds it.
    pub fn score(&self, position: &Position) -> Option<i32> {
        if position.moves != self.ply || self.is_empty() {
            return None;
        }
        let key = canonical_key(position);
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let middle = low + (high - low) / 2;
            let entry = self.entry(middle);
            match (entry >> SCORE_BITS).cmp(&key) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Some(entry_score(entry)),
            }
        }
        None
    }
}

fn entry_score(entry: u64) -> i32 {
    (entry & ((1 << SCORE_BITS) - 1)) as i32 + MIN_SCORE
}

/// The key of `position`'s mirror image: the key's seven-bit columns in reverse order.
fn mirrored_key(key: u64) -> u64 {
    (0..WIDTH).fold(0, |mirrored, column| {
        let bits = (key >> (column * STRIDE)) & ((1 << STRIDE) - 1);
        mirrored | bits << ((WIDTH - 1 - column) * STRIDE)
    })
}

/// The key a position and its mirror image share in a book: the smaller of theirs.
pub fn canonical_key(position: &Position) -> u64 {
    let key = position.key();
    key.min(mirrored_key(key))
}

/// Whether a search can expand `position`: it is not won at once by either side.
pub fn is_searched(position: &Position) -> bool {
    !position.can_win_next() && position.non_losing_moves() != 0
}

/// One position of each mirror pair with `ply` discs that a search expands, in order of
/// their canonical keys.
pub fn positions(ply: u32) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut layer = vec![Position::new()];
    for _ in 0..ply {
        let mut next = Vec::new();
        for position in &layer {
            for column in 0..WIDTH {
                if !position.can_play(column) || position.is_winning_move(column) {
                    continue;
                }
                let mut child = *position;
                child.play_column(column);
                if seen.insert(canonical_key(&child)) {
                    next.push(child);
                }
            }
        }
        seen.clear();
        layer = next;
    }
    layer.retain(is_searched);
    layer.sort_by_key(canonical_key);
    layer
}

/// The `turn`th index of `0..total` in an order that spreads the positions solved at any
/// time over the whole list, so that the progress reported is a fair sample of the work
/// left: a multiple of a prime that does not divide `total`, modulo `total`.
fn spread(turn: usize, total: usize) -> usize {
    const STEP: u64 = 1_000_003;
    let step = if (total as u64).is_multiple_of(STEP) { 1 } else { STEP };
    (turn as u64 * step % total as u64) as usize
}

/// The table of each thread building a book (2^24 entries, 128 MiB): kept from one
/// position to the next, since neighbouring positions share much of their trees.
const BUILD_TABLE_BITS: u32 = 24;

/// Positions a thread solves one after another, neighbours in order of key, so that each
/// finds part of its tree in the table the ones before left: 100 neighbours of 8 discs
/// solved in a row searched a fifth fewer positions than with the table cleared for each.
const RUN: usize = 64;

/// How often a build reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// Solves the positions [`positions`] lists for `ply`, on `threads` threads, and returns
/// the bytes of the book of every score known at the end.
///
/// - `known` holds scores solved before, by canonical key (from an earlier build that
///   stopped): those positions are not solved again.
/// - `stop_at`: no position is started after it, so the book returned may hold only
///   some of the positions (and `known`); a later build can go on from it.
/// - `solved` is called from the solving threads with each new canonical key and score,
///   as soon as it is known (so that a caller can keep them for such a later build).
/// - `progress` is called with the positions scored and their number, from the calling
///   thread: before the first is solved, every [`PROGRESS_EVERY`], and at the end.
pub fn build(
    ply: u32,
    threads: usize,
    known: &HashMap<u64, i32>,
    stop_at: Option<Instant>,
    solved: &(dyn Fn(u64, i32) + Sync),
    mut progress: impl FnMut(usize, usize),
) -> Vec<u8> {
    let positions = positions(ply);
    let total = positions.len();
    let scores: Vec<Option<i32>> = positions.iter().map(|p| known.get(&canonical_key(p)).copied()).collect();
    // The unknown positions in runs of neighbours, the runs in the order they are solved.
    let runs = total.div_ceil(RUN);
    let todo: Vec<Vec<usize>> = (0..runs)
        .map(|turn| spread(turn, runs))
        .map(|run| (run * RUN..total.min(run * RUN + RUN)).filter(|&i| scores[i].is_none()).collect::<Vec<_>>())
        .filter(|run| !run.is_empty())
        .collect();
    let done = AtomicUsize::new(scores.iter().flatten().count());
    progress(done.load(Ordering::Relaxed), total);
    let scores = Mutex::new(scores);
    let next = AtomicUsize::new(0);
    let never = AtomicBool::new(false);
    let stopped = || stop_at.is_some_and(|at| Instant::now() >= at);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut solver = Solver::with_table_bits(BUILD_TABLE_BITS).without_book();
                    while let Some(run) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                        for &index in run {
                            if stopped() {
                                return;
                            }
                            let position = &positions[index];
                            let score = solver
                                .solve(position, SearchBudget::new(u64::MAX, &never))
                                .expect("an unlimited search finishes");
                            solved(canonical_key(position), score);
                            scores.lock().expect("no worker panics holding the scores")[index] = Some(score);
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect();
        let mut reported = Instant::now();
        while !workers.iter().all(|worker| worker.is_finished()) {
            std::thread::sleep(Duration::from_millis(100));
            if reported.elapsed() >= PROGRESS_EVERY {
                progress(done.load(Ordering::Relaxed), total);
                reported = Instant::now();
            }
        }
    });
    progress(done.into_inner(), total);
    let scores = scores.into_inner().expect("no worker panicked");
    let entries: Vec<(u64, i32)> =
        positions.iter().zip(scores).filter_map(|(position, score)| Some((canonical_key(position), score?))).collect();
    encode(ply, entries.into_iter())
}

/// The bytes of a book of `ply` discs holding `entries`: canonical keys, each with its
/// score, in increasing order of key.
pub fn encode(ply: u32, entries: impl ExactSizeIterator<Item = (u64, i32)>) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + 8 * entries.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&ply.to_le_bytes());
    bytes.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for (key, score) in entries {
        debug_assert!((MIN_SCORE..=super::MAX_SCORE).contains(&score));
        let entry = key << SCORE_BITS | (score - MIN_SCORE) as u64;
        bytes.extend_from_slice(&entry.to_le_bytes());
    }
    bytes
}
