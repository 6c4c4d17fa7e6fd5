//! The load generator's side of a move: the board it keeps itself and the part of each
//! answer it reads.
//!
//! The benchmark plays both seats of every game, so it knows every board without reading
//! it back. Decoding the whole view in each `SubmitMove` answer (361 cells on a 19×19
//! board) would cost the load generator, which shares the machine with the server, more
//! than the server spends encoding it: it asks for the basic answer, and when told to ask
//! for the full one, reads it through a message that skips the view whole.

use tonic::client::Grpc;
use tonic::transport::Channel;
use tonic::{Request, Status};

use tabula::proto::tabula::v1 as pb;

/// What the benchmark reads of a `SubmitMoveResponse`: its tags are the contract's, and
/// the view (tag 4, present when the benchmark asks for full answers) is skipped unread.
#[derive(Clone, PartialEq, prost::Message)]
pub struct MoveAnswer {
    /// `SubmitMoveResponse.seq`.
    #[prost(uint64, tag = "2")]
    pub seq: u64,
    /// `SubmitMoveResponse.to_act`.
    #[prost(uint32, repeated, tag = "5")]
    pub to_act: Vec<u32>,
    /// `SubmitMoveResponse.outcome`.
    #[prost(message, optional, tag = "7")]
    pub outcome: Option<pb::Outcome>,
}

/// Calls `SubmitMove` on `channel` and reads its answer as a [`MoveAnswer`], accepting a
/// gzip-compressed one when `accept_gzip`.
pub async fn submit_move(
    channel: &Channel,
    request: Request<pb::SubmitMoveRequest>,
    accept_gzip: bool,
) -> Result<MoveAnswer, Status> {
    let mut grpc = Grpc::new(channel.clone());
    if accept_gzip {
        grpc = grpc.accept_compressed(tonic::codec::CompressionEncoding::Gzip);
    }
    grpc.ready().await.map_err(|error| Status::unavailable(format!("the connection is not ready: {error}")))?;
    let path = tonic::codegen::http::uri::PathAndQuery::from_static("/tabula.v1.GameService/SubmitMove");
    let codec = tonic_prost::ProstCodec::<pb::SubmitMoveRequest, MoveAnswer>::default();
    Ok(grpc.unary(request, path, codec).await?.into_inner())
}

/// The empty places of one game's board, kept by the benchmark as it plays: the first
/// empty cell in reading order, or the first column with room, is the next move.
pub struct LocalBoard {
    width: u32,
    by_column: bool,
    /// Per cell (or per column, by column), the empty places left.
    room: Vec<u32>,
    /// No place before this one has room.
    next: usize,
}

impl LocalBoard {
    /// The board as a view shows it.
    pub fn new(board: &pb::GridBoard, by_column: bool) -> LocalBoard {
        let empty = |index: usize| u32::from(board.cells.get(index).is_some_and(|cell| cell.piece == 0));
        let room = if by_column {
            (0..board.width as usize)
                .map(|column| (0..board.height as usize).map(|row| empty(row * board.width as usize + column)).sum())
                .collect()
        } else {
            (0..board.cells.len()).map(empty).collect()
        };
        LocalBoard { width: board.width, by_column, room, next: 0 }
    }

    /// The next move, taken from the board; `None` once the board is full.
    pub fn take_move(&mut self) -> Option<pb::Move> {
        while self.room.get(self.next) == Some(&0) {
            self.next += 1;
        }
        let room = self.room.get_mut(self.next)?;
        *room -= 1;
        let index = self.next as u32;
        let target = if self.by_column {
            pb::place::Target::Column(index)
        } else {
            pb::place::Target::Cell(pb::Cell { row: index / self.width, col: index % self.width })
        };
        Some(pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target: Some(target) })) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(width: u32, height: u32, filled: &[usize]) -> pb::GridBoard {
        let cells = (0..(width * height) as usize)
            .map(|index| pb::BoardCell { owner: 0, piece: if filled.contains(&index) { 1 } else { 0 } })
            .collect();
        pb::GridBoard { width, height, cells, ..Default::default() }
    }

    fn target(mv: pb::Move) -> pb::place::Target {
        let Some(pb::r#move::Kind::Place(place)) = mv.kind else { panic!("a placement") };
        place.target.unwrap()
    }

    #[test]
    fn cells_are_taken_in_reading_order_past_those_already_filled() {
        let mut local = LocalBoard::new(&board(3, 2, &[0, 2]), false);
        let taken: Vec<_> = std::iter::from_fn(|| local.take_move()).map(target).collect();
        let cell = |row, col| pb::place::Target::Cell(pb::Cell { row, col });
        assert_eq!(taken, [cell(0, 1), cell(1, 0), cell(1, 1), cell(1, 2)]);
    }

    #[test]
    fn columns_are_taken_until_each_is_full() {
        // Column 0 has one cell filled (a blocked cell, say): one place of room left.
        let mut local = LocalBoard::new(&board(2, 2, &[2]), true);
        let taken: Vec<_> = std::iter::from_fn(|| local.take_move()).map(target).collect();
        use pb::place::Target::Column;
        assert_eq!(taken, [Column(0), Column(1), Column(1)]);
    }

    #[test]
    fn the_summary_reads_the_same_bytes_as_the_whole_answer() {
        let view = pb::View { board: Some(board(19, 19, &[4, 7])), seq: 9, ..Default::default() };
        let outcome = Some(pb::Outcome { winner: 1, ..Default::default() });
        let whole = pb::SubmitMoveResponse {
            applied: true,
            seq: 9,
            view: Some(view),
            to_act: vec![2],
            outcome: outcome.clone(),
            ..Default::default()
        };
        let read = <MoveAnswer as prost::Message>::decode(prost::Message::encode_to_vec(&whole).as_slice()).unwrap();
        assert_eq!(read, MoveAnswer { seq: 9, to_act: vec![2], outcome });
    }
}
