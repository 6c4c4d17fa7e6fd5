//! Tournaments: many players, playing round after round of the same configuration. The
//! record holds what the tournament was created with, its players and, in order, the
//! rounds it made and how each board ended; the play layer moves it on, one conditional
//! update at a time ([`Store::update_tournament`](super::Store::update_tournament)), as it
//! does a series.
//!
//! What happened to a tournament is its `history`, which only grows: each entry keeps its
//! number for good, so a stream of the tournament's events resumes from any of them.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::{Labels, TokenHash};
use crate::engine::clock::ClockConfig;
use crate::games::GameConfig;

/// Most players one tournament takes.
pub const MAX_TOURNAMENT_PLAYERS: usize = 1_000;
/// Most players a round robin takes: everyone meets everyone, so its record holds the
/// square of its players' count in boards.
pub const MAX_ROUND_ROBIN_PLAYERS: usize = 100;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentFormat {
    /// Everyone meets everyone, `cycles` times (1 or 2; the second with colours reversed),
    /// in the order of FIDE's Berger tables.
    RoundRobin { cycles: u32 },
    /// Single elimination from a seeded bracket, each match a series of best of `best_of`
    /// games (draws played again); the winners of a round meet in the next.
    Knockout { best_of: u32 },
    /// Swiss by the FIDE (Dutch) system: `rounds` rounds, each pairing players on equal
    /// scores who have not met; `accelerated`: Baku acceleration in the first rounds.
    Swiss {
        rounds: u32,
        #[serde(default)]
        accelerated: bool,
    },
}

/// What a game, or a bye, is worth, in half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Points {
    /// A win: 2 (one point) by default.
    pub win: u32,
    /// A draw: 1 (half a point) by default.
    pub draw: u32,
    /// A loss: 0 by default.
    pub loss: u32,
    /// A bye: 2 (a point) by default. A win by forfeit scores as a win.
    pub bye: u32,
}

impl Default for Points {
    fn default() -> Points {
        Points { win: 2, draw: 1, loss: 0, bye: 2 }
    }
}

/// A tie-break (FIDE C.07's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The sum of the points of every opponent played.
    Buchholz,
    /// Buchholz without the opponent with the fewest points.
    BuchholzCut1,
    /// The sum, over the games played, of the opponent's points times the share of the
    /// game the player scored (all of it for a win, half for a draw).
    SonnebornBerger,
    /// Among the players tied so far, the points scored in the games between them; only
    /// when every one of them has played every other, otherwise it separates nobody.
    DirectEncounter,
    /// The number of games won.
    Wins,
}

/// One of a tournament's players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Its id in the creator's own system.
    pub id: String,
    /// The name to show.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// For a player the server's engine plays: its level and the longest it thinks a move,
    /// in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<(u8, u32)>,
    /// The last round the player plays, once it withdrew: it is paired in no round after
    /// (its games there are lost by forfeit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_after: Option<u32>,
}

impl Entrant {
    /// The id it is rated as: its own, or for the engine's player its level's
    /// ([`engine_player`](super::engine_player)).
    pub fn rated_id(&self) -> String {
        self.engine.map_or_else(|| self.id.clone(), |(level, _)| super::engine_player(level))
    }
}

/// How a board of a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardResult {
    /// White (the first seat) won.
    WhiteWins,
    /// Drawn.
    Draw,
    /// Black won.
    BlackWins,
    /// A bye: its player sat the round out.
    Bye,
    /// Not played: the player named won by forfeit, its opponent having withdrawn.
    Forfeit { winner: u32 },
    /// Not played by either: both had withdrawn, or its game never reached a result.
    Unplayed,
}

/// One board of a round: two players' game, or a player's bye. Players are numbered from 1
/// in the tournament's order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// White, who sits in the first seat; the bye's player.
    pub white: u32,
    /// Black; `None` for a bye.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<u32>,
    /// The board's game, once made (a board decided without play has none); in a knockout,
    /// the match's series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    /// Games made for the board so far: a game that ended without a result, or was
    /// deleted, is played again, a few times at most.
    #[serde(default)]
    pub tries: u32,
    /// The board's first game, when it was played again (`game_id` is the newest): what
    /// its pairing named, for good.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_game_id: Option<String>,
    /// How it ended, once it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<BoardResult>,
}

/// A round: its boards, in board order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// When it was paired.
    pub made: SystemTime,
    /// Its boards.
    pub boards: Vec<Board>,
}

/// Whether a tournament is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// A round is being played, or about to be made (or held until the organiser says go).
    InProgress,
    /// Every round was played.
    Finished,
    /// Called off by its organiser: no round is made after.
    Cancelled,
}

/// What happened to a tournament, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Happening {
    /// Round `round` (from 1) was paired and its games made.
    RoundPaired { round: u32 },
    /// Board `board` (from 1) of round `round` ended.
    BoardFinished { round: u32, board: u32 },
    /// Every board of round `round` ended.
    RoundFinished { round: u32 },
    /// Player `player` (from 1) withdrew after round `after`.
    PlayerWithdrew { player: u32, after: u32 },
    /// Player `player` (from 1) joined a Swiss under way, to be paired from round
    /// `first_round`.
    PlayerJoined { player: u32, first_round: u32 },
    /// The tournament ended: every round played, or cancelled.
    Ended,
}

/// A happening, with when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// When.
    pub time: SystemTime,
    /// What.
    pub what: Happening,
}

/// A tournament, as the store keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentRecord {
    /// Its id.
    pub id: String,
    /// The service key that created it.
    pub owner: Option<String>,
    /// Every game's configuration (random parts drawn by each game).
    pub config: GameConfig,
    /// Every game's time control.
    pub clock: Option<ClockConfig>,
    /// How players are paired.
    pub format: TournamentFormat,
    /// The players, in the tournament's order (the pairing numbers).
    pub players: Vec<Entrant>,
    /// In a knockout, the players by seed: `seeds[0]` is the first seed's number. Empty:
    /// the players' order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<u32>,
    /// Each player's token hash, in the same order: the player's seat in each of its games.
    pub token_hashes: Vec<TokenHash>,
    /// What results are worth.
    pub points: Points,
    /// The tie-breaks, in the order they are applied.
    pub tie_breaks: Vec<TieBreak>,
    /// Whether each round waits for its organiser to say go.
    pub hold_rounds: bool,
    /// With `hold_rounds`, how many rounds the organiser let be made.
    #[serde(default)]
    pub released: u32,
    /// The rating pool its games are rated in, if they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_pool: Option<String>,
    /// Whether spectators are refused.
    pub private: bool,
    /// Whether the seat to move may ask for hints.
    pub allow_hints: bool,
    /// The creator's labels, which every game of the tournament carries too.
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub labels: Labels,
    /// The rounds made so far, in order.
    pub rounds: Vec<Round>,
    /// What happened so far, in order.
    pub history: Vec<HistoryEntry>,
    /// Whether it is over.
    pub status: TournamentStatus,
    /// When it was created.
    pub created: SystemTime,
    /// When it last changed.
    pub updated: SystemTime,
    /// Counts its updates: 0 when created.
    pub revision: u64,
    /// A digest of the request that created it, to tell a retry from a reuse of its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_digest: Option<String>,
}

/// A game's place in a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentLink {
    /// The tournament.
    pub tournament_id: String,
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
}
