//! One game at this terminal: its board drawn again after every event, and a prompt for
//! each seat played here whenever that seat is to act. While another seat is to act, the
//! seats played here may still type what needs no turn (a takeback, withdrawing a draw
//! offer, resigning); once the game is over, the players may start its rematch and play on
//! there. A table without seats here only follows the game (`tabula watch`).
//!
//! The server is the only authority: the board is drawn from its views, a typed move is
//! one of the moves it lists, whose turn it is comes from the view's `to_act`, and every
//! command is a call of the contract, refused in the server's terms when it must be.

use std::io::{IsTerminal, Write, stdout};
use std::time::Duration;

use tabula::proto::tabula::v1 as pb;
use tonic::{Response, Status};

use super::client::{Client, Credential, Failure, failed, request};
use super::draw::boards;
use super::events::{self, Feed, News};
use super::input::Input;
use super::live_clock::LiveClock;
use super::moves::{self, Command, commands_help};
use super::numbering::MoveNumbers;
use super::reconnect::{Backoff, transient};
use super::refusal::{refused, refused_move};
use super::seats::SeatNames;
use super::status::{event_line, last_move, leaves_board, status};

mod hint;
mod pass;
mod rematch;
mod talk;

/// Width the lists of moves are wrapped to, to stay readable in a narrow terminal.
const LINE_WIDTH: usize = 96;

/// How long reading a game's history (to number the moves made before this terminal came)
/// may take; past it, the moves are numbered as the server counts them.
const HISTORY_PATIENCE: Duration = Duration::from_secs(10);

/// A seat whose moves are typed at this terminal.
#[derive(Clone, Debug)]
pub struct LocalSeat {
    /// The seat, numbered from 1.
    pub number: u32,
    /// Its token, which every call for it carries.
    pub credential: Credential,
}

/// A game followed at this terminal, with the seats played here (none for a spectator; the
/// first one's view is the one drawn after each event, but in hot-seat play with secrets).
pub struct Table {
    client: Client,
    server: String,
    game_id: String,
    names: SeatNames,
    local: Vec<LocalSeat>,
    /// The service key a rematch is created with, on a server that has keys.
    service_key: Option<Credential>,
    /// The lines typed here, read only when seats are played here.
    input: Option<Input>,
    /// Whether the server was out of reach at the last call, so that losing it and getting
    /// it back are each said once.
    offline: bool,
    /// The clock line, kept up to date while the terminal waits.
    clock: LiveClock,
    /// The numbers the game's moves are shown with.
    numbers: MoveNumbers,
}

/// Whether to go on after a typed line.
enum Flow {
    Continue,
    Leave,
    /// On to the rematch, which the table now names.
    Rematch,
}

/// What the terminal waits for next.
enum Wait {
    /// A move or command of `seat` at its prompt; `legal` holds its moves now.
    Turn { seat: LocalSeat, legal: pb::ListLegalMovesResponse },
    /// Another seat's move (or, without seats here, the next event); meanwhile the seats
    /// played here may type commands that need not wait for their turn.
    Others,
    /// The events that bring this terminal to where the server says the game is: lines
    /// typed meanwhile wait for the prompt.
    Arriving,
    /// The players' choice once the game is over: a rematch, or leaving.
    Over,
}

/// What ended a wait.
enum Happened {
    /// A line typed (`None`: the input ended).
    Typed(Option<String>),
    /// What the game's events had to say.
    News(News),
}

