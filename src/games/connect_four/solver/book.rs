//! The opening books of standard Connect Four: the exact score of the positions of
//! [`Book::ply`] discs that a search can reach, computed by this solver
//! (`tabula solve connect-four --build-book`) and embedded in the binary.
//!
//! A search reads a position of a book's ply from the book instead of searching below
//! it, so once the book holds every such position, a position of fewer discs is solved
//! by a search of at most that many plies, whose leaves are all in the book. A book whose
//! build was stopped part way holds some of them; the search goes below the others.
//!
//! - **Which positions.** Those a search expands: in play (no line of four on the board),
//!   the side to move unable to win with its next disc, and with a move that does not let
//!   the opponent win with its next. A position and its mirror image have one score and
//!   one entry, under the smaller of their keys ([`positions`] lists them).
//! - **The files.** Little-endian: eight bytes naming the encoding, the ply (`u32`), the
//!   number of entries (`u32`), then the entries.
//!   - `TC4BOOK1`, *sparse*: each entry a `u64`, the position's key shifted left by eight
//!     bits over its score minus [`MIN_SCORE`], in increasing order of key; any positions
//!     of the ply, any ply.
//!   - `TC4BOOK2`, *dense*: one byte for each [`slot`] of the ply (each arrangement of
//!     that many discs, legal or not), the score minus [`MIN_SCORE`] of the position there
//!     when the book holds it, else [`UNKNOWN`] (an arrangement no search expands, a
//!     mirror image, or a position its build has not reached yet). Read in place, with no
//!     list of positions: a lookup computes the slot. Three bytes a position of 8 or 10
//!     discs, against eight for the sparse encoding; what `--build-book` writes.
//!
//!   An empty book (no score known) answers nothing.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::engine::SearchBudget;

use super::{MAX_SCORE, MIN_SCORE, Position, STRIDE, Solver, WIDTH};

pub mod slot;

/// The ply `--build-book` builds by default, and of the book every position of at most
/// that many discs is solved from: all 77,154 positions, 617,248 bytes (sparse), small
/// enough to commit.
pub const STANDARD_PLY: u32 = 8;

/// The ply of the second book the binary embeds (`book10.bin`, dense): all 627,283
/// positions, so that a search from 9 or 10 discs ends at most one ply on, where positions
/// of 9 and 10 discs took up to seconds with the standard book alone (`cargo bench --bench
/// connect_four_solver` times positions ply by ply).
pub const DEEP_PLY: u32 = 10;

/// The highest ply of a dense book: 1,869,840 slots for 10 discs, 14 million for 12.
pub const MAX_DENSE_PLY: u32 = 10;

/// The byte of a dense book for a position whose score is not known.
pub const UNKNOWN: u8 = 0xFF;

/// The first bytes of a sparse book file.
const SPARSE_MAGIC: &[u8; 8] = b"TC4BOOK1";
/// The first bytes of a dense book file.
const DENSE_MAGIC: &[u8; 8] = b"TC4BOOK2";
/// The bytes before the first entry: the magic, the ply, the count.
const HEADER: usize = 16;
/// Bits of a sparse entry below the key: the score.
const SCORE_BITS: u32 = 8;

/// The books the crate ships, made by `tabula solve connect-four --build-book`: the
/// complete one of [`STANDARD_PLY`] discs (sparse) and the one of [`DEEP_PLY`] (dense).
static EMBEDDED: [&[u8]; 2] = [include_bytes!("book.bin"), include_bytes!("book10.bin")];

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not a Connect Four book: it does not start with TC4BOOK1 or TC4BOOK2")]
    Magic,
    #[error("the book says it holds {count} entries of {size} bytes, but {bytes} bytes follow its header")]
    Length { count: usize, size: usize, bytes: usize },
    #[error("entry {index} is not after the one before it: the entries must be in increasing order")]
    Order { index: usize },
    #[error("entry {index} has the score {score}, outside {MIN_SCORE}..={MAX_SCORE}")]
    Score { index: usize, score: i32 },
    #[error("a dense book of {ply} discs: the most a dense book can have is {MAX_DENSE_PLY}")]
    Ply { ply: u32 },
    #[error("a dense book of {ply} discs holds one entry for each of its {expected} slots, not {count}")]
    Slots { ply: u32, count: usize, expected: usize },
}

/// An opening book: scores of positions of one ply, found by canonical key.
#[derive(Clone, Debug)]
pub struct Book {
    ply: u32,
    /// Positions whose score the book knows.
    held: usize,
    entries: Entries,
}

