//! Tournaments over a real socket: a double round-robin of ten played out through its
//! players' tokens (every game made once, the standings equal to a recount from the games,
//! the events numbered and complete), rounds held until the organiser says go, a
//! withdrawal's forfeits, a cancellation, engine players that play a tournament by
//! themselves, access to a private one, a retried creation, and every problem of a request
//! that makes no sense named.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use tabula::service::{Authenticator, ServeOptions, ServiceKeys};
use tokio_stream::StreamExt;
use tonic::Code;
use tonic_types::StatusExt;

use crate::common::*;

const LOBBY: &str = "tournament-lobby-secret-0123456789";

fn keyed() -> ServeOptions {
    let keys = ServiceKeys::parse([format!("lobby={LOBBY}").as_str()]).unwrap();
    ServeOptions { auth: Authenticator { service_keys: keys, jwt: None }, ..Default::default() }
}

fn person(id: &str) -> pb::TournamentPlayer {
    pb::TournamentPlayer { player_id: id.into(), display_name: id.to_uppercase(), ..Default::default() }
}

fn engine(level: u32) -> pb::TournamentPlayer {
    pb::TournamentPlayer { engine_level: level, ..Default::default() }
}

/// A tournament of tic-tac-toe among `players`, labelled with `event`.
fn tournament(
    format: pb::TournamentFormat,
    players: Vec<pb::TournamentPlayer>,
    event: &str,
) -> pb::CreateTournamentRequest {
    pb::CreateTournamentRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_tournament_request::Source::Preset("classic".into())),
        format: format as i32,
        players,
        labels: BTreeMap::from([("event".to_owned(), event.to_owned())]),
        ..Default::default()
    }
}

async fn get(client: &mut Client, id: &str) -> pb::Tournament {
    let request = as_seat(LOBBY, pb::GetTournamentRequest { tournament_id: id.into() });
    client.get_tournament(request).await.unwrap().into_inner().tournament.unwrap()
}

/// How board `board` of round `round` ends, by a rule that gives every result: White wins,
/// Black wins, or a draw played out.
#[derive(Clone, Copy, Debug, PartialEq)]
enum End {
    White,
    Black,
    Draw,
}

impl End {
    /// What White and Black score.
    fn points(self) -> (f64, f64) {
        match self {
            End::White => (1.0, 0.0),
            End::Black => (0.0, 1.0),
            End::Draw => (0.5, 0.5),
        }
    }
}

fn end_for(round: u32, board: &pb::TournamentBoard) -> End {
    match (round + board.white * 3 + board.black) % 3 {
        0 => End::White,
        1 => End::Black,
        _ => End::Draw,
    }
}

/// Plays board `board`'s game to `end` with the players' tokens.
async fn play(client: &mut Client, board: &pb::TournamentBoard, tokens: &HashMap<u32, String>, end: End) {
    let game =
        Game { id: board.game_id.clone(), tokens: vec![tokens[&board.white].clone(), tokens[&board.black].clone()] };
    let resign =
        |seat: usize| as_seat(&game.tokens[seat], pb::ResignRequest { game_id: game.id.clone(), ..Default::default() });
    match end {
        End::White => drop(client.resign(resign(1)).await.unwrap()),
        End::Black => drop(client.resign(resign(0)).await.unwrap()),
        End::Draw => {
            let cells = [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)];
            let moves: Vec<pb::Move> = cells.iter().map(|&(row, col)| cell_move(row, col)).collect();
            play_all(client, &game, &moves).await;
        }
    }
}