/// What this terminal has shown of the game, so that each thing is said once.
#[derive(Default)]
struct Shown {
    /// The seq and the seat (0: a spectator) of the last board drawn, so that a seat about
    /// to move in a game with secrets is shown its own boards once, not after every line.
    board: (u64, u32),
    /// The seq "waiting for …" was last said at.
    waiting: Option<u64>,
    /// Whether the choices after the end were offered, since the game last ran.
    over: bool,
    /// The seat played here that was last to act, so that hot-seat play with secrets hides
    /// the screen when the keyboard passes.
    acting: Option<u32>,
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
    /// with `local` played here; a rematch is created with `service_key`, when given.
    pub fn new(
        client: Client,
        server: &str,
        game_id: &str,
        names: SeatNames,
        local: Vec<LocalSeat>,
        service_key: Option<Credential>,
    ) -> Table {
        let input = (!local.is_empty()).then(Input::stdin);
        Table {
            client,
            server: server.to_owned(),
            game_id: game_id.to_owned(),
            clock: LiveClock::new(names.clone()),
            names,
            local,
            service_key,
            input,
            offline: false,
            numbers: MoveNumbers::default(),
        }
    }

    /// Follows the game, prompting for the seats played here, until it ends (the outcome is
    /// the last thing printed; the players may then start a rematch, followed here the same
    /// way) or the person quits (the game goes on on the server). A server that goes away
    /// (a restart) is waited for, however long it takes, and the game followed on from the
    /// last event shown once it is back.
    ///
    /// # Errors
    /// A call the server refused in a way no retyping helps, as a sentence.
    pub async fn run(mut self) -> Result<(), Failure> {
        while let Flow::Rematch = self.play().await? {}
        Ok(())
    }

    /// Follows the game the table names until it ends or the person leaves; `Rematch` when
    /// the table names its rematch instead.
    async fn play(&mut self) -> Result<Flow, Failure> {
        let Some((reader, mut view)) = self.open().await? else { return Ok(Flow::Leave) };
        self.show(None, &view)?;
        if !self.local.is_empty() && !finished(&view) {
            writeln!(stdout(), "type a move when asked; help lists the legal moves and the commands, quit leaves")?;
        }
        let mut feed = Some(Feed::new(self.client.clone(), &self.game_id, reader, view.seq));
        let mut shown = Shown { board: (view.seq, view.viewer_seat), ..Shown::default() };
        loop {
            if finished(&view) && self.local.is_empty() {
                return Ok(Flow::Leave);
            }
            let Some(wait) = self.next_wait(&view, &mut shown).await? else { return Ok(Flow::Leave) };
            match self.wait(&view, &wait, &mut feed).await? {
                Happened::News(news) => {
                    view = self.hear(news, view)?;
                    shown.board = (view.seq, view.viewer_seat);
                }
                Happened::Typed(line) => match self.typed(line, &wait, &view).await? {
                    Flow::Continue => {}
                    flow => return Ok(flow),
                },
            }
        }
    }

    /// Reads the game the table names as the seats played here may see it between their
    /// turns, and numbers its moves so far: the credential its events are read with, and
    /// its view; `None` when the person left while the server was out of reach.
    async fn open(&mut self) -> Result<Option<(Option<Credential>, pb::View)>, Failure> {
        let first = self.local.first().map(|seat| seat.credential.clone());
        let Some(view) = self.view(first.as_ref()).await? else { return Ok(None) };
        // Hot-seat with secrets (Battleship): between turns the game is drawn as a
        // spectator sees it, so that no seat's fleet is on the screen for the other; each
        // seat's own is drawn on its turn, once the keyboard has passed.
        let (reader, view) = if self.local.len() > 1 && !view.seat_boards.is_empty() {
            let Some(view) = self.view(None).await? else { return Ok(None) };
            (None, view)
        } else {
            (first, view)
        };
        self.numbers = self.numbers_through(reader.as_ref(), &view).await;
        Ok(Some((reader, view)))
    }

    /// The numbers of the moves made up to `view`, counted from the game's history; as the
    /// server counts them when the history cannot be read in time.
    async fn numbers_through(&mut self, reader: Option<&Credential>, view: &pb::View) -> MoveNumbers {
        if view.move_count == 0 {
            return MoveNumbers::default();
        }
        let reading = events::history(&mut self.client, &self.game_id, reader, view.seq);
        match tokio::time::timeout(HISTORY_PATIENCE, reading).await {
            Ok(Ok(history)) => MoveNumbers::after(&history),
            _ => MoveNumbers::assumed(view.move_count),
        }
    }

