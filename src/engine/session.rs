use std::any::Any;
use std::fmt::Debug;

use serde::{Deserialize, Serialize};

use super::Mover;
use super::{
    Action, Analysis, ConfigError, CountingStopped, DrawReason, LastMove, MoveError, NoResultReason, Outcome, Reason,
    Rules, SearchBudget, Seat, SolutionRange, Solutions, View, Viewer, WinReason,
};

/// One entry of a match's history: everything that changes a match is a turn, so that a
/// match is exactly the replay of its turns.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Turn {
    /// `seat` took `action`.
    Move(Seat, Action),
    /// `seat` resigned.
    Resign(Seat),
    /// `seat` took back the last move, which it had made; allowed only where the rules
    /// allow takebacks (see [`Rules::takebacks_allowed`]).
    TakeBack(Seat),
    /// The game was called off with no result, before it got going (see [`Match::abort`]);
    /// `explanation` says why, for people, and `no_show` names the seat that did not show
    /// up, when that is why (the play layer's first-move window). Always written, even when
    /// `None`: snapshots are postcard, which cannot tell a field left out.
    Abort {
        explanation: String,
        #[serde(default)]
        no_show: Option<Seat>,
    },
    /// The game was decided from outside the board (see [`Match::adjudicate`]);
    /// `explanation` says why, for people.
    Adjudicate { result: Adjudication, explanation: String },
    /// `seat`'s time ran out and the game ends by it (see [`Match::time_out`]); only the
    /// play layer's clock makes this turn.
    TimedOut(Seat),
    /// `seat` asked to take back its last move, in a game where the other seat must agree
    /// (see [`Match::request_take_back`]).
    RequestTakeBack(Seat),
    /// `seat` answered the other seat's takeback request: accepting undoes the requester's
    /// last move (see [`Match::answer_take_back`]).
    AnswerTakeBack { seat: Seat, accept: bool },
}

impl Turn {
    /// This turn as a request's digest takes it: its serde form, but for an abort that names
    /// no no-show, which leaves the field out as aborts logged before it existed did, so
    /// that a retry of a request logged then is still recognised.
    pub fn digest_form(&self) -> DigestForm<'_> {
        match self {
            Turn::Abort { explanation, no_show: None } => DigestForm::Abort(AbortBefore::Abort { explanation }),
            turn => DigestForm::Turn(turn),
        }
    }

    /// The seat that played this turn; `None` for the turns no seat plays (an abort, an
    /// adjudication, a timeout: the seat whose time ran out did not play it).
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Turn::Move(seat, _)
            | Turn::Resign(seat)
            | Turn::TakeBack(seat)
            | Turn::RequestTakeBack(seat)
            | Turn::AnswerTakeBack { seat, .. } => Some(*seat),
            Turn::Abort { .. } | Turn::Adjudicate { .. } | Turn::TimedOut(_) => None,
        }
    }
}

/// A turn as a request's digest takes it ([`Turn::digest_form`]).
#[derive(Serialize)]
#[serde(untagged)]
pub enum DigestForm<'a> {
    /// Any turn, as it serialises.
    Turn(&'a Turn),
    /// An abort naming no no-show, as aborts serialised before they could name one.
    Abort(AbortBefore<'a>),
}

/// An abort as turns serialised it before [`Turn::Abort`] named a no-show.
#[derive(Serialize)]
pub enum AbortBefore<'a> {
    /// See [`Turn::Abort`].
    Abort { explanation: &'a str },
}

/// The result an adjudication gives a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Adjudication {
    /// This seat wins.
    Win(Seat),
    /// Nobody wins.
    Draw,
}

/// A seat may still abort a game when it has made at most this many moves.
const MOVES_BEFORE_ABORT_CLOSES: usize = 1;

/// A game in play: the rules' position plus what every game handles alike: whose turn
/// it is to be checked, resignation, takebacks, and the history that replays to this state.
///
/// The history is append-only: a takeback is itself a turn. The position is always the
/// result of applying, from the starting position, the moves that no takeback undid.
///
/// ```
/// use tabula::engine::{Action, Match, Reason, Seat};
/// use tabula::games::tic_tac_toe::{Config, TicTacToe};
///
/// let mut game = Match::<TicTacToe>::new(Config::default())?;
/// game.apply(Seat::FIRST, &Action::place(1, 1))?;
/// // Out of turn: refused with a typed reason, and nothing changes.
/// let before = game.clone();
/// let refused = game.apply(Seat::FIRST, &Action::place(0, 0)).unwrap_err();
/// assert_eq!(refused.reason, Reason::NotYourTurn);
/// assert_eq!(game, before);
/// // A match is the replay of its history.
/// assert_eq!(Match::<TicTacToe>::replay(Config::default(), game.history())?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<G: Rules> {
    config: G::Config,
    position: G,
    history: Vec<Turn>,
    /// The moves in force, oldest first: the history's moves less those taken back.
    moves_in_force: Vec<(Seat, Action)>,
    /// The outcome when the game ended outside the rules (a resignation); the position
    /// has been told of it through [`Rules::conclude`].
    ending: Option<Outcome>,
    /// The seat whose takeback request waits for the other seat's answer; a move, an
    /// answer or the end of the game clears it.
    takeback_request: Option<Seat>,
    /// The seat whose draw offer waits for the other seat's answer, where the match handles
    /// offers ([`Rules::OWN_DRAW_OFFERS`] unset); the other seat's next turn, whatever it
    /// is, or the end of the game clears it.
    draw_offer: Option<Seat>,
}

impl<G: Rules> Match<G> {
    /// A new match from `config`.
    ///
    /// # Errors
    /// Every problem with `config`.
    pub fn new(config: G::Config) -> Result<Match<G>, ConfigError> {
        let position = G::new(&config)?;
        if G::takebacks_need_consent(&config) && !G::takebacks_allowed(&config) {
            let mut error = ConfigError::default();
            error.add("takeback_consent", "asks the other seat to agree to takebacks; allow takebacks too");
            return Err(error);
        }
        if G::draw_offers_allowed(&config) && position.seat_count() != 2 {
            let mut error = ConfigError::default();
            error.add("allow_draw_offers", "needs another seat to offer a draw to; this game has one");
            return Err(error);
        }
        Ok(Match::starting(config, position))
    }