#[derive(Clone, Debug)]
enum Entries {
    /// `u64` entries, key over score, sorted, read in place.
    Sparse(Cow<'static, [u8]>),
    /// A byte a slot, read in place.
    Dense(Cow<'static, [u8]>),
}

impl Book {
    /// The books embedded in the binary that know a score, by increasing ply, each
    /// checked once.
    pub fn embedded() -> &'static [Book] {
        static BOOKS: OnceLock<Vec<Book>> = OnceLock::new();
        BOOKS.get_or_init(|| {
            let mut books: Vec<Book> = EMBEDDED
                .iter()
                .map(|bytes| Book::read(bytes).expect("the embedded Connect Four books are valid"))
                .filter(|book| !book.is_empty())
                .collect();
            books.sort_by_key(Book::ply);
            books
        })
    }

    /// The book in `bytes`, read in place, once its header, order and scores are checked.
    pub fn read(bytes: &'static [u8]) -> Result<Book, BookError> {
        Book::read_cow(Cow::Borrowed(bytes))
    }

    /// The book in `bytes`, which it keeps, once its header, order and scores are checked.
    pub fn read_owned(bytes: Vec<u8>) -> Result<Book, BookError> {
        Book::read_cow(Cow::Owned(bytes))
    }

    fn read_cow(bytes: Cow<'static, [u8]>) -> Result<Book, BookError> {
        if bytes.len() < HEADER {
            return Err(BookError::Magic);
        }
        let ply = u32::from_le_bytes(bytes[8..12].try_into().expect("four bytes"));
        let count = u32::from_le_bytes(bytes[12..16].try_into().expect("four bytes")) as usize;
        let sparse = match &bytes[..8] {
            magic if magic == SPARSE_MAGIC => true,
            magic if magic == DENSE_MAGIC => false,
            _ => return Err(BookError::Magic),
        };
        let entries = match bytes {
            Cow::Borrowed(bytes) => Cow::Borrowed(&bytes[HEADER..]),
            Cow::Owned(mut bytes) => {
                bytes.drain(..HEADER);
                Cow::Owned(bytes)
            }
        };
        if sparse { Book::read_sparse(ply, count, entries) } else { Book::read_dense(ply, count, entries) }
    }

    fn read_sparse(ply: u32, count: usize, entries: Cow<'static, [u8]>) -> Result<Book, BookError> {
        if entries.len() != count * 8 {
            return Err(BookError::Length { count, size: 8, bytes: entries.len() });
        }
        let mut last = None;
        for index in 0..count {
            let entry = sparse_entry(&entries, index);
            if last.is_some_and(|last| entry >> SCORE_BITS <= last) {
                return Err(BookError::Order { index });
            }
            last = Some(entry >> SCORE_BITS);
            let score = entry_score(entry);
            if score > MAX_SCORE {
                return Err(BookError::Score { index, score });
            }
        }
        Ok(Book { ply, held: count, entries: Entries::Sparse(entries) })
    }

    fn read_dense(ply: u32, count: usize, scores: Cow<'static, [u8]>) -> Result<Book, BookError> {
        if ply > MAX_DENSE_PLY {
            return Err(BookError::Ply { ply });
        }
        let expected = slot::slots(ply);
        if count != expected {
            return Err(BookError::Slots { ply, count, expected });
        }
        if scores.len() != count {
            return Err(BookError::Length { count, size: 1, bytes: scores.len() });
        }
        if let Some(index) = scores.iter().position(|&byte| byte != UNKNOWN && i32::from(byte) > MAX_SCORE - MIN_SCORE)
        {
            return Err(BookError::Score { index, score: i32::from(scores[index]) + MIN_SCORE });
        }
        let held = scores.iter().filter(|&&byte| byte != UNKNOWN).count();
        Ok(Book { ply, held, entries: Entries::Dense(scores) })
    }

    /// The discs of every position the book holds.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Positions whose score the book knows (a position and its mirror image counted
    /// once).
    pub fn len(&self) -> usize {
        self.held
    }

    /// Whether the book knows no score.
    pub fn is_empty(&self) -> bool {
        self.held == 0
    }

    /// Each canonical key whose score the book knows, with that score: in increasing
    /// order of key in a sparse book, of slot in a dense one.
    pub fn entries(&self) -> Box<dyn Iterator<Item = (u64, i32)> + '_> {
        match &self.entries {
            Entries::Sparse(entries) => Box::new((0..self.held).map(|index| {
                let entry = sparse_entry(entries, index);
                (entry >> SCORE_BITS, entry_score(entry))
            })),
            Entries::Dense(scores) => Box::new(
                scores
                    .iter()
                    .enumerate()
                    .filter(|(_, byte)| **byte != UNKNOWN)
                    .map(|(at, &byte)| (slot::arrangement(self.ply, at).key(), i32::from(byte) + MIN_SCORE)),
            ),
        }
    }

    /// The exact score of `position` (Pons' convention, from the side to move) when the
    /// book holds it.
    pub fn score(&self, position: &Position) -> Option<i32> {
        if position.moves != self.ply || self.is_empty() {
            return None;
        }
        let key = canonical_key(position);
        match &self.entries {
            Entries::Sparse(entries) => {
                let (mut low, mut high) = (0, self.held);
                while low < high {
                    let middle = low + (high - low) / 2;
                    let entry = sparse_entry(entries, middle);
                    match (entry >> SCORE_BITS).cmp(&key) {
                        std::cmp::Ordering::Less => low = middle + 1,
                        std::cmp::Ordering::Greater => high = middle,
                        std::cmp::Ordering::Equal => return Some(entry_score(entry)),
                    }
                }
                None
            }
            Entries::Dense(scores) => {
                let byte = scores[slot::slot(&canonical(position))];
                (byte != UNKNOWN).then(|| i32::from(byte) + MIN_SCORE)
            }
        }
    }
}

