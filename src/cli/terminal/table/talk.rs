//! What one seat asks of the other, and the answers: takebacks (`TakeBack`, and
//! `AnswerTakeBack` where the game needs consent) and draw offers (`Draw` moves). What each
//! changes arrives with the game's events; a refusal is said in words.

use tabula::proto::tabula::v1 as pb;

use super::super::client::{Failure, request};
use super::super::moves::{Asked, draw_move};
use super::{Flow, LocalSeat, Table, request_id};

impl Table {
    /// Takes back the last move of a seat played here: the one that made the last move, or,
    /// when another did (the server's engine, whose reply the server takes back with the
    /// seat's move), the seat at the prompt. Where the game needs consent this asks the
    /// other seat, whose answer arrives as an event.
    pub(super) async fn take_back(&mut self, view: &pb::View, prompting: Option<&LocalSeat>) -> Result<Flow, Failure> {
        let last_mover = view.last_move.as_ref().map(|last| last.seat);
        let Some(seat) = self.local.iter().find(|seat| Some(seat.number) == last_mover).or(prompting).cloned() else {
            return self.say("no move of a seat played here to take back");
        };
        let message =
            pb::TakeBackRequest { game_id: self.game_id.clone(), expected_seq: None, request_id: request_id() };
        let credential = &seat.credential;
        let reply =
            self.call(async |mut client| client.take_back(request(Some(credential), message.clone())).await).await?;
        self.after(reply, "take back the move")
    }

    /// Accepts or declines what the other seat asks: what `to` names, or whatever waits
    /// for an answer in `view` (a takeback request first, it being about the last move).
    pub(super) async fn answer(
        &mut self,
        view: &pb::View,
        prompting: Option<&LocalSeat>,
        accept: bool,
        to: Asked,
    ) -> Result<Flow, Failure> {
        let asked = match to {
            Asked::Waiting if view.takeback_request != 0 => Asked::TakeBack,
            Asked::Waiting if view.draw_offer != 0 => Asked::Draw,
            Asked::Waiting => return self.say("nothing waits for an answer: no draw offer, no takeback request"),
            named => named,
        };
        let asker = if asked == Asked::TakeBack { view.takeback_request } else { view.draw_offer };
        let Some(seat) = self.answerer(asker, prompting) else { return Ok(Flow::Continue) };
        let verb = if accept { "accept" } else { "decline" };
        if asked == Asked::TakeBack {
            let message = pb::AnswerTakeBackRequest {
                game_id: self.game_id.clone(),
                accept,
                expected_seq: None,
                request_id: request_id(),
            };
            let credential = &seat.credential;
            let reply = self
                .call(async |mut client| client.answer_take_back(request(Some(credential), message.clone())).await)
                .await?;
            return self.after(reply, &format!("{verb} the takeback"));
        }
        let action = if accept { pb::DrawAction::Accept } else { pb::DrawAction::Decline };
        let reply = self.submit(&seat, Some(draw_move(action)), None).await?;
        self.after(reply, &format!("{verb} the draw"))
    }

    /// Offers the other seat a draw for `seat`, which still has to move.
    pub(super) async fn offer_draw(&mut self, seat: &LocalSeat, expected_seq: Option<u64>) -> Result<Flow, Failure> {
        let reply = self.submit(seat, Some(draw_move(pb::DrawAction::Offer)), expected_seq).await?;
        self.after(reply, "offer a draw")
    }

    /// Withdraws the draw offer of the seat played here whose offer waits (or, when none
    /// does, asks for the seat at the prompt and lets the server say why not).
    pub(super) async fn withdraw_draw(
        &mut self,
        view: &pb::View,
        prompting: Option<&LocalSeat>,
    ) -> Result<Flow, Failure> {
        let offerer = self.local.iter().find(|seat| seat.number == view.draw_offer);
        let Some(seat) = offerer.or(prompting).or(self.local.first()).cloned() else { return Ok(Flow::Continue) };
        let reply = self.submit(&seat, Some(draw_move(pb::DrawAction::Withdraw)), None).await?;
        self.after(reply, "withdraw the draw offer")
    }

    /// The seat played here that answers what seat `asker` asked: the one at the prompt,
    /// unless it is the asker, else another one played here; the asker itself when no
    /// other is (and the server says why it may not answer).
    fn answerer(&self, asker: u32, prompting: Option<&LocalSeat>) -> Option<LocalSeat> {
        prompting
            .filter(|seat| seat.number != asker)
            .or_else(|| self.local.iter().find(|seat| seat.number != asker))
            .or(prompting)
            .or(self.local.first())
            .cloned()
    }
}
