//! Seats' presence over a real socket: a seat of a game keeping presence is present while
//! it holds a stream or has called within the game's window, each coming and going is an
//! event on the game's stream and the owner's, exactly once; the seat to move, gone long
//! enough, can be claimed against, and not before.

use std::time::{Duration, SystemTime};

use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tonic::Code;
use tonic_types::StatusExt;

use crate::common::*;

const LOBBY: &str = "presence-lobby-secret-0123456789";

fn keyed() -> ServeOptions {
    let keys = ServiceKeys::parse([format!("lobby={LOBBY}").as_str()]).unwrap();
    ServeOptions { auth: Authenticator { service_keys: keys, jwt: None }, ..Default::default() }
}

fn millis(ms: u64) -> prost_types::Duration {
    prost_types::Duration { seconds: (ms / 1_000) as i64, nanos: ((ms % 1_000) * 1_000_000) as i32 }
}

/// Tic-tac-toe keeping presence with a window of `away_ms` and a claim window of
/// `claim_ms`, created by the lobby.
async fn create(client: &mut Client, away_ms: u64, claim_ms: Option<u64>) -> Game {
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
        presence: Some(pb::PresenceConfig { away_after: Some(millis(away_ms)), claim_after: claim_ms.map(millis) }),
        ..Default::default()
    };
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    let created = client.create_game(as_seat(LOBBY, request)).await.unwrap().into_inner();
    Game { id: created.game.unwrap().game_id, tokens: created.seat_tokens.into_iter().map(|t| t.token).collect() }
}

type Events = tonic::Streaming<pb::StreamEventsResponse>;

/// `game`'s stream after `after`, opened with `credential` (a seat token, or none).
async fn stream(client: &mut Client, game: &Game, credential: Option<&str>, after: u64) -> Events {
    let request = pb::StreamEventsRequest { game_id: game.id.clone(), after_seq: after, ..Default::default() };
    client.stream_events(with_credential(credential, request)).await.unwrap().into_inner()
}

/// The next presence change on `events` as (seq, seat, present), skipping other events; a
/// test waiting fifteen seconds for one fails rather than hangs.
async fn next_presence(events: &mut Events) -> (u64, u32, bool) {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(15), events.message())
            .await
            .expect("a presence change within fifteen seconds")
            .unwrap()
            .expect("the stream goes on");
        let event = message.event.unwrap();
        if let Some(pb::game_event::Kind::SeatPresenceChanged(changed)) = event.kind {
            return (event.seq, changed.seat, changed.present);
        }
    }
}

async fn view_as(client: &mut Client, game: &Game, token: &str) -> pb::View {
    let request = pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() };
    client.get_view(as_seat(token, request)).await.unwrap().into_inner().view.unwrap()
}

fn claim(game: &Game, seat: usize, draw: bool) -> tonic::Request<pb::ClaimVictoryRequest> {
    as_seat(&game.tokens[seat], pb::ClaimVictoryRequest { game_id: game.id.clone(), draw, ..Default::default() })
}

