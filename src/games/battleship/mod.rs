//! Battleship: each seat hides a fleet on its own ocean, then the seats take turns firing
//! at each other's ocean; the first to sink every enemy ship wins.
//!
//! | parameter            | range                                              | default          |
//! |----------------------|----------------------------------------------------|------------------|
//! | `width`              | 5..=26                                             | 10               |
//! | `height`             | 5..=26                                             | 10               |
//! | `fleet`              | 1..=10 ship lengths, each 1..=10 and fitting a side| 5, 4, 3, 3, 2    |
//! | `no_touching`        | ships may not touch, not even diagonally           | false (may touch)|
//! | `extra_shot_on_hit`  | a hit (or sinking) earns another shot              | false            |
//! | `salvo`              | a turn is one shot per ship the shooter has afloat | false            |
//! | `hide_fleets_at_end` | keep unhit ships hidden after the end              | false (revealed) |
//!
//! An empty `fleet` and a zero width or height stand for their defaults; the flags are
//! named so that `false` is the default. The fleet may cover at most half the board and
//! must fit it (with the touching rule); ships never overlap. `extra_shot_on_hit` and
//! `salvo` exclude each other.
//!
//! **Stages** (shown in the observation's `stage`): `Placement` → `Play` → `Finished`.
//! A game that ends other than by the last ship sunk (a resignation, in placement or in
//! play) goes straight to `Finished` from the stage it was in.
//!
//! - *Placement*: both seats act at once and in any order, so `to_act()` holds every seat
//!   that has not yet confirmed its fleet. A seat places one ship with
//!   `Place(Ship(..))` or every ship it still owes at once with `Place(Fleet(..))`, then
//!   confirms the complete fleet with [`Action::Ready`]. Each ship must lie on the board,
//!   have a length still owed, overlap no ship, and (with `no_touching`) touch none; a
//!   single ship is also refused when the ships still owed would no longer fit
//!   ([`Reason::NoRoomLeft`]), so a seat can never get stuck with a fleet it cannot
//!   complete. Placed ships never move. `legal_moves` lists every acceptable single-ship
//!   placement (owed lengths × cells × orientations) and `Ready` once the fleet is
//!   complete; whole-fleet placements are accepted but not listed, as there are too
//!   many of them.
//! - *Play* starts when both seats are ready, seat 1 (the first seat) firing first. A turn
//!   is one `Shot(cell)` at the opponent's ocean; with `extra_shot_on_hit` the shooter
//!   fires again after every hit; with `salvo` a turn is as many consecutive shots as the
//!   shooter has ships afloat when the turn begins, and the shooter stays in `to_act()`
//!   until its salvo is spent (each shot's result is shown at once). A shot must be on
//!   the board and at a cell the shooter has not fired at; a refused shot changes
//!   nothing, not even the turn. A shot misses, hits, or sinks a ship when it hits that
//!   ship's last intact cell; the game is won when every enemy ship is sunk.
//!
//! **What each viewer sees.** `seat_boards[i]` is seat `i`'s ocean: its owner sees its
//! own ships ([`Piece::Ship`]); everyone sees every shot as [`Piece::Miss`],
//! [`Piece::Hit`] or, for every cell of a sunk ship, [`Piece::Sunk`]. However the game
//! ends, both fleets (as far as they were placed) are revealed to everyone unless
//! `hide_fleets_at_end`. Placements are seen only by the placing seat (`public_action`
//! gives others `None`); shots and `Ready` are public. `last_changed` holds the cells the
//! last move changed that the viewer may see (a shot's target, and every cell of the
//! ship it sank), so the result of the last shot is visible to all; `seat_counts` holds
//! the ships each seat has afloat. No error message depends on the opponent's fleet.

mod bot;
mod ocean;
pub mod placement;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::PlayOptions;

use crate::engine::grid::Dims;
use crate::engine::{
    Action, Analysis, Cell, ChangedCell, ConfigError, MoveError, Mover, Observation, Orientation, Outcome, PlaceTarget,
    Reason, Rules, SearchBudget, Seat, ShipPlacement, Stage, Viewer, WinReason,
};

use self::ocean::{Ocean, ShotResult};
use self::placement::{Blocked, Rect, all_placements, find_room};
use super::{Listed, Preset};