    /// What to wait for in `view`, saying what the person needs to know first: who is
    /// waited for, the choices once the game is over, and, in a game with secrets, the
    /// boards of the seat to act (in hot-seat play behind a screen that passes the
    /// keyboard). `None` when the person left meanwhile.
    async fn next_wait(&mut self, view: &pb::View, shown: &mut Shown) -> Result<Option<Wait>, Failure> {
        shown.over &= finished(view);
        if finished(view) {
            if !shown.over {
                shown.over = true;
                writeln!(stdout(), "type rematch to play it again with the seats swapped, or press Enter to leave")?;
            }
            return Ok(Some(Wait::Over));
        }
        // While the server is lost, the events' stream is what finds it back.
        let acting = self.local.iter().find(|seat| view.to_act.contains(&seat.number)).cloned();
        let Some(seat) = acting.filter(|_| !self.offline) else {
            if !self.local.is_empty() && !self.offline && shown.waiting != Some(view.seq) {
                let others: Vec<String> = view.to_act.iter().map(|&seat| self.names.name(seat)).collect();
                writeln!(stdout(), "waiting for {}…", others.join(", "))?;
                shown.waiting = Some(view.seq);
            }
            return Ok(Some(Wait::Others));
        };
        if !view.seat_boards.is_empty() && shown.board != (view.seq, seat.number) {
            if self.local.len() > 1
                && shown.acting.is_some_and(|before| before != seat.number)
                && let Flow::Leave = self.pass_keyboard(&seat, view).await?
            {
                return Ok(None);
            }
            let Some(own) = self.view(Some(&seat.credential)).await? else { return Ok(None) };
            writeln!(stdout(), "\n{} is to act; the game as that seat sees it:", self.names.name(seat.number))?;
            self.show(None, &own)?;
            shown.board = (view.seq, seat.number);
        }
        shown.acting = Some(seat.number);
        let Some(legal) = self.legal_moves(&seat).await? else { return Ok(None) };
        if legal.seq > view.seq || legal.moves.is_empty() {
            return Ok(Some(Wait::Arriving));
        }
        if let [only] = legal.moves.as_slice() {
            writeln!(stdout(), "the only legal move: {}", only.label)?;
        }
        Ok(Some(Wait::Turn { seat, legal }))
    }

    /// Waits for `wait` after printing the clock line and the prompt it needs, keeping the
    /// clock line up to date meanwhile: until a line is typed (when one is to be read) or
    /// the events have news. The end of a finished game's events (its end final) is no news.
    async fn wait(&mut self, view: &pb::View, wait: &Wait, feed: &mut Option<Feed>) -> Result<Happened, Failure> {
        let arriving = matches!(wait, Wait::Arriving);
        let mut out = String::new();
        if !self.offline
            && !arriving
            && let Some(line) = self.clock.start(view)
        {
            out += &line;
        }
        let prompted = match wait {
            Wait::Turn { seat, .. } => {
                out += &format!("{} to move> ", self.names.name(seat.number));
                true
            }
            Wait::Over if self.input.is_some() => {
                out += "> ";
                true
            }
            _ => false,
        };
        write!(stdout(), "{out}")?;
        // A prompt has no line ending: without a flush it would wait for one.
        stdout().flush()?;
        let reading = self.offline || !arriving;
        let happened = loop {
            tokio::select! {
                biased;
                news = next_news(feed.as_mut()) => match news? {
                    News::End if finished(view) => *feed = None,
                    news => break Happened::News(news),
                },
                line = next_line(self.input.as_mut()), if reading => break Happened::Typed(line),
                tick = self.clock.next_tick() => {
                    write!(stdout(), "{tick}")?;
                    stdout().flush()?;
                }
            }
        };
        self.clock.stop();
        if prompted && matches!(happened, Happened::News(_)) {
            writeln!(stdout())?;
        }
        Ok(happened)
    }

