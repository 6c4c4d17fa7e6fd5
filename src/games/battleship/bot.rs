//! The Battleship bot. It decides from what its seat sees: its own ocean (its ships, which
//! it placed) and, of the opponent's ocean, only what `observe(Viewer::Seat(seat))`
//! shows (misses, hits, sunk ships) and the public configuration. Never the opponent's
//! hidden ships: two games that look alike to its seat get the same choices.
//!
//! - Placement, every level: a random fleet of the ships still owed, placed at once
//!   (`Place(Fleet(..))`), then `Ready`. When no random fleet is found in a few tries, a
//!   random listed single ship (those always leave room for the rest).
//! - Level 1 shoots a random cell not shot at.
//! - Level 2 hunts and targets: while some hit ship is still afloat it shoots next to a
//!   hit (extending a line of hits first); otherwise a random unshot cell of a
//!   checkerboard (no ship fits between them without touching one).
//! - Level 3 shoots by probability density: for each ship it believes afloat, it counts
//!   the placements that the misses, sunk ships (and, where ships may not touch, the
//!   cells around them) allow; each unshot cell scores the placements through it. While
//!   a hit ship floats, only placements through hits count, more the more hits they
//!   cover. The cell with the highest score is shot, ties broken by the seed. The ships
//!   afloat are inferred from the sunk cells seen (each group of sunk cells is matched
//!   to the fleet's lengths), capped by the afloat count the view gives.

use crate::engine::bot::BotRng;
use crate::engine::grid::Dims;
use crate::engine::{
    Action, Analysis, Cell, GridBoard, Observation, Orientation, Piece, PlaceTarget, Rules, Score, ScoreUnit,
    SearchBudget, Seat, ShipPlacement, Stage, Viewer,
};

use super::Battleship;
use super::placement::{all_placements, ship_cells};

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;
/// Random fleets tried before falling back on one listed ship.
const FLEET_TRIES: usize = 50;

pub(super) fn action(game: &Battleship, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    let _ = budget; // Every choice here is a single pass over the board.
    let view = game.observe(Viewer::Seat(seat));
    let mut rng = BotRng::new(seed);
    match view.stage {
        Some(Stage::Placement) => place(game, seat, &view, &mut rng),
        Some(Stage::Play) => {
            let ocean = view.seat_boards.get(seat.opponent().index())?;
            let afloat = view.seat_counts.get(seat.opponent().index()).copied().unwrap_or(u32::MAX);
            let target =
                Target { dims: Dims::new(ocean.width, ocean.height), ocean, no_touching: game.config.no_touching };
            let cell = match level {
                0 | 1 => rng.choose(&target.unshot()).copied(),
                2 => target.hunt_and_target(&mut rng),
                _ => target.density(&game.config.fleet, afloat, &mut rng),
            };
            cell.or_else(|| rng.choose(&target.unshot()).copied()).map(Action::Shot)
        }
        _ => None,
    }
}

/// The engine's analysis: level 3's choice, a single shot (hidden information leaves no
/// line to foresee), with its chance of hitting as the estimate. During placement, the
/// placement level 3 makes, scored 0.
pub(super) fn analyse(game: &Battleship, seat: Seat, budget: SearchBudget<'_>, seed: u64) -> Analysis {
    let view = game.observe(Viewer::Seat(seat));
    let mut rng = BotRng::new(seed);
    let shot = match view.stage {
        Some(Stage::Play) => view.seat_boards.get(seat.opponent().index()).and_then(|ocean| {
            let afloat = view.seat_counts.get(seat.opponent().index()).copied().unwrap_or(u32::MAX);
            let target =
                Target { dims: Dims::new(ocean.width, ocean.height), ocean, no_touching: game.config.no_touching };
            target.densest(&game.config.fleet, afloat, &mut rng)
        }),
        _ => None,
    };
    let (action, chance) = match shot {
        Some((cell, chance)) => (Some(Action::Shot(cell)), chance),
        None => (action(game, seat, MAX_LEVEL, budget, seed), 0),
    };
    match action {
        Some(action) => Analysis {
            line: vec![action],
            score: Score::Estimate { value: chance as i32, unit: ScoreUnit::HitPercent },
            depth: 1,
            nodes: 1,
        },
        None => Analysis::unknown(0),
    }
}

