//! `tabula analyse`: the engine's line for a position of any game, given by its kind, a
//! configuration (a preset, JSON, a chess FEN or a Reversi position) and the moves played
//! from its start.

use std::io::{Write, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tabula::engine::{Action, Analysis, AnyMatch, Score, ScoreUnit, SearchBudget, Solved, Turn};
use tabula::games::{GameConfig, GameKind};

/// The most positions an analysis expands unless `--nodes` says otherwise.
const DEFAULT_NODES: u64 = 1_000_000_000;

/// Arguments of `tabula analyse`.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// The game kind, e.g. `chess`, `connect_four`, `reversi`.
    kind: String,
    /// One of the kind's presets instead of its default configuration.
    #[arg(long, conflicts_with = "config")]
    preset: Option<String>,
    /// The kind's configuration as JSON, e.g. `{"width": 9, "height": 7}`; fields left
    /// out take their defaults.
    #[arg(long)]
    config: Option<String>,
    /// For chess: the position in FEN (sets the configuration's `fen`).
    #[arg(long)]
    fen: Option<String>,
    /// For Reversi: the position in the FFO and Edax text form, the squares row by row from
    /// a1 (X Black, O White, - empty), then a space and the side to move (X or O); sets
    /// the configuration's `position` (the board size is the configuration's, 8×8 unless
    /// `--config` or `--preset` says otherwise).
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Moves played from the start, separated by commas, each as the server describes it
    /// or in the game's machine notation: `e2e4, e7e5` or `Nf3` (chess), `column 3`
    /// (Connect Four, columns from 0), `b3` (cells of board games).
    #[arg(long, default_value = "")]
    moves: String,
    /// Seconds the engine may think.
    #[arg(long, default_value_t = 2.0)]
    time: f64,
    /// Positions the engine may expand.
    #[arg(long, default_value_t = DEFAULT_NODES)]
    nodes: u64,
}

/// Builds the position, analyses it for the seat to move and prints the engine's line.
///
/// # Errors
/// An unknown kind, preset or configuration, a move that is not legal where it is
/// played, or a position where nobody is to move.
pub fn run(args: AnalyseArgs) -> Result<(), Box<dyn std::error::Error>> {
    let kind = GameKind::from_name(&args.kind).ok_or_else(|| {
        let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        format!("no game kind {:?}; known kinds: {}", args.kind, known.join(", "))
    })?;
    if !(args.time.is_finite() && args.time > 0.0 && args.time <= 3600.0) {
        return Err(format!("--time must be from 0 to 3600 seconds, not {}", args.time).into());
    }
    let config = configuration(kind, &args)?;
    let mut game = config.new_match().map_err(|e| format!("the configuration is invalid: {e}"))?;
    for (number, text) in args.moves.split(',').map(str::trim).filter(|m| !m.is_empty()).enumerate() {
        play(game.as_mut(), text).map_err(|e| format!("move {} ({text:?}): {e}", number + 1))?;
    }
    let seat = *game.to_act().first().ok_or("the game is over in this position: nobody is to move")?;
    let seat_name = kind.seat_names().get(seat.index()).copied().unwrap_or("?");
    eprintln!("analysing for {seat_name} (seat {}) for up to {} s…", seat.number(), args.time);
    let started = Instant::now();
    let analysis = think(game.as_ref(), seat, Duration::from_secs_f64(args.time), args.nodes);
    let elapsed = started.elapsed();
    let notation = |action: &Action| game.machine_notation(action).unwrap_or_else(|| game.describe(action));
    match analysis.suggestion() {
        Some(best) => writeln!(stdout(), "best: {}", notation(best))?,
        None => writeln!(stdout(), "best: none")?,
    }
    let line: Vec<String> = analysis.line.iter().map(notation).collect();
    writeln!(stdout(), "line: {}", line.join(", "))?;
    writeln!(stdout(), "score: {}", describe_score(analysis.score))?;
    writeln!(stdout(), "depth {}, {} nodes, {:.2} s", analysis.depth, analysis.nodes, elapsed.as_secs_f64())?;
    Ok(())
}