/// The tournament once round `round` has been paired (waiting a few seconds at most).
async fn paired(client: &mut Client, id: &str, round: usize) -> pb::Tournament {
    for _ in 0..400 {
        let tournament = get(client, id).await;
        if tournament.rounds.len() >= round || tournament.status != pb::TournamentStatus::InProgress as i32 {
            return tournament;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("round {round} of {id} was not paired within 10 s");
}

/// The tournament once it is over (waiting `seconds` at most).
async fn over(client: &mut Client, id: &str, seconds: u64) -> pb::Tournament {
    for _ in 0..seconds * 40 {
        let tournament = get(client, id).await;
        if tournament.status != pb::TournamentStatus::InProgress as i32 {
            return tournament;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{id} did not end within {seconds} s");
}

#[tokio::test]
async fn a_double_round_robin_of_ten_is_played_out_each_game_once_and_its_standings_recount() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let players: Vec<pb::TournamentPlayer> = (1..=10).map(|n| person(&format!("p{n}"))).collect();
    let request = tournament(pb::TournamentFormat::DoubleRoundRobin, players, "double-10");
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let id = made.tournament.as_ref().unwrap().tournament_id.clone();
    assert_eq!(made.tournament.as_ref().unwrap().round_count, 18);
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    assert_eq!(tokens.len(), 10);
    let mut events = client
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id.clone(), after_seq: 0 })
        .await
        .unwrap()
        .into_inner();

    let mut met: HashMap<(u32, u32), u32> = HashMap::new();
    let mut points: HashMap<u32, f64> = HashMap::new();
    for round in 1..=18 {
        let tournament = paired(&mut client, &id, round).await;
        let boards = tournament.rounds[round - 1].boards.clone();
        assert_eq!(boards.len(), 5, "ten players, five boards, no bye");
        for board in &boards {
            let end = end_for(round as u32, board);
            play(&mut client, board, &tokens, end).await;
            *met.entry((board.white, board.black)).or_default() += 1;
            let (white, black) = end.points();
            *points.entry(board.white).or_default() += white;
            *points.entry(board.black).or_default() += black;
        }
    }
    let tournament = over(&mut client, &id, 10).await;
    assert_eq!(tournament.status, pb::TournamentStatus::Finished as i32);
    // Everyone met everyone twice, once with each colour.
    for a in 1..=10u32 {
        for b in 1..=10u32 {
            if a != b {
                assert_eq!(met.get(&(a, b)), Some(&1), "{a} had White against {b} once");
            }
        }
    }
    // Every game made once: the event's label finds exactly the 90 games the boards name.
    let mut listed = Vec::new();
    let mut token = String::new();
    loop {
        let list = pb::ListGamesRequest {
            labels: BTreeMap::from([("event".to_owned(), "double-10".to_owned())]),
            page_size: 500,
            page_token: token,
            ..Default::default()
        };
        let page = client.list_games(as_seat(LOBBY, list)).await.unwrap().into_inner();
        listed.extend(page.games.into_iter().map(|game| game.game_id));
        token = page.next_page_token;
        if token.is_empty() {
            break;
        }
    }
    let mut named: Vec<String> =
        tournament.rounds.iter().flat_map(|round| round.boards.iter().map(|board| board.game_id.clone())).collect();
    listed.sort();
    named.sort();
    assert_eq!((listed.len(), &listed), (90, &named));
    // The standings are the recount: points, and ranks in order of points.
    for line in &tournament.standings {
        assert_eq!(line.points, points[&line.player], "player {}", line.player);
        assert_eq!(line.player_id, format!("p{}", line.player));
        assert_eq!(line.tie_breaks.len(), 3);
    }
    assert!(
        tournament.standings.windows(2).all(|pair| pair[0].points >= pair[1].points && pair[0].rank <= pair[1].rank)
    );

    // The stream: each round paired, each board ended, each round finished, the end; numbered
    // 1 to 127, then closed.
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    let mut seq = 0;
    let mut live = Vec::new();
    while let Some(message) = tokio::time::timeout(Duration::from_secs(5), events.next()).await.unwrap() {
        let event = message.unwrap().event.unwrap();
        live.push(event.clone());
        seq += 1;
        assert_eq!(event.seq, seq);
        let kind = match event.kind.unwrap() {
            pb::tournament_event::Kind::RoundPaired(_) => "paired",
            pb::tournament_event::Kind::BoardFinished(_) => "board",
            pb::tournament_event::Kind::RoundFinished(finished) => {
                assert_eq!(finished.standings.len(), 10);
                "finished"
            }
            pb::tournament_event::Kind::PlayerWithdrew(_) => "withdrew",
            pb::tournament_event::Kind::PlayerJoined(_) => "joined",
            pb::tournament_event::Kind::TournamentEnded(ended) => {
                assert_eq!(ended.standings, tournament.standings);
                "ended"
            }
        };
        *kinds.entry(kind).or_default() += 1;
    }
    assert_eq!(kinds, BTreeMap::from([("board", 90), ("ended", 1), ("finished", 18), ("paired", 18)]));
    // Read again from the start, every event says what it said live: a pairing its games
    // and no result of play.
    let replayed: Vec<pb::TournamentEvent> = client
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id.clone(), after_seq: 0 })
        .await
        .unwrap()
        .into_inner()
        .map(|m| m.unwrap().event.unwrap())
        .collect()
        .await;
    assert_eq!(replayed, live);
    let Some(pb::tournament_event::Kind::RoundPaired(first)) = &replayed[0].kind else { panic!("{:?}", replayed[0]) };
    assert!(first.boards.iter().all(|b| b.result == pb::BoardResult::Unspecified as i32) && !first.finished);
    // Its TRF reads back to the tournament: each player's points, rank and every round's
    // opponent, colour and result.
    let export = pb::ExportTournamentTrfRequest { tournament_id: id.clone() };
    let trf = client.export_tournament_trf(export).await.unwrap().into_inner().trf;
    assert!(trf.contains("\n092 Double round robin\n") && trf.contains("\n062 10\n"), "{trf}");
    let lines = tabula::play::tournament::trf::read_players(&trf).unwrap();
    assert_eq!(lines.len(), 10);
    for line in &lines {
        let standing = tournament.standings.iter().find(|s| s.player == line.number).unwrap();
        assert_eq!(
            (line.name.as_str(), line.points, line.rank),
            (standing.player_id.to_uppercase().as_str(), standing.points, standing.rank)
        );
        assert_eq!(line.rounds.len(), 18);
        for (round, entry) in tournament.rounds.iter().zip(&line.rounds) {
            let board = round.boards.iter().find(|b| b.white == line.number || b.black == line.number).unwrap();
            let white = board.white == line.number;
            let result = match (board.result, white) {
                (r, _) if r == pb::BoardResult::Draw as i32 => '=',
                (r, true) if r == pb::BoardResult::WhiteWins as i32 => '1',
                (r, false) if r == pb::BoardResult::BlackWins as i32 => '1',
                _ => '0',
            };
            let opponent = if white { board.black } else { board.white };
            assert_eq!((entry.opponent, entry.colour, entry.result), (opponent, if white { 'w' } else { 'b' }, result));
        }
    }
    // Resumed from the middle: the rest, from the seq asked after.
    let resumed = client
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id.clone(), after_seq: 120 })
        .await
        .unwrap()
        .into_inner();
    let rest: Vec<u64> = resumed.map(|m| m.unwrap().event.unwrap().seq).collect().await;
    assert_eq!(rest, (121..=127).collect::<Vec<_>>());
}

