//! One game at this terminal: its board drawn again after every event, and a prompt for
//! each seat played here whenever that seat is to act. A table without seats here only
//! follows the game (`tabula watch`).
//!
//! The server is the only authority: the board is drawn from its views, a typed move is
//! one of the moves it lists, and whose turn it is comes from the view's `to_act`.

use std::io::{IsTerminal, Write, stdout};
use std::time::SystemTime;

use tabula::proto::tabula::v1 as pb;
use tonic::{Code, Response, Status};

use super::client::{Client, Credential, Failure, failed, request};
use super::draw::boards;
use super::events::{Feed, News};
use super::input::Input;
use super::moves::{self, Command};
use super::reconnect::{Backoff, transient};
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
    /// The lines typed here, read only when seats are played here.
    input: Option<Input>,
    /// Whether the server was out of reach at the last call, so that losing it and getting
    /// it back are each said once.
    offline: bool,
}

/// Whether to go on after a typed line.
enum Flow {
    Continue,
    Leave,
}

/// What became of a call to the server.
enum Reply<T> {
    /// The server's answer.
    Answered(T),
    /// The server's refusal, which asking again would not change.
    Refused(Status),
    /// The person quit while the server was out of reach.
    Left,
}

impl<T> Reply<T> {
    /// The answer, or `None` when the person left; a refusal becomes a sentence saying
    /// what could not be done.
    fn needed(self, doing: &str) -> Result<Option<T>, Failure> {
        match self {
            Reply::Answered(answer) => Ok(Some(answer)),
            Reply::Refused(status) => Err(failed(doing, &status).into()),
            Reply::Left => Ok(None),
        }
    }
}

impl Table {
    /// Game `game_id` on `server` (`client` connected to it), its seats named `names`,
    /// with `local` played here.
    pub fn new(client: Client, server: &str, game_id: &str, names: SeatNames, local: Vec<LocalSeat>) -> Table {
        let input = (!local.is_empty()).then(Input::stdin);
        Table { client, server: server.to_owned(), game_id: game_id.to_owned(), names, local, input, offline: false }
    }

