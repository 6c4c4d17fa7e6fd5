//! Rated games over a real socket: each result counts once for both players, moments after
//! the end; the ratings equal a recomputation from the results by Glicko-2 itself; each
//! key's pools are its own; the leaderboard ranks a page at a time; the engine's levels are
//! rated like players; and a rated game that makes no sense is refused, every problem
//! named.

use std::collections::HashMap;
use std::time::Duration;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tonic::Code;
use tonic_types::StatusExt;

use crate::common::*;

const LOBBY: &str = "ratings-lobby-secret-0123456789";
const ARENA: &str = "ratings-arena-secret-0123456789";

fn keyed() -> ServeOptions {
    let keys = ServiceKeys::parse([format!("lobby={LOBBY}").as_str(), &format!("arena={ARENA}")]).unwrap();
    ServeOptions { auth: Authenticator { service_keys: keys, jwt: None }, ..Default::default() }
}

fn player(id: &str) -> pb::Player {
    pb::Player { player_id: id.into(), display_name: id.to_uppercase() }
}

/// A rated tic-tac-toe game in the kind's pool between `x` and `o`, made with `key`.
fn rated_request(x: &str, o: &str) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        players: vec![player(x), player(o)],
        rating_pool: pb::RatingPool::Kind as i32,
        ..Default::default()
    }
}

async fn create(client: &mut Client, key: &str, request: pb::CreateGameRequest) -> (pb::Game, Game) {
    let made = client.create_game(as_seat(key, request)).await.unwrap().into_inner();
    let game = made.game.unwrap();
    let tokens = made.seat_tokens.into_iter().map(|t| t.token).collect();
    (game.clone(), Game { id: game.game_id, tokens })
}

/// How a game between two players ends, for the first seat.
#[derive(Clone, Copy, Debug)]
enum End {
    Win,
    Loss,
    Draw,
}

/// Ends `game`: the second seat resigns, the first resigns, or they play a draw out.
async fn end(client: &mut Client, game: &Game, how: End) {
    let resign =
        |seat: usize| as_seat(&game.tokens[seat], pb::ResignRequest { game_id: game.id.clone(), ..Default::default() });
    match how {
        End::Win => drop(client.resign(resign(1)).await.unwrap()),
        End::Loss => drop(client.resign(resign(0)).await.unwrap()),
        End::Draw => {
            let cells = [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)];
            let moves: Vec<pb::Move> = cells.iter().map(|&(row, col)| cell_move(row, col)).collect();
            play_all(client, game, &moves).await;
        }
    }
}