/// Smallest board side.
pub const MIN_SIDE: u32 = 5;
/// Largest board side (one letter per column).
pub const MAX_SIDE: u32 = 26;
/// Most ships in a fleet.
pub const MAX_SHIPS: usize = 10;
/// Longest ship.
pub const MAX_SHIP_LENGTH: u32 = 10;

/// The classic fleet: carrier, battleship, cruiser, submarine, destroyer.
pub const CLASSIC_FLEET: [u32; 5] = [5, 4, 3, 3, 2];

/// Battleship settings. Zero or empty fields stand for their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Ship lengths, in the order they are listed to the players.
    pub fleet: Vec<u32>,
    /// Ships may not touch, not even diagonally.
    pub no_touching: bool,
    /// A hit earns another shot.
    pub extra_shot_on_hit: bool,
    /// A turn is one shot per ship the shooter has afloat.
    pub salvo: bool,
    /// Unhit ships stay hidden after the game ends.
    pub hide_fleets_at_end: bool,
    /// Who starts, and takebacks; the defaults in configurations stored before they
    /// existed.
    #[serde(default)]
    pub play: PlayOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            width: 10,
            height: 10,
            fleet: CLASSIC_FLEET.to_vec(),
            no_touching: false,
            extra_shot_on_hit: false,
            salvo: false,
            hide_fleets_at_end: false,
            play: PlayOptions::default(),
        }
    }
}

impl Config {
    /// This configuration with every zero or empty field replaced by its default.
    pub fn with_defaults(self) -> Config {
        let d = Config::default();
        let or = |value: u32, default: u32| if value == 0 { default } else { value };
        Config {
            width: or(self.width, d.width),
            height: or(self.height, d.height),
            fleet: if self.fleet.is_empty() { d.fleet } else { self.fleet },
            ..self
        }
    }

    fn dims(&self) -> Dims {
        Dims::new(self.width, self.height)
    }

    /// Every problem with the configuration; when there is none, a way to place the
    /// fleet, which proves that it fits.
    fn validate(&self) -> Result<Vec<ShipPlacement>, ConfigError> {
        let mut errors = ConfigError::default();
        errors.check_range("width", self.width, MIN_SIDE..=MAX_SIDE);
        errors.check_range("height", self.height, MIN_SIDE..=MAX_SIDE);
        let sides_ok = (MIN_SIDE..=MAX_SIDE).contains(&self.width) && (MIN_SIDE..=MAX_SIDE).contains(&self.height);
        let longest = MAX_SHIP_LENGTH.min(self.width.max(self.height));
        let mut fleet_ok = true;
        if self.fleet.is_empty() || self.fleet.len() > MAX_SHIPS {
            errors.add("fleet", format!("must list between 1 and {MAX_SHIPS} ships, got {}", self.fleet.len()));
            fleet_ok = false;
        }
        if let Some(&bad) = self.fleet.iter().find(|&&l| l == 0 || l > longest) {
            errors.add("fleet", format!("ship lengths must be between 1 and {longest} on this board, got {bad}"));
            fleet_ok = false;
        }
        if self.extra_shot_on_hit && self.salvo {
            errors.add("salvo", "cannot be combined with extra_shot_on_hit; choose one of them");
        }
        let mut room = None;
        if sides_ok && fleet_ok {
            let cells: u64 = self.fleet.iter().map(|&l| l as u64).sum();
            let area = self.dims().area() as u64;
            if cells * 2 > area {
                errors.add("fleet", format!("covers {cells} cells; it may cover at most half of the {area} cells"));
            } else {
                room = find_room(&Blocked::new(self.dims(), self.no_touching, []), &self.fleet);
                if room.is_none() {
                    let rule = if self.no_touching { " with no two ships touching" } else { "" };
                    errors.add(
                        "fleet",
                        format!(
                            "cannot be placed on a {}x{} board{rule}; use fewer or shorter ships",
                            self.width, self.height
                        ),
                    );
                }
            }
        }
        errors.into_result(|| room.expect("no room found only with a fleet error"))
    }
}

/// What the most recent move changed, and who may see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Change {
    /// The seat whose ocean changed.
    ocean: Seat,
    cells: Vec<Cell>,
    /// Placements are seen only by the ocean's owner; shots by everyone.
    public: bool,
}