fn sparse_entry(entries: &[u8], index: usize) -> u64 {
    u64::from_le_bytes(entries[index * 8..index * 8 + 8].try_into().expect("eight bytes"))
}

fn entry_score(entry: u64) -> i32 {
    (entry & ((1 << SCORE_BITS) - 1)) as i32 + MIN_SCORE
}

/// Bits of a board (a key, discs, a mask) mirrored: its seven-bit columns in reverse
/// order. A key's columns never carry into each other, so the mirrored key is the key of
/// the mirrored position.
pub(super) fn mirrored(bits: u64) -> u64 {
    (0..WIDTH).fold(0, |mirrored, column| {
        let bits = (bits >> (column * STRIDE)) & ((1 << STRIDE) - 1);
        mirrored | bits << ((WIDTH - 1 - column) * STRIDE)
    })
}

/// The key a position and its mirror image share in a book: the smaller of theirs.
pub fn canonical_key(position: &Position) -> u64 {
    let key = position.key();
    key.min(mirrored(key))
}

/// `position` or its mirror image, whichever has the [`canonical_key`].
fn canonical(position: &Position) -> Position {
    let image = Position { discs: mirrored(position.discs), mask: mirrored(position.mask), moves: position.moves };
    if image.key() < position.key() { image } else { *position }
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

/// The most entries the table of each thread building a book grows to (2^24, 128 MiB).
/// The table is cleared for each position, which starts it again at the small size that
/// stays in cache: a table kept from one position to the next saves a fifth of the
/// positions searched, since neighbours share parts of their trees, but spread over all
/// its memory it took 1.3 to 1.8 times as long for positions of 10 discs.
const BUILD_TABLE_BITS: u32 = 24;

/// How often a build reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// Solves the positions [`positions`] lists for `ply` (at most [`MAX_DENSE_PLY`]), on
/// `threads` threads, and returns the bytes of the dense book of every score known at the
/// end.
///
/// - `known` holds scores solved before, by canonical key (from an earlier build that
///   stopped): those positions are not solved again, and the searches of the others
///   read them as a book (so they must be exact).
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
    // The searches read the scores known as a book: a position they reach one disc past
    // the ply starts from the lower bound its parents' scores there prove.
    let known_scores = positions.iter().zip(&scores).filter_map(|(position, score)| Some((position, (*score)?)));
    let known_book = Book::read_owned(encode_dense(ply, known_scores)).expect("a book encoded here reads");
    // The unknown positions in the order they are solved.
    let todo: Vec<usize> = (0..total).map(|turn| spread(turn, total)).filter(|&i| scores[i].is_none()).collect();
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
                    let mut solver = Solver::with_table_bits(BUILD_TABLE_BITS).without_book().with_book(&known_book);
                    while let Some(&index) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if stopped() {
                            return;
                        }
                        let position = &positions[index];
                        solver.reset();
                        let score = solver
                            .solve(position, SearchBudget::new(u64::MAX, &never))
                            .expect("an unlimited search finishes");
                        solved(canonical_key(position), score);
                        scores.lock().expect("no worker panics holding the scores")[index] = Some(score);
                        done.fetch_add(1, Ordering::Relaxed);
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
    encode_dense(ply, positions.iter().zip(scores).filter_map(|(position, score)| Some((position, score?))))
}

/// The bytes of a dense book of `ply` discs holding `entries`: positions of that ply, each
/// with its score (a position or its mirror image, once).
pub fn encode_dense<'a>(ply: u32, entries: impl Iterator<Item = (&'a Position, i32)>) -> Vec<u8> {
    let slots = slot::slots(ply);
    let mut bytes = Vec::with_capacity(HEADER + slots);
    bytes.extend_from_slice(DENSE_MAGIC);
    bytes.extend_from_slice(&ply.to_le_bytes());
    bytes.extend_from_slice(&(slots as u32).to_le_bytes());
    bytes.resize(HEADER + slots, UNKNOWN);
    for (position, score) in entries {
        debug_assert!(position.moves == ply && (MIN_SCORE..=MAX_SCORE).contains(&score));
        bytes[HEADER + slot::slot(&canonical(position))] = (score - MIN_SCORE) as u8;
    }
    bytes
}

/// The bytes of a sparse book of `ply` discs holding `entries`: canonical keys, each with
/// its score, in increasing order of key.
pub fn encode_sparse(ply: u32, entries: impl ExactSizeIterator<Item = (u64, i32)>) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + 8 * entries.len());
    bytes.extend_from_slice(SPARSE_MAGIC);
    bytes.extend_from_slice(&ply.to_le_bytes());
    bytes.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for (key, score) in entries {
        debug_assert!((MIN_SCORE..=MAX_SCORE).contains(&score));
        let entry = key << SCORE_BITS | (score - MIN_SCORE) as u64;
        bytes.extend_from_slice(&entry.to_le_bytes());
    }
    bytes
}
