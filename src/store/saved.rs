//! Configurations a service key saved under names of its own, so that `CreateGame` can
//! name one like a preset. A saved configuration is the caller's, not any game's: a game
//! created from one copies it, so changing or deleting it never changes a game.

use std::time::SystemTime;

use crate::engine::clock::ClockConfig;
use crate::games::GameConfig;

/// A configuration saved under a name.
///
/// Invariant: `config` was valid when it was saved (a `CreateGame` would accept it), and
/// names are unique per owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedConfig {
    /// The service key that saved it (its public name; empty on a server without keys).
    pub owner: String,
    /// Its name, unique among the owner's.
    pub name: String,
    /// What it is for, for people; may be empty.
    pub description: String,
    /// The game's configuration.
    pub config: GameConfig,
    /// The time control, for a configuration on a clock.
    pub clock: Option<ClockConfig>,
    /// When it was first saved (at the stored precision).
    pub created: SystemTime,
    /// When it was last saved (at the stored precision).
    pub updated: SystemTime,
}

impl SavedConfig {
    /// This configuration with its times at the precision every store keeps.
    pub fn at_stored_precision(self) -> SavedConfig {
        SavedConfig {
            created: super::to_stored_precision(self.created),
            updated: super::to_stored_precision(self.updated),
            ..self
        }
    }
}

/// How [`Store::save_config`](super::Store::save_config) saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveMode {
    /// Under a name the owner does not use yet, when the owner has fewer than this many.
    Create { max_per_owner: u64 },
    /// In place of the owner's configuration of that name, keeping its creation time.
    Replace,
}