    /// Does what `line` asks (`None`: the input ended) while the terminal waits for `wait`.
    /// While the server is out of reach only leaving is possible, but after the end, where
    /// leaving needs no server and a rematch waits for it to come back.
    async fn typed(&mut self, line: Option<String>, wait: &Wait, view: &pb::View) -> Result<Flow, Failure> {
        if self.offline && !finished(view) {
            return Ok(self.typed_offline(line)?);
        }
        let Some(line) = line else {
            if !finished(view) {
                self.leave("the input ended")?;
            }
            return Ok(Flow::Leave);
        };
        echo_piped(&line)?;
        match wait {
            Wait::Turn { seat, legal } => self.act(seat, legal, view, &line).await,
            Wait::Over => self.act_after_end(view, &line).await,
            Wait::Others | Wait::Arriving => self.act_meanwhile(view, &line).await,
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
                    let number = self.numbers.note(&event);
                    writeln!(stdout(), "\n{}", event_line(&event, &self.names, number))?;
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

    /// Prints the event (when there is one) and the board after it, with its status lines;
    /// an event that leaves the board as it was (a draw offer, a takeback asked for), with
    /// the status lines alone.
    fn show(&mut self, event: Option<&pb::GameEvent>, view: &pb::View) -> std::io::Result<()> {
        let mut out = String::from("\n");
        let applied_move = matches!(event.and_then(|e| e.kind.as_ref()), Some(pb::game_event::Kind::MoveApplied(_)));
        if let Some(event) = event {
            let number = self.numbers.note(event);
            out += &event_line(event, &self.names, number);
            out += "\n";
        }
        if !event.is_some_and(leaves_board) {
            out += &boards(view, &self.names);
            if !applied_move && let Some(last) = last_move(view, &self.names) {
                out += &last;
                out += "\n";
            }
        }
        out += &status(view, &self.names);
        write!(stdout(), "{out}")?;
        stdout().flush()
    }

    /// Does what `line` asks for `seat`, at its prompt, its legal moves `legal`. Where
    /// several seats act at once (Battleship's placement) a move is sent without the game's
    /// seq, which the other seats' moves change without changing this seat's options.
    async fn act(
        &mut self,
        seat: &LocalSeat,
        legal: &pb::ListLegalMovesResponse,
        view: &pb::View,
        line: &str,
    ) -> Result<Flow, Failure> {
        let expected_seq = (view.to_act.len() < 2).then_some(legal.seq);
        match moves::command(line) {
            Command::Nothing => Ok(Flow::Continue),
            Command::Quit => self.quit(),
            Command::Help => self.help(Some(&legal.moves), false),
            Command::Resign => self.resign(seat).await,
            Command::AutoPlace if moves::places_ships(&legal.moves) => self.place_fleet(seat).await,
            Command::AutoPlace => self.say("auto places a Battleship fleet; there are no ships to place now"),
            Command::TakeBack => self.take_back(view, Some(seat)).await,
            Command::Answer { accept, to } => self.answer(view, Some(seat), accept, to).await,
            Command::OfferDraw => self.offer_draw(seat, expected_seq).await,
            Command::WithdrawDraw => self.withdraw_draw(view, Some(seat)).await,
            Command::Hint => self.hint(seat, legal).await,
            Command::Rematch => self.say("a rematch is made once the game is over"),
            Command::Move(text) => match moves::choose(text, &legal.moves) {
                Ok(chosen) => match self.submit(seat, chosen.r#move.clone(), expected_seq).await? {
                    Reply::Answered(_) => Ok(Flow::Continue),
                    Reply::Refused(status) => self.say(&refused_move(&status)),
                    Reply::Left => Ok(Flow::Leave),
                },
                Err(unmatched) => self.say(&unmatched.to_string()),
            },
        }
    }

    /// Does what `line` asks while no seat played here is to act: what need not wait for a
    /// seat's turn (a takeback, withdrawing a draw offer, resigning); the rest is said to
    /// wait for it.
    async fn act_meanwhile(&mut self, view: &pb::View, line: &str) -> Result<Flow, Failure> {
        match moves::command(line) {
            Command::Nothing => Ok(Flow::Continue),
            Command::Quit => self.quit(),
            Command::Help => self.help(None, false),
            Command::Resign => match self.local.first().cloned() {
                Some(seat) => self.resign(&seat).await,
                None => Ok(Flow::Continue),
            },
            Command::TakeBack => self.take_back(view, None).await,
            Command::Answer { accept, to } => self.answer(view, None, accept, to).await,
            Command::WithdrawDraw => self.withdraw_draw(view, None).await,
            Command::OfferDraw => self.say("a draw is offered on your own turn, before your move"),
            Command::Hint => self.say("a hint is for the seat to move: ask on your turn"),
            Command::Rematch => self.say("a rematch is made once the game is over"),
            Command::AutoPlace | Command::Move(_) => {
                let others: Vec<String> = view.to_act.iter().map(|&seat| self.names.name(seat)).collect();
                self.say(&format!("not your turn: waiting for {}; type your move at your prompt", others.join(", ")))
            }
        }
    }

    /// Does what `line` asks once the game is over: a rematch, leaving, or taking back the
    /// move that ended it where the game still allows that.
    async fn act_after_end(&mut self, view: &pb::View, line: &str) -> Result<Flow, Failure> {
        match moves::command(line) {
            Command::Nothing | Command::Quit => Ok(Flow::Leave),
            Command::Help => self.help(None, true),
            Command::Rematch => self.rematch().await,
            Command::TakeBack => self.take_back(view, None).await,
            Command::Answer { accept, to } => self.answer(view, None, accept, to).await,
            _ => self
                .say("the game is over: type rematch to play it again with the seats swapped, or press Enter to leave"),
        }
    }

    /// Lists `legal` (when given) and the commands understood, those after the end when
    /// the game is `over`.
    fn help(&self, legal: Option<&[pb::LegalMove]>, over: bool) -> Result<Flow, Failure> {
        if let Some(legal) = legal {
            writeln!(stdout(), "{}", wrapped("legal moves:", &moves::labels(legal)))?;
            let auto = if moves::places_ships(legal) { ", or auto to place the rest of the fleet" } else { "" };
            writeln!(stdout(), "type one as listed (case and spaces do not matter){auto}")?;
        }
        self.say(commands_help(over))
    }

    /// Says `sentence` on a line of its own, and goes on.
    fn say(&self, sentence: &str) -> Result<Flow, Failure> {
        writeln!(stdout(), "{sentence}")?;
        Ok(Flow::Continue)
    }

    /// Leaves on the person's word: the game goes on on the server.
    fn quit(&self) -> Result<Flow, Failure> {
        self.leave("you quit")?;
        Ok(Flow::Leave)
    }

    /// What `reply` leaves to do once said: go on, having said why the server refused
    /// `doing` when it did, or leave when the person did.
    fn after<T>(&self, reply: Reply<T>, doing: &str) -> Result<Flow, Failure> {
        match reply {
            Reply::Answered(_) => Ok(Flow::Continue),
            Reply::Refused(status) => self.say(&refused(doing, &status)),
            Reply::Left => Ok(Flow::Leave),
        }
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
                Reply::Refused(status) => return self.say(&refused_move(&status)),
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
    async fn resign(&mut self, seat: &LocalSeat) -> Result<Flow, Failure> {
        let message = pb::ResignRequest { game_id: self.game_id.clone(), request_id: request_id() };
        let credential = &seat.credential;
        let reply =
            self.call(async |mut client| client.resign(request(Some(credential), message.clone())).await).await?;
        self.after(reply, "resign")
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

/// The next news of `feed`; never, without one.
async fn next_news(feed: Option<&mut Feed>) -> Result<News, Failure> {
    match feed {
        Some(feed) => feed.next().await,
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
