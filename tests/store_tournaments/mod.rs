//! The `Store` contract for tournaments: one per creation request, replaced one revision
//! at a time, listed newest first by status and label, and a game's place in one kept.

use std::sync::Arc;
use std::time::SystemTime;

use tabula::games::GameKind;
use tabula::store::{
    Board, BoardResult, Entrant, Happening, HistoryEntry, Labels, Points, Round, Store, StoreError, TieBreak,
    TournamentFormat, TournamentRecord, TournamentStatus,
};

/// A round robin of `players` created at `at`, labelled `labels`.
pub fn tournament(id: &str, players: u32, labels: Labels, at: SystemTime) -> TournamentRecord {
    TournamentRecord {
        id: id.to_owned(),
        owner: Some("lobby".into()),
        config: GameKind::TicTacToe.info().default_config,
        clock: None,
        format: TournamentFormat::RoundRobin { cycles: 1 },
        players: (1..=players)
            .map(|n| Entrant { id: format!("p{n}"), name: String::new(), engine: None, withdrawn_after: None })
            .collect(),
        seeds: Vec::new(),
        token_hashes: (1..=players).map(|n| [n as u8; 32]).collect(),
        points: Points::default(),
        tie_breaks: vec![TieBreak::SonnebornBerger],
        hold_rounds: false,
        released: 0,
        rating_pool: None,
        private: false,
        allow_hints: false,
        labels,
        rounds: Vec::new(),
        history: Vec::new(),
        status: TournamentStatus::InProgress,
        created: at,
        updated: at,
        revision: 0,
        request_digest: Some("digest".into()),
    }
}

/// Every guarantee for tournaments, on a store with none. Ids `id(n)` sort by `n`.
pub async fn tournaments_are_kept_and_updated_one_revision_at_a_time(
    store: Arc<dyn Store>,
    id: impl Fn(u32) -> String,
    at: SystemTime,
) {
    let labelled =
        |pairs: &[(&str, &str)]| -> Labels { pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect() };
    let first = tournament(&id(1), 4, labelled(&[("event", "spring")]), at);
    store.create_tournament(first.clone(), Some("key/r1")).await.unwrap();
    assert_eq!(store.tournament(&id(1)).await.unwrap(), first);
    assert_eq!(store.find_tournament_creation("key/r1").await.unwrap(), Some(id(1)));
    assert_eq!(store.find_tournament_creation("key/r2").await.unwrap(), None);
    // A second creation with the same request key, or the same id, is refused.
    let twin = tournament(&id(2), 4, Labels::new(), at);
    assert!(matches!(
        store.create_tournament(twin.clone(), Some("key/r1")).await,
        Err(StoreError::CreationRequestTaken)
    ));
    assert!(matches!(store.create_tournament(first.clone(), None).await, Err(StoreError::AlreadyExists(_))));
    store.create_tournament(twin, None).await.unwrap();
    assert!(matches!(store.tournament(&id(9)).await, Err(StoreError::TournamentNotFound(_))));

    // Moved on one revision at a time: a stale revision is refused and changes nothing.
    let mut next = first.clone();
    next.revision = 1;
    next.rounds.push(Round {
        made: at,
        boards: vec![
            Board {
                white: 1,
                black: Some(4),
                game_id: Some("g2".into()),
                tries: 2,
                first_game_id: Some("g1".into()),
                result: None,
            },
            Board { white: 2, black: Some(3), result: Some(BoardResult::Forfeit { winner: 3 }), ..Board::default() },
        ],
    });
    next.history.push(HistoryEntry { time: at, what: Happening::RoundPaired { round: 1 } });
    store.update_tournament(next.clone(), &[]).await.unwrap();
    assert!(matches!(
        store.update_tournament(next.clone(), &[]).await,
        Err(StoreError::Conflict { expected: 0, current: 1 })
    ));
    assert_eq!(store.tournament(&id(1)).await.unwrap(), next, "kept whole");
    let mut finished = next.clone();
    finished.revision = 2;
    finished.status = TournamentStatus::Finished;
    finished.labels = labelled(&[("event", "summer")]);
    store.update_tournament(finished.clone(), &[]).await.unwrap();
    let mut missing = finished.clone();
    missing.id = id(8);
    assert!(matches!(store.update_tournament(missing, &[]).await, Err(StoreError::TournamentNotFound(_))));

    // Listed newest first, by status and by label (the replaced labels, not the first).
    let ids = |list: Vec<TournamentRecord>| list.into_iter().map(|t| t.id).collect::<Vec<_>>();
    assert_eq!(ids(store.list_tournaments(None, &Labels::new(), None, 10).await.unwrap()), [id(2), id(1)]);
    assert_eq!(ids(store.list_tournaments(None, &Labels::new(), Some(&id(2)), 10).await.unwrap()), [id(1)]);
    let finished_only = store.list_tournaments(Some(TournamentStatus::Finished), &Labels::new(), None, 10).await;
    assert_eq!(ids(finished_only.unwrap()), [id(1)]);
    let summer = store.list_tournaments(None, &labelled(&[("event", "summer")]), None, 10).await.unwrap();
    assert_eq!(ids(summer), [id(1)]);
    assert!(store.list_tournaments(None, &labelled(&[("event", "spring")]), None, 10).await.unwrap().is_empty());
}
