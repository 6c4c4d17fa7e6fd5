//! Tabula: a gRPC service that hosts turn-based board games and is the single authority
//! on their rules.
//!
//! Five layers, each using only the ones below it:
//! - [`engine`]: the game trait and shared types; pure rules.
//! - [`games`]: one module per game, and the registry.
//! - [`store`]: game records and their event logs.
//! - [`play`]: the life of a game: serialised turns, events, fan-out, and the moves the
//!   server makes itself.
//! - [`service`]: the gRPC layer, which names only the play layer's facade and records.

pub mod engine;
pub mod games;
pub mod play;
pub mod proto;
pub mod service;
pub mod store;