#[tokio::test]
async fn held_rounds_wait_for_the_organiser_and_a_withdrawal_forfeits_the_rounds_after() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let players: Vec<pb::TournamentPlayer> = ["ann", "bob", "cid", "dee", "eve"].iter().map(|p| person(p)).collect();
    let request = pb::CreateTournamentRequest {
        hold_rounds: true,
        scoring: Some(pb::TournamentScoring { win: 3.0, draw: 1.0, loss: 0.0, bye: 1.0 }),
        ..tournament(pb::TournamentFormat::RoundRobin, players, "held")
    };
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    let held = made.tournament.unwrap();
    let id = held.tournament_id.clone();
    assert_eq!((held.rounds.len(), held.round_count), (0, 5), "nothing before the organiser says go");

    let start = |round: u32| as_seat(LOBBY, pb::StartTournamentRoundRequest { tournament_id: id.clone(), round });
    let refused = client.start_tournament_round(start(2)).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    assert!(refused.message().contains("round 1 is"), "{refused:?}");
    let started = client.start_tournament_round(start(1)).await.unwrap().into_inner().tournament.unwrap();
    let round = &started.rounds[0];
    let byes: Vec<&pb::TournamentBoard> = round.boards.iter().filter(|b| b.black == 0).collect();
    assert_eq!(byes.len(), 1, "five players: one bye a round");
    assert_eq!(byes[0].result, pb::BoardResult::Bye as i32);

    // Bob withdraws during round 1: he plays its game, then is paired in no round after.
    let withdraw =
        |player: u32| as_seat(LOBBY, pb::WithdrawTournamentPlayerRequest { tournament_id: id.clone(), player });
    let after = client.withdraw_tournament_player(withdraw(2)).await.unwrap().into_inner().tournament.unwrap();
    assert_eq!(after.players[1].withdrawn_after_round, 1);
    let again = client.withdraw_tournament_player(withdraw(2)).await.unwrap_err();
    assert!(again.message().contains("withdrew already"), "{again:?}");
    for board in round.boards.iter().filter(|b| b.black != 0) {
        play(&mut client, board, &tokens, End::White).await;
    }
    // Round 1 over; round 2 waits for its go.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(get(&mut client, &id).await.rounds.len(), 1);
    let second = client.start_tournament_round(start(2)).await.unwrap().into_inner().tournament.unwrap();
    let bobs: Vec<&pb::TournamentBoard> =
        second.rounds[1].boards.iter().filter(|b| b.white == 2 || b.black == 2).collect();
    assert_eq!(bobs.len(), 1);
    let forfeit =
        if bobs[0].white == 2 { pb::BoardResult::BlackWinsByForfeit } else { pb::BoardResult::WhiteWinsByForfeit };
    assert_eq!((bobs[0].result, bobs[0].game_id.as_str()), (forfeit as i32, ""), "no game for a forfeit");
    // A forfeit is worth a win (3 here).
    let winner = if bobs[0].white == 2 { bobs[0].black } else { bobs[0].white };
    let line = second.standings.iter().find(|line| line.player == winner).unwrap();
    assert!(line.points >= 3.0, "{line:?}");

    // Cancelled: no round after, and nothing more is taken.
    let cancel = pb::CancelTournamentRequest { tournament_id: id.clone() };
    let cancelled = client.cancel_tournament(as_seat(LOBBY, cancel.clone())).await.unwrap().into_inner();
    assert_eq!(cancelled.tournament.unwrap().status, pb::TournamentStatus::Cancelled as i32);
    assert_error(
        &client.cancel_tournament(as_seat(LOBBY, cancel)).await.unwrap_err(),
        Code::FailedPrecondition,
        "TOURNAMENT_OVER",
    );
    assert_error(
        &client.start_tournament_round(start(3)).await.unwrap_err(),
        Code::FailedPrecondition,
        "TOURNAMENT_OVER",
    );
    // Its stream tells the withdrawal and ends with the cancellation.
    let events: Vec<pb::TournamentEvent> = client
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id.clone(), after_seq: 0 })
        .await
        .unwrap()
        .into_inner()
        .map(|m| m.unwrap().event.unwrap())
        .collect()
        .await;
    assert!(events.iter().any(|e| matches!(&e.kind, Some(pb::tournament_event::Kind::PlayerWithdrew(w)) if w.player == 2 && w.after_round == 1)));
    let Some(pb::tournament_event::Kind::TournamentEnded(ended)) = &events.last().unwrap().kind else {
        panic!("{events:?}")
    };
    assert_eq!(ended.status, pb::TournamentStatus::Cancelled as i32);
}

#[tokio::test]
async fn engine_players_play_a_round_robin_by_themselves_and_a_retry_finds_it() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let players = vec![engine(1), engine(2), engine(3)];
    let request = pb::CreateTournamentRequest {
        request_id: "engines-1".into(),
        rating_pool: pb::RatingPool::Kind as i32,
        ..tournament(pb::TournamentFormat::RoundRobin, players, "engines")
    };
    let made = client.create_tournament(as_seat(LOBBY, request.clone())).await.unwrap().into_inner();
    assert!(made.player_tokens.is_empty(), "no person plays");
    let id = made.tournament.unwrap().tournament_id;
    let retried = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    assert_eq!((retried.tournament.unwrap().tournament_id, retried.retried), (id.clone(), true));

    let done = over(&mut client, &id, 60).await;
    assert_eq!(done.status, pb::TournamentStatus::Finished as i32);
    assert_eq!(done.rounds.len(), 3);
    let total: f64 = done.standings.iter().map(|line| line.points).sum();
    assert_eq!(total, 6.0, "three games and three byes, a point each");
    assert_eq!(done.players[0].player_id, "engine-level-1");
    // Its games were rated: each level played two.
    let ratings = pb::GetPlayerRatingsRequest { player_id: "engine-level-3".into() };
    for _ in 0..200 {
        let read = client.get_player_ratings(as_seat(LOBBY, ratings.clone())).await.unwrap().into_inner().ratings;
        if read.first().is_some_and(|r| r.games == 2) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the engine's games were not all rated");
}

