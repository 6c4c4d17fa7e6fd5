//! The Universal Chess Interface, the engine's side: commands arrive a line at a time,
//! answers leave a line at a time, and a `go` searches on a thread of its own so that
//! `isready` and `stop` are answered while it thinks.
//!
//! Commands: `uci`, `debug`, `isready`, `setoption`, `ucinewgame`, `position startpos|fen
//! FEN [moves ...]`, `go` with `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`,
//! `depth`, `nodes`, `infinite` (and `ponder`, searched as `infinite`), `stop`, `quit`.
//! Options: `Hash` (MiB for the transposition table), `Threads` (threads a search runs
//! on, 1 to 64: helpers that share the table, "lazy SMP"; one by default, the only way
//! the same search always gives the same move), `Level` (the bot
//! levels, 1 random to 5 full strength), `UCI_Chess960` (castling as the king onto
//! its rook) and `EvalFile` (a neural evaluation's file, as `tabula tune chess-network`
//! writes it, to search with instead of the hand-written evaluation; empty for that) and
//! `Contempt` (centipawns, -100 to 100, a draw is scored below zero for the engine, so
//! that it plays on unless it stands worse by as much; 0 by default). A search reports an `info` line per finished iteration (depth, seldepth,
//! score in centipawns or moves to mate, nodes, nodes per second, time, principal
//! variation) and ends with `bestmove` (and `ponder` with the expected reply), or
//! `bestmove 0000` when there is no legal move. Unknown commands are ignored, as the
//! protocol asks; a `position` that cannot be read is answered with an `info string`
//! and leaves the previous position in place.
//!
//! The searches of one game share a [`Memory`] (the transposition table, the move
//! ordering's histories and the evaluation cache), as engines do: each starts from what the one before learnt.
//! `ucinewgame` and a new `Hash` start a fresh one, so that a search after
//! `ucinewgame` gives the same result as the same search in a new session.

mod clock;
mod commands;

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::engine::SearchBudget;
use crate::engine::bot::BotRng;

use super::super::position::{Move, Position};
use super::super::uci;
use super::network::Network;
use super::score::{self, MAX_PLY};
use super::{DEFAULT_HASH_BYTES, Iteration, Limits, MAX_HASH_BYTES, Memory};
use commands::{Game, Go};

/// The strongest level, and the deepest search of each weaker one (level 1 is random).
const MAX_LEVEL: u8 = 5;
const LEVEL_DEPTHS: [u32; 3] = [1, 3, 5];

/// The most threads a search may run on: each helper keeps about 3 MiB of its own (its
/// histories and evaluation cache) besides the shared table.
const MAX_THREADS: usize = 64;

/// The most contempt, either way, in centipawns: more would have the engine give up
/// material to avoid a draw.
const MAX_CONTEMPT: i32 = 100;

/// Whether to go on reading commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Runs the protocol over `input` and `output` until `quit` or the end of the input. At
/// the end of the input a search under way finishes by its own limits (an `infinite`
/// one is stopped), so that commands piped in get their answer.
///
/// # Errors
/// Reading the input failed.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    let mut session = Session::new(output);
    for line in input.lines() {
        if session.handle(&line?) == Flow::Quit {
            return Ok(());
        }
    }
    session.finish();
    Ok(())
}

/// A search under way.
struct Running {
    stop: Arc<AtomicBool>,
    infinite: bool,
    /// Hands the memory back when the search ends.
    thread: JoinHandle<Memory>,
}