    /// A match at `position` with nothing played yet.
    fn starting(config: G::Config, position: G) -> Match<G> {
        Match {
            config,
            position,
            history: Vec::new(),
            moves_in_force: Vec::new(),
            ending: None,
            takeback_request: None,
            draw_offer: None,
        }
    }

    /// The match made of a position and the history that led to it, as a snapshot holds
    /// them; what follows from the history is rebuilt from it. Trusts that `position` is
    /// the replay of `history` (checking that would cost the replay a snapshot saves).
    ///
    /// An ending outside the rules is concluded again: the position normally includes it
    /// already, and [`Rules::conclude`] is idempotent, but a snapshot written before its
    /// game learned to conclude is thereby brought to what the replay gives.
    ///
    /// # Errors
    /// When the history contradicts itself: a takeback with no move to undo, or a turn
    /// after a resignation.
    pub(super) fn from_parts(config: G::Config, position: G, history: Vec<Turn>) -> Result<Match<G>, String> {
        let mut game = Match::starting(config, position);
        let mut ending = None;
        for (index, turn) in history.iter().enumerate() {
            if ending.is_some() {
                return Err(format!("turn {index} follows the game's end outside the rules"));
            }
            // The offers and requests follow the turns as they did in play.
            game.follow_talk(turn);
            match turn {
                Turn::Move(_, Action::AcceptDraw) if game.handles_draw(&Action::AcceptDraw) => {
                    ending = Some(Outcome::Draw { reason: DrawReason::Agreement });
                }
                Turn::Move(_, action) if game.handles_draw(action) => {}
                Turn::Move(seat, action) => game.moves_in_force.push((*seat, action.clone())),
                Turn::TakeBack(_) | Turn::AnswerTakeBack { accept: true, .. } => {
                    game.moves_in_force.pop().ok_or_else(|| format!("turn {index} takes back a move never made"))?;
                }
                Turn::AnswerTakeBack { accept: false, .. } | Turn::RequestTakeBack(_) => {}
                Turn::Resign(seat) => ending = Some(game.resignation_outcome(*seat)),
                Turn::Abort { .. } => ending = Some(Match::<G>::abort_outcome()),
                Turn::Adjudicate { result, .. } => ending = Some(Match::<G>::adjudication_outcome(*result)),
                Turn::TimedOut(seat) => ending = Some(game.timeout_outcome(*seat)),
            }
        }
        if let Some(outcome) = ending {
            game.end_outside_rules(outcome);
        }
        game.history = history;
        Ok(game)
    }

    /// The match that `history` leads to from `config`.
    ///
    /// # Errors
    /// The first turn that is refused, with its index, when the history is not a legal one.
    pub fn replay(config: G::Config, history: &[Turn]) -> Result<Match<G>, ReplayError> {
        let mut game = Match::new(config).map_err(ReplayError::Config)?;
        for (index, turn) in history.iter().enumerate() {
            game.play(turn).map_err(|error| ReplayError::Turn { index, error })?;
        }
        Ok(game)
    }

    /// The configuration.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// The rules' position.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// Plays one turn.
    ///
    /// # Errors
    /// Why the turn is refused; the match is then unchanged.
    pub fn play(&mut self, turn: &Turn) -> Result<(), MoveError> {
        match turn {
            Turn::Move(seat, action) => self.apply(*seat, action),
            Turn::Resign(seat) => self.resign(*seat).map(|_| ()),
            Turn::TakeBack(seat) => self.take_back(*seat),
            Turn::Abort { explanation, no_show } => self.call_off(explanation, *no_show).map(|_| ()),
            Turn::Adjudicate { result, explanation } => self.adjudicate(*result, explanation).map(|_| ()),
            Turn::TimedOut(seat) => self.time_out(*seat).map(|_| ()),
            Turn::RequestTakeBack(seat) => self.request_take_back(*seat),
            Turn::AnswerTakeBack { seat, accept } => self.answer_take_back(*seat, *accept),
        }
    }

    /// Plays one turn and returns what [`Match::undo`] needs to put the match back as it
    /// was before it. The undo costs the position's size, not the history's: a long game
    /// is played in place without being copied.
    ///
    /// # Errors
    /// Why the turn is refused; the match is then unchanged.
    pub fn play_undoably(&mut self, turn: &Turn) -> Result<Undo<G>, MoveError> {
        let undo = Undo {
            position: self.position.clone(),
            history_len: self.history.len(),
            moves_in_force_len: self.moves_in_force.len(),
            last_in_force: self.moves_in_force.last().cloned(),
            ending: self.ending.clone(),
            takeback_request: self.takeback_request,
            draw_offer: self.draw_offer,
        };
        self.play(turn)?;
        Ok(undo)
    }

    /// Puts the match back as it was before the turn `undo` was made for, which must be
    /// the last turn played.
    pub fn undo(&mut self, undo: Undo<G>) {
        debug_assert_eq!(self.history.len(), undo.history_len + 1, "only the last turn is undone");
        self.position = undo.position;
        self.history.truncate(undo.history_len);
        // A turn adds a move in force, takes one away, or leaves them be.
        if self.moves_in_force.len() < undo.moves_in_force_len {
            self.moves_in_force.extend(undo.last_in_force);
        }
        self.moves_in_force.truncate(undo.moves_in_force_len);
        self.ending = undo.ending;
        self.takeback_request = undo.takeback_request;
        self.draw_offer = undo.draw_offer;
    }

    /// Checks `turn` as [`Match::play`] would, without playing it. A move is tried on a
    /// copy of the position alone.
    ///
    /// # Errors
    /// Why the turn would be refused.
    pub fn check(&self, turn: &Turn) -> Result<(), MoveError> {
        match turn {
            Turn::Move(seat, action) if !self.handles_draw(action) && *action != Action::WithdrawDraw => {
                self.check_turn(*seat)?;
                self.position.clone().apply(Mover::checked(*seat), action)
            }
            _ => self.clone().play(turn),
        }
    }