#[tokio::test]
async fn a_private_tournament_is_read_by_its_players_and_keys_only() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let request = pb::CreateTournamentRequest {
        private: true,
        ..tournament(pb::TournamentFormat::RoundRobin, vec![person("ann"), person("bob")], "private")
    };
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let id = made.tournament.unwrap().tournament_id;
    let read =
        |credential: Option<&str>| with_credential(credential, pb::GetTournamentRequest { tournament_id: id.clone() });
    let refused = client.get_tournament(read(None)).await.unwrap_err();
    assert_error(&refused, Code::PermissionDenied, "PRIVATE_TOURNAMENT");
    client.get_tournament(read(Some(&made.player_tokens[0].token))).await.unwrap();
    let listed =
        client.list_tournaments(as_seat(LOBBY, pb::ListTournamentsRequest::default())).await.unwrap().into_inner();
    assert_eq!(listed.tournaments.len(), 1);
    let unknown =
        client.get_tournament(as_seat(LOBBY, pb::GetTournamentRequest { tournament_id: "nope".into() })).await;
    assert_error(&unknown.unwrap_err(), Code::NotFound, "TOURNAMENT_NOT_FOUND");
}

#[tokio::test]
async fn a_tournament_that_makes_no_sense_is_refused_with_every_problem_named() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let request = pb::CreateTournamentRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_tournament_request::Source::Preset("classic".into())),
        format: pb::TournamentFormat::Unspecified as i32,
        players: vec![person("ann"), person("ann"), pb::TournamentPlayer::default(), engine(99)],
        scoring: Some(pb::TournamentScoring { win: 0.3, draw: 0.5, loss: 0.0, bye: 1.0 }),
        tie_breaks: vec![pb::TieBreak::Wins as i32, pb::TieBreak::Wins as i32],
        ..Default::default()
    };
    let refused = client.create_tournament(as_seat(LOBBY, request)).await.unwrap_err();
    assert_error(&refused, Code::InvalidArgument, "INVALID_REQUEST");
    let fields: Vec<String> =
        refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(
        fields,
        [
            "format",
            "players[1].player_id",
            "players[2].player_id",
            "players[3].engine_level",
            "scoring.win",
            "tie_breaks[1]"
        ],
        "{refused:?}"
    );
    // One player is not a tournament; a one-seat kind is not played in pairs; no key, no tournament.
    let alone = tournament(pb::TournamentFormat::RoundRobin, vec![person("ann")], "x");
    assert!(client.create_tournament(as_seat(LOBBY, alone)).await.unwrap_err().message().contains("2 to 1000"));
    let puzzle = pb::CreateTournamentRequest {
        kind: pb::GameKind::PegSolitaire as i32,
        source: Some(pb::create_tournament_request::Source::Preset("english".into())),
        ..tournament(pb::TournamentFormat::RoundRobin, vec![person("ann"), person("bob")], "x")
    };
    assert!(
        client.create_tournament(as_seat(LOBBY, puzzle)).await.unwrap_err().message().contains("not played by two")
    );
    let anonymous = tournament(pb::TournamentFormat::RoundRobin, vec![person("ann"), person("bob")], "x");
    assert_eq!(client.create_tournament(anonymous).await.unwrap_err().code(), Code::Unauthenticated);
    let listed = client.list_tournaments(as_seat(LOBBY, pb::ListTournamentsRequest::default())).await.unwrap();
    assert!(listed.into_inner().tournaments.is_empty(), "nothing was made");
}

#[tokio::test]
async fn a_game_aborted_in_a_tournament_is_played_again_and_its_pairing_still_names_the_first() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let request = tournament(pb::TournamentFormat::RoundRobin, vec![person("ann"), person("bob")], "again");
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    let tournament = made.tournament.unwrap();
    let id = tournament.tournament_id.clone();
    let first = tournament.rounds[0].boards[0].clone();
    let abort =
        pb::AbortGameRequest { game_id: first.game_id.clone(), explanation: "a no-show".into(), ..Default::default() };
    client.abort_game(as_seat(LOBBY, abort)).await.unwrap();
    let mut again = first.clone();
    for _ in 0..400 {
        again = get(&mut client, &id).await.rounds[0].boards[0].clone();
        if again.game_id != first.game_id {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_ne!(again.game_id, first.game_id, "a new game for the board");
    assert_eq!(
        (again.white, again.black, again.result),
        (first.white, first.black, pb::BoardResult::Unspecified as i32)
    );
    play(&mut client, &again, &tokens, End::Black).await;
    let done = over(&mut client, &id, 10).await;
    assert_eq!(done.rounds[0].boards[0].result, pb::BoardResult::BlackWins as i32);
    let events: Vec<pb::TournamentEvent> = client
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id, after_seq: 0 })
        .await
        .unwrap()
        .into_inner()
        .map(|m| m.unwrap().event.unwrap())
        .collect()
        .await;
    let Some(pb::tournament_event::Kind::RoundPaired(paired)) = &events[0].kind else { panic!("{events:?}") };
    assert_eq!(paired.boards[0].game_id, first.game_id, "the pairing names the game it made");
    let Some(pb::tournament_event::Kind::BoardFinished(finished)) = &events[1].kind else { panic!("{events:?}") };
    assert_eq!(finished.board.as_ref().unwrap().game_id, again.game_id, "the end names the game that ended it");
}

#[tokio::test]
async fn a_round_robin_takes_at_most_a_hundred_players() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let players = (1..=101).map(|n| person(&format!("p{n}"))).collect();
    let request = tournament(pb::TournamentFormat::RoundRobin, players, "crowd");
    let refused = client.create_tournament(as_seat(LOBBY, request)).await.unwrap_err();
    assert!(refused.message().contains("a round robin takes at most 100"), "{refused:?}");
}

