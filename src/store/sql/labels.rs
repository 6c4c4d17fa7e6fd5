//! Labels in SQL: the index rows a game's, a series' or a tournament's labels are found by.

use sqlx::QueryBuilder;

use super::super::{Labels, StoreError};
use super::columns::query;
use super::{Dialect, Executes, backend};

/// What carries the labels.
#[derive(Clone, Copy)]
pub enum Labelled {
    Game,
    Series,
    Tournament,
}

/// Makes `labels` the index rows of the game, series or tournament `id`, in place of any it had.
pub async fn index_labels<D: Dialect>(
    conn: &mut D::Connection,
    labelled: Labelled,
    id: &str,
    labels: &Labels,
) -> Result<(), StoreError> {
    let (delete, insert) = match labelled {
        Labelled::Game => (D::SQL.delete_game_labels, D::SQL.insert_game_label),
        Labelled::Series => (D::SQL.delete_series_labels, D::SQL.insert_series_label),
        Labelled::Tournament => (D::SQL.delete_tournament_labels, D::SQL.insert_tournament_label),
    };
    query::<D>(delete, [id.into()]).execute(conn.executor()).await.map_err(backend)?;
    for (key, value) in labels {
        query::<D>(insert, [id.into(), key.as_str().into(), value.as_str().into()])
            .execute(conn.executor())
            .await
            .map_err(backend)?;
    }
    Ok(())
}

/// Adds to `query` the conditions that the listed game, series or tournament carries every label of
/// `labels`, each on its own index.
pub fn push_label_conditions<D: Dialect>(query: &mut QueryBuilder<D>, labelled: Labelled, labels: &Labels) {
    let start = match labelled {
        Labelled::Game => D::SQL.games_with_label,
        Labelled::Series => D::SQL.series_with_label,
        Labelled::Tournament => D::SQL.tournaments_with_label,
    };
    for (key, value) in labels {
        query.push(start);
        D::push(query, key.as_str().into());
        query.push(" AND value = ");
        D::push(query, value.as_str().into());
        query.push(")");
    }
}