    /// Follows the game, prompting for the seats played here, until it ends (the outcome is
    /// the last thing printed) or the person quits (the game goes on on the server). A
    /// server that goes away (a restart) is waited for, however long it takes, and the game
    /// followed on from the last event shown once it is back.
    ///
    /// # Errors
    /// A call the server refused in a way no retyping helps, as a sentence.
    pub async fn run(mut self) -> Result<(), Failure> {
        let reader = self.local.first().map(|seat| seat.credential.clone());
        let Some(mut view) = self.view(reader.as_ref()).await? else { return Ok(()) };
        self.show(None, &view)?;
        if !self.local.is_empty() && !finished(&view) {
            writeln!(stdout(), "type a move when asked (help lists the legal ones), resign to give up, quit to leave")?;
        }
        let mut feed = Feed::new(self.client.clone(), &self.game_id, reader, view.seq);
        // The seq and seat of the last board drawn, so a seat about to move in a game with
        // secrets is shown its own boards once, not after every line it types.
        let mut drawn_for = (view.seq, view.viewer_seat);
        let mut said_waiting = None;
        loop {
            if finished(&view) {
                return Ok(());
            }
            let seat = self.local.iter().find(|seat| view.to_act.contains(&seat.number)).cloned();
            // While the server is lost, the events' stream is what finds it back.
            let Some(seat) = seat.filter(|_| !self.offline) else {
                if !self.local.is_empty() && !self.offline && said_waiting != Some(view.seq) {
                    let others: Vec<String> = view.to_act.iter().map(|&seat| self.names.name(seat)).collect();
                    writeln!(stdout(), "waiting for {}…", others.join(", "))?;
                    said_waiting = Some(view.seq);
                }
                let Some(after) = self.follow(&mut feed, view).await? else { return Ok(()) };
                view = after;
                drawn_for = (view.seq, view.viewer_seat);
                continue;
            };
            if !view.seat_boards.is_empty() && drawn_for != (view.seq, seat.number) {
                // Hot-seat with secrets (Battleship): the seat to move sees its own oceans.
                let Some(own) = self.view(Some(&seat.credential)).await? else { return Ok(()) };
                writeln!(stdout(), "\n{} is to act; the game as that seat sees it:", self.names.name(seat.number))?;
                self.show(None, &own)?;
                drawn_for = (view.seq, seat.number);
            }
            let Some(legal) = self.legal_moves(&seat).await? else { return Ok(()) };
            if legal.seq > view.seq || legal.moves.is_empty() {
                // The events that brought the game there are still on their way.
                let Some(after) = self.follow(&mut feed, view).await? else { return Ok(()) };
                view = after;
                drawn_for = (view.seq, view.viewer_seat);
                continue;
            }
            if let [only] = legal.moves.as_slice() {
                writeln!(stdout(), "the only legal move: {}", only.label)?;
            }
            write!(stdout(), "{} to move> ", self.names.name(seat.number))?;
            // A prompt has no line ending: without a flush it would wait for one.
            stdout().flush()?;
            tokio::select! {
                biased;
                news = feed.next() => {
                    writeln!(stdout())?;
                    view = self.hear(news?, view)?;
                    drawn_for = (view.seq, view.viewer_seat);
                }
                line = next_line(self.input.as_mut()) => {
                    let Some(line) = line else {
                        writeln!(stdout())?;
                        self.leave("the input ended")?;
                        return Ok(());
                    };
                    echo_piped(&line)?;
                    let simultaneous = view.to_act.len() > 1;
                    if let Flow::Leave = self.act(&seat, &legal, &line, simultaneous).await? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Waits until the game moves on (its next event, drawn) or the server is back after it
    /// was lost; the game's view then, or `None` when the person quit while the server was
    /// lost.
    async fn follow(&mut self, feed: &mut Feed, mut view: pb::View) -> Result<Option<pb::View>, Failure> {
        loop {
            tokio::select! {
                news = feed.next() => {
                    let news = news?;
                    let moved_on = !matches!(news, News::Lost(_));
                    view = self.hear(news, view)?;
                    if moved_on {
                        return Ok(Some(view));
                    }
                }
                // Typed lines wait for the seat's turn, but not while the server is lost:
                // quitting then must not wait for it.
                line = next_line(self.input.as_mut()), if self.offline => {
                    if let Flow::Leave = self.typed_offline(line)? {
                        return Ok(None);
                    }
                }
            }
        }
    }

    /// Tells what `news` says (an event with the board after it, the server lost or back)
    /// and returns the game's view after it: `view` when it brings none.
    fn hear(&mut self, news: News, view: pb::View) -> Result<pb::View, Failure> {
        match news {
            News::Event(arrival) => match *arrival {
                (event, Some(after)) => {
                    self.show(Some(&event), &after)?;
                    Ok(after)
                }
                (event, None) => {
                    writeln!(stdout(), "\n{}", event_line(&event, &self.names))?;
                    Ok(view)
                }
            },
            News::Lost(why) => {
                self.lost(&why)?;
                Ok(view)
            }
            News::Back => {
                self.back()?;
                Ok(view)
            }
            News::End if finished(&view) => Ok(view),
            News::End => {
                Err("the server closed the game's events before the game ended; run the command again to go on".into())
            }
        }
    }

    /// Says the server is out of reach, once until it is back.
    fn lost(&mut self, why: &str) -> std::io::Result<()> {
        if !self.offline {
            self.offline = true;
            let leave = if self.input.is_some() { "type quit to leave" } else { "Ctrl-C to leave" };
            writeln!(stdout(), "\nlost the server at {} ({why}); reconnecting… ({leave})", self.server)?;
        }
        Ok(())
    }

    /// Says the server answers again, once after it was lost.
    fn back(&mut self) -> std::io::Result<()> {
        if self.offline {
            self.offline = false;
            writeln!(stdout(), "connected to the server again")?;
        }
        Ok(())
    }

    /// Answers a line typed while the server is out of reach: only leaving is possible
    /// then.
    fn typed_offline(&mut self, line: Option<String>) -> std::io::Result<Flow> {
        let Some(line) = line else {
            self.leave("the input ended")?;
            return Ok(Flow::Leave);
        };
        echo_piped(&line)?;
        match moves::command(&line) {
            Command::Quit => {
                self.leave("you quit")?;
                Ok(Flow::Leave)
            }
            Command::Nothing => Ok(Flow::Continue),
            _ => {
                writeln!(stdout(), "not sent: the server is out of reach; type it again once it is back")?;
                Ok(Flow::Continue)
            }
        }
    }

    /// Makes a call until the server answers it. While the server is out of reach this
    /// says so once, tries again after growing pauses, and lets the person quit meanwhile.
    /// `call` is given a client to make the call with, and may be made several times.
    async fn call<T>(
        &mut self,
        mut call: impl AsyncFnMut(Client) -> Result<Response<T>, Status>,
    ) -> std::io::Result<Reply<T>> {
        let mut backoff = Backoff::new();
        loop {
            match call(self.client.clone()).await {
                Ok(response) => {
                    self.back()?;
                    return Ok(Reply::Answered(response.into_inner()));
                }
                Err(status) if transient(&status) => self.lost(status.message())?,
                Err(status) => return Ok(Reply::Refused(status)),
            }
            tokio::select! {
                () = tokio::time::sleep(backoff.pause()) => {}
                line = next_line(self.input.as_mut()) => {
                    if let Flow::Leave = self.typed_offline(line)? {
                        return Ok(Reply::Left);
                    }
                }
            }
        }
    }

    /// The game as `credential` (or a spectator) sees it now; `None` when the person left
    /// while the server was out of reach.
    async fn view(&mut self, credential: Option<&Credential>) -> Result<Option<pb::View>, Failure> {
        let message = pb::GetViewRequest { game_id: self.game_id.clone(), at_seq: None };
        let reply = self.call(async |mut client| client.get_view(request(credential, message.clone())).await).await?;
        let Some(response) = reply.needed("read the game")? else { return Ok(None) };
        Ok(Some(response.view.ok_or("the server answered without the game's view")?))
    }

    /// Prints the event (when there is one) and the board after it, with its status lines.
    fn show(&self, event: Option<&pb::GameEvent>, view: &pb::View) -> std::io::Result<()> {
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
        write!(stdout(), "{out}")?;
        stdout().flush()
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
                self.leave("you quit")?;
                return Ok(Flow::Leave);
            }
            Command::Help => {
                writeln!(stdout(), "{}", wrapped("legal moves:", &moves::labels(&legal.moves)))?;
                let auto = if moves::places_ships(&legal.moves) { ", auto (places the rest of the fleet)" } else { "" };
                writeln!(stdout(), "type one as listed (case and spaces do not matter), or help, resign, quit{auto}")?;
            }
            Command::Resign => match self.resign(seat).await? {
                Reply::Answered(_) => {}
                Reply::Refused(status) => writeln!(stdout(), "{}", failed("resign", &status))?,
                Reply::Left => return Ok(Flow::Leave),
            },
            Command::AutoPlace if moves::places_ships(&legal.moves) => return self.place_fleet(seat).await,
            Command::AutoPlace => {
                writeln!(stdout(), "auto places a Battleship fleet; there are no ships to place now")?;
            }
            Command::Move(text) => match moves::choose(text, &legal.moves) {
                Ok(chosen) => {
                    let expected_seq = (!simultaneous).then_some(legal.seq);
                    match self.submit(seat, chosen.r#move.clone(), expected_seq).await? {
                        Reply::Answered(_) => {}
                        Reply::Refused(status) => writeln!(stdout(), "{}", refusal(&status))?,
                        Reply::Left => return Ok(Flow::Leave),
                    }
                }
                Err(unmatched) => writeln!(stdout(), "{unmatched}")?,
            },
        }
        Ok(Flow::Continue)
    }

    /// Places the rest of `seat`'s fleet at random, longest ships first, each among the
    /// placements the server lists as legal (so the smaller ships still find room).
    async fn place_fleet(&mut self, seat: &LocalSeat) -> Result<Flow, Failure> {
        use rand::seq::IndexedRandom;
        loop {
            let Some(legal) = self.legal_moves(seat).await? else { return Ok(Flow::Leave) };
            let choice =
                moves::longest_ship_placements(&legal.moves).choose(&mut rand::rng()).map(|m| m.r#move.clone());
            let Some(mv) = choice else { break };
            match self.submit(seat, mv, None).await? {
                Reply::Answered(_) => {}
                Reply::Refused(status) => {
                    writeln!(stdout(), "{}", refusal(&status))?;
                    return Ok(Flow::Continue);
                }
                Reply::Left => return Ok(Flow::Leave),
            }
        }
        writeln!(stdout(), "fleet placed: type ready to confirm it")?;
        Ok(Flow::Continue)
    }

    /// The moves `seat` may make now; `None` when the person left while the server was out
    /// of reach.
    async fn legal_moves(&mut self, seat: &LocalSeat) -> Result<Option<pb::ListLegalMovesResponse>, Failure> {
        let message = pb::ListLegalMovesRequest { game_id: self.game_id.clone(), seat: 0 };
        let credential = &seat.credential;
        let reply = self
            .call(async |mut client| client.list_legal_moves(request(Some(credential), message.clone())).await)
            .await?;
        reply.needed("list the legal moves")
    }

    /// Sends `mv` for `seat`; what it changed arrives with the game's events. Its request
    /// id makes sending it again after a lost answer safe: the server applies it once.
    async fn submit(
        &mut self,
        seat: &LocalSeat,
        mv: Option<pb::Move>,
        expected_seq: Option<u64>,
    ) -> std::io::Result<Reply<pb::SubmitMoveResponse>> {
        let message = pb::SubmitMoveRequest {
            game_id: self.game_id.clone(),
            r#move: mv,
            expected_seq,
            request_id: request_id(),
            validate_only: false,
            // The board is drawn from the stream, so the answer need not carry it.
            view: pb::SubmitMoveView::Basic as i32,
        };
        let credential = &seat.credential;
        self.call(async |mut client| client.submit_move(request(Some(credential), message.clone())).await).await
    }

    /// Resigns `seat`, as safe to send again as a move.
    async fn resign(&mut self, seat: &LocalSeat) -> std::io::Result<Reply<pb::ResignResponse>> {
        let message = pb::ResignRequest { game_id: self.game_id.clone(), request_id: request_id() };
        let credential = &seat.credential;
        self.call(async |mut client| client.resign(request(Some(credential), message.clone())).await).await
    }

    /// Says the game goes on without this terminal, and how to come back to it.
    fn leave(&self, why: &str) -> std::io::Result<()> {
        let mut out = stdout().lock();
        writeln!(out, "{why}; game {} goes on on the server. To come back to it:", self.game_id)?;
        for seat in &self.local {
            writeln!(
                out,
                "  tabula join {} --token {} --server {}   ({})",
                self.game_id,
                seat.credential.secret(),
                self.server,
                self.names.name(seat.number)
            )?;
        }
        Ok(())
    }
}

/// The next line typed at `input`, `None` once it has ended; never, without input.
async fn next_line(input: Option<&mut Input>) -> Option<String> {
    match input {
        Some(input) => input.next().await,
        None => std::future::pending().await,
    }
}

/// Shows `line` when it came through a pipe: a terminal echoes what is typed, a pipe not.
fn echo_piped(line: &str) -> std::io::Result<()> {
    if std::io::stdin().is_terminal() { Ok(()) } else { writeln!(stdout(), "{line}") }
}

/// A fresh id for a call that changes the game, so that sending it again is safe.
fn request_id() -> String {
    uuid::Uuid::now_v7().to_string()
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