/// Plays the match of knockout board `board` to its end: `winner` wins every game, its
/// opponent resigning each with its token, whichever seat it sits in.
async fn play_match(client: &mut Client, board: &pb::TournamentBoard, tokens: &HashMap<u32, String>, winner: u32) {
    let loser = if winner == board.white { board.black } else { board.white };
    let mut resigned = Vec::new();
    for _ in 0..400 {
        let get = pb::GetSeriesRequest { series_id: board.series_id.clone() };
        let series = client.get_series(as_seat(LOBBY, get)).await.unwrap().into_inner().series.unwrap();
        if series.status == pb::SeriesStatus::Finished as i32 {
            let won = if winner == board.white { 1 } else { 2 };
            assert_eq!(series.winner, won, "the match's winner");
            return;
        }
        let game = series.games.last().unwrap();
        if !resigned.contains(&game.game_id) {
            let resign = pb::ResignRequest { game_id: game.game_id.clone(), ..Default::default() };
            client.resign(as_seat(&tokens[&loser], resign)).await.unwrap();
            resigned.push(game.game_id.clone());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the match of board {} did not end", board.number);
}

#[tokio::test]
async fn a_sixteen_player_knockout_of_best_of_three_matches_follows_its_bracket_to_the_final() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let players: Vec<pb::TournamentPlayer> = (1..=16).map(|n| person(&format!("s{n}"))).collect();
    let request =
        pb::CreateTournamentRequest { best_of: 3, ..tournament(pb::TournamentFormat::Knockout, players, "cup") };
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    let cup = made.tournament.unwrap();
    let id = cup.tournament_id.clone();
    assert_eq!((cup.round_count, cup.best_of, cup.tie_breaks.len()), (4, 3, 0));
    assert_eq!(cup.seeds, (1..=16).collect::<Vec<u32>>(), "seeded in the players' order");
    let first: Vec<(u32, u32)> = cup.rounds[0].boards.iter().map(|b| (b.white, b.black)).collect();
    assert_eq!(first, [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)], "the seeded bracket");
    // The better seed wins every match but one: 9 beats 8, then meets 1 in round 2.
    let mut rounds = Vec::new();
    for round in 1..=4 {
        let tournament = paired(&mut client, &id, round).await;
        let boards = tournament.rounds[round - 1].boards.clone();
        for board in &boards {
            assert!(board.game_id.is_empty() && !board.series_id.is_empty(), "a knockout's boards are matches");
            let winner = if (board.white, board.black) == (8, 9) { 9 } else { board.white };
            play_match(&mut client, board, &tokens, winner).await;
        }
        rounds.push(boards);
    }
    let done = over(&mut client, &id, 10).await;
    assert_eq!(done.status, pb::TournamentStatus::Finished as i32);
    let second: Vec<(u32, u32)> = done.rounds[1].boards.iter().map(|b| (b.white, b.black)).collect();
    assert_eq!(second, [(1, 9), (4, 5), (2, 7), (3, 6)]);
    assert_eq!((done.rounds[3].boards[0].white, done.rounds[3].boards[0].black), (1, 2), "1 and 2 in the final");
    // Ranks by how far each got: 1 won, 2 lost the final, 3 and 4 the semi-finals.
    let rank = |player: u32| done.standings.iter().find(|l| l.player == player).unwrap().rank;
    assert_eq!([rank(1), rank(2), rank(3), rank(4), rank(9), rank(8)], [1, 2, 3, 3, 5, 9]);
    // Each match a series of two games (best of three, won 2–0), each game made once.
    let mut games = 0;
    for board in done.rounds.iter().flat_map(|r| r.boards.iter()) {
        let get = pb::GetSeriesRequest { series_id: board.series_id.clone() };
        let series = client.get_series(as_seat(LOBBY, get)).await.unwrap().into_inner().series.unwrap();
        assert_eq!((series.best_of, series.games.len()), (3, 2));
        assert_eq!(series.labels.get("event").map(String::as_str), Some("cup"));
        games += series.games.len();
    }
    let list = pb::ListGamesRequest {
        labels: BTreeMap::from([("event".to_owned(), "cup".to_owned())]),
        page_size: 100,
        ..Default::default()
    };
    let listed = client.list_games(as_seat(LOBBY, list)).await.unwrap().into_inner().games;
    assert_eq!((games, listed.len()), (30, 30), "15 matches of two games");
}

#[tokio::test]
async fn a_knockout_seeded_by_rating_gives_the_best_rated_the_bye() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    // Zed beats Amy in a rated game: Zed is rated above 1500, Amy below, Bob is new.
    let rated = pb::CreateGameRequest {
        kind: pb::GameKind::TicTacToe as i32,
        source: Some(pb::create_game_request::Source::Preset("classic".into())),
        players: vec![
            pb::Player { player_id: "zed".into(), ..Default::default() },
            pb::Player { player_id: "amy".into(), ..Default::default() },
        ],
        rating_pool: pb::RatingPool::Kind as i32,
        ..Default::default()
    };
    let game = client.create_game(as_seat(LOBBY, rated)).await.unwrap().into_inner();
    let resign = pb::ResignRequest { game_id: game.game.unwrap().game_id, ..Default::default() };
    client.resign(as_seat(&game.seat_tokens[1].token, resign)).await.unwrap();
    for _ in 0..200 {
        let ratings = pb::GetPlayerRatingsRequest { player_id: "zed".into() };
        if !client.get_player_ratings(as_seat(LOBBY, ratings)).await.unwrap().into_inner().ratings.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let request = pb::CreateTournamentRequest {
        seed_by_rating: true,
        rating_pool: pb::RatingPool::Kind as i32,
        ..tournament(pb::TournamentFormat::Knockout, vec![person("amy"), person("bob"), person("zed")], "seeded")
    };
    let cup = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner().tournament.unwrap();
    assert_eq!(cup.seeds, [3, 2, 1], "Zed, then Bob (new), then Amy");
    let bye = cup.rounds[0].boards.iter().find(|b| b.result == pb::BoardResult::Bye as i32).unwrap();
    assert_eq!(bye.white, 3, "the first seed sits the first round out");

    // A knockout's problems, every one named.
    let wrong = pb::CreateTournamentRequest {
        best_of: 2,
        tie_breaks: vec![pb::TieBreak::Wins as i32],
        seed_by_rating: true,
        ..tournament(pb::TournamentFormat::Knockout, vec![person("amy"), person("bob")], "wrong")
    };
    let refused = client.create_tournament(as_seat(LOBBY, wrong)).await.unwrap_err();
    let fields: Vec<String> =
        refused.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["best_of", "seed_by_rating", "tie_breaks"], "{refused:?}");
}