/// The engine's state between commands.
pub struct Session<W: Write + Send + 'static> {
    output: Arc<Mutex<W>>,
    game: Game,
    chess960: bool,
    hash_bytes: usize,
    threads: usize,
    level: u8,
    /// Centipawns a draw is scored below zero for the engine.
    contempt: i32,
    /// The neural evaluation to search with, if any.
    network: Option<Arc<Network>>,
    /// What the game's searches learnt; `None` until the first search of a game, and
    /// while a search has it.
    memory: Option<Memory>,
    running: Option<Running>,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session from the standard start, answering on `output`.
    pub fn new(output: W) -> Session<W> {
        Session {
            output: Arc::new(Mutex::new(output)),
            game: Game::from(Position::standard()),
            chess960: false,
            hash_bytes: DEFAULT_HASH_BYTES,
            threads: 1,
            level: MAX_LEVEL,
            contempt: 0,
            network: None,
            memory: None,
            running: None,
        }
    }

    /// Acts on one command line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, arguments)) = words.split_first() else { return Flow::Continue };
        match command {
            "uci" => {
                let version = env!("CARGO_PKG_VERSION");
                let hash_default = DEFAULT_HASH_BYTES >> 20;
                let hash_max = MAX_HASH_BYTES >> 20;
                self.say(&[
                    &format!("id name Tabula {version}"),
                    "id author the Tabula authors",
                    &format!("option name Hash type spin default {hash_default} min 1 max {hash_max}"),
                    &format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
                    &format!("option name Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"),
                    "option name UCI_Chess960 type check default false",
                    "option name EvalFile type string default <empty>",
                    &format!("option name Contempt type spin default 0 min -{MAX_CONTEMPT} max {MAX_CONTEMPT}"),
                    "uciok",
                ]);
            }
            "isready" => self.say(&["readyok"]),
            "setoption" => self.set_option(arguments),
            "ucinewgame" => {
                self.stop();
                self.game = Game::from(Position::standard());
                self.memory = None;
            }
            "position" => {
                self.stop();
                match commands::position(arguments, self.chess960) {
                    Ok(game) => self.game = game,
                    Err(problem) => self.say(&[&format!("info string {problem}")]),
                }
            }
            "go" => {
                self.stop();
                self.go(commands::go(arguments));
            }
            "stop" => self.stop(),
            "quit" => {
                self.stop();
                return Flow::Quit;
            }
            _ => {}
        }
        Flow::Continue
    }

    /// Waits for a search under way to end by its limits, stopping an infinite one.
    pub fn finish(&mut self) {
        if self.running.as_ref().is_some_and(|running| running.infinite) {
            self.stop();
        }
        if let Some(running) = self.running.take() {
            self.memory = Some(running.thread.join().expect("the search thread does not panic"));
        }
    }

    /// Stops a search under way and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            self.memory = Some(running.thread.join().expect("the search thread does not panic"));
        }
    }

    fn say(&self, lines: &[&str]) {
        say(&self.output, lines);
    }

    fn set_option(&mut self, arguments: &[&str]) {
        let Some((name, value)) = commands::option(arguments) else { return };
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mib) => {
                    self.stop();
                    self.hash_bytes = (mib.max(1) << 20).min(MAX_HASH_BYTES);
                    self.memory = None;
                }
                Err(_) => self.say(&[&format!("info string Hash must be a number of MiB, not `{value}`")]),
            },
            "threads" => match value.parse::<usize>() {
                Ok(threads) => self.threads = threads.clamp(1, MAX_THREADS),
                Err(_) => self.say(&[&format!("info string Threads must be 1 to {MAX_THREADS}, not `{value}`")]),
            },
            "level" => match value.parse::<u8>() {
                Ok(level) => self.level = level.clamp(1, MAX_LEVEL),
                Err(_) => self.say(&[&format!("info string Level must be 1 to {MAX_LEVEL}, not `{value}`")]),
            },
            "uci_chess960" => self.chess960 = value.eq_ignore_ascii_case("true"),
            "evalfile" => self.set_network(&value),
            "contempt" => match value.parse::<i32>() {
                Ok(contempt) => self.contempt = contempt.clamp(-MAX_CONTEMPT, MAX_CONTEMPT),
                Err(_) => self.say(&[&format!(
                    "info string Contempt must be -{MAX_CONTEMPT} to {MAX_CONTEMPT} centipawns, not `{value}`"
                )]),
            },
            _ => self.say(&[&format!("info string no option named `{name}`")]),
        }
    }

    /// Searches with the network in the file at `path` from the next search on, or with
    /// the hand-written evaluation for an empty path (`<empty>` too). A file that cannot be
    /// read as a network is answered with an `info string` and changes nothing.
    fn set_network(&mut self, path: &str) {
        let network = if path.is_empty() || path == "<empty>" {
            None
        } else {
            let read = std::fs::read(path).map_err(|error| error.to_string());
            match read.and_then(|bytes| Network::from_bytes(&bytes).map_err(|error| error.to_string())) {
                Ok(network) => Some(Arc::new(network)),
                Err(problem) => return self.say(&[&format!("info string EvalFile {path}: {problem}")]),
            }
        };
        self.stop();
        self.network = network;
        // The cached evaluations and the table's scores were the other evaluation's.
        self.memory = None;
    }

    fn go(&mut self, go: Go) {
        let started = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let deadlines = if go.infinite { None } else { go.clock.deadlines(self.game.position.turn()) };
        let timer = deadlines.map(|deadlines| start_timer(deadlines.hard, Arc::clone(&stop)));
        let level_depth = match self.level {
            2..MAX_LEVEL => LEVEL_DEPTHS[usize::from(self.level - 2)],
            _ => u32::MAX,
        };
        let limits = Limits {
            max_depth: go.depth.unwrap_or(u32::MAX).min(level_depth),
            hash_bytes: self.hash_bytes,
            contempt: self.contempt,
        };
        let memory = self.memory.take().unwrap_or_else(|| Memory::with_network(self.hash_bytes, self.network.clone()));
        let job = Job {
            memory,
            game: self.game.clone(),
            chess960: self.chess960,
            random: self.level == 1,
            limits,
            nodes: go.nodes.unwrap_or(u64::MAX),
            threads: self.threads,
            soft_deadline: deadlines.map(|d| d.soft),
            infinite: go.infinite,
            started,
            _timer: timer,
        };
        let output = Arc::clone(&self.output);
        let flag = Arc::clone(&stop);
        let thread = thread::spawn(move || job.run(&output, &flag));
        self.running = Some(Running { stop, infinite: go.infinite, thread });
    }
}

