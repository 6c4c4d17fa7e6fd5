//! `rematch`: the finished game played again (`CreateRematch`), its seats swapped, followed
//! at this terminal as the game was: each seat played here plays the other seat there, the
//! server's engine keeps its own, and a player elsewhere is told how to join.

use std::io::{Write, stdout};

use tabula::proto::tabula::v1 as pb;

use super::super::client::{Credential, Failure, request};
use super::super::refusal::{metadata, reason, refused};
use super::{Flow, LocalSeat, Reply, Table, request_id};

impl Table {
    /// Creates the rematch of the finished game and moves the table to it; a refusal is
    /// said, with how to reach a rematch that exists already.
    pub(super) async fn rematch(&mut self) -> Result<Flow, Failure> {
        let message = pb::CreateRematchRequest { game_id: self.game_id.clone(), request_id: request_id() };
        let key = self.service_key.clone();
        let reply =
            self.call(async |mut client| client.create_rematch(request(key.as_ref(), message.clone())).await).await?;
        match reply {
            Reply::Answered(created) => self.move_to(created),
            Reply::Refused(status) if reason(&status) == "REMATCH_EXISTS" => {
                let rematch = metadata(&status, "rematch_game_id").unwrap_or_default();
                self.say(&self.existing(&rematch))
            }
            Reply::Refused(status) => self.say(&refused("create the rematch", &status)),
            Reply::Left => Ok(Flow::Leave),
        }
    }

    /// Moves the table to the rematch `created`, saying who plays what there.
    fn move_to(&mut self, created: pb::CreateRematchResponse) -> Result<Flow, Failure> {
        let game = created.game.ok_or("the server created the rematch without describing it")?;
        let played_here: Vec<u32> = self.local.iter().map(|seat| swapped(seat.number, game.seat_count)).collect();
        let engine: Vec<u32> = game.bots.iter().map(|bot| bot.seat).collect();
        let mut local = Vec::new();
        let mut elsewhere = Vec::new();
        for token in created.seat_tokens {
            if played_here.contains(&token.seat) {
                local.push(LocalSeat { number: token.seat, credential: Credential::bearer(&token.token)? });
            } else if !engine.contains(&token.seat) {
                elsewhere.push(token);
            }
        }
        if local.len() != played_here.len() {
            return Err("the server created the rematch without the tokens of the seats played here".into());
        }
        let mut out = stdout().lock();
        writeln!(out, "\nrematch {} created, the seats swapped", game.game_id)?;
        match local.as_slice() {
            [only] => writeln!(out, "you are {}", self.names.name(only.number))?,
            _ => writeln!(out, "every seat is played here, in turn")?,
        }
        for token in &elsewhere {
            writeln!(
                out,
                "{} joins it with: tabula join {} --token {} --server {}",
                self.names.name(token.seat),
                game.game_id,
                token.token,
                self.server
            )?;
        }
        self.game_id = game.game_id;
        self.local = local;
        Ok(Flow::Rematch)
    }

    /// How to reach `rematch`, the rematch someone else created.
    fn existing(&self, rematch: &str) -> String {
        let server = &self.server;
        format!(
            "game {} has its rematch already: {rematch}, created elsewhere, where its seats' tokens went. With a \
             token: tabula join {rematch} --token TOKEN --server {server}; to follow it: tabula watch {rematch} \
             --server {server}",
            self.game_id
        )
    }
}

/// The seat that `seat` of a game of `seat_count` seats plays in its rematch: the other one
/// of two (colours change hands); in a game of one, the same.
fn swapped(seat: u32, seat_count: u32) -> u32 {
    if seat_count == 2 { 3 - seat } else { seat }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rematch_swaps_the_two_seats_and_keeps_a_single_one() {
        assert_eq!(swapped(1, 2), 2);
        assert_eq!(swapped(2, 2), 1);
        assert_eq!(swapped(1, 1), 1);
    }
}
