//! One game at this terminal: its board drawn again after every event, and a prompt for
//! each seat played here whenever that seat is to act. A table without seats here only
//! follows the game (`tabula watch`).
//!
//! The server is the only authority: the board is drawn from its views, a typed move is
//! one of the moves it lists, and whose turn it is comes from the view's `to_act`.

use std::io::{IsTerminal, Write};
use std::time::SystemTime;

use tabula::proto::tabula::v1 as pb;
use tonic::Code;

use super::client::{self, Client, Credential, Failure, failed, request};
use super::draw::boards;
use super::events::{Arrival, Feed};
use super::input::Input;
use super::moves::{self, Command};
use super::seats::SeatNames;
use super::status::{event_line, last_move, status};

/// Width the lists of moves are wrapped to, to stay readable in a narrow terminal.
const LINE_WIDTH: usize = 96;

/// A seat whose moves are typed at this terminal.
#[derive(Clone, Debug)]
pub struct LocalSeat {
    /// The seat, numbered from 1.
    pub number: u32,
    /// Its token, which every call for it carries.
    pub credential: Credential,
}

/// A game followed at this terminal, with the seats played here (none for a spectator; the
/// first one's view is the one drawn after each event).
pub struct Table {
    client: Client,
    server: String,
    game_id: String,
    names: SeatNames,
    local: Vec<LocalSeat>,
}

/// Whether to go on after a typed line.
enum Flow {
    Continue,
    Leave,
}

impl Table {
    /// Game `game_id` on `server` (`client` connected to it), its seats named `names`,
    /// with `local` played here.
    pub fn new(client: Client, server: &str, game_id: &str, names: SeatNames, local: Vec<LocalSeat>) -> Table {
        Table { client, server: server.to_owned(), game_id: game_id.to_owned(), names, local }
    }