    /// Applies `action` for `seat`, after checking that the game is on and that it is
    /// `seat`'s turn.
    ///
    /// # Errors
    /// Why the action is refused; the match is then unchanged.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), MoveError> {
        if *action == Action::WithdrawDraw {
            return self.withdraw_draw(seat);
        }
        if self.handles_draw(action) {
            return self.answer_draw(seat, action);
        }
        self.check_turn(seat)?;
        if *action == Action::OfferDraw && self.offered_since_moving(seat) {
            // Where the rules keep the offers, the match still keeps to one offer a move.
            return Err(MoveError::new(
                Reason::DrawAlreadyOffered,
                "you have offered a draw since your last move; make a move before offering again",
            ));
        }
        self.position.apply(Mover::checked(seat), action)?;
        self.moves_in_force.push((seat, action.clone()));
        self.record(Turn::Move(seat, action.clone()));
        Ok(())
    }

    /// Whether the match, rather than the rules, takes `action`: an offer of a draw or its
    /// answer, in a game whose rules leave offers to the match.
    fn handles_draw(&self, action: &Action) -> bool {
        !G::OWN_DRAW_OFFERS && action.is_draw_talk()
    }

    /// A draw offered, accepted or declined by `seat` on its turn, where the match handles
    /// offers: an offer stands until the other seat's next turn (the offering seat still
    /// has to move); accepting ends the game drawn by agreement.
    ///
    /// # Errors
    /// `MoveKindNotAllowed` where the configuration allows no offers; the turn's refusals;
    /// `DrawAlreadyOffered`, `NoDrawOffer`; the match is then unchanged.
    fn answer_draw(&mut self, seat: Seat, action: &Action) -> Result<(), MoveError> {
        if !G::draw_offers_allowed(&self.config) {
            return Err(MoveError::new(Reason::MoveKindNotAllowed, "this game's configuration allows no draw offers"));
        }
        self.check_turn(seat)?;
        match (action, self.draw_offer) {
            (Action::OfferDraw, Some(offerer)) => {
                let message = if offerer == seat {
                    "you have already offered a draw; make your move"
                } else {
                    "your opponent's draw offer is waiting for your answer: accept or decline it"
                };
                return Err(MoveError::new(Reason::DrawAlreadyOffered, message));
            }
            (Action::OfferDraw, None) if self.offered_since_moving(seat) => {
                return Err(MoveError::new(
                    Reason::DrawAlreadyOffered,
                    "you have offered a draw since your last move; make a move before offering again",
                ));
            }
            (Action::OfferDraw, None) => {}
            (_, Some(offerer)) if offerer != seat => {
                if *action == Action::AcceptDraw {
                    self.end_outside_rules(Outcome::Draw { reason: DrawReason::Agreement });
                }
            }
            _ => return Err(MoveError::new(Reason::NoDrawOffer, "your opponent has not offered a draw")),
        }
        self.record(Turn::Move(seat, action.clone()));
        Ok(())
    }

    /// Whether `seat` offered a draw since its last move: one offer a move, so that offers
    /// cannot stand in for moves (in a game where both seats act at once, an offer and its
    /// answer could otherwise follow each other forever, and an offer withdrawn could be
    /// made again forever).
    fn offered_since_moving(&self, seat: Seat) -> bool {
        self.history
            .iter()
            .rev()
            .filter_map(|turn| match turn {
                Turn::Move(mover, action) if *mover == seat => Some(action),
                _ => None,
            })
            .take_while(|action| action.is_draw_talk())
            .any(|action| *action == Action::OfferDraw)
    }

    /// `seat` withdraws its draw offer, waiting for an answer: on either seat's turn, the
    /// one talk of a draw not made on the seat's own turn.
    ///
    /// # Errors
    /// `MoveKindNotAllowed` where the configuration allows no offers; `GameOver`;
    /// `NoDrawOffer` when `seat` has none waiting; the match is then unchanged.
    fn withdraw_draw(&mut self, seat: Seat) -> Result<(), MoveError> {
        if !G::draw_offers_allowed(&self.config) {
            return Err(MoveError::new(Reason::MoveKindNotAllowed, "this game's configuration allows no draw offers"));
        }
        self.check_live()?;
        let action = Action::WithdrawDraw;
        if G::OWN_DRAW_OFFERS {
            self.position.withdraw_draw_offer(seat)?;
            // As every action the rules take, a move in force (see `Match::from_parts`).
            self.moves_in_force.push((seat, action.clone()));
        } else if self.draw_offer != Some(seat) {
            return Err(MoveError::new(Reason::NoDrawOffer, "you have no draw offer waiting to withdraw"));
        }
        self.record(Turn::Move(seat, action));
        Ok(())
    }

    /// Adds `turn`, already applied to the position and the moves in force, to the history,
    /// with what it does to the offers and requests waiting ([`Match::follow_talk`]).
    fn record(&mut self, turn: Turn) {
        self.follow_talk(&turn);
        self.history.push(turn);
    }

    /// What `turn` does to a waiting draw offer and takeback request, the one rule for play
    /// and for a restore: every turn of the other seat lapses an offer, and an offer stands
    /// from its own turn; a move (talk of a draw is none) or an answer clears a request, and
    /// a request waits from its own.
    fn follow_talk(&mut self, turn: &Turn) {
        if turn.seat().is_some_and(|seat| Some(seat) != self.draw_offer) {
            self.draw_offer = None;
        }
        match turn {
            Turn::Move(seat, action) if self.handles_draw(action) => {
                self.draw_offer = (*action == Action::OfferDraw).then_some(*seat);
            }
            Turn::Move(..) | Turn::AnswerTakeBack { .. } => self.takeback_request = None,
            Turn::RequestTakeBack(seat) => self.takeback_request = Some(*seat),
            _ => {}
        }
    }

    /// The seat whose draw offer waits for the other seat's answer, where the match handles
    /// offers; none once the game is over.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer.filter(|_| self.outcome().is_none())
    }

    /// Undoes the last move in force, which `seat` must have made, by replaying the moves
    /// before it. Allowed only while the game is on (an ended game stays ended) and where
    /// the rules allow takebacks.
    ///
    /// # Errors
    /// When takebacks are not allowed, the game is over, there is no move to take back or
    /// the last move is not `seat`'s; the match is then unchanged.
    pub fn take_back(&mut self, seat: Seat) -> Result<(), MoveError> {
        self.check_takeback(seat)?;
        if G::takebacks_need_consent(&self.config) {
            return Err(MoveError::new(
                Reason::TakebackNotAllowed,
                "in this game the other seat must agree to a takeback: ask for one instead",
            ));
        }
        self.undo_last_move();
        self.record(Turn::TakeBack(seat));
        Ok(())
    }

    /// Asks the other seat to let `seat` take back its last move, in a game where
    /// takebacks need consent ([`Rules::takebacks_need_consent`]); the request waits for
    /// [`Match::answer_take_back`] and lapses when a move is made first.
    ///
    /// # Errors
    /// As for [`Match::take_back`], and `TakebackAlreadyRequested` while a request waits;
    /// the match is then unchanged.
    pub fn request_take_back(&mut self, seat: Seat) -> Result<(), MoveError> {
        self.check_takeback(seat)?;
        if !G::takebacks_need_consent(&self.config) {
            return Err(MoveError::new(
                Reason::TakebackNotAllowed,
                "in this game a seat takes back its own move without asking: take it back instead",
            ));
        }
        if self.takeback_request.is_some() {
            return Err(MoveError::new(
                Reason::TakebackAlreadyRequested,
                "your takeback request waits for the other seat's answer",
            ));
        }
        self.record(Turn::RequestTakeBack(seat));
        Ok(())
    }

    /// `seat`'s answer to the other seat's waiting takeback request: accepting undoes the
    /// requester's last move, declining leaves the game as it is.
    ///
    /// # Errors
    /// `GameOver` after the end; `NoTakebackRequest` when no request waits for `seat`'s
    /// answer; the match is then unchanged.
    pub fn answer_take_back(&mut self, seat: Seat, accept: bool) -> Result<(), MoveError> {
        self.check_live_or_reopenable()?;
        match self.takeback_request {
            Some(requester) if requester != seat => {}
            Some(_) => {
                return Err(MoveError::new(
                    Reason::NoTakebackRequest,
                    "the waiting takeback request is your own; the other seat answers it",
                ));
            }
            None => return Err(MoveError::new(Reason::NoTakebackRequest, "no takeback request waits for an answer")),
        }
        if accept {
            self.undo_last_move();
        }
        self.record(Turn::AnswerTakeBack { seat, accept });
        Ok(())
    }

    /// The seat whose takeback request waits for the other seat's answer; none once the
    /// game is over, but for a request to take back the move that ended it
    /// ([`Match::end_reopenable`]).
    pub fn takeback_request(&self) -> Option<Seat> {
        self.takeback_request.filter(|_| self.outcome().is_none() || self.end_reopenable())
    }

    /// Whether the game is over and its end may still be taken back, as far as the rules
    /// go: the configuration allows it ([`PlayOptions::ending_takeback_ms`]), the rules
    /// ended the game with the last move in force (a move on the board: not a resignation,
    /// a timeout, an abort, an adjudication, an agreement or a claim), and nothing but a
    /// request to take that move back followed it. Taking it back (at once, or by a
    /// request accepted) puts the game back in progress; a request declined leaves the end
    /// final. How long the end stays open is the play layer's to judge.
    ///
    /// [`PlayOptions::ending_takeback_ms`]: super::PlayOptions::ending_takeback_ms
    pub fn end_reopenable(&self) -> bool {
        let by_a_move = matches!(
            self.moves_in_force.last(),
            Some((_, action)) if !action.is_draw_talk() && !matches!(action, Action::ClaimDraw | Action::MoveAndClaimDraw { .. })
        );
        G::play_options(&self.config).ending_takeback_ms.is_some()
            && self.ending.is_none()
            && self.position.outcome().is_some()
            && by_a_move
            && matches!(self.history.last(), Some(Turn::Move(..) | Turn::RequestTakeBack(_)))
    }

    /// Checks that `seat` may take back (or ask to take back) the last move in force: its
    /// own, in a live game that allows takebacks, and not one that showed it hidden
    /// information ([`Rules::reveals_to_mover`]).
    fn check_takeback(&self, seat: Seat) -> Result<(), MoveError> {
        if !G::takebacks_allowed(&self.config) {
            return Err(MoveError::new(
                Reason::TakebackNotAllowed,
                "this game's configuration does not allow takebacks",
            ));
        }
        self.check_live_or_reopenable()?;
        let Some((mover, _)) = self.moves_in_force.last() else {
            return Err(MoveError::new(Reason::NothingToTakeBack, "no move has been made yet"));
        };
        if *mover != seat {
            return Err(MoveError::new(
                Reason::NothingToTakeBack,
                format!("the last move is {mover}'s; a seat may take back only its own last move"),
            ));
        }
        let (_, action) = self.moves_in_force.last().expect("checked above");
        if G::reveals_to_mover(&self.config, seat, action) {
            return Err(MoveError::new(
                Reason::TakebackNotAllowed,
                "your last move showed you something the other seat hides, so it cannot be taken back",
            ));
        }
        Ok(())
    }

    /// Undoes the last move in force by replaying the moves before it.
    fn undo_last_move(&mut self) {
        let mut position = G::new(&self.config).expect("the configuration was valid when the match began");
        let kept = &self.moves_in_force[..self.moves_in_force.len() - 1];
        for (mover, action) in kept {
            // Each move in force passed `check_turn` when first played, and replaying the
            // same moves from the start reaches the same positions: its seat is to act again.
            let replayed = match action {
                // Withdrawn on either seat's turn: not through `apply`, which is the mover's.
                Action::WithdrawDraw => position.withdraw_draw_offer(*mover),
                _ => position.apply(Mover::checked(*mover), action),
            };
            replayed.expect("moves in force replay");
        }
        self.position = position;
        self.moves_in_force.pop();
    }

    /// Ends the game by `seat`'s resignation. In a two-seat game the other seat wins; in
    /// any other the game is drawn.
    ///
    /// # Errors
    /// When the game is already over or `seat` is not one of its seats.
    pub fn resign(&mut self, seat: Seat) -> Result<Outcome, MoveError> {
        self.check_live()?;
        if seat.index() >= self.position.seat_count() {
            return Err(MoveError::new(Reason::NotYourTurn, format!("this game has no {seat}")));
        }
        let outcome = self.resignation_outcome(seat);
        self.record(Turn::Resign(seat));
        self.end_outside_rules(outcome.clone());
        Ok(outcome)
    }

    /// Calls the game off with no result ([`NoResultReason::Aborted`]), as for a game whose
    /// player never showed up. Allowed while the game is on and no seat has made more than
    /// one move (every move it ever made counts, taken back or not): after that the game
    /// has been played, and only an adjudication may decide it.
    ///
    /// # Errors
    /// `GameOver` when the game is over, `TooLateToAbort` when a seat has moved twice; the
    /// match is then unchanged.
    pub fn abort(&mut self, explanation: &str) -> Result<Outcome, MoveError> {
        self.call_off(explanation, None)
    }

    /// [`Match::abort`], naming the seat that did not show up when `no_show` does.
    ///
    /// # Errors
    /// Those of [`Match::abort`]; `InvalidMove` for a seat the game does not have.
    fn call_off(&mut self, explanation: &str, no_show: Option<Seat>) -> Result<Outcome, MoveError> {
        self.check_live()?;
        if let Some(seat) = no_show.filter(|seat| seat.index() >= self.position.seat_count()) {
            return Err(MoveError::new(Reason::InvalidMove, format!("this game has no {seat} to be a no-show")));
        }
        let mut moves = vec![0_usize; self.position.seat_count()];
        for turn in &self.history {
            if let Turn::Move(mover, _) = turn {
                moves[mover.index()] += 1;
            }
        }
        if let Some((index, made)) = moves.iter().enumerate().find(|(_, made)| **made > MOVES_BEFORE_ABORT_CLOSES) {
            let seat = Seat::new(index as u8);
            return Err(MoveError::new(
                Reason::TooLateToAbort,
                format!("{seat} has made {made} moves, so the game can no longer be aborted; adjudicate it instead"),
            ));
        }
        let outcome = Match::<G>::abort_outcome();
        self.record(Turn::Abort { explanation: explanation.to_owned(), no_show });
        self.end_outside_rules(outcome.clone());
        Ok(outcome)
    }

    /// Ends the game with the result `result` decided from outside the board
    /// ([`WinReason::Adjudication`] or [`DrawReason::Adjudication`]). Allowed at any time
    /// while the game is on.
    ///
    /// # Errors
    /// `GameOver` when the game is over, `InvalidMove` for a winner the game does not
    /// seat; the match is then unchanged.
    pub fn adjudicate(&mut self, result: Adjudication, explanation: &str) -> Result<Outcome, MoveError> {
        self.check_live()?;
        if let Adjudication::Win(winner) = result
            && winner.index() >= self.position.seat_count()
        {
            return Err(MoveError::new(Reason::InvalidMove, format!("this game has no {winner} to win")));
        }
        let outcome = Match::<G>::adjudication_outcome(result);
        self.record(Turn::Adjudicate { result, explanation: explanation.to_owned() });
        self.end_outside_rules(outcome.clone());
        Ok(outcome)
    }

    /// Ends the game because `seat`'s time ran out while it was to act: in a two-seat game
    /// its opponent wins ([`WinReason::Timeout`]), or the game is drawn when the opponent
    /// could not have won at all ([`Rules::could_win`];
    /// [`DrawReason::TimeoutVsInsufficientMaterial`]); a one-seat game is drawn
    /// ([`DrawReason::Timeout`]). Whether the time really ran out is the clock's to know.
    ///
    /// # Errors
    /// `GameOver` when the game is over, `NotYourTurn` when `seat` is not to act (only a
    /// running clock runs out); the match is then unchanged.
    pub fn time_out(&mut self, seat: Seat) -> Result<Outcome, MoveError> {
        self.check_turn(seat)?;
        let outcome = self.timeout_outcome(seat);
        self.record(Turn::TimedOut(seat));
        self.end_outside_rules(outcome.clone());
        Ok(outcome)
    }

    fn timeout_outcome(&self, seat: Seat) -> Outcome {
        if self.position.seat_count() != 2 {
            return Outcome::Draw { reason: DrawReason::Timeout };
        }
        let winner = seat.opponent();
        if self.position.could_win(winner) {
            Outcome::Win { winner, reason: WinReason::Timeout, line: Vec::new() }
        } else {
            Outcome::Draw { reason: DrawReason::TimeoutVsInsufficientMaterial }
        }
    }

    fn abort_outcome() -> Outcome {
        Outcome::NoResult { reason: NoResultReason::Aborted }
    }

    fn adjudication_outcome(result: Adjudication) -> Outcome {
        match result {
            Adjudication::Win(winner) => Outcome::Win { winner, reason: WinReason::Adjudication, line: Vec::new() },
            Adjudication::Draw => Outcome::Draw { reason: DrawReason::Adjudication },
        }
    }

    /// Ends the game by `outcome`, which the rules did not reach by themselves, and moves
    /// the position to its final stage so that every view shows what the configuration
    /// reveals at the end. The only way `ending` is set, so the two never disagree.
    fn end_outside_rules(&mut self, outcome: Outcome) {
        self.position.conclude(&outcome);
        self.ending = Some(outcome);
    }

    fn resignation_outcome(&self, seat: Seat) -> Outcome {
        if self.position.seat_count() == 2 {
            Outcome::Win { winner: seat.opponent(), reason: WinReason::Resignation, line: Vec::new() }
        } else {
            Outcome::Draw { reason: DrawReason::Resignation }
        }
    }

    fn check_live(&self) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::new(Reason::GameOver, "the game is over and accepts no more moves"));
        }
        Ok(())
    }

    /// [`Match::check_live`], but for a game whose end may still be taken back
    /// ([`Match::end_reopenable`]).
    fn check_live_or_reopenable(&self) -> Result<(), MoveError> {
        if self.end_reopenable() {
            return Ok(());
        }
        self.check_live()
    }

    fn check_turn(&self, seat: Seat) -> Result<(), MoveError> {
        self.check_live()?;
        let to_act = self.position.to_act();
        if !to_act.contains(&seat) {
            let waiting: Vec<String> = to_act.iter().map(|s| s.to_string()).collect();
            return Err(MoveError::new(
                Reason::NotYourTurn,
                format!("it is not {seat}'s turn; waiting for {}", waiting.join(" and ")),
            ));
        }
        Ok(())
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.clone().or_else(|| self.position.outcome())
    }

    /// The seats that may act now.
    pub fn to_act(&self) -> Vec<Seat> {
        if self.ending.is_some() { Vec::new() } else { self.position.to_act() }
    }

    /// Every action `seat` may take now.
    pub fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if self.check_turn(seat).is_err() {
            return Vec::new();
        }
        let mut moves = self.position.legal_moves(seat);
        if G::OWN_DRAW_OFFERS && self.offered_since_moving(seat) {
            moves.retain(|action| *action != Action::OfferDraw);
        }
        if !G::OWN_DRAW_OFFERS && G::draw_offers_allowed(&self.config) {
            match self.draw_offer {
                None if !self.offered_since_moving(seat) => moves.push(Action::OfferDraw),
                None => {}
                Some(offerer) if offerer != seat => moves.extend([Action::AcceptDraw, Action::DeclineDraw]),
                Some(_) => moves.push(Action::WithdrawDraw),
            }
        }
        moves
    }

    /// Number of moves in force (resignations are not moves; taken-back moves no longer count).
    pub fn move_count(&self) -> u32 {
        self.moves_in_force.len() as u32
    }

    /// Every turn so far, oldest first.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// The action the engine's bot chooses for `seat` at `level`, searching within
    /// `budget`: `None` when the game is over or `seat` is not to act (or, which the
    /// rules rule out, has no legal move). `level` is clamped to
    /// 1..=[`Rules::MAX_BOT_LEVEL`]. The bot's randomness is seeded from what `seat` sees
    /// ([`bot::seed_of`](super::bot::seed_of) of its view), so its choice is a function of
    /// that view, the level and the budget: the same game asked again gives the same
    /// answer, in any process.
    pub fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>) -> Option<Action> {
        if self.outcome().is_some() || !self.to_act().contains(&seat) {
            return None;
        }
        let level = level.clamp(1, G::MAX_BOT_LEVEL.max(1));
        let seed = super::bot::seed_of(&self.view(Viewer::Seat(seat)));
        self.position.bot_action(seat, level, budget, seed)
    }

    /// The engine's analysis for `seat` (see [`Rules::analyse`]), searching within
    /// `budget`: `None` when the game is over or `seat` is not to act. Seeded, like the
    /// bot, from what `seat` sees, so the same position gives the same analysis.
    pub fn analyse(&self, seat: Seat, budget: SearchBudget<'_>) -> Option<Analysis> {
        if self.outcome().is_some() || !self.to_act().contains(&seat) {
            return None;
        }
        let seed = super::bot::seed_of(&self.view(Viewer::Seat(seat)));
        Some(self.position.analyse(seat, budget, seed))
    }

    /// A puzzle's solutions from here (see [`Rules::solutions`]); `None` for a game that is
    /// not a puzzle. A finished puzzle has none to list but the empty one when it ended
    /// solved, and it is the rules that say so.
    pub fn solutions(
        &self,
        range: SolutionRange,
        budget: SearchBudget<'_>,
    ) -> Option<Result<Solutions, CountingStopped>> {
        self.position.solutions(range, budget)
    }

    /// The game as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> View {
        let last_move = self.moves_in_force.last().map(|(seat, action)| {
            let action = G::public_action(&self.config, viewer, *seat, action);
            let machine_notation = action.as_ref().and_then(|a| self.position.machine_notation(a));
            let label = action.as_ref().map(|a| self.position.describe_last(a));
            LastMove { seat: *seat, action, machine_notation, label }
        });
        let outcome = self.outcome();
        let mut observation = self.position.observe(viewer);
        if !G::OWN_DRAW_OFFERS {
            observation.draw_offer = self.draw_offer;
        }
        // An offer waits for an answer that a finished game no longer takes, whichever way
        // it ended (a move of the offering seat, a resignation, a flag, an adjudication).
        if outcome.is_some() {
            observation.draw_offer = None;
        }
        View {
            viewer,
            observation,
            to_act: self.to_act(),
            outcome,
            last_move,
            move_count: self.move_count(),
            takeback_request: self.takeback_request(),
        }
    }
}