/// A Swiss of eleven people over five rounds, played through their tokens: each round's
/// pairs are players who have not met, the bye goes to a different player each round (never
/// one who had it), most pairs meet on equal scores, the colours alternate within the
/// absolute rules, the standings recount from the games, and its TRF reads back.
#[tokio::test]
async fn a_swiss_of_eleven_pairs_by_score_without_rematches_and_its_standings_recount() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let players: Vec<pb::TournamentPlayer> = (1..=11).map(|n| person(&format!("s{n}"))).collect();
    let request =
        pb::CreateTournamentRequest { rounds: 5, ..tournament(pb::TournamentFormat::Swiss, players, "swiss-11") };
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let created = made.tournament.unwrap();
    let id = created.tournament_id.clone();
    assert_eq!((created.format, created.round_count), (pb::TournamentFormat::Swiss as i32, 5));
    assert_eq!(created.tie_breaks, [2, 1, 4, 5], "Swiss default: Buchholz cut 1, Buchholz, direct encounter, wins");
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();

    let mut met: HashMap<(u32, u32), u32> = HashMap::new();
    let mut points: HashMap<u32, f64> = (1..=11).map(|n| (n, 0.0)).collect();
    let mut byes = Vec::new();
    let mut colours: HashMap<u32, Vec<char>> = HashMap::new();
    let mut equal_pairs = 0;
    for round in 1..=5 {
        let tournament = paired(&mut client, &id, round).await;
        let boards = tournament.rounds[round - 1].boards.clone();
        assert_eq!(boards.len(), 6, "five games and a bye");
        let mut seen: Vec<u32> = boards.iter().flat_map(|b| [b.white, b.black]).filter(|n| *n != 0).collect();
        seen.sort_unstable();
        assert_eq!(seen, (1..=11).collect::<Vec<_>>(), "round {round}: everyone once");
        for board in &boards {
            if board.black == 0 {
                assert_eq!(board.result, pb::BoardResult::Bye as i32);
                assert!(!byes.contains(&board.white), "{} had a second bye", board.white);
                byes.push(board.white);
                *points.get_mut(&board.white).unwrap() += 1.0;
                continue;
            }
            let pair = (board.white.min(board.black), board.white.max(board.black));
            assert_eq!(met.insert(pair, round as u32), None, "{pair:?} met twice");
            equal_pairs += usize::from(points[&board.white] == points[&board.black]);
            colours.entry(board.white).or_default().push('w');
            colours.entry(board.black).or_default().push('b');
            let end = end_for(round as u32, board);
            play(&mut client, board, &tokens, end).await;
            let (white, black) = end.points();
            *points.get_mut(&board.white).unwrap() += white;
            *points.get_mut(&board.black).unwrap() += black;
        }
    }
    let finished = over(&mut client, &id, 10).await;
    assert_eq!(finished.status, pb::TournamentStatus::Finished as i32);
    assert_eq!(byes.len(), 5);
    assert!(equal_pairs >= 15, "most of the 25 games are between equal scores: {equal_pairs}");
    // Before the last round (whose topscorers may break them), nobody has one colour three
    // times in a row or twice more than the other.
    for (player, played) in &colours {
        let early = &played[..played.len().saturating_sub(1)];
        assert!(!early.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "{player}: {played:?}");
        let whites = early.iter().filter(|c| **c == 'w').count() as i32;
        assert!((2 * whites - early.len() as i32).abs() <= 2, "{player}: {played:?}");
    }
    for line in &finished.standings {
        assert_eq!(line.points, points[&line.player], "player {}", line.player);
        assert_eq!(line.tie_breaks.len(), 4);
    }
    let export = pb::ExportTournamentTrfRequest { tournament_id: id.clone() };
    let trf = client.export_tournament_trf(export).await.unwrap().into_inner().trf;
    assert!(trf.contains("\n092 Swiss System (FIDE Dutch)\n"), "{trf}");
    let lines = tabula::play::tournament::trf::read_players(&trf).unwrap();
    assert_eq!(lines.len(), 11);
    for line in &lines {
        assert_eq!(line.points, points[&line.number]);
        assert_eq!(line.rounds.len(), 5);
    }

    // Continued from its TRF as a seven-round Swiss: the five rounds read back, round 6
    // paired at once without a rematch, the standings where the file left them.
    let players: Vec<pb::TournamentPlayer> = (1..=11).map(|n| person(&format!("s{n}"))).collect();
    let continued = pb::CreateTournamentRequest {
        rounds: 7,
        trf: trf.clone(),
        ..tournament(pb::TournamentFormat::Swiss, players.clone(), "swiss-11-continued")
    };
    let made = client.create_tournament(as_seat(LOBBY, continued)).await.unwrap().into_inner();
    let again = paired(&mut client, &made.tournament.unwrap().tournament_id, 6).await;
    assert_eq!((again.round_count, again.rounds.len()), (7, 6));
    for (read, played) in again.rounds.iter().zip(&finished.rounds) {
        let pairs = |round: &pb::TournamentRound| {
            let mut pairs: Vec<(u32, u32, i32)> = round.boards.iter().map(|b| (b.white, b.black, b.result)).collect();
            pairs.sort_unstable();
            pairs
        };
        assert_eq!(pairs(read), pairs(played));
    }
    for board in &again.rounds[5].boards {
        let pair = (board.white.min(board.black), board.white.max(board.black));
        assert!(board.black == 0 || !met.contains_key(&pair), "{pair:?} met in the file already");
    }
    for line in &again.standings {
        let bye = again.rounds[5].boards.iter().any(|b| b.black == 0 && b.white == line.player);
        assert_eq!(line.points, points[&line.player] + if bye { 1.0 } else { 0.0 }, "player {}", line.player);
    }
    // A file that does not fit is refused, every problem named.
    let wrong = pb::CreateTournamentRequest {
        rounds: 5,
        trf: trf.replace("\n001    2", "\n001    9"),
        ..tournament(pb::TournamentFormat::Swiss, players, "swiss-11-wrong")
    };
    let status = client.create_tournament(as_seat(LOBBY, wrong)).await.unwrap_err();
    let fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["trf"], "{}", status.message());
    assert!(status.message().contains("numbered 1 to 11"), "{}", status.message());
}