/// The configuration `args` name for `kind`.
fn configuration(kind: GameKind, args: &AnalyseArgs) -> Result<GameConfig, String> {
    let mut config = match (&args.preset, &args.config) {
        (Some(name), _) => kind.preset(name).map(|preset| preset.config).ok_or_else(|| {
            let known: Vec<&str> = kind.info().presets.iter().map(|p| p.name).collect();
            format!("{} has no preset {name:?}; known presets: {}", kind.name(), known.join(", "))
        })?,
        (None, Some(json)) => {
            let given: serde_json::Value =
                serde_json::from_str(json).map_err(|e| format!("--config is not JSON: {e}"))?;
            let serde_json::Value::Object(given) = given else {
                return Err("--config must be a JSON object".to_owned());
            };
            // The fields given, over the kind's defaults.
            let mut tagged = serde_json::to_value(kind.info().default_config).expect("a configuration is JSON");
            let fields = tagged[kind.name()].as_object_mut().expect("a configuration is an object");
            let unknown: Vec<&String> = given.keys().filter(|key| !fields.contains_key(*key)).collect();
            if !unknown.is_empty() {
                let known: Vec<&String> = fields.keys().collect();
                return Err(format!("--config has unknown fields {unknown:?}; {} has {known:?}", kind.name()));
            }
            fields.extend(given);
            serde_json::from_value(tagged)
                .map_err(|e| format!("--config is not a {} configuration: {e}", kind.name()))?
        }
        (None, None) => kind.info().default_config,
    };
    if let Some(fen) = &args.fen {
        let GameConfig::Chess(chess) = &mut config else { return Err("--fen is for chess only".to_owned()) };
        chess.fen = fen.clone();
    }
    if let Some(position) = &args.position {
        let GameConfig::Reversi(reversi) = &mut config else {
            return Err("--position is for reversi only (chess takes --fen)".to_owned());
        };
        reversi.position = position.clone();
    }
    Ok(config.with_defaults().drawn())
}

/// Plays the legal move that `text` names, for whichever seat to move has it.
fn play(game: &mut dyn AnyMatch, text: &str) -> Result<(), String> {
    let wanted = text.to_lowercase();
    for seat in game.to_act() {
        let found = game.legal_moves(seat).into_iter().find(|action| {
            game.describe(action).to_lowercase() == wanted
                || game.machine_notation(action).is_some_and(|n| n.to_lowercase() == wanted)
        });
        if let Some(action) = found {
            return game.play(&Turn::Move(seat, action)).map_err(|e| e.message);
        }
    }
    Err(if game.to_act().is_empty() {
        "the game is already over".to_owned()
    } else {
        "no legal move is written so".to_owned()
    })
}

/// The engine's analysis within `time` and `nodes`, on a thread of its own, stopped by a
/// timer.
fn think(game: &dyn AnyMatch, seat: tabula::engine::Seat, time: Duration, nodes: u64) -> Analysis {
    let stop = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let searching = scope.spawn(|| game.analyse(seat, SearchBudget::new(nodes, &stop)));
        let deadline = Instant::now() + time;
        while !searching.is_finished() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5).min(deadline.saturating_duration_since(Instant::now())));
        }
        stop.store(true, Ordering::Relaxed);
        searching.join().expect("the search panicked").expect("the seat is to move")
    })
}

/// A score for people: `win in 5 plies (exact, 18 Pons score)`, `+35 centipawns (estimate)`.
fn describe_score(score: Score) -> String {
    let unit = |unit: ScoreUnit| match unit {
        ScoreUnit::Points => "points",
        ScoreUnit::Centipawns => "centipawns",
        ScoreUnit::Discs => "discs",
        ScoreUnit::PonsScore => "in Pons' convention",
        ScoreUnit::Pegs => "pegs left",
        ScoreUnit::HitPercent => "% chance of a hit",
    };
    match score {
        Score::Unknown => "unknown (the budget ran out before any move was judged)".to_owned(),
        Score::Estimate { value, unit: u } => format!("{value:+} {} (estimate)", unit(u)),
        Score::Exact { result, plies, value } => {
            let result = match result {
                Solved::Win => "win",
                Solved::Draw => "draw",
                Solved::Loss => "loss",
            };
            let distance = plies.map(|p| format!(" in {p} plies")).unwrap_or_default();
            let measure = value.map(|(v, u)| format!(", {v:+} {}", unit(u))).unwrap_or_default();
            format!("{result}{distance} (exact{measure})")
        }
    }
}