/// The next placement action of `seat`: a whole random fleet, or `Ready` once placed.
fn place(game: &Battleship, seat: Seat, view: &Observation, rng: &mut BotRng) -> Option<Action> {
    // The seat's own ships are its own to know: its board shows them.
    let own = view.seat_boards.get(seat.index())?;
    let owed = game.ocean(seat).owed().to_vec();
    if owed.is_empty() {
        return Some(Action::Ready);
    }
    let dims = Dims::new(own.width, own.height);
    let taken: Vec<Cell> = cells_of(own).filter(|&(_, piece)| piece != Piece::Empty).map(|(cell, _)| cell).collect();
    let mut lengths = owed;
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    for _ in 0..FLEET_TRIES {
        if let Some(fleet) = random_fleet(dims, game.config.no_touching, &taken, &lengths, rng) {
            return Some(Action::Place(PlaceTarget::Fleet(fleet)));
        }
    }
    rng.choose(&game.legal_moves(seat)).cloned()
}

/// Ships of `lengths` placed one by one, each uniformly among the places still free, or
/// `None` when one finds no place.
fn random_fleet(
    dims: Dims,
    no_touching: bool,
    taken: &[Cell],
    lengths: &[u32],
    rng: &mut BotRng,
) -> Option<Vec<ShipPlacement>> {
    let mut blocked = vec![false; dims.area()];
    let block = |blocked: &mut Vec<bool>, cell: Cell| {
        blocked[dims.index(cell)] = true;
        if no_touching {
            for neighbour in neighbours8(dims, cell) {
                blocked[dims.index(neighbour)] = true;
            }
        }
    };
    for &cell in taken {
        block(&mut blocked, cell);
    }
    let mut fleet = Vec::with_capacity(lengths.len());
    for &length in lengths {
        let fits: Vec<(ShipPlacement, Vec<Cell>)> = all_placements(dims, length)
            .filter_map(|ship| ship_cells(dims, &ship).map(|cells| (ship, cells)))
            .filter(|(_, cells)| cells.iter().all(|&c| !blocked[dims.index(c)]))
            .collect();
        let (ship, cells) = rng.choose(&fits)?.clone();
        for cell in cells {
            block(&mut blocked, cell);
        }
        fleet.push(ship);
    }
    Some(fleet)
}

fn cells_of(board: &GridBoard) -> impl Iterator<Item = (Cell, Piece)> + '_ {
    let dims = Dims::new(board.width, board.height);
    board.cells.iter().enumerate().map(move |(i, c)| (dims.cell(i), c.piece))
}

fn neighbours4(dims: Dims, cell: Cell) -> impl Iterator<Item = Cell> {
    [(-1, 0), (1, 0), (0, -1), (0, 1)].into_iter().filter_map(move |d| dims.step(cell, d))
}

fn neighbours8(dims: Dims, cell: Cell) -> impl Iterator<Item = Cell> {
    (-1..=1)
        .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |d| dims.step(cell, d))
}

/// The opponent's ocean as the shooter sees it.
struct Target<'a> {
    dims: Dims,
    ocean: &'a GridBoard,
    no_touching: bool,
}