/// A Battleship position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Battleship {
    /// Shared, as it never changes: copying a position (which callers do to try moves)
    /// need not copy the fleet list.
    config: Arc<Config>,
    dims: Dims,
    oceans: [Ocean; 2],
    /// Per seat, during placement: a way to place the ships it still owes. It exists
    /// whenever ships are owed (the config proved room at the start and every accepted
    /// ship keeps room for the rest), so listing can check a ship against it instead of
    /// searching, and a seat can never get stuck.
    room: [Vec<ShipPlacement>; 2],
    /// `Finished` exactly when `outcome` is set, whether the last ship was sunk or the
    /// game was concluded from outside: the stage alone decides what is revealed.
    stage: Stage,
    /// The seat to fire during play.
    turn: Seat,
    /// Shots left in the current turn.
    shots_left: u32,
    last: Option<Change>,
    outcome: Option<Outcome>,
}

fn lengths(list: &[u32]) -> String {
    list.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

fn sorted(mut list: Vec<u32>) -> Vec<u32> {
    list.sort_unstable();
    list
}

impl Battleship {
    /// The ocean of `seat`.
    fn ocean(&self, seat: Seat) -> &Ocean {
        &self.oceans[seat.index()]
    }

    /// Why `ship` may not join `seat`'s fleet next to the ships already placed (and those
    /// in `also`), never looking at the other seat's ocean; on success, its cells.
    fn check_ship(&self, seat: Seat, ship: &ShipPlacement, also: &[Rect]) -> Result<Rect, MoveError> {
        let ocean = self.ocean(seat);
        let rect = Rect::of_ship(self.dims, ship).ok_or_else(|| {
            if ship.length == 0 {
                MoveError::new(Reason::NotOwed, "a ship must be at least one cell long")
            } else {
                let way = match ship.orientation {
                    Orientation::Horizontal => "to the right",
                    Orientation::Vertical => "downwards",
                };
                MoveError::new(
                    Reason::OutOfBounds,
                    format!(
                        "a ship of length {} from {} {way} does not fit on the {}x{} board",
                        ship.length, ship.bow, self.dims.width, self.dims.height
                    ),
                )
            }
        })?;
        // The first cell of one of the seat's ships inside `area`.
        let own_ship_in = |area: Rect| {
            area.cells()
                .find(|&c| ocean.ship_at(c).is_some())
                .or_else(|| also.iter().find_map(|other| other.intersection(area)).map(|r| Cell::new(r.top, r.left)))
        };
        if let Some(cell) = own_ship_in(rect) {
            return Err(MoveError::new(Reason::CellOccupied, format!("it would overlap your ship at {cell}")));
        }
        if self.config.no_touching
            && let Some(cell) = own_ship_in(rect.grown(self.dims))
        {
            return Err(MoveError::new(
                Reason::PiecesTouching,
                format!("it would touch your ship at {cell}; ships may not touch in this game"),
            ));
        }
        Ok(rect)
    }

    fn check_placing(&self, seat: Seat) -> Result<(), MoveError> {
        match self.stage {
            Stage::Placement if self.ocean(seat).is_ready() => {
                Err(MoveError::new(Reason::WrongPhase, "your fleet is confirmed and can no longer change"))
            }
            Stage::Placement => Ok(()),
            _ => Err(MoveError::new(Reason::WrongPhase, "the fleets are placed; fire a shot instead")),
        }
    }

    /// Checks one ship for `seat`; on success, the room left for the rest of its fleet.
    fn check_single(&self, seat: Seat, ship: &ShipPlacement) -> Result<(Rect, Vec<ShipPlacement>), MoveError> {
        self.check_placing(seat)?;
        let ocean = self.ocean(seat);
        if ship.length > 0 && !ocean.owed().contains(&ship.length) {
            let message = if ocean.owed().is_empty() {
                "your fleet is complete; confirm it with ready".to_owned()
            } else {
                format!("no ship of length {} is left to place; still to place: {}", ship.length, lengths(ocean.owed()))
            };
            return Err(MoveError::new(Reason::NotOwed, message));
        }
        let rect = self.check_ship(seat, ship, &[])?;
        let room = self.room_after(seat, ship, rect).ok_or_else(|| {
            let mut rest = ocean.owed().to_vec();
            rest.remove(rest.iter().position(|&l| l == ship.length).expect("checked owed"));
            MoveError::new(
                Reason::NoRoomLeft,
                format!("with this ship there, the rest of your fleet ({}) would no longer fit", lengths(&rest)),
            )
        })?;
        Ok((rect, room))
    }

    /// A way to place the rest of `seat`'s fleet once `ship` (covering `rect`) is placed.
    /// The stored room is repaired first: its ships clear of `ship` stay where they are
    /// and only the others (less one of `ship`'s length) are searched for, which is
    /// nearly always immediate; only when that fails does a search start afresh. Both
    /// searches are bounded, so the answer is a function of the position alone.
    fn room_after(&self, seat: Seat, ship: &ShipPlacement, rect: Rect) -> Option<Vec<ShipPlacement>> {
        let room = &self.room[seat.index()];
        let reach = if self.config.no_touching { rect.grown(self.dims) } else { rect };
        let (mut keep, clashing): (Vec<ShipPlacement>, Vec<ShipPlacement>) = room
            .iter()
            .partition(|r| Rect::of_ship(self.dims, r).expect("room lies on the board").intersection(reach).is_none());
        let mut missing: Vec<u32> = clashing.iter().map(|r| r.length).collect();
        match missing.iter().position(|&l| l == ship.length) {
            Some(at) => {
                missing.remove(at);
            }
            None => {
                // `ship` takes the place of a kept ship of its length, freeing that place.
                let at = keep.iter().rposition(|r| r.length == ship.length)?;
                keep.remove(at);
            }
        }
        let ocean = self.ocean(seat);
        let placed: Vec<&ShipPlacement> = ocean.ships().iter().map(|s| &s.placement).chain([ship]).collect();
        if missing.is_empty() {
            return Some(keep);
        }
        let around_keep = Blocked::new(self.dims, self.config.no_touching, placed.iter().copied().chain(&keep));
        if let Some(found) = find_room(&around_keep, &missing) {
            keep.extend(found);
            return Some(keep);
        }
        let mut owed = ocean.owed().to_vec();
        owed.remove(owed.iter().position(|&l| l == ship.length)?);
        find_room(&Blocked::new(self.dims, self.config.no_touching, placed), &owed)
    }

    fn place_fleet(&mut self, seat: Seat, fleet: &[ShipPlacement]) -> Result<(), MoveError> {
        self.check_placing(seat)?;
        let owed = self.ocean(seat).owed();
        let given: Vec<u32> = fleet.iter().map(|s| s.length).collect();
        if fleet.is_empty() || sorted(given.clone()) != sorted(owed.to_vec()) {
            let message = if owed.is_empty() {
                "your fleet is complete; confirm it with ready".to_owned()
            } else {
                format!(
                    "a fleet must hold exactly the ships still to place ({}), got {}",
                    lengths(owed),
                    if given.is_empty() { "none".to_owned() } else { lengths(&given) }
                )
            };
            return Err(MoveError::new(Reason::NotOwed, message));
        }
        let mut accepted: Vec<Rect> = Vec::new();
        for ship in fleet {
            accepted.push(self.check_ship(seat, ship, &accepted)?);
        }
        for ship in fleet {
            self.oceans[seat.index()].place(*ship);
        }
        self.room[seat.index()].clear();
        let cells = accepted.iter().flat_map(|r| r.cells()).collect();
        self.last = Some(Change { ocean: seat, cells, public: false });
        Ok(())
    }

    fn ready(&mut self, seat: Seat) -> Result<(), MoveError> {
        self.check_placing(seat)?;
        let owed = self.ocean(seat).owed();
        if !owed.is_empty() {
            return Err(MoveError::new(
                Reason::SetupIncomplete,
                format!("place the rest of your fleet ({}) before confirming it", lengths(owed)),
            ));
        }
        self.oceans[seat.index()].set_ready();
        self.last = None;
        if self.oceans.iter().all(Ocean::is_ready) {
            self.stage = Stage::Play;
            self.turn = self.config.play.starter.seat();
            self.shots_left = self.shots_per_turn(self.turn);
        }
        Ok(())
    }

    fn shots_per_turn(&self, shooter: Seat) -> u32 {
        if self.config.salvo { self.ocean(shooter).afloat() } else { 1 }
    }

    fn shoot(&mut self, seat: Seat, cell: Cell) -> Result<(), MoveError> {
        match self.stage {
            Stage::Play => {}
            _ => {
                return Err(MoveError::new(
                    Reason::WrongPhase,
                    "the fleets are still being placed; place your ships and confirm them with ready",
                ));
            }
        }
        if !self.dims.contains(cell) {
            return Err(MoveError::new(
                Reason::OutOfBounds,
                format!("{cell} is not on the {}x{} board", self.dims.width, self.dims.height),
            ));
        }
        let target = seat.opponent();
        if self.ocean(target).was_shot(cell) {
            return Err(MoveError::new(
                Reason::AlreadyShot,
                format!("you already fired at {cell}; choose a cell you have not fired at"),
            ));
        }
        let result = self.oceans[target.index()].shoot(cell);
        let mut cells = vec![cell];
        if let ShotResult::Sunk(ship) = result {
            cells.extend(self.ocean(target).ships()[ship].cells().filter(|&c| c != cell));
        }
        self.last = Some(Change { ocean: target, cells, public: true });
        if self.ocean(target).all_sunk() {
            self.stage = Stage::Finished;
            self.shots_left = 0;
            self.outcome = Some(Outcome::Win { winner: seat, reason: WinReason::AllShipsSunk, line: Vec::new() });
            return Ok(());
        }
        let hit = result != ShotResult::Miss;
        if !(self.config.extra_shot_on_hit && hit) {
            self.shots_left -= 1;
        }
        if self.shots_left == 0 {
            self.turn = target;
            self.shots_left = self.shots_per_turn(target);
        }
        Ok(())
    }

    /// The shots left in the current turn (more than one only with salvos or extra
    /// shots); 0 outside play.
    pub fn shots_left(&self) -> u32 {
        if self.stage == Stage::Play { self.shots_left } else { 0 }
    }
}

impl Rules for Battleship {
    type Config = Config;
    const NAME: &'static str = "battleship";

    fn new(config: &Config) -> Result<Battleship, ConfigError> {
        let room = config.validate()?;
        let dims = config.dims();
        let ocean = Ocean::new(dims, &config.fleet);
        Ok(Battleship {
            config: Arc::new(config.clone()),
            dims,
            oceans: [ocean.clone(), ocean],
            room: [room.clone(), room],
            stage: Stage::Placement,
            turn: Seat::FIRST,
            shots_left: 0,
            last: None,
            outcome: None,
        })
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> Vec<Seat> {
        match self.stage {
            Stage::Placement => {
                [Seat::FIRST, Seat::SECOND].into_iter().filter(|s| !self.ocean(*s).is_ready()).collect()
            }
            Stage::Play => vec![self.turn],
            Stage::Finished => Vec::new(),
        }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(&seat) {
            return Vec::new();
        }
        match self.stage {
            Stage::Placement => {
                let owed = self.ocean(seat).owed();
                if owed.is_empty() {
                    return vec![Action::Ready];
                }
                let mut distinct = owed.to_vec();
                distinct.sort_unstable_by(|a, b| b.cmp(a));
                distinct.dedup();
                distinct
                    .into_iter()
                    .flat_map(|length| all_placements(self.dims, length))
                    .filter(|ship| self.check_single(seat, ship).is_ok())
                    .map(|ship| Action::Place(PlaceTarget::Ship(ship)))
                    .collect()
            }
            Stage::Play => self.ocean(seat.opponent()).unshot().map(Action::Shot).collect(),
            Stage::Finished => Vec::new(),
        }
    }

    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError> {
        let seat = mover.seat();
        match action {
            Action::Place(PlaceTarget::Ship(ship)) => {
                let (rect, room) = self.check_single(seat, ship)?;
                self.oceans[seat.index()].place(*ship);
                self.room[seat.index()] = room;
                self.last = Some(Change { ocean: seat, cells: rect.cells().collect(), public: false });
                Ok(())
            }
            Action::Place(PlaceTarget::Fleet(fleet)) => self.place_fleet(seat, fleet),
            Action::Ready => self.ready(seat),
            Action::Shot(cell) => self.shoot(seat, *cell),
            other => Err(MoveError::new(
                Reason::MoveKindNotAllowed,
                format!(
                    "Battleship only accepts placing ships or a fleet, ready, and shots, not \"{}\"",
                    other.kind_name()
                ),
            )),
        }
    }

    fn play_options(config: &Config) -> PlayOptions {
        config.play
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// Finishes the game from whatever stage it is in, so that the fleets are revealed
    /// as after a sinking; the outcome is kept so that no seat is left to act.
    fn conclude(&mut self, outcome: &Outcome) {
        self.stage = Stage::Finished;
        self.shots_left = 0;
        self.outcome = Some(outcome.clone());
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        let revealed = self.stage == Stage::Finished && !self.config.hide_fleets_at_end;
        let seat_boards = [Seat::FIRST, Seat::SECOND]
            .into_iter()
            .map(|seat| self.ocean(seat).to_view(seat, revealed || viewer == Viewer::Seat(seat)))
            .collect();
        let last_changed = match &self.last {
            Some(change) if change.public || viewer == Viewer::Seat(change.ocean) => {
                change.cells.iter().map(|&cell| ChangedCell { seat_board: Some(change.ocean), cell }).collect()
            }
            _ => Vec::new(),
        };
        Observation {
            stage: Some(self.stage),
            seat_boards,
            last_changed,
            seat_counts: self.oceans.iter().map(Ocean::afloat).collect(),
            ..Observation::default()
        }
    }

    fn has_hidden_information(_config: &Config) -> bool {
        true
    }

    fn public_action(_config: &Config, viewer: Viewer, actor: Seat, action: &Action) -> Option<Action> {
        match action {
            Action::Place(_) if viewer != Viewer::Seat(actor) => None,
            _ => Some(action.clone()),
        }
    }

    /// A shot shows its shooter a hit or a miss on the hidden fleet; a placement or a
    /// `Ready` shows nothing of the other seat's.
    fn reveals_to_mover(_config: &Config, _actor: Seat, action: &Action) -> bool {
        matches!(action, Action::Shot(_))
    }

    fn describe(&self, action: &Action) -> String {
        let ship = |s: &ShipPlacement| {
            let way = match s.orientation {
                Orientation::Horizontal => "across",
                Orientation::Vertical => "down",
            };
            format!("ship of {} at {} {way}", s.length, s.bow)
        };
        match action {
            Action::Shot(cell) => cell.to_string(),
            Action::Place(PlaceTarget::Ship(s)) => ship(s),
            Action::Place(PlaceTarget::Fleet(f)) => format!("fleet of {} ships", f.len()),
            other => other.kind_name().to_owned(),
        }
    }

    const MAX_BOT_LEVEL: u8 = bot::MAX_LEVEL;

    /// Decides from `self.observe(Viewer::Seat(seat))` and the seat's own fleet alone:
    /// see [`bot`].
    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
        bot::action(self, seat, level, budget, seed)
    }

    /// From the seat's own view alone, like the bot: see [`bot::analyse`].
    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
        bot::analyse(self, seat, budget, seed)
    }
}

impl Listed for Battleship {
    const DISPLAY_NAME: &'static str = "Battleship";
    const SEAT_NAMES: &'static [&'static str] = &["Blue", "Red"];
    const SEAT_COUNTS_LABEL: &'static str = "ships afloat";

    fn with_defaults(config: Config) -> Config {
        config.with_defaults()
    }

    fn with_play_options(config: Config, play: PlayOptions) -> Option<Config> {
        Some(Config { play, ..config })
    }

    fn presets() -> Vec<Preset<Config>> {
        let classic = Config::default();
        vec![
            Preset {
                name: "classic",
                description: "10x10, ships 5, 4, 3, 3, 2 that may touch",
                config: classic.clone(),
            },
            Preset {
                name: "apart",
                description: "classic, with ships that may not touch",
                config: Config { no_touching: true, ..classic.clone() },
            },
            Preset {
                name: "salvo",
                description: "classic, one shot per ship afloat each turn",
                config: Config { salvo: true, ..classic.clone() },
            },
            Preset {
                name: "quick",
                description: "6x6 with ships 3, 2, 2; a hit earns another shot",
                config: Config { width: 6, height: 6, fleet: vec![3, 2, 2], extra_shot_on_hit: true, ..classic },
            },
        ]
    }
}

#[cfg(test)]
mod tests;
