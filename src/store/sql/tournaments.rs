//! Tournaments in SQL: each one row holding its whole record, its status and revision
//! copied out to list and to update conditionally, and its labels indexed.

use sqlx::{QueryBuilder, Transaction};

use super::super::codec::{from_json, to_json, tournament_status_name, unsigned};
use super::super::{Labels, StoreError, TournamentRecord, TournamentStatus};
use super::columns::{Columns, Value, query, signed};
use super::labels::{Labelled, index_labels, push_label_conditions};
use super::{Dialect, Executes, backend};

/// The tournament whose body is in `row`.
fn from_row(row: &impl Columns) -> Result<TournamentRecord, StoreError> {
    from_json(&row.text("body")?, "tournament")
}

/// Inserts `tournament` in `tx`, with its request key. Returns `false`, having inserted
/// nothing, when its id or its request key is taken (the transaction is then spoilt on some
/// databases: the caller drops it and asks which).
pub async fn insert<D: Dialect>(
    tx: &mut Transaction<'static, D>,
    tournament: &TournamentRecord,
    request_key: Option<&str>,
) -> Result<bool, StoreError> {
    let values: [Value; 5] = [
        tournament.id.as_str().into(),
        to_json(tournament).into(),
        tournament_status_name(tournament.status).into(),
        signed(tournament.revision).into(),
        request_key.map(str::to_owned).into(),
    ];
    match query::<D>(D::SQL.insert_tournament, values).execute(tx.executor()).await {
        Err(error) if error.as_database_error().is_some_and(|e| e.is_unique_violation()) => return Ok(false),
        other => other.map(drop).map_err(backend)?,
    }
    index_labels::<D>(tx, Labelled::Tournament, &tournament.id, &tournament.labels).await?;
    Ok(true)
}

/// The tournament created with `request_key`, if one was.
pub async fn of_request<D: Dialect>(conn: &mut D::Connection, request_key: &str) -> Result<Option<String>, StoreError> {
    let row = query::<D>(D::SQL.tournament_of_request, [request_key.into()])
        .fetch_optional(conn.executor())
        .await
        .map_err(backend)?;
    row.map(|row| row.text("id")).transpose()
}

/// Tournament `id`.
pub async fn read<D: Dialect>(conn: &mut D::Connection, id: &str) -> Result<TournamentRecord, StoreError> {
    let row = query::<D>(D::SQL.tournament, [id.into()])
        .fetch_optional(conn.executor())
        .await
        .map_err(backend)?
        .ok_or_else(|| StoreError::TournamentNotFound(id.to_owned()))?;
    from_row(&row)
}

/// Replaces `tournament` in `tx` if it is still at the revision before its own.
pub async fn update<D: Dialect>(
    tx: &mut Transaction<'static, D>,
    tournament: &TournamentRecord,
) -> Result<(), StoreError> {
    let expected = tournament.revision.saturating_sub(1);
    let values: [Value; 5] = [
        to_json(tournament).into(),
        tournament_status_name(tournament.status).into(),
        signed(tournament.revision).into(),
        tournament.id.as_str().into(),
        signed(expected).into(),
    ];
    let done = query::<D>(D::SQL.update_tournament, values).execute(tx.executor()).await.map_err(backend)?;
    if D::rows_affected(&done) == 1 {
        return index_labels::<D>(tx, Labelled::Tournament, &tournament.id, &tournament.labels).await;
    }
    let row = query::<D>(D::SQL.revision_of_tournament, [tournament.id.as_str().into()])
        .fetch_optional(tx.executor())
        .await
        .map_err(backend)?
        .ok_or_else(|| StoreError::TournamentNotFound(tournament.id.clone()))?;
    Err(StoreError::Conflict { expected, current: unsigned(row.int("revision")?, "revision")? })
}

/// Up to `limit` tournaments, newest first, in `status` if given, carrying every label of
/// `labels`, after `after_id`.
pub async fn list<D: Dialect>(
    conn: &mut D::Connection,
    status: Option<TournamentStatus>,
    labels: &Labels,
    after_id: Option<&str>,
    limit: usize,
) -> Result<Vec<TournamentRecord>, StoreError> {
    let mut sql = QueryBuilder::<D>::new(D::SQL.list_tournaments);
    if let Some(status) = status {
        sql.push(" AND status = ");
        D::push(&mut sql, tournament_status_name(status).into());
    }
    push_label_conditions(&mut sql, Labelled::Tournament, labels);
    if let Some(after_id) = after_id {
        sql.push(" AND id < ");
        D::push(&mut sql, after_id.into());
    }
    sql.push(" ORDER BY id DESC LIMIT ");
    D::push(&mut sql, i64::try_from(limit).unwrap_or(i64::MAX).into());
    let rows = sql.build().fetch_all(conn.executor()).await.map_err(backend)?;
    rows.iter().map(from_row).collect()
}
