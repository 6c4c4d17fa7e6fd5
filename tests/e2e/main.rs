//! End-to-end tests: a real server (in this process, or the real binary) on a real socket,
//! driven through the generated client. One test binary with a module per area, so the
//! suite links tonic, sqlx and the server once rather than once per area.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod auth;
mod batch;
mod binary;
mod bots;
mod chess_and_puzzles;
mod clocks;
mod compression;
mod concurrency;
mod connections;
mod documents;
mod durability;
mod ending_takeback;
mod errors;
mod games;
mod hidden_information;
mod history;
mod hostile;
mod labels;
mod limits;
mod manage;
mod metrics;
mod owners;
mod players;
mod presence;
mod ratings;
mod rematch;
mod reversi_positions;
mod rule_options;
mod saved_configs;
mod series;
mod server_moves;
mod solutions;
mod spectator_delay;
mod streams;
mod terminal;
mod tournaments;
mod web;