/// Game `id`, read with `key`, once it has been rated (waiting for it, a few seconds at
/// most).
async fn rated(client: &mut Client, key: Option<&str>, id: &str) -> pb::Game {
    for _ in 0..200 {
        let request = with_credential(key, pb::GetGameRequest { game_id: id.into() });
        let game = client.get_game(request).await.unwrap().into_inner();
        let game = game.game.unwrap();
        if game.rating.as_ref().is_some_and(|rating| rating.rated) {
            return game;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("game {id} was not rated within 5 s");
}

/// Glicko-2 over the results, computed here from the crate itself: each game a rating
/// period of its own, tau 0.5.
#[derive(Default)]
struct Recount(HashMap<String, Glicko2Rating>);

impl Recount {
    fn of(&self, player: &str) -> Glicko2Rating {
        self.0.get(player).copied().unwrap_or_default()
    }

    fn play(&mut self, x: &str, o: &str, how: End) {
        let outcome = match how {
            End::Win => Outcomes::WIN,
            End::Loss => Outcomes::LOSS,
            End::Draw => Outcomes::DRAW,
        };
        let config = Glicko2Config { tau: 0.5, ..Glicko2Config::new() };
        let (one, two) = glicko2(&self.of(x), &self.of(o), &outcome, &config);
        self.0.insert(x.to_owned(), one);
        self.0.insert(o.to_owned(), two);
    }
}

/// Whether a rating on the wire is `expected`, to the units a store keeps (and the
/// rounding of each step before it).
fn assert_same(wire: &pb::Rating, expected: &Glicko2Rating, what: &str) {
    let close = |a: f64, b: f64, within: f64| (a - b).abs() <= within;
    assert!(
        close(wire.rating, expected.rating, 1e-4)
            && close(wire.deviation, expected.deviation, 1e-4)
            && close(wire.volatility, expected.volatility, 1e-7),
        "{what}: served {wire:?}, recomputed {expected:?}"
    );
}

#[tokio::test]
async fn rated_results_count_once_each_and_equal_a_recount_by_glicko_2() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let schedule = [
        ("ann", "bob", End::Win),
        ("bob", "cid", End::Draw),
        ("cid", "ann", End::Loss),
        ("ann", "bob", End::Draw),
        ("bob", "cid", End::Win),
        ("ann", "cid", End::Win),
    ];
    let mut recount = Recount::default();
    let mut last = None;
    for (x, o, how) in schedule {
        let (made, game) = create(&mut client, LOBBY, rated_request(x, o)).await;
        let made_rating = made.rating.unwrap();
        assert_eq!(
            (made_rating.pool.as_str(), made_rating.player_ids.clone()),
            ("tic_tac_toe", vec![x.to_owned(), o.to_owned()])
        );
        assert!(!made_rating.rated && made_rating.after.is_empty());
        assert_same(&made_rating.before[0], &recount.of(x), "X before");
        assert_same(&made_rating.before[1], &recount.of(o), "O before");
        end(&mut client, &game, how).await;
        recount.play(x, o, how);
        let rating = rated(&mut client, Some(LOBBY), &game.id).await.rating.unwrap();
        assert_same(&rating.after[0], &recount.of(x), "X after");
        assert_same(&rating.after[1], &recount.of(o), "O after");
        last = Some(game);
    }

    // Each player's record: games, wins, draws, losses as played, once each.
    let ratings_of = |player: &str| pb::GetPlayerRatingsRequest { player_id: player.into() };
    let ann = client.get_player_ratings(as_seat(LOBBY, ratings_of("ann"))).await.unwrap().into_inner().ratings;
    assert_eq!(ann.len(), 1);
    assert_eq!(
        (ann[0].pool.as_str(), ann[0].games, ann[0].wins, ann[0].draws, ann[0].losses),
        ("tic_tac_toe", 4, 3, 1, 0)
    );
    assert_same(ann[0].rating.as_ref().unwrap(), &recount.of("ann"), "ann now");
    assert!(ann[0].rating.as_ref().unwrap().provisional, "four games leave a rating provisional");

    // A rematch is rated in the same pool, its seats swapped.
    let rematch = pb::CreateRematchRequest { game_id: last.unwrap().id, request_id: String::new() };
    let rematch = client.create_rematch(as_seat(LOBBY, rematch)).await.unwrap().into_inner().game.unwrap();
    assert_eq!(rematch.rating.unwrap().player_ids, ["cid", "ann"]);

    // An aborted rated game counts for nothing, and is marked rated all the same.
    let (_, aborted) = create(&mut client, LOBBY, rated_request("ann", "bob")).await;
    let abort =
        pb::AbortGameRequest { game_id: aborted.id.clone(), explanation: "a no-show".into(), ..Default::default() };
    client.abort_game(as_seat(LOBBY, abort)).await.unwrap();
    let rating = rated(&mut client, Some(LOBBY), &aborted.id).await.rating.unwrap();
    assert!(rating.after.is_empty());
    let ann_again = client.get_player_ratings(as_seat(LOBBY, ratings_of("ann"))).await.unwrap().into_inner().ratings;
    assert_eq!(ann_again[0].games, 4);

    // The leaderboard, two a page: best first, ranks running on across pages.
    let mut expected: Vec<(String, f64)> =
        ["ann", "bob", "cid"].iter().map(|p| ((*p).to_owned(), recount.of(p).rating)).collect();
    expected.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut listed = Vec::new();
    let mut token = String::new();
    loop {
        let page = pb::ListLeaderboardRequest {
            pool: "tic_tac_toe".into(),
            page_size: 2,
            page_token: token,
            ..Default::default()
        };
        let page = client.list_leaderboard(as_seat(LOBBY, page)).await.unwrap().into_inner();
        assert!(page.ratings.len() <= 2);
        listed.extend(page.ratings.into_iter().map(|r| (r.player_id, r.rank)));
        token = page.next_page_token;
        if token.is_empty() {
            break;
        }
    }
    let names: Vec<&str> = expected.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(listed.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(), names);
    assert_eq!(listed.iter().map(|(_, rank)| *rank).collect::<Vec<_>>(), [1, 2, 3]);
    let settled =
        pb::ListLeaderboardRequest { pool: "tic_tac_toe".into(), exclude_provisional: true, ..Default::default() };
    let settled = client.list_leaderboard(as_seat(LOBBY, settled)).await.unwrap().into_inner();
    assert!(settled.ratings.is_empty() && settled.next_page_token.is_empty(), "every rating here is provisional");

    // A token is bound to its pool; another key's pools are its own; reads need a key.
    let first = pb::ListLeaderboardRequest { pool: "tic_tac_toe".into(), page_size: 1, ..Default::default() };
    let token = client.list_leaderboard(as_seat(LOBBY, first)).await.unwrap().into_inner().next_page_token;
    let elsewhere = pb::ListLeaderboardRequest { pool: "connect_four".into(), page_token: token, ..Default::default() };
    let refused = client.list_leaderboard(as_seat(LOBBY, elsewhere)).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_PAGE_TOKEN");
    let theirs = client.get_player_ratings(as_seat(ARENA, ratings_of("ann"))).await.unwrap().into_inner();
    assert!(theirs.ratings.is_empty());
    let board = pb::ListLeaderboardRequest { pool: "tic_tac_toe".into(), ..Default::default() };
    assert!(client.list_leaderboard(as_seat(ARENA, board.clone())).await.unwrap().into_inner().ratings.is_empty());
    let anonymous = client.list_leaderboard(board).await.unwrap_err();
    assert_eq!(anonymous.code(), Code::Unauthenticated);
}

/// Glicko-2 gives another result for the same games in another order: these three rated in
/// the order W, L, W leave dot above eve; in the order W, W, L, eve above dot.
#[tokio::test]
async fn games_ended_one_after_another_are_rated_in_the_order_they_ended() {
    // A file's store, whose writes take long enough for the next game to end meanwhile.
    let dir = tempfile::tempdir().unwrap();
    let store = tabula::store::SqliteStore::open(&dir.path().join("games.db")).await.unwrap();
    let server = TestServer::start_on(std::sync::Arc::new(store), keyed()).await;
    let mut client = server.client().await;
    let schedule = [End::Win, End::Loss, End::Win];
    let mut games = Vec::new();
    for _ in schedule {
        games.push(create(&mut client, LOBBY, rated_request("dot", "eve")).await.1);
    }
    // Ended back to back, each before the one ahead of it is rated, as a series' games can.
    for (game, how) in games.iter().zip(schedule) {
        end(&mut client, game, how).await;
    }
    let mut recount = Recount::default();
    for (number, (game, how)) in games.iter().zip(schedule).enumerate() {
        recount.play("dot", "eve", how);
        let rating = rated(&mut client, Some(LOBBY), &game.id).await.rating.unwrap();
        assert_same(&rating.after[0], &recount.of("dot"), &format!("dot after game {}", number + 1));
        assert_same(&rating.after[1], &recount.of("eve"), &format!("eve after game {}", number + 1));
    }
    assert!(recount.of("dot").rating > recount.of("eve").rating);
    let mut reordered = Recount::default();
    for how in [End::Win, End::Win, End::Loss] {
        reordered.play("dot", "eve", how);
    }
    assert!(reordered.of("eve").rating > reordered.of("dot").rating, "the order matters");
}

#[tokio::test]
async fn the_engines_levels_are_rated_like_players_and_views_show_the_ratings() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let request = pb::CreateGameRequest {
        players: vec![player("dan")],
        bots: vec![pb::BotSeat { seat: 2, level: 1, ..Default::default() }],
        rating_pool: pb::RatingPool::Preset as i32,
        ..rated_request("dan", "unused")
    };
    let (made, game) = create(&mut client, LOBBY, request).await;
    let rating = made.rating.unwrap();
    assert_eq!(
        (rating.pool.as_str(), rating.player_ids),
        ("tic_tac_toe/classic", vec!["dan".to_owned(), "engine-level-1".to_owned()])
    );
    let view = client
        .get_view(as_seat(&game.tokens[0], pb::GetViewRequest { game_id: game.id.clone(), ..Default::default() }))
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!(view.rating.unwrap().before.len(), 2, "a seat's view shows the ratings too");
    end(&mut client, &game, End::Loss).await;
    let after = rated(&mut client, Some(LOBBY), &game.id).await.rating.unwrap().after;
    assert!(after[1].rating > 1500.0 && after[0].rating < 1500.0, "{after:?}");
    let engine = pb::GetPlayerRatingsRequest { player_id: "engine-level-1".into() };
    let engine = client.get_player_ratings(as_seat(LOBBY, engine)).await.unwrap().into_inner().ratings;
    assert_eq!((engine[0].pool.as_str(), engine[0].games, engine[0].wins), ("tic_tac_toe/classic", 1, 1));
}