/// A Swiss's own problems are named: more rounds than a field without rematches allows,
/// and the Swiss options on another format.
#[tokio::test]
async fn a_swiss_that_makes_no_sense_is_refused_with_every_problem_named() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let four: Vec<pb::TournamentPlayer> = (1..=4).map(|n| person(&format!("x{n}"))).collect();
    let request =
        pb::CreateTournamentRequest { rounds: 4, ..tournament(pb::TournamentFormat::Swiss, four.clone(), "bad") };
    let status = client.create_tournament(as_seat(LOBBY, request)).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    let fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["rounds"], "{}", status.message());
    let request = pb::CreateTournamentRequest {
        rounds: 2,
        accelerated: true,
        ..tournament(pb::TournamentFormat::RoundRobin, four.clone(), "bad")
    };
    let status = client.create_tournament(as_seat(LOBBY, request)).await.unwrap_err();
    let fields: Vec<String> =
        status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect();
    assert_eq!(fields, ["rounds", "accelerated"], "{}", status.message());
    // Derived: four players play two rounds; acceleration is kept.
    let request =
        pb::CreateTournamentRequest { accelerated: true, ..tournament(pb::TournamentFormat::Swiss, four, "fine") };
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner().tournament.unwrap();
    assert_eq!((made.round_count, made.accelerated), (2, true));
}

/// The key's own stream tells each board its games scored, each round's end and the
/// tournament's, each entry at the end of the game that did it with the tournament's own
/// event beside it, as the tournament's stream tells them.
#[tokio::test]
async fn the_owners_stream_tells_each_board_round_and_the_end_of_a_tournament() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let kinds = vec![
        pb::OwnerEventKind::TournamentBoardFinished as i32,
        pb::OwnerEventKind::TournamentRoundFinished as i32,
        pb::OwnerEventKind::TournamentFinished as i32,
    ];
    let request = as_seat(LOBBY, pb::StreamOwnerEventsRequest { kinds, ..Default::default() });
    let mut owner = client.stream_owner_events(request).await.unwrap().into_inner();
    let players: Vec<pb::TournamentPlayer> =
        (1..=4).map(|n| pb::TournamentPlayer { player_id: format!("e{n}"), ..engine(1 + n % 3) }).collect();
    let request = tournament(pb::TournamentFormat::RoundRobin, players, "owner-stream");
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let id = made.tournament.unwrap().tournament_id;
    let done = over(&mut client, &id, 60).await;
    let told: Vec<pb::TournamentEvent> = client
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id.clone(), after_seq: 0 })
        .await
        .unwrap()
        .into_inner()
        .map(|m| m.unwrap().event.unwrap())
        .filter(|event| !matches!(event.kind, Some(pb::tournament_event::Kind::RoundPaired(_))))
        .collect()
        .await;
    assert_eq!(told.len(), 6 + 3 + 1, "six boards, three rounds, the end");
    let mut entries = Vec::new();
    while entries.len() < told.len() {
        let next = tokio::time::timeout(Duration::from_secs(10), owner.message()).await.expect("the owner's stream");
        entries.push(next.unwrap().unwrap().event.unwrap());
    }
    for (entry, told) in entries.iter().zip(&told) {
        let kind = match &told.kind {
            Some(pb::tournament_event::Kind::BoardFinished(_)) => pb::OwnerEventKind::TournamentBoardFinished,
            Some(pb::tournament_event::Kind::RoundFinished(_)) => pb::OwnerEventKind::TournamentRoundFinished,
            _ => pb::OwnerEventKind::TournamentFinished,
        };
        assert_eq!(entry.kind(), kind);
        assert_eq!(entry.tournament_event.as_ref(), Some(told), "the tournament's own event");
        let ended = entry.game_event.as_ref().unwrap();
        assert!(matches!(ended.kind, Some(pb::game_event::Kind::GameEnded(_))), "{ended:?}");
        if let Some(pb::tournament_event::Kind::BoardFinished(finished)) = &told.kind {
            assert_eq!(ended.game_id, finished.board.as_ref().unwrap().game_id);
        }
    }
    let last = entries.last().unwrap();
    let Some(pb::tournament_event::Kind::TournamentEnded(ended)) = &last.tournament_event.as_ref().unwrap().kind else {
        panic!("{last:?}")
    };
    assert_eq!(ended.standings, done.standings);
}