/// What one turn changed in a [`Match`], for [`Match::undo`]: the position before it and
/// the lengths of what the turn grew or shrank.
#[derive(Debug)]
pub struct Undo<G: Rules> {
    position: G,
    history_len: usize,
    moves_in_force_len: usize,
    /// The move a takeback removes, to put back.
    last_in_force: Option<(Seat, Action)>,
    ending: Option<Outcome>,
    takeback_request: Option<Seat>,
    draw_offer: Option<Seat>,
}

/// An [`Undo`] of a match of any game, for [`AnyMatch::undo`].
pub struct AnyUndo(Box<dyn Any + Send + Sync>);

impl Debug for AnyUndo {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("AnyUndo")
    }
}

/// Why a history could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The configuration itself is invalid.
    #[error("{0}")]
    Config(ConfigError),
    /// Turn number `index` (from 0) was refused.
    #[error("turn {index} was refused: {error}")]
    Turn { index: usize, error: MoveError },
}

/// A match of any game, for the layers that hold games of every kind side by side.
/// Every [`Match`] is one; see there for what each method does.
pub trait AnyMatch: Debug + Send + Sync {
    /// Number of seats.
    fn seat_count(&self) -> usize;
    /// The seats that may act now.
    fn to_act(&self) -> Vec<Seat>;
    /// Every action `seat` may take now.
    fn legal_moves(&self, seat: Seat) -> Vec<Action>;
    /// The seat that made the last move in force, if any move is.
    fn last_mover(&self) -> Option<Seat>;
    /// Plays one turn; on error the match is unchanged.
    fn play(&mut self, turn: &Turn) -> Result<(), MoveError>;
    /// Plays one turn in place, returning how to undo it; on error the match is unchanged.
    fn play_undoably(&mut self, turn: &Turn) -> Result<AnyUndo, MoveError>;
    /// Undoes the last turn, from what [`AnyMatch::play_undoably`] returned for it.
    ///
    /// # Panics
    /// When `undo` comes from a match of another game.
    fn undo(&mut self, undo: AnyUndo);
    /// Checks a turn without playing it.
    fn check(&self, turn: &Turn) -> Result<(), MoveError>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game's end may still be taken back; see [`Match::end_reopenable`].
    fn end_reopenable(&self) -> bool;
    /// Moves applied so far.
    fn move_count(&self) -> u32;
    /// Every turn so far.
    fn history(&self) -> &[Turn];
    /// The game as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> View;
    /// What `viewer` may see of an action `actor` took.
    fn public_action(&self, viewer: Viewer, actor: Seat, action: &Action) -> Option<Action>;
    /// Whether `action` showed `actor` hidden information, so that it can never be taken
    /// back ([`Rules::reveals_to_mover`]).
    fn reveals_to_mover(&self, actor: Seat, action: &Action) -> bool;
    /// A short description of `action` for people.
    fn describe(&self, action: &Action) -> String;
    /// True when some seat knows something others must not.
    fn has_hidden_information(&self) -> bool;
    /// The action in the game's machine notation, if it has one.
    fn machine_notation(&self, action: &Action) -> Option<String>;
    /// The engine's analysis for `seat`, within `budget`; see [`Match::analyse`].
    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>) -> Option<Analysis>;
    /// Whether the analysis uses more than one thread when its budget allows; see
    /// [`Rules::analysis_shares_work`].
    fn analysis_shares_work(&self) -> bool;
    /// The action the engine's bot chooses for `seat` at `level` (clamped to the game's
    /// levels), within `budget`; `None` when the game is over or `seat` is not to act.
    /// See [`Match::bot_action`].
    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>) -> Option<Action>;
    /// A puzzle's solutions from here, within `budget`; `None` for a game that is not a
    /// puzzle. See [`Match::solutions`].
    fn solutions(&self, range: SolutionRange, budget: SearchBudget<'_>) -> Option<Result<Solutions, CountingStopped>>;
    /// The complete state as bytes, for the game's configuration to restore.
    fn snapshot(&self) -> Vec<u8>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyMatch>;
    /// True when `other` is a match of the same game in exactly the same state.
    fn same_state(&self, other: &dyn AnyMatch) -> bool;
    /// For [`AnyMatch::same_state`].
    fn as_any(&self) -> &dyn Any;
}