#[tokio::test]
async fn seats_come_and_go_with_their_streams_and_the_seat_to_move_gone_long_enough_is_claimed_against() {
    use pb::OwnerEventKind as K;
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let game = create(&mut client, 1_000, Some(1_500)).await;
    let owner_request = pb::StreamOwnerEventsRequest { after_cursor: 1, ..Default::default() };
    let mut owner = client.stream_owner_events(as_seat(LOBBY, owner_request)).await.unwrap().into_inner();
    let mut watching = stream(&mut client, &game, None, 1).await;
    // Nobody has come yet: both seats are listed, neither present, neither ever seen.
    let view = view_as(&mut client, &game, LOBBY).await;
    assert_eq!(
        view.presence.iter().map(|p| (p.seat, p.present, p.since.is_some())).collect::<Vec<_>>(),
        [(1, false, false), (2, false, false)]
    );

    // X holds a stream: present; O holds one too.
    let x_stream = stream(&mut client, &game, Some(&game.tokens[0]), 1).await;
    assert_eq!(next_presence(&mut watching).await, (2, 1, true));
    let before_o = client
        .list_legal_moves(as_seat(
            &game.tokens[0],
            pb::ListLegalMovesRequest { game_id: game.id.clone(), ..Default::default() },
        ))
        .await
        .unwrap()
        .into_inner()
        .seq;
    let o_stream = stream(&mut client, &game, Some(&game.tokens[1]), 1).await;
    assert_eq!(next_presence(&mut watching).await, (3, 2, true));
    // O coming changed no position: a move expecting the seq before it still holds.
    let mut expecting = submit(&game, 0, cell_move(1, 1));
    expecting.get_mut().expected_seq = Some(before_o);
    let moved = client.submit_move(expecting).await.unwrap().into_inner();
    assert_eq!((moved.applied, moved.seq), (true, 4));
    let view = view_as(&mut client, &game, &game.tokens[0]).await;
    assert!(view.presence.iter().all(|p| p.present && p.since.is_some() && p.claimable_at.is_none()), "{view:?}");

    // O, to move, drops its stream: gone once its window has run out.
    drop(o_stream);
    let left = SystemTime::now();
    assert_eq!(next_presence(&mut watching).await, (5, 2, false));
    assert!(left.elapsed().unwrap() >= Duration::from_millis(900), "gone only after the window");
    let view = view_as(&mut client, &game, &game.tokens[0]).await;
    let o = view.presence.iter().find(|p| p.seat == 2).unwrap();
    assert!(!o.present);
    let claimable_at = SystemTime::try_from(o.claimable_at.unwrap()).unwrap();
    assert_eq!(
        claimable_at.duration_since(SystemTime::try_from(o.since.unwrap()).unwrap()).unwrap(),
        Duration::from_millis(1_500)
    );

    // Too early, then the claim: X wins, adjudicated with X as the actor.
    let early = client.claim_victory(claim(&game, 0, false)).await.unwrap_err();
    assert_error(&early, Code::FailedPrecondition, "CLAIM_TOO_EARLY");
    let info = early.get_details_error_info().unwrap();
    let said: prost_types::Timestamp = info.metadata.get("claimable_at").unwrap().parse().unwrap();
    assert_eq!(SystemTime::try_from(said).unwrap(), claimable_at, "{early:?}");
    tokio::time::sleep(claimable_at.duration_since(SystemTime::now()).unwrap_or_default()).await;
    let claimed = client.claim_victory(claim(&game, 0, false)).await.unwrap().into_inner();
    let outcome = claimed.view.unwrap().outcome.unwrap();
    assert_eq!(outcome.winner, 1);
    let log = events_through(&mut client, &game.id, claimed.seq).await;
    let adjudicated = &log[log.len() - 2];
    assert!(matches!(adjudicated.kind, Some(pb::game_event::Kind::GameAdjudicated(_))), "{adjudicated:?}");
    assert_eq!(adjudicated.actor.as_ref().unwrap().kind, Some(pb::actor::Kind::Seat(1)));

    // The owner heard of each coming and going once, in the game's order.
    let mut heard = Vec::new();
    while heard.len() < 5 {
        let message = tokio::time::timeout(Duration::from_secs(10), owner.message()).await.unwrap().unwrap().unwrap();
        let event = message.event.unwrap();
        heard.push((event.kind(), event.game_event.unwrap().seq));
    }
    assert_eq!(
        heard,
        [(K::SeatPresent, 2), (K::SeatPresent, 3), (K::GameStarted, 4), (K::SeatGone, 5), (K::GameEnded, 7)]
    );
    // A finished game announces nobody: X's stream ends with the game, and nothing follows.
    drop(x_stream);
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let head = view_as(&mut client, &game, LOBBY).await.seq;
    assert_eq!(head, claimed.seq);
}