impl Target<'_> {
    fn piece(&self, cell: Cell) -> Piece {
        self.ocean.at(cell).piece
    }

    fn unshot(&self) -> Vec<Cell> {
        cells_of(self.ocean).filter(|&(_, p)| p == Piece::Empty).map(|(c, _)| c).collect()
    }

    fn hits(&self) -> Vec<Cell> {
        cells_of(self.ocean).filter(|&(_, p)| p == Piece::Hit).map(|(c, _)| c).collect()
    }

    /// Cells no ship can cover: shot at without a hit on a floating ship, or (where ships
    /// may not touch) next to a sunk ship.
    fn excluded(&self) -> Vec<bool> {
        let mut excluded = vec![false; self.dims.area()];
        for (cell, piece) in cells_of(self.ocean) {
            if matches!(piece, Piece::Miss | Piece::Sunk) {
                excluded[self.dims.index(cell)] = true;
            }
            if piece == Piece::Sunk && self.no_touching {
                for neighbour in neighbours8(self.dims, cell) {
                    if self.piece(neighbour) != Piece::Hit {
                        excluded[self.dims.index(neighbour)] = true;
                    }
                }
            }
        }
        excluded
    }

    /// Level 2: next to a hit (in line with two hits first), else a checkerboard cell.
    fn hunt_and_target(&self, rng: &mut BotRng) -> Option<Cell> {
        let excluded = self.excluded();
        let open = |cell: Cell| self.piece(cell) == Piece::Empty && !excluded[self.dims.index(cell)];
        let mut best: Vec<Cell> = Vec::new();
        let mut best_score = 0;
        for hit in self.hits() {
            for d in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let Some(cell) = self.dims.step(hit, d).filter(|&c| open(c)) else { continue };
                // Extending a line of hits beats a lone neighbour.
                let behind = self.dims.step(hit, (-d.0, -d.1)).is_some_and(|c| self.piece(c) == Piece::Hit);
                let score = 1 + 2 * i32::from(behind);
                if score > best_score {
                    best_score = score;
                    best.clear();
                }
                if score == best_score && !best.contains(&cell) {
                    best.push(cell);
                }
            }
        }
        if best.is_empty() {
            let unshot: Vec<Cell> = self.unshot().into_iter().filter(|&c| !excluded[self.dims.index(c)]).collect();
            let checkerboard: Vec<Cell> = unshot.iter().copied().filter(|c| (c.row + c.col) % 2 == 0).collect();
            best = if checkerboard.is_empty() { unshot } else { checkerboard };
        }
        rng.choose(&best).copied()
    }

    /// The lengths of the ships believed afloat: the fleet less the ships the groups of
    /// sunk cells account for, at most `afloat` of them (the shortest dropped first).
    fn afloat_lengths(&self, fleet: &[u32], afloat: u32) -> Vec<u32> {
        let mut seen = vec![false; self.dims.area()];
        let mut groups = Vec::new();
        for (start, piece) in cells_of(self.ocean) {
            if piece != Piece::Sunk || seen[self.dims.index(start)] {
                continue;
            }
            // One group of touching sunk cells: one ship, or several side by side.
            let mut size = 0u32;
            let mut stack = vec![start];
            seen[self.dims.index(start)] = true;
            while let Some(cell) = stack.pop() {
                size += 1;
                for next in neighbours4(self.dims, cell) {
                    if self.piece(next) == Piece::Sunk && !seen[self.dims.index(next)] {
                        seen[self.dims.index(next)] = true;
                        stack.push(next);
                    }
                }
            }
            groups.push(size);
        }
        let mut left: Vec<u32> = fleet.to_vec();
        left.sort_unstable_by(|a, b| b.cmp(a));
        // Every way the groups can be made of the fleet's ships that leaves `afloat` ships;
        // a length that may still float in any of them counts (as often as it may).
        let mut possible: Vec<Vec<u32>> = Vec::new();
        remaining_fleets(&groups, &mut left, afloat, &mut possible);
        let mut lengths: Vec<u32> = Vec::new();
        for rest in &possible {
            for &length in rest {
                let have = lengths.iter().filter(|&&l| l == length).count();
                if rest.iter().filter(|&&l| l == length).count() > have {
                    lengths.push(length);
                }
            }
        }
        if possible.is_empty() {
            // No way fits what is seen: better every ship than none.
            lengths = fleet.to_vec();
        }
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        lengths
    }

    /// Level 3: the unshot cell the most placements of the floating ships go through.
    fn density(&self, fleet: &[u32], afloat: u32, rng: &mut BotRng) -> Option<Cell> {
        self.densest(fleet, afloat, rng).map(|(cell, _)| cell)
    }

    /// The cell [`density`](Target::density) shoots, with the chance in percent that it
    /// hits: for each ship afloat, the weighted share of its placements through the cell,
    /// combined as if the ships lay independently.
    fn densest(&self, fleet: &[u32], afloat: u32, rng: &mut BotRng) -> Option<(Cell, u32)> {
        let excluded = self.excluded();
        let lengths = self.afloat_lengths(fleet, afloat);
        let targeting = !self.hits().is_empty();
        let mut scores = vec![0u64; self.dims.area()];
        let mut misses_all = vec![1.0f64; self.dims.area()];
        for &length in &lengths {
            let mut through = vec![0u64; self.dims.area()];
            let mut total = 0u64;
            for orientation in [Orientation::Horizontal, Orientation::Vertical] {
                for ship in all_placements(self.dims, length).filter(|s| s.orientation == orientation) {
                    if length == 1 && orientation == Orientation::Vertical {
                        continue; // the same cell as the horizontal one
                    }
                    let Some(cells) = ship_cells(self.dims, &ship) else { continue };
                    if cells.iter().any(|&c| excluded[self.dims.index(c)]) {
                        continue;
                    }
                    let hits = cells.iter().filter(|&&c| self.piece(c) == Piece::Hit).count() as u32;
                    let weight = match (targeting, hits) {
                        (true, 0) => continue,
                        (true, n) => 100u64.pow(n.min(4)),
                        (false, _) => 1,
                    };
                    total += weight;
                    for &cell in &cells {
                        if self.piece(cell) == Piece::Empty {
                            through[self.dims.index(cell)] += weight;
                        }
                    }
                }
            }
            for (i, &count) in through.iter().enumerate() {
                scores[i] += count;
                if total > 0 {
                    misses_all[i] *= 1.0 - count as f64 / total as f64;
                }
            }
        }
        let top = scores.iter().copied().max().filter(|&s| s > 0)?;
        let best: Vec<usize> = (0..self.dims.area())
            .filter(|&i| scores[i] == top && self.piece(self.dims.cell(i)) == Piece::Empty)
            .collect();
        match rng.choose(&best) {
            Some(&i) => Some((self.dims.cell(i), ((1.0 - misses_all[i]) * 100.0).round() as u32)),
            None => self.hunt_and_target(rng).map(|cell| (cell, 0)),
        }
    }
}