impl<G: Rules> AnyMatch for Match<G> {
    fn seat_count(&self) -> usize {
        self.position.seat_count()
    }
    fn to_act(&self) -> Vec<Seat> {
        Match::to_act(self)
    }
    fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        Match::legal_moves(self, seat)
    }
    fn play(&mut self, turn: &Turn) -> Result<(), MoveError> {
        Match::play(self, turn)
    }
    fn play_undoably(&mut self, turn: &Turn) -> Result<AnyUndo, MoveError> {
        Match::play_undoably(self, turn).map(|undo| AnyUndo(Box::new(undo)))
    }
    fn undo(&mut self, undo: AnyUndo) {
        let undo = undo.0.downcast::<Undo<G>>().expect("an undo is for the match it came from");
        Match::undo(self, *undo)
    }
    fn check(&self, turn: &Turn) -> Result<(), MoveError> {
        Match::check(self, turn)
    }
    fn outcome(&self) -> Option<Outcome> {
        Match::outcome(self)
    }
    fn end_reopenable(&self) -> bool {
        Match::end_reopenable(self)
    }
    fn move_count(&self) -> u32 {
        Match::move_count(self)
    }
    fn history(&self) -> &[Turn] {
        &self.history
    }
    fn view(&self, viewer: Viewer) -> View {
        Match::view(self, viewer)
    }
    fn public_action(&self, viewer: Viewer, actor: Seat, action: &Action) -> Option<Action> {
        G::public_action(&self.config, viewer, actor, action)
    }
    fn reveals_to_mover(&self, actor: Seat, action: &Action) -> bool {
        G::reveals_to_mover(&self.config, actor, action)
    }
    fn last_mover(&self) -> Option<Seat> {
        self.moves_in_force.last().map(|(seat, _)| *seat)
    }
    fn describe(&self, action: &Action) -> String {
        match action {
            _ if !self.handles_draw(action) => self.position.describe(action),
            Action::OfferDraw => "offers a draw".to_owned(),
            Action::AcceptDraw => "accepts the draw".to_owned(),
            Action::WithdrawDraw => "withdraws the draw offer".to_owned(),
            _ => "declines the draw".to_owned(),
        }
    }
    fn has_hidden_information(&self) -> bool {
        G::has_hidden_information(&self.config)
    }
    fn machine_notation(&self, action: &Action) -> Option<String> {
        if self.handles_draw(action) { None } else { self.position.machine_notation(action) }
    }
    fn analyse(&self, seat: Seat, budget: SearchBudget<'_>) -> Option<Analysis> {
        Match::analyse(self, seat, budget)
    }
    fn analysis_shares_work(&self) -> bool {
        self.position.analysis_shares_work()
    }
    fn bot_action(&self, seat: Seat, level: u8, budget: SearchBudget<'_>) -> Option<Action> {
        Match::bot_action(self, seat, level, budget)
    }
    fn solutions(&self, range: SolutionRange, budget: SearchBudget<'_>) -> Option<Result<Solutions, CountingStopped>> {
        Match::solutions(self, range, budget)
    }
    fn snapshot(&self) -> Vec<u8> {
        Match::snapshot(self)
    }
    fn clone_box(&self) -> Box<dyn AnyMatch> {
        Box::new(self.clone())
    }
    fn same_state(&self, other: &dyn AnyMatch) -> bool {
        other.as_any().downcast_ref::<Match<G>>().is_some_and(|other| other == self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request's digest of an abort reads as before aborts could name a no-show, so a
    /// retry of one logged then is recognised; one naming a no-show names it.
    #[test]
    fn an_abort_without_a_no_show_is_digested_as_before() {
        let before = Turn::Abort { explanation: "x".into(), no_show: None };
        assert_eq!(serde_json::to_string(&before.digest_form()).unwrap(), r#"{"Abort":{"explanation":"x"}}"#);
        let named = Turn::Abort { explanation: "x".into(), no_show: Some(Seat::SECOND) };
        assert_eq!(serde_json::to_string(&named.digest_form()).unwrap(), serde_json::to_string(&named).unwrap());
        let moved = Turn::Resign(Seat::FIRST);
        assert_eq!(serde_json::to_string(&moved.digest_form()).unwrap(), serde_json::to_string(&moved).unwrap());
    }
    use crate::engine::race::Race;

    #[test]
    fn a_takeback_restores_the_position_before_the_move_and_replays() {
        let mut game = Match::<Race>::new((10, true)).unwrap();
        game.apply(Seat::FIRST, &Action::drop(2)).unwrap();
        let after_first = game.clone();
        game.apply(Seat::SECOND, &Action::drop(1)).unwrap();
        game.take_back(Seat::SECOND).unwrap();
        assert_eq!(game.position(), after_first.position());
        assert_eq!(game.move_count(), 1);
        assert_eq!(game.to_act(), vec![Seat::SECOND]);
        assert_eq!(game.history().len(), 3, "the takeback is recorded, not erased");
        let replayed = Match::<Race>::replay((10, true), game.history()).unwrap();
        assert_eq!(replayed, game);
    }

    #[test]
    fn takebacks_are_refused_unless_allowed_and_only_for_ones_own_last_move() {
        let mut strict = Match::<Race>::new((10, false)).unwrap();
        strict.apply(Seat::FIRST, &Action::drop(1)).unwrap();
        let before = strict.clone();
        assert_eq!(strict.take_back(Seat::FIRST).unwrap_err().reason, Reason::TakebackNotAllowed);
        assert_eq!(strict, before);

        let mut game = Match::<Race>::new((3, true)).unwrap();
        assert_eq!(game.take_back(Seat::FIRST).unwrap_err().reason, Reason::NothingToTakeBack);
        game.apply(Seat::FIRST, &Action::drop(1)).unwrap();
        let before = game.clone();
        assert_eq!(game.take_back(Seat::SECOND).unwrap_err().reason, Reason::NothingToTakeBack);
        assert_eq!(game, before);
        game.apply(Seat::SECOND, &Action::drop(2)).unwrap();
        assert!(game.outcome().is_some());
        assert_eq!(game.take_back(Seat::SECOND).unwrap_err().reason, Reason::GameOver);
    }

    #[test]
    fn a_resignation_concludes_the_position_and_nothing_follows_it() {
        let mut game = Match::<Race>::new((10, true)).unwrap();
        game.apply(Seat::FIRST, &Action::drop(2)).unwrap();
        let outcome = game.resign(Seat::FIRST).unwrap();
        assert_eq!(outcome, Outcome::Win { winner: Seat::SECOND, reason: WinReason::Resignation, line: Vec::new() });
        assert_eq!(game.position().concluded, Some(outcome.clone()));
        assert_eq!(game.position().outcome(), Some(outcome));
        let ended = game.clone();
        // The takeback would rebuild the position from its moves and lose the conclusion.
        assert_eq!(game.take_back(Seat::FIRST).unwrap_err().reason, Reason::GameOver);
        assert_eq!(game.resign(Seat::SECOND).unwrap_err().reason, Reason::GameOver);
        assert_eq!(game.apply(Seat::SECOND, &Action::drop(1)).unwrap_err().reason, Reason::GameOver);
        assert_eq!(game, ended);
        assert_eq!(Match::<Race>::replay((10, true), game.history()).unwrap(), game);
    }

    #[test]
    fn an_abort_ends_without_result_until_a_seat_has_moved_twice() {
        let mut game = Match::<Race>::new((10, true)).unwrap();
        game.apply(Seat::FIRST, &Action::drop(1)).unwrap();
        game.apply(Seat::SECOND, &Action::drop(1)).unwrap();
        let mut aborted = game.clone();
        let outcome = aborted.abort("no show").unwrap();
        assert_eq!(outcome, Outcome::NoResult { reason: NoResultReason::Aborted });
        assert_eq!(aborted.outcome(), Some(outcome.clone()));
        assert_eq!(aborted.position().concluded, Some(outcome));
        assert!(aborted.to_act().is_empty());
        assert_eq!(Match::<Race>::replay((10, true), aborted.history()).unwrap(), aborted);
        let ended = aborted.clone();
        assert_eq!(aborted.abort("again").unwrap_err().reason, Reason::GameOver);
        assert_eq!(aborted.adjudicate(Adjudication::Draw, "late").unwrap_err().reason, Reason::GameOver);
        assert_eq!(aborted, ended);

        // A move taken back still counts: the seat has moved twice.
        game.apply(Seat::FIRST, &Action::drop(1)).unwrap();
        game.take_back(Seat::FIRST).unwrap();
        let before = game.clone();
        let refused = game.abort("too late").unwrap_err();
        assert_eq!(refused.reason, Reason::TooLateToAbort);
        assert!(refused.message.contains("seat 1 has made 2 moves"), "{}", refused.message);
        assert_eq!(game, before);
    }

    #[test]
    fn an_adjudication_gives_the_result_asked_at_any_time_and_only_for_real_seats() {
        let mut game = Match::<Race>::new((10, true)).unwrap();
        for _ in 0..3 {
            let seat = game.to_act()[0];
            game.apply(seat, &Action::drop(1)).unwrap();
        }
        let before = game.clone();
        assert_eq!(
            game.adjudicate(Adjudication::Win(Seat::new(2)), "no such seat").unwrap_err().reason,
            Reason::InvalidMove
        );
        assert_eq!(game, before);

        let mut won = game.clone();
        let outcome = won.adjudicate(Adjudication::Win(Seat::SECOND), "fair play").unwrap();
        assert_eq!(outcome, Outcome::Win { winner: Seat::SECOND, reason: WinReason::Adjudication, line: Vec::new() });
        assert_eq!(won.outcome(), Some(outcome));
        assert_eq!(Match::<Race>::replay((10, true), won.history()).unwrap(), won);

        let mut drawn = game;
        assert_eq!(
            drawn.adjudicate(Adjudication::Draw, "curfew").unwrap(),
            Outcome::Draw { reason: DrawReason::Adjudication }
        );
        assert_eq!(drawn.take_back(Seat::FIRST).unwrap_err().reason, Reason::GameOver);
        assert_eq!(drawn.history().last().and_then(Turn::seat), None, "no seat made the adjudication");
    }
}