    /// Follows the game, prompting for the seats played here, until it ends (the outcome is
    /// the last thing printed) or the person quits (the game goes on on the server).
    ///
    /// # Errors
    /// A call the server refused in a way no retyping helps, as a sentence.
    pub async fn run(mut self) -> Result<(), Failure> {
        let reader = self.local.first().map(|seat| seat.credential.clone());
        let mut view = client::view(&mut self.client, &self.game_id, reader.as_ref()).await?;
        self.show(None, &view);
        if !self.local.is_empty() && !finished(&view) {
            println!("type a move when asked (help lists the legal ones), resign to give up, quit to leave");
        }
        let mut feed = Feed::new(self.client.clone(), &self.game_id, reader, view.seq);
        let mut input = (!self.local.is_empty()).then(Input::stdin);
        // The seq and seat of the last board drawn, so a seat about to move in a game with
        // secrets is shown its own boards once, not after every line it types.
        let mut drawn_for = (view.seq, view.viewer_seat);
        let mut said_waiting = None;
        loop {
            if finished(&view) {
                return Ok(());
            }
            let seat = self.local.iter().find(|seat| view.to_act.contains(&seat.number)).cloned();
            let (Some(seat), Some(input)) = (seat, input.as_mut()) else {
                if !self.local.is_empty() && said_waiting != Some(view.seq) {
                    let others: Vec<String> = view.to_act.iter().map(|&seat| self.names.name(seat)).collect();
                    println!("waiting for {}…", others.join(", "));
                    said_waiting = Some(view.seq);
                }
                view = self.follow(&mut feed, view).await?;
                drawn_for = (view.seq, view.viewer_seat);
                continue;
            };
            if !view.seat_boards.is_empty() && drawn_for != (view.seq, seat.number) {
                // Hot-seat with secrets (Battleship): the seat to move sees its own oceans.
                let own = client::view(&mut self.client, &self.game_id, Some(&seat.credential)).await?;
                println!("\n{} is to act; the game as that seat sees it:", self.names.name(seat.number));
                self.show(None, &own);
                drawn_for = (view.seq, seat.number);
            }
            let legal = self.legal_moves(&seat).await?;
            if legal.seq > view.seq || legal.moves.is_empty() {
                // The events that brought the game there are still on their way.
                view = self.follow(&mut feed, view).await?;
                drawn_for = (view.seq, view.viewer_seat);
                continue;
            }
            if let [only] = legal.moves.as_slice() {
                println!("the only legal move: {}", only.label);
            }
            print!("{} to move> ", self.names.name(seat.number));
            // A prompt has no line ending: without a flush it would wait for one.
            let _ = std::io::stdout().flush();
            tokio::select! {
                biased;
                event = feed.next() => {
                    println!();
                    view = self.shown(event?, view)?;
                    drawn_for = (view.seq, view.viewer_seat);
                }
                line = input.next() => {
                    let Some(line) = line else {
                        println!();
                        self.leave("the input ended");
                        return Ok(());
                    };
                    if !std::io::stdin().is_terminal() {
                        // Piped moves are not echoed by a terminal: show what was read.
                        println!("{line}");
                    }
                    let simultaneous = view.to_act.len() > 1;
                    if let Flow::Leave = self.act(&seat, &legal, &line, simultaneous).await? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Waits for the next event and draws it; the view after it is the game's now.
    async fn follow(&self, feed: &mut Feed, view: pb::View) -> Result<pb::View, Failure> {
        let event = feed.next().await?;
        self.shown(event, view)
    }

    /// Draws `event` (an event and the view after it, or the end of the events) and returns
    /// the game's view after it; `view` stays the game's view when the event has none.
    fn shown(&self, event: Option<Arrival>, view: pb::View) -> Result<pb::View, Failure> {
        match event {
            Some((event, Some(after))) => {
                self.show(Some(&event), &after);
                Ok(after)
            }
            Some((event, None)) => {
                println!("\n{}", event_line(&event, &self.names));
                Ok(view)
            }
            None if finished(&view) => Ok(view),
            None => {
                Err("the server closed the game's events before the game ended; run the command again to go on".into())
            }
        }
    }

    /// Prints the event (when there is one) and the board after it, with its status lines.
    fn show(&self, event: Option<&pb::GameEvent>, view: &pb::View) {
        let mut out = String::from("\n");
        let applied_move = matches!(event.and_then(|e| e.kind.as_ref()), Some(pb::game_event::Kind::MoveApplied(_)));
        if let Some(event) = event {
            out += &event_line(event, &self.names);
            out += "\n";
        }
        out += &boards(view, &self.names);
        if !applied_move && let Some(last) = last_move(view, &self.names) {
            out += &last;
            out += "\n";
        }
        out += &status(view, &self.names, SystemTime::now());
        print!("{out}");
        let _ = std::io::stdout().flush();
    }

    /// Does what `line` asks for `seat`, whose legal moves are `legal`. Where several seats
    /// act at once (Battleship's placement) the move is sent without the game's seq, which
    /// the other seats' moves change without changing this seat's options.
    async fn act(
        &mut self,
        seat: &LocalSeat,
        legal: &pb::ListLegalMovesResponse,
        line: &str,
        simultaneous: bool,
    ) -> Result<Flow, Failure> {
        match moves::command(line) {
            Command::Nothing => {}
            Command::Quit => {
                self.leave("you quit");
                return Ok(Flow::Leave);
            }
            Command::Help => {
                println!("{}", wrapped("legal moves:", &moves::labels(&legal.moves)));
                let auto = if moves::places_ships(&legal.moves) { ", auto (places the rest of the fleet)" } else { "" };
                println!("type one as listed (case and spaces do not matter), or help, resign, quit{auto}");
            }
            Command::Resign => {
                let message = pb::ResignRequest { game_id: self.game_id.clone(), request_id: String::new() };
                if let Err(status) = self.client.resign(request(Some(&seat.credential), message)).await {
                    println!("{}", failed("resign", &status));
                }
            }
            Command::AutoPlace if moves::places_ships(&legal.moves) => self.place_fleet(seat).await?,
            Command::AutoPlace => println!("auto places a Battleship fleet; there are no ships to place now"),
            Command::Move(text) => match moves::choose(text, &legal.moves) {
                Ok(chosen) => {
                    let expected_seq = (!simultaneous).then_some(legal.seq);
                    if let Err(refused) = self.submit(seat, chosen.r#move.clone(), expected_seq).await {
                        println!("{refused}");
                    }
                }
                Err(unmatched) => println!("{unmatched}"),
            },
        }
        Ok(Flow::Continue)
    }

    /// Places the rest of `seat`'s fleet at random, longest ships first, each among the
    /// placements the server lists as legal (so the smaller ships still find room).
    async fn place_fleet(&mut self, seat: &LocalSeat) -> Result<(), Failure> {
        use rand::seq::IndexedRandom;
        loop {
            let legal = self.legal_moves(seat).await?;
            let choice =
                moves::longest_ship_placements(&legal.moves).choose(&mut rand::rng()).map(|m| m.r#move.clone());
            let Some(mv) = choice else { break };
            if let Err(refused) = self.submit(seat, mv, None).await {
                println!("{refused}");
                return Ok(());
            }
        }
        println!("fleet placed: type ready to confirm it");
        Ok(())
    }

    async fn legal_moves(&mut self, seat: &LocalSeat) -> Result<pb::ListLegalMovesResponse, Failure> {
        let message = pb::ListLegalMovesRequest { game_id: self.game_id.clone(), seat: 0 };
        let response = self
            .client
            .list_legal_moves(request(Some(&seat.credential), message))
            .await
            .map_err(|e| failed("list the legal moves", &e))?;
        Ok(response.into_inner())
    }

    /// Sends `mv` for `seat`; what it changed arrives with the game's events. A refusal
    /// comes back in the server's words.
    async fn submit(
        &mut self,
        seat: &LocalSeat,
        mv: Option<pb::Move>,
        expected_seq: Option<u64>,
    ) -> Result<(), String> {
        let message = pb::SubmitMoveRequest {
            game_id: self.game_id.clone(),
            r#move: mv,
            expected_seq,
            request_id: String::new(),
            validate_only: false,
            // The board is drawn from the stream, so the answer need not carry it.
            view: pb::SubmitMoveView::Basic as i32,
        };
        self.client.submit_move(request(Some(&seat.credential), message)).await.map(|_| ()).map_err(|e| refusal(&e))
    }

    /// Says the game goes on without this terminal, and how to come back to it.
    fn leave(&self, why: &str) {
        println!("{why}; game {} goes on on the server. To come back to it:", self.game_id);
        for seat in &self.local {
            println!(
                "  tabula join {} --token {} --server {}   ({})",
                self.game_id,
                seat.credential.secret(),
                self.server,
                self.names.name(seat.number)
            );
        }
    }
}

fn finished(view: &pb::View) -> bool {
    view.status == pb::GameStatus::Finished as i32 || view.status == pb::GameStatus::Archived as i32
}

/// A move the server refused, in its words.
fn refusal(status: &tonic::Status) -> String {
    match status.code() {
        Code::Aborted => "the game moved on before the move arrived; look at the board and try again".to_owned(),
        _ => format!("refused: {}", status.message()),
    }
}

/// `items` after `title`, comma-separated, wrapped to [`LINE_WIDTH`] with continuation lines
/// indented.
fn wrapped(title: &str, items: &[String]) -> String {
    let mut out = title.to_owned();
    let mut line_length = out.chars().count();
    for (index, item) in items.iter().enumerate() {
        let piece = if index + 1 < items.len() { format!("{item},") } else { item.clone() };
        if line_length + 1 + piece.chars().count() > LINE_WIDTH {
            out += "\n   ";
            line_length = 3;
        }
        out += " ";
        out += &piece;
        line_length += 1 + piece.chars().count();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_of_moves_wrap_with_indented_continuations() {
        let items: Vec<String> = (0..40).map(|i| format!("column {i}")).collect();
        let text = wrapped("legal moves:", &items);
        assert!(text.lines().all(|line| line.chars().count() <= LINE_WIDTH), "{text}");
        assert!(text.starts_with("legal moves: column 0, column 1,"), "{text}");
        assert!(text.lines().skip(1).all(|line| line.starts_with("    column")), "{text}");
        assert!(text.ends_with("column 39"), "{text}");
    }
}
