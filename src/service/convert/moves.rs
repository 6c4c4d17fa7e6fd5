use crate::engine::{Action, Cell, Location, Orientation, PlaceTarget, Promotion, ShipPlacement};
use crate::proto::tabula::v1 as pb;
use pb::{location::At, r#move::Kind, place::Target};

use super::Violations;
use crate::service::error::ApiError;

/// Longest fleet accepted in one message; the games' own caps are lower.
const MAX_FLEET_SHIPS: usize = 64;

/// The domain action of a wire move; `field` is the move's path in the request.
pub fn action_from_proto(mv: Option<&pb::Move>, field: &str) -> Result<Action, ApiError> {
    let mut v = Violations::default();
    let action = match mv.and_then(|m| m.kind.as_ref()) {
        None => {
            v.add(field, "is required: set exactly one of its arms (place, move, grid_shift, ...)");
            None
        }
        Some(Kind::Place(place)) => match &place.target {
            None => {
                v.add(format!("{field}.place"), "must set one of cell, column, point, ship or fleet");
                None
            }
            Some(Target::Cell(c)) => Some(Action::Place(PlaceTarget::Cell(cell(c)))),
            Some(Target::Column(c)) => Some(Action::Place(PlaceTarget::Column(*c))),
            Some(Target::Point(p)) => Some(Action::Place(PlaceTarget::Point(*p))),
            Some(Target::Ship(s)) => {
                ship(s, &format!("{field}.place.ship"), &mut v).map(|s| Action::Place(PlaceTarget::Ship(s)))
            }
            Some(Target::Fleet(f)) => {
                if f.ships.len() > MAX_FLEET_SHIPS {
                    v.add(format!("{field}.place.fleet.ships"), format!("at most {MAX_FLEET_SHIPS} ships"));
                }
                let ships: Vec<Option<ShipPlacement>> = f
                    .ships
                    .iter()
                    .take(MAX_FLEET_SHIPS)
                    .enumerate()
                    .map(|(i, s)| ship(s, &format!("{field}.place.fleet.ships[{i}]"), &mut v))
                    .collect();
                ships.into_iter().collect::<Option<Vec<_>>>().map(|f| Action::Place(PlaceTarget::Fleet(f)))
            }
        },
        Some(Kind::Move(m)) => {
            let from = location(m.from.as_ref(), &format!("{field}.move.from"), &mut v);
            let to = location(m.to.as_ref(), &format!("{field}.move.to"), &mut v);
            let promotion = match pb::Promotion::try_from(m.promotion) {
                Ok(pb::Promotion::Unspecified) => Some(None),
                Ok(pb::Promotion::Queen) => Some(Some(Promotion::Queen)),
                Ok(pb::Promotion::Rook) => Some(Some(Promotion::Rook)),
                Ok(pb::Promotion::Bishop) => Some(Some(Promotion::Bishop)),
                Ok(pb::Promotion::Knight) => Some(Some(Promotion::Knight)),
                Err(_) => {
                    v.add(format!("{field}.move.promotion"), format!("{} is not a Promotion value", m.promotion));
                    None
                }
            };
            match (from, to, promotion) {
                (Some(from), Some(to), Some(promotion)) if m.claim_draw => {
                    Some(Action::MoveAndClaimDraw { from, to, promotion })
                }
                (Some(from), Some(to), Some(promotion)) => Some(Action::Move { from, to, promotion }),
                _ => None,
            }
        }
        Some(Kind::GridShift(s)) => Some(Action::GridShift { d_row: s.d_row, d_col: s.d_col }),
        Some(Kind::Capture(c)) => {
            location(c.target.as_ref(), &format!("{field}.capture.target"), &mut v).map(Action::Capture)
        }
        Some(Kind::Shot(s)) => match &s.target {
            Some(c) => Some(Action::Shot(cell(c))),
            None => {
                v.add(format!("{field}.shot.target"), "is required");
                None
            }
        },
        Some(Kind::Pass(_)) => Some(Action::Pass),
        Some(Kind::Ready(_)) => Some(Action::Ready),
        Some(Kind::Draw(d)) => match pb::DrawAction::try_from(d.action) {
            Ok(pb::DrawAction::Offer) => Some(Action::OfferDraw),
            Ok(pb::DrawAction::Accept) => Some(Action::AcceptDraw),
            Ok(pb::DrawAction::Decline) => Some(Action::DeclineDraw),
            Ok(pb::DrawAction::Claim) => Some(Action::ClaimDraw),
            Ok(pb::DrawAction::Withdraw) => Some(Action::WithdrawDraw),
            _ => {
                v.add(format!("{field}.draw.action"), "must be one of DRAW_ACTION_OFFER, _ACCEPT, _DECLINE or _CLAIM");
                None
            }
        },
    };
    v.into_result(action).map(|a| a.expect("an action without violations"))
}

fn cell(c: &pb::Cell) -> Cell {
    Cell::new(c.row, c.col)
}

fn location(l: Option<&pb::Location>, field: &str, v: &mut Violations) -> Option<Location> {
    match l.and_then(|l| l.at.as_ref()) {
        Some(At::Cell(c)) => Some(Location::Cell(cell(c))),
        Some(At::Point(p)) => Some(Location::Point(*p)),
        None => {
            v.add(field, "is required: set its cell or point");
            None
        }
    }
}

fn ship(s: &pb::ShipPlacement, field: &str, v: &mut Violations) -> Option<ShipPlacement> {
    let orientation = match pb::Orientation::try_from(s.orientation) {
        Ok(pb::Orientation::Horizontal) => Some(Orientation::Horizontal),
        Ok(pb::Orientation::Vertical) => Some(Orientation::Vertical),
        _ => {
            v.add(format!("{field}.orientation"), "must be ORIENTATION_HORIZONTAL or ORIENTATION_VERTICAL");
            None
        }
    };
    let bow = match &s.bow {
        Some(c) => Some(cell(c)),
        None => {
            v.add(format!("{field}.bow"), "is required");
            None
        }
    };
    Some(ShipPlacement { bow: bow?, orientation: orientation?, length: s.length })
}

fn cell_to_proto(c: Cell) -> pb::Cell {
    pb::Cell { row: c.row, col: c.col }
}

fn location_to_proto(l: Location) -> pb::Location {
    let at = match l {
        Location::Cell(c) => At::Cell(cell_to_proto(c)),
        Location::Point(p) => At::Point(p),
    };
    pb::Location { at: Some(at) }
}

fn ship_to_proto(s: &ShipPlacement) -> pb::ShipPlacement {
    pb::ShipPlacement {
        bow: Some(cell_to_proto(s.bow)),
        orientation: match s.orientation {
            Orientation::Horizontal => pb::Orientation::Horizontal,
            Orientation::Vertical => pb::Orientation::Vertical,
        } as i32,
        length: s.length,
    }
}

fn piece_move(from: &Location, to: &Location, promotion: &Option<Promotion>, claim_draw: bool) -> pb::PieceMove {
    pb::PieceMove {
        from: Some(location_to_proto(*from)),
        to: Some(location_to_proto(*to)),
        promotion: match promotion {
            None => pb::Promotion::Unspecified,
            Some(Promotion::Queen) => pb::Promotion::Queen,
            Some(Promotion::Rook) => pb::Promotion::Rook,
            Some(Promotion::Bishop) => pb::Promotion::Bishop,
            Some(Promotion::Knight) => pb::Promotion::Knight,
        } as i32,
        claim_draw,
    }
}

/// The wire move of a domain action.
pub fn action_to_proto(action: &Action) -> pb::Move {
    let kind = match action {
        Action::Place(target) => Kind::Place(pb::Place {
            target: Some(match target {
                PlaceTarget::Cell(c) => Target::Cell(cell_to_proto(*c)),
                PlaceTarget::Column(c) => Target::Column(*c),
                PlaceTarget::Point(p) => Target::Point(*p),
                PlaceTarget::Ship(s) => Target::Ship(ship_to_proto(s)),
                PlaceTarget::Fleet(f) => Target::Fleet(pb::Fleet { ships: f.iter().map(ship_to_proto).collect() }),
            }),
        }),
        Action::Move { from, to, promotion } => Kind::Move(piece_move(from, to, promotion, false)),
        Action::MoveAndClaimDraw { from, to, promotion } => Kind::Move(piece_move(from, to, promotion, true)),
        Action::OfferDraw => Kind::Draw(pb::Draw { action: pb::DrawAction::Offer as i32 }),
        Action::AcceptDraw => Kind::Draw(pb::Draw { action: pb::DrawAction::Accept as i32 }),
        Action::DeclineDraw => Kind::Draw(pb::Draw { action: pb::DrawAction::Decline as i32 }),
        Action::ClaimDraw => Kind::Draw(pb::Draw { action: pb::DrawAction::Claim as i32 }),
        Action::WithdrawDraw => Kind::Draw(pb::Draw { action: pb::DrawAction::Withdraw as i32 }),
        Action::GridShift { d_row, d_col } => Kind::GridShift(pb::GridShift { d_row: *d_row, d_col: *d_col }),
        Action::Capture(l) => Kind::Capture(pb::Capture { target: Some(location_to_proto(*l)) }),
        Action::Shot(c) => Kind::Shot(pb::Shot { target: Some(cell_to_proto(*c)) }),
        Action::Pass => Kind::Pass(pb::Pass {}),
        Action::Ready => Kind::Ready(pb::Ready {}),
    };
    pb::Move { kind: Some(kind) }
}
