//! Copies of one game in several play layers over one store, as replicas over one database
//! hold them: a turn is played on the copy as it is held (no read of the store first), and
//! a copy that turns out to be behind (a move or a reissued seat token made through
//! another play layer) stores nothing, is caught up, and plays the request again.

use super::*;
use crate::engine::Reason;
use crate::play::{PlayError, SeatProof};

fn move_of(seat: Seat, row: u32, col: u32) -> TurnRequest {
    TurnRequest {
        actor: Actor::Seat(seat),
        command: Command::Turn(Turn::Move(seat, Action::place(row, col))),
        expected_seq: None,
        request_id: None,
        credential: None,
        validate_only: false,
        answer: Answer::Summary,
    }
}

/// Two play layers over one store that says it is shared and reports no changes.
fn replicas() -> (Arc<MemoryStore>, Arc<Hub>, Arc<Hub>) {
    let store = Arc::new(MemoryStore::as_if_shared());
    let settings = || Settings { bot_threads: 1, ..Settings::default() };
    (store.clone(), Hub::new(store.clone(), settings()), Hub::new(store, settings()))
}

#[tokio::test]
async fn a_turn_on_a_current_copy_reads_nothing_first_and_a_stale_copy_catches_up_and_plays() {
    let (store, a, b) = replicas();
    let on_a = create(&a, "shared").await;
    let on_b = b.game("shared").await.unwrap();
    let heads = store.heads_read();
    a.play(&a.game_to_play("shared").await.unwrap(), move_of(Seat::FIRST, 0, 0)).await.unwrap();
    assert_eq!(store.heads_read(), heads, "a turn on a copy as current as the log reads no head first");

    // B's copy is a move behind: its rules would say it is not the second seat's turn.
    assert_eq!(on_b.seq().await, 1);
    let played = b.play(&b.game_to_play("shared").await.unwrap(), move_of(Seat::SECOND, 0, 1)).await.unwrap();
    assert_eq!((played.seq, on_b.seq().await), (3, 3), "caught up, then played");

    // A's copy is behind now; a request that names the seq B answered with plays there.
    let expecting = TurnRequest { expected_seq: Some(3), ..move_of(Seat::FIRST, 0, 2) };
    assert_eq!(a.play(&on_a, expecting).await.unwrap().seq, 4);

    // On B's stale copy the first seat is to move, so its move is played there, but the
    // store refuses it: caught up, the rules refuse it as they would have on a current copy.
    let stale = b.play(&on_b, move_of(Seat::FIRST, 0, 3)).await;
    match stale {
        Err(PlayError::Move { error, current_seq: 4 }) => assert_eq!(error.reason, Reason::NotYourTurn),
        other => panic!("expected NOT_YOUR_TURN at seq 4, got {:?}", other.map(|r| r.seq)),
    }
    assert_eq!(store.load("shared").await.unwrap().1.len(), 4, "nothing of it stored");
    // A request for a seq that has gone stays refused, whatever copy it met.
    let late = TurnRequest { expected_seq: Some(3), ..move_of(Seat::SECOND, 0, 3) };
    assert!(matches!(a.play(&on_a, late).await, Err(PlayError::StaleSeq { expected: 3, current: 4 })));
}

#[tokio::test]
async fn a_token_reissued_through_another_play_layer_revokes_turns_on_a_stale_copy() {
    let (store, a, b) = replicas();
    create(&a, "reissued").await;
    let on_b = b.game("reissued").await.unwrap();
    let old = SeatProof::Token(on_b.seat_hashes()[0]);
    a.reissue_seat_token(&a.game("reissued").await.unwrap(), Seat::FIRST).await.unwrap();

    // B still holds the old hash, so the turn is played on its copy; the store refuses it.
    assert!(on_b.acts_for(Seat::FIRST, old), "B's copy does not know of the reissue yet");
    let with_old = TurnRequest { credential: Some(old), ..move_of(Seat::FIRST, 0, 0) };
    assert!(matches!(b.play(&on_b, with_old).await, Err(PlayError::CredentialRevoked)));
    assert_eq!(store.load("reissued").await.unwrap().1.len(), 1, "nothing stored");
    assert!(!on_b.acts_for(Seat::FIRST, old), "B's copy caught up with the reissue");

    // The new token acts on B at once.
    let new = SeatProof::Token(store.head("reissued").await.unwrap().seat_token_hashes[0]);
    let with_new = TurnRequest { credential: Some(new), ..move_of(Seat::FIRST, 0, 0) };
    assert_eq!(b.play(&on_b, with_new).await.unwrap().seq, 2);
}

#[tokio::test]
async fn a_check_only_request_sees_the_moves_made_elsewhere() {
    let (_store, a, b) = replicas();
    create(&a, "checked").await;
    let on_b = b.game("checked").await.unwrap();
    a.play(&a.game("checked").await.unwrap(), move_of(Seat::FIRST, 0, 0)).await.unwrap();
    let check = TurnRequest { validate_only: true, ..move_of(Seat::SECOND, 0, 1) };
    let checked = b.play(&on_b, check).await.unwrap();
    assert_eq!((checked.applied, checked.seq), (false, 2), "checked against the log's newest seq");
}