#[tokio::test]
async fn a_rated_game_that_makes_no_sense_is_refused_with_every_problem_named() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    // No players, a preset pool without a preset, and an end that may be taken back.
    let config = pb::GameConfig {
        game: Some(pb::game_config::Game::TicTacToe(pb::TicTacToeConfig::default())),
        allow_takebacks: true,
        ending_takeback_window: Some(prost_types::Duration { seconds: 30, nanos: 0 }),
        ..Default::default()
    };
    let request = pb::CreateGameRequest {
        source: Some(pb::create_game_request::Source::Config(config)),
        rating_pool: pb::RatingPool::Preset as i32,
        ..Default::default()
    };
    let refused = client.create_game(as_seat(LOBBY, request)).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["rating_pool", "players", "rating_pool"], "{refused:?}");

    // The same player on both seats; a one-seat game; a pool that is no pool.
    let same = rated_request("eve", "eve");
    let refused = client.create_game(as_seat(LOBBY, same)).await.unwrap_err();
    assert!(refused.message().contains("both seats are \"eve\""), "{refused:?}");
    let puzzle = pb::CreateGameRequest {
        kind: pb::GameKind::PegSolitaire as i32,
        source: Some(pb::create_game_request::Source::Preset("english".into())),
        rating_pool: pb::RatingPool::Kind as i32,
        ..Default::default()
    };
    let refused = client.create_game(as_seat(LOBBY, puzzle)).await.unwrap_err();
    assert!(refused.message().contains("only two-seat games are rated"), "{refused:?}");
    let unknown = pb::CreateGameRequest { rating_pool: 7, ..rated_request("eve", "fay") };
    let refused = client.create_game(as_seat(LOBBY, unknown)).await.unwrap_err();
    assert!(refused.message().contains("7 is not a RatingPool"), "{refused:?}");
    // Nothing was made.
    let games = client.list_games(as_seat(LOBBY, pb::ListGamesRequest::default())).await.unwrap().into_inner();
    assert!(games.games.is_empty());
}

