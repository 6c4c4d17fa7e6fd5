//! Properties every registered game must have, checked on random playouts of every preset
//! of every game kind. A game added to the registry is covered without touching this file.

use proptest::prelude::*;
use tabula::engine::{Action, Cell, Location, Orientation, PlaceTarget, ShipPlacement, Turn, Viewer};
use tabula::games::{GameConfig, GameKind};

/// Longest playout tried; every game must end before it.
const MOVE_CAP: usize = 5_000;

fn every_preset() -> Vec<(String, GameConfig)> {
    GameKind::ALL
        .iter()
        .flat_map(|kind| {
            let info = kind.info();
            info.presets.into_iter().map(move |p| (format!("{}/{}", info.name, p.name), p.config))
        })
        .collect()
}

fn arb_cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        (0u32..20, 0u32..20).prop_map(|(r, c)| Cell::new(r, c)),
        (any::<u32>(), any::<u32>()).prop_map(|(r, c)| Cell::new(r, c)),
    ]
}

fn arb_location() -> impl Strategy<Value = Location> {
    prop_oneof![arb_cell().prop_map(Location::Cell), (0u32..40).prop_map(Location::Point)]
}

/// Any action at all, legal or not, including hostile coordinates.
fn arb_action() -> impl Strategy<Value = Action> {
    let ship = || (arb_cell(), any::<bool>(), 0u32..8).prop_map(|(bow, vertical, length)| ShipPlacement {
        bow,
        orientation: if vertical { Orientation::Vertical } else { Orientation::Horizontal },
        length,
    });
    prop_oneof![
        arb_cell().prop_map(|c| Action::Place(PlaceTarget::Cell(c))),
        prop_oneof![0u32..25, any::<u32>()].prop_map(|c| Action::Place(PlaceTarget::Column(c))),
        (0u32..40).prop_map(|p| Action::Place(PlaceTarget::Point(p))),
        ship().prop_map(|s| Action::Place(PlaceTarget::Ship(s))),
        prop::collection::vec(ship(), 0..6).prop_map(|f| Action::Place(PlaceTarget::Fleet(f))),
        (arb_location(), arb_location()).prop_map(|(from, to)| Action::Move { from, to, promotion: None }),
        (-2i32..3, -2i32..3).prop_map(|(d_row, d_col)| Action::GridShift { d_row, d_col }),
        arb_location().prop_map(Action::Capture),
        arb_cell().prop_map(Action::Shot),
        Just(Action::Pass),
        Just(Action::Ready),
    ]
}

/// Plays one random game, checking every invariant along the way.
fn check_playout(name: &str, config: &GameConfig, choices: &[u32], junk: &[Action]) {
    let mut game = config.new_match().unwrap_or_else(|e| panic!("{name}: preset rejected: {e}"));
    let seats = game.seat_count();
    let mut step = 0usize;
    while game.outcome().is_none() {
        assert!(step < MOVE_CAP, "{name}: no end after {MOVE_CAP} moves");
        let to_act = game.to_act();
        assert!(!to_act.is_empty(), "{name}: nobody to act in a game that is not over");
        let choice = choices.get(step % choices.len().max(1)).copied().unwrap_or(0) as usize;
        let seat = to_act[choice % to_act.len()];

        // Seats not to act have no legal moves and every move of theirs is refused.
        for other in (0..seats).map(|i| tabula::engine::Seat::new(i as u8)).filter(|s| !to_act.contains(s)) {
            assert!(game.legal_moves(other).is_empty(), "{name}: {other} has moves out of turn");
        }

        let legal = game.legal_moves(seat);
        assert!(!legal.is_empty(), "{name}: {seat} is to act but has no legal move");
        // Everything listed is accepted...
        for action in &legal {
            game.check(&Turn::Move(seat, action.clone()))
                .unwrap_or_else(|e| panic!("{name}: listed move {action:?} refused: {e}"));
        }
        // ...and anything not listed is refused without changing anything. Whole-fleet
        // placements are the one exception: games accept a valid fleet without listing
        // every fleet (there are far too many), so a random one may be accepted; it is
        // tried on a copy, and must change nothing when refused.
        if let Some(action) = junk.get(step % junk.len().max(1))
            && !legal.contains(action) {
                let unlisted_but_valid_possible = matches!(action, Action::Place(PlaceTarget::Fleet(_)));
                let mut probe = game.clone_box();
                let refused = probe.play(&Turn::Move(seat, action.clone()));
                assert!(
                    refused.is_err() || unlisted_but_valid_possible,
                    "{name}: unlisted move {action:?} was accepted"
                );
                if refused.is_err() {
                    assert!(probe.same_state(game.as_ref()), "{name}: refused move {action:?} changed the state");
                }
            }

        let action = &legal[choice % legal.len()];
        game.play(&Turn::Move(seat, action.clone())).unwrap();
        for viewer in views_of(seats) {
            let view = game.view(viewer);
            assert_eq!(view.move_count as usize, step + 1);
        }
        step += 1;
    }
    assert!(game.to_act().is_empty(), "{name}: seats to act after the end");

    // The state is exactly the replay of the history.
    let replayed = config.replay(game.history()).unwrap_or_else(|e| panic!("{name}: replay failed: {e}"));
    assert!(replayed.same_state(game.as_ref()), "{name}: replay differs from the game");
}

fn views_of(seats: usize) -> impl Iterator<Item = Viewer> {
    (0..seats).map(|i| Viewer::Seat(tabula::engine::Seat::new(i as u8))).chain([Viewer::Spectator])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_of_every_preset_keep_the_invariants(
        choices in prop::collection::vec(any::<u32>(), 1..64),
        junk in prop::collection::vec(arb_action(), 1..32),
    ) {
        for (name, config) in every_preset() {
            check_playout(&name, &config, &choices, &junk);
        }
    }
}

#[test]
fn resignation_ends_the_game_and_replays() {
    for (name, config) in every_preset() {
        let mut game = config.new_match().unwrap();
        let seat = game.to_act()[0];
        game.play(&Turn::Resign(seat)).unwrap();
        assert!(game.outcome().is_some(), "{name}");
        assert!(game.play(&Turn::Resign(seat)).is_err(), "{name}: resigned twice");
        let replayed = config.replay(game.history()).unwrap();
        assert!(replayed.same_state(game.as_ref()), "{name}");
    }
}