/// A late entry: a player added to a Swiss after its first round is paired plays from the
/// second with its own token, round 1 counting as a round it did not play; a round robin,
/// a second player of one id and a request without a player are refused.
#[tokio::test]
async fn a_player_added_to_a_swiss_under_way_is_paired_from_the_next_round() {
    let server = TestServer::start_with(keyed()).await;
    let mut client = server.client().await;
    let players: Vec<pb::TournamentPlayer> = (1..=5).map(|n| person(&format!("l{n}"))).collect();
    let request = pb::CreateTournamentRequest {
        rounds: 3,
        ..tournament(pb::TournamentFormat::Swiss, players.clone(), "late-entry")
    };
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let id = made.tournament.unwrap().tournament_id;
    let mut tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    let add = pb::AddTournamentPlayerRequest { tournament_id: id.clone(), player: Some(person("l6")) };
    let added = client.add_tournament_player(as_seat(LOBBY, add.clone())).await.unwrap().into_inner();
    let token = added.player_token.unwrap();
    assert_eq!((token.player, added.tournament.unwrap().players.len()), (6, 6));
    tokens.insert(token.player, token.token);
    // A second player of the same id is refused, as is a request without a player.
    let status = client.add_tournament_player(as_seat(LOBBY, add)).await.unwrap_err();
    assert_eq!((status.code(), fields_of(&status)), (Code::InvalidArgument, vec!["player".to_owned()]));
    let empty = pb::AddTournamentPlayerRequest { tournament_id: id.clone(), player: None };
    let status = client.add_tournament_player(as_seat(LOBBY, empty)).await.unwrap_err();
    assert_eq!(fields_of(&status), ["player"]);

    let mut points: HashMap<u32, f64> = (1..=6).map(|n| (n, 0.0)).collect();
    for round in 1..=3 {
        let tournament = paired(&mut client, &id, round).await;
        let boards = tournament.rounds[round - 1].boards.clone();
        let seated: Vec<u32> = boards.iter().flat_map(|b| [b.white, b.black]).filter(|n| *n != 0).collect();
        assert_eq!(seated.contains(&6), round > 1, "round {round}: the late player from round 2");
        for board in &boards {
            if board.black == 0 {
                *points.get_mut(&board.white).unwrap() += 1.0;
                continue;
            }
            let end = end_for(round as u32, board);
            play(&mut client, board, &tokens, end).await;
            let (white, black) = end.points();
            *points.get_mut(&board.white).unwrap() += white;
            *points.get_mut(&board.black).unwrap() += black;
        }
    }
    let done = over(&mut client, &id, 10).await;
    for line in &done.standings {
        assert_eq!(line.points, points[&line.player], "player {}", line.player);
    }
    let events: Vec<pb::TournamentEvent> = client
        .stream_tournament_events(pb::StreamTournamentEventsRequest { tournament_id: id, after_seq: 0 })
        .await
        .unwrap()
        .into_inner()
        .map(|m| m.unwrap().event.unwrap())
        .collect()
        .await;
    let joined: Vec<&pb::TournamentPlayerJoined> = events
        .iter()
        .filter_map(|e| match &e.kind {
            Some(pb::tournament_event::Kind::PlayerJoined(joined)) => Some(joined),
            _ => None,
        })
        .collect();
    assert_eq!(joined, [&pb::TournamentPlayerJoined { player: 6, first_round: 2 }]);

    // A round robin's schedule is fixed.
    let robin = tournament(pb::TournamentFormat::RoundRobin, players, "late-robin");
    let robin = client.create_tournament(as_seat(LOBBY, robin)).await.unwrap().into_inner().tournament.unwrap();
    let add = pb::AddTournamentPlayerRequest { tournament_id: robin.tournament_id, player: Some(person("l7")) };
    let status = client.add_tournament_player(as_seat(LOBBY, add)).await.unwrap_err();
    assert_eq!(fields_of(&status), ["player"]);
    assert!(status.message().contains("only a Swiss"), "{}", status.message());
}

/// The fields a refusal's `BadRequest` names.
fn fields_of(status: &tonic::Status) -> Vec<String> {
    status.get_details_bad_request().unwrap().field_violations.into_iter().map(|v| v.field).collect()
}

/// A Swiss kept in a SQLite file goes on across a restart: six players, three rounds, the
/// server stopped after round 1 and started again on the same file, which pairs round 2 from
/// what the file holds (no rematch, nobody twice) and ends with the standings recounted.
#[tokio::test]
async fn a_swiss_on_sqlite_goes_on_across_a_restart() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("games.db");
    let open = || async { std::sync::Arc::new(tabula::store::SqliteStore::open(&path).await.unwrap()) };
    let mut server = TestServer::start_on(open().await, keyed()).await;
    let mut client = server.client().await;
    let players: Vec<pb::TournamentPlayer> = (1..=6).map(|n| person(&format!("q{n}"))).collect();
    let request =
        pb::CreateTournamentRequest { rounds: 3, ..tournament(pb::TournamentFormat::Swiss, players, "sqlite") };
    let made = client.create_tournament(as_seat(LOBBY, request)).await.unwrap().into_inner();
    let id = made.tournament.unwrap().tournament_id;
    let tokens: HashMap<u32, String> = made.player_tokens.into_iter().map(|t| (t.player, t.token)).collect();
    let mut met = std::collections::HashSet::new();
    let mut points: HashMap<u32, f64> = (1..=6).map(|n| (n, 0.0)).collect();
    for round in 1..=3 {
        if round == 2 {
            server.stop().await;
            server = TestServer::start_on(open().await, keyed()).await;
            client = server.client().await;
        }
        let paired = paired(&mut client, &id, round).await;
        let boards = paired.rounds[round - 1].boards.clone();
        assert_eq!(boards.len(), 3, "round {round}");
        for board in &boards {
            assert!(met.insert((board.white.min(board.black), board.white.max(board.black))), "a rematch: {board:?}");
            let end = end_for(round as u32, board);
            play(&mut client, board, &tokens, end).await;
            let (white, black) = end.points();
            *points.get_mut(&board.white).unwrap() += white;
            *points.get_mut(&board.black).unwrap() += black;
        }
    }
    let done = over(&mut client, &id, 10).await;
    assert_eq!((done.status, done.rounds.len()), (pb::TournamentStatus::Finished as i32, 3));
    for line in &done.standings {
        assert_eq!(line.points, points[&line.player], "player {}", line.player);
    }
    server.stop().await;
}