#[tokio::test]
async fn a_rated_game_that_ended_unrated_before_a_restart_is_rated_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let store: std::sync::Arc<dyn tabula::store::Store> =
        std::sync::Arc::new(tabula::store::SqliteStore::open(&path).await.unwrap());
    // The game ended just before the server stopped, before it was rated: as a crash
    // between the two would leave it.
    let server = TestServer::start_on(store.clone(), ServeOptions::default()).await;
    let mut client = server.client().await;
    let made = client.create_game(rated_request("gus", "hal")).await.unwrap().into_inner();
    let id = made.game.unwrap().game_id;
    server.stop().await;
    let (mut record, log) = store.load(&id).await.unwrap();
    store.delete(&id).await.unwrap();
    let outcome = tabula::engine::Outcome::Win {
        winner: tabula::engine::Seat::SECOND,
        reason: tabula::engine::WinReason::Resignation,
        line: vec![],
    };
    let time = log[0].time;
    let resign = tabula::store::StoredEvent {
        seq: 2,
        time,
        kind: tabula::store::EventKind::Played {
            turn: tabula::engine::Turn::Resign(tabula::engine::Seat::FIRST),
            move_number: 0,
            actor: None,
            clocks: None,
            label: None,
        },
        request_id: None,
        request_digest: None,
    };
    let ended =
        tabula::store::StoredEvent { seq: 3, kind: tabula::store::EventKind::Ended(outcome.clone()), ..resign.clone() };
    record.seq = 3;
    record.status = tabula::store::GameStatus::Finished;
    record.outcome = Some(outcome);
    store.create(record, vec![log[0].clone(), resign, ended], None).await.unwrap();
    assert_eq!(store.games_to_rate(10).await.unwrap(), std::slice::from_ref(&id));

    let server = TestServer::start_on(store.clone(), ServeOptions::default()).await;
    let mut client = server.client().await;
    let after = rated(&mut client, None, &id).await.rating.unwrap().after;
    assert!(after[1].rating > 1500.0, "hal won: {after:?}");
    let hal = client.get_player_ratings(pb::GetPlayerRatingsRequest { player_id: "hal".into() }).await.unwrap();
    assert_eq!(hal.into_inner().ratings[0].games, 1, "rated once");
    assert!(store.games_to_rate(10).await.unwrap().is_empty());
}