/// Sets `stop` once `after` has passed, on a thread of its own, unless the returned
/// sender is dropped first (the search ended): the timer then ends at once.
fn start_timer(after: Duration, stop: Arc<AtomicBool>) -> mpsc::Sender<()> {
    let (done, wait) = mpsc::channel::<()>();
    thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(after) {
            stop.store(true, Ordering::Relaxed);
        }
    });
    done
}

/// One `go`: everything its thread needs.
struct Job {
    memory: Memory,
    game: Game,
    chess960: bool,
    random: bool,
    limits: Limits,
    nodes: u64,
    threads: usize,
    soft_deadline: Option<Duration>,
    infinite: bool,
    started: Instant,
    /// Dropped with the job, which ends the timer that would stop it.
    _timer: Option<mpsc::Sender<()>>,
}

impl Job {
    /// Searches, answers `bestmove`, and gives the memory back.
    fn run<W: Write>(mut self, output: &Mutex<W>, stop: &AtomicBool) -> Memory {
        let root = self.game.position;
        let line = if self.random {
            let legal = root.legal_moves();
            BotRng::new(root.hash()).choose(legal.as_slice()).map(|&mv| vec![mv]).unwrap_or_default()
        } else {
            let budget = SearchBudget::new(self.nodes, stop).on_threads(self.threads);
            let mut report_iteration = |iteration: &Iteration<'_>| {
                let elapsed = self.started.elapsed();
                say(output, &[&info_line(&root, self.chess960, iteration, elapsed)]);
                self.soft_deadline.is_none_or(|soft| elapsed < soft)
            };
            let history = &self.game.history;
            super::think_with_memory(&mut self.memory, &root, history, &self.limits, budget, 0, &mut report_iteration)
                .map(|report| report.line)
                .unwrap_or_default()
        };
        if self.infinite {
            // The protocol wants no answer to `go infinite` before `stop`.
            while !stop.load(Ordering::Relaxed) {
                thread::sleep(Duration::from_millis(1));
            }
        }
        say(output, &[&best_move_line(&root, self.chess960, &line)]);
        self.memory
    }
}

/// `info depth … pv …` for a finished iteration.
fn info_line(root: &Position, chess960: bool, iteration: &Iteration<'_>, elapsed: Duration) -> String {
    let value = iteration.score;
    let score = if score::is_mate(value) {
        // In moves, not plies: mate with the n-th own move; negative when being mated.
        let plies = score::mate_distance(value) as i32;
        if value > 0 { format!("mate {}", (plies + 1) / 2) } else { format!("mate -{}", plies / 2) }
    } else {
        format!("cp {value}")
    };
    let millis = elapsed.as_millis().max(1);
    let nps = u128::from(iteration.nodes) * 1000 / millis;
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {} pv {}",
        iteration.depth,
        iteration.seldepth.min(MAX_PLY as u32),
        iteration.nodes,
        elapsed.as_millis(),
        line_uci(root, chess960, iteration.line).join(" ")
    )
}

/// `bestmove MOVE [ponder REPLY]`, or `bestmove 0000` without a move.
fn best_move_line(root: &Position, chess960: bool, line: &[Move]) -> String {
    match line_uci(root, chess960, line).as_slice() {
        [] => "bestmove 0000".to_owned(),
        [best] => format!("bestmove {best}"),
        [best, reply, ..] => format!("bestmove {best} ponder {reply}"),
    }
}

/// The moves of `line` from `root` in UCI.
fn line_uci(root: &Position, chess960: bool, line: &[Move]) -> Vec<String> {
    let mut position = *root;
    line.iter()
        .map(|&mv| {
            let text = uci::to_uci(&position, mv, chess960);
            position.play(mv);
            text
        })
        .collect()
}

fn say<W: Write>(output: &Mutex<W>, lines: &[&str]) {
    let mut output = output.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    for line in lines {
        // A controller that went away cannot be answered; there is nothing else to do.
        let _ = writeln!(output, "{line}");
    }
    let _ = output.flush();
}

#[cfg(test)]
mod tests;