#[tokio::test]
async fn a_call_keeps_a_seat_present_for_the_window_and_claims_are_refused_where_none_can_be_made() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let game = create(&mut client, 1_000, Some(60_000)).await;
    let mut watching = stream(&mut client, &game, None, 1).await;
    // A move is a call: X is present, and gone a window after it.
    client.submit_move(submit(&game, 0, cell_move(0, 0))).await.unwrap();
    assert_eq!(next_presence(&mut watching).await.1..=1, 1..=1);
    // O is to move but never came: nothing to claim yet.
    let never_came = client.claim_victory(claim(&game, 0, false)).await.unwrap_err();
    assert_error(&never_came, Code::FailedPrecondition, "CLAIM_NOT_AVAILABLE");
    // O calls (a view) and is present: still nothing to claim; O is to move and cannot claim.
    view_as(&mut client, &game, &game.tokens[1]).await;
    let (_, seat, present) = next_presence(&mut watching).await;
    assert_eq!((seat, present), (2, true));
    let present = client.claim_victory(claim(&game, 0, true)).await.unwrap_err();
    assert_error(&present, Code::FailedPrecondition, "CLAIM_NOT_AVAILABLE");
    let own_turn = client.claim_victory(claim(&game, 1, false)).await.unwrap_err();
    assert_error(&own_turn, Code::FailedPrecondition, "CLAIM_NOT_AVAILABLE");
    // Both go a window after their last call, each once.
    let mut gone = [next_presence(&mut watching).await, next_presence(&mut watching).await];
    gone.sort_by_key(|(_, seat, _)| *seat);
    assert_eq!(gone.iter().map(|(_, seat, present)| (*seat, *present)).collect::<Vec<_>>(), [(1, false), (2, false)]);
    // A service key's call is nobody's presence; a refused claim changed nothing.
    let head = view_as(&mut client, &game, LOBBY).await;
    assert_eq!(head.seq, 6);
    assert!(head.presence.iter().all(|p| !p.present));

    // A game keeping no presence shows none and takes no claim.
    let plain = create_preset_with(&mut client, Some(LOBBY), pb::GameKind::TicTacToe, "classic", false).await.unwrap();
    client.submit_move(submit(&plain, 0, cell_move(0, 0))).await.unwrap();
    let none = client.claim_victory(claim(&plain, 0, false)).await.unwrap_err();
    assert_error(&none, Code::FailedPrecondition, "CLAIM_NOT_AVAILABLE");
    assert!(view_as(&mut client, &plain, &plain.tokens[0]).await.presence.is_empty());
}

#[tokio::test]
async fn a_presence_that_makes_no_sense_is_refused_with_every_problem_named() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let bad = |game, away, claim| pb::GameConfig {
        game: Some(game),
        presence: Some(pb::PresenceConfig { away_after: away, claim_after: claim }),
        ..Default::default()
    };
    let cases = [
        (
            bad(pb::game_config::Game::TicTacToe(Default::default()), Some(millis(500)), Some(millis(8 * 86_400_000))),
            vec!["config.presence.away_after", "config.presence.claim_after"],
        ),
        (bad(pb::game_config::Game::PegSolitaire(Default::default()), None, None), vec!["config.presence"]),
        (
            bad(
                pb::game_config::Game::TicTacToe(Default::default()),
                Some(prost_types::Duration { seconds: 2, nanos: 1 }),
                None,
            ),
            vec!["config.presence.away_after"],
        ),
    ];
    for (config, fields) in cases {
        let request = pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(config)),
            ..Default::default()
        };
        let refused = client.create_game(as_seat(LOBBY, request)).await.unwrap_err();
        assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
        let mut named: Vec<String> =
            refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
        named.sort();
        named.dedup();
        assert_eq!(named, fields, "{refused:?}");
    }
    // Unset, the window is 30 s, and the game says so.
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::ConnectFour(Default::default())),
        presence: Some(pb::PresenceConfig::default()),
        ..Default::default()
    };
    let request =
        pb::CreateGameRequest { source: Some(pb::create_game_request::Source::Config(config)), ..Default::default() };
    let created = client.create_game(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let presence = created.game.unwrap().config.unwrap().presence.unwrap();
    assert_eq!((presence.away_after, presence.claim_after), (Some(millis(30_000)), None));
}
