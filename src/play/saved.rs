//! Configurations a service key saved under names of its own: saved, read, listed,
//! replaced and deleted for their owner, and read back when a game is created from one.
//! The configuration is validated before it is saved (see the service layer), so the game
//! a saved configuration makes is as valid as one made from a request.

use std::time::SystemTime;

use crate::engine::clock::ClockConfig;
use crate::games::GameConfig;
use crate::store::{SaveMode, SavedConfig, Store};

use super::error::PlayError;

/// The most configurations one service key may save.
pub const MAX_SAVED_CONFIGS_PER_KEY: u64 = 1_000;

/// What a caller asks to save.
#[derive(Clone, Debug)]
pub struct ToSave {
    /// Its name.
    pub name: String,
    /// What it is for, for people.
    pub description: String,
    /// The game's configuration, valid.
    pub config: GameConfig,
    /// The time control, valid for the game's seats.
    pub clock: Option<ClockConfig>,
}

/// Saves `wanted` for `owner` at `now`: a new name when `replace` is false, an existing
/// one otherwise.
///
/// # Errors
/// A name taken or missing, the owner at [`MAX_SAVED_CONFIGS_PER_KEY`], the store failing.
pub async fn save(
    store: &dyn Store,
    owner: &str,
    wanted: ToSave,
    replace: bool,
    now: SystemTime,
) -> Result<SavedConfig, PlayError> {
    let saved = SavedConfig {
        owner: owner.to_owned(),
        name: wanted.name,
        description: wanted.description,
        config: wanted.config,
        clock: wanted.clock,
        created: now,
        updated: now,
    };
    let mode = if replace { SaveMode::Replace } else { SaveMode::Create { max_per_owner: MAX_SAVED_CONFIGS_PER_KEY } };
    Ok(store.save_config(saved, mode).await?)
}