/// Pushes onto `out` every fleet that `left` leaves once each of `groups` (sizes of groups
/// of touching sunk cells) is made of some of its ships, when `afloat` ships remain (any
/// number when `afloat` is `u32::MAX`, the count being unknown). At most a few hundred
/// ways: fleets hold at most 10 ships.
fn remaining_fleets(groups: &[u32], left: &mut Vec<u32>, afloat: u32, out: &mut Vec<Vec<u32>>) {
    const MAX_WAYS: usize = 256;
    if out.len() >= MAX_WAYS {
        return;
    }
    let Some((&size, rest)) = groups.split_first() else {
        if (afloat == u32::MAX || left.len() == afloat as usize) && !out.contains(left) {
            out.push(left.clone());
        }
        return;
    };
    take_summing(size, 0, rest, left, afloat, out);
}

/// Takes ships of `left` from index `from` on (in order, so that each set is tried once)
/// summing to `size`, then goes on with the other groups.
fn take_summing(size: u32, from: usize, groups: &[u32], left: &mut Vec<u32>, afloat: u32, out: &mut Vec<Vec<u32>>) {
    if size == 0 {
        remaining_fleets(groups, left, afloat, out);
        return;
    }
    let mut i = from;
    while i < left.len() {
        let length = left[i];
        if length <= size && (i == from || left[i - 1] != length) {
            left.remove(i);
            take_summing(size - length, i, groups, left, afloat, out);
            left.insert(i, length);
        }
        i += 1;
    }
}
