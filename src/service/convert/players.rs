//! Who sits in the seats: the wire's `Player` and the store's, both ways.

use super::Violations;
use super::text::check_free_text;
use crate::play::Player;
use crate::proto::tabula::v1 as pb;

/// Longest player id accepted, in characters.
pub const MAX_PLAYER_ID_CHARS: usize = 128;
/// Longest display name accepted, in characters.
pub const MAX_DISPLAY_NAME_CHARS: usize = 64;

/// The players a request seats, checked: at most `seats` entries, each id and name within
/// its length and free text by [`check_free_text`]'s rule, every problem recorded under
/// `field`.
/// One entry per seat when any seat is named (the unnamed ones empty), none otherwise.
pub fn players_from_proto(wire: &[pb::Player], seats: usize, field: &str, violations: &mut Violations) -> Vec<Player> {
    if wire.len() > seats {
        violations.add(field, format!("has {} entries; the game has {seats} seats", wire.len()));
    }
    for (index, player) in wire.iter().enumerate() {
        let at = |name: &str| format!("{field}[{index}].{name}");
        check_free_text(&player.player_id, MAX_PLAYER_ID_CHARS, &at("player_id"), violations);
        check_free_text(&player.display_name, MAX_DISPLAY_NAME_CHARS, &at("display_name"), violations);
    }
    let named = wire.iter().any(|player| !player.player_id.is_empty() || !player.display_name.is_empty());
    if !named {
        return Vec::new();
    }
    (0..seats)
        .map(|seat| {
            wire.get(seat).map_or_else(Player::default, |player| Player {
                id: player.player_id.clone(),
                name: player.display_name.clone(),
            })
        })
        .collect()
}

/// The wire form of a game's or a series' players.
pub fn players_to_proto(players: &[Player]) -> Vec<pb::Player> {
    players.iter().map(|p| pb::Player { player_id: p.id.clone(), display_name: p.name.clone() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: &str, name: &str) -> pb::Player {
        pb::Player { player_id: id.into(), display_name: name.into() }
    }

    #[test]
    fn named_seats_are_padded_to_every_seat_and_none_named_is_none() {
        let mut violations = Violations::default();
        let players = players_from_proto(&[player("p-1", "Ann")], 2, "players", &mut violations);
        assert_eq!(players, vec![Player { id: "p-1".into(), name: "Ann".into() }, Player::default()]);
        assert!(players_from_proto(&[player("", "")], 2, "players", &mut violations).is_empty());
        assert!(violations.into_result(()).is_ok());
    }

    #[test]
    fn every_problem_is_named() {
        let mut violations = Violations::default();
        let long_id = "x".repeat(MAX_PLAYER_ID_CHARS + 1);
        let long_name = "é".repeat(MAX_DISPLAY_NAME_CHARS + 1);
        let wire = [player(&long_id, "Ann\u{7}"), player("b", &long_name), player("c", "")];
        players_from_proto(&wire, 2, "players", &mut violations);
        let Err(crate::service::ApiError::BadRequest(problems)) = violations.into_result(()) else {
            panic!("the players should be refused")
        };
        let fields: Vec<&str> = problems.iter().map(|violation| violation.field.as_str()).collect();
        assert_eq!(fields, ["players", "players[0].player_id", "players[0].display_name", "players[1].display_name"]);
    }

    #[test]
    fn a_name_of_the_longest_length_in_characters_is_accepted() {
        let mut violations = Violations::default();
        let name = "é".repeat(MAX_DISPLAY_NAME_CHARS);
        players_from_proto(&[player("id", &name)], 1, "players", &mut violations);
        assert!(violations.into_result(()).is_ok());
    }
}
