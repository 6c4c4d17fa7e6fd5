//! `hint`: the move the server's engine suggests to the seat to move (`GetHint`), named by
//! the label the seat's legal moves give it, with what the engine makes of the position.

use std::io::{Write, stdout};

use tabula::proto::tabula::v1 as pb;

use super::super::client::{Failure, request};
use super::{Flow, LocalSeat, Reply, Table};

impl Table {
    /// Asks the engine for `seat`'s move, `legal` holding the moves it may make, and says
    /// the engine's answer.
    pub(super) async fn hint(&mut self, seat: &LocalSeat, legal: &pb::ListLegalMovesResponse) -> Result<Flow, Failure> {
        // The server's default budget: a second of thought.
        let message = pb::GetHintRequest { game_id: self.game_id.clone(), max_time: None, max_nodes: 0, at_seq: None };
        let credential = &seat.credential;
        let reply =
            self.call(async |mut client| client.get_hint(request(Some(credential), message.clone())).await).await?;
        match reply {
            Reply::Answered(hint) => {
                writeln!(stdout(), "{}", hint_words(&hint, &legal.moves))?;
                Ok(Flow::Continue)
            }
            other => self.after(other, "get a hint"),
        }
    }
}

/// The engine's answer in words: its move as the legal moves label it, and its judgement.
fn hint_words(hint: &pb::GetHintResponse, legal: &[pb::LegalMove]) -> String {
    match pb::HintResult::try_from(hint.result) {
        Ok(pb::HintResult::Move) => {
            let label = legal
                .iter()
                .find(|candidate| candidate.r#move == hint.r#move)
                .map_or("a move this terminal cannot name", |candidate| candidate.label.as_str());
            let judged = hint.score.as_ref().map(score_words).unwrap_or_default();
            format!("hint: {label}{judged}")
        }
        Ok(pb::HintResult::NoSolution) => "hint: no move leads to the goal from here".to_owned(),
        Ok(pb::HintResult::AlreadySolved) => "hint: the game is over here; nobody is to move".to_owned(),
        Ok(pb::HintResult::Undecided) => "hint: the engine ran out of time before judging a move; ask again".to_owned(),
        _ => "hint: the engine answered in a way this terminal does not know".to_owned(),
    }
}

/// What the engine makes of the position, for the seat it analysed: ` (…)`, or nothing.
fn score_words(score: &pb::HintScore) -> String {
    if score.exact {
        let within = score.plies_to_end.map(|plies| format!(" within {plies} moves")).unwrap_or_default();
        return match pb::ScoreResult::try_from(score.result) {
            Ok(pb::ScoreResult::Win) => format!(" (with best play you win{within})"),
            Ok(pb::ScoreResult::Draw) => " (with best play the game is drawn)".to_owned(),
            Ok(pb::ScoreResult::Loss) => format!(" (with best play you lose{within})"),
            _ => String::new(),
        };
    }
    let Some(value) = score.value else { return String::new() };
    match pb::ScoreUnit::try_from(score.unit) {
        Ok(pb::ScoreUnit::HitPercent) => format!(" (a {value}% chance to hit)"),
        Ok(pb::ScoreUnit::Centipawns) => format!(" (the engine's estimate: {:+.2} pawns)", f64::from(value) / 100.0),
        Ok(pb::ScoreUnit::Discs) => format!(" (the engine's estimate: {value:+} discs)"),
        Ok(pb::ScoreUnit::Pegs) => format!(" (the engine's estimate: {value} pegs left)"),
        _ => format!(" (the engine's estimate: {value:+})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(column: u32) -> pb::LegalMove {
        let target = Some(pb::place::Target::Column(column));
        let mv = pb::Move { kind: Some(pb::r#move::Kind::Place(pb::Place { target })) };
        pb::LegalMove { r#move: Some(mv), label: format!("column {}", column + 1), uci: String::new() }
    }

    #[test]
    fn the_hint_is_named_by_its_legal_moves_label_with_the_engines_judgement() {
        let legal = [column(2), column(3)];
        let hint = pb::GetHintResponse {
            result: pb::HintResult::Move as i32,
            r#move: legal[1].r#move.clone(),
            score: Some(pb::HintScore {
                exact: true,
                result: pb::ScoreResult::Win as i32,
                plies_to_end: Some(7),
                ..Default::default()
            }),
            ..Default::default()
        };
        assert_eq!(hint_words(&hint, &legal), "hint: column 4 (with best play you win within 7 moves)");
        let estimate = pb::HintScore { value: Some(-35), unit: pb::ScoreUnit::Centipawns as i32, ..Default::default() };
        let hint = pb::GetHintResponse { score: Some(estimate), ..hint };
        assert_eq!(hint_words(&hint, &legal), "hint: column 4 (the engine's estimate: -0.35 pawns)");
        let none = pb::GetHintResponse { result: pb::HintResult::NoSolution as i32, ..Default::default() };
        assert_eq!(hint_words(&none, &legal), "hint: no move leads to the goal from here");
    }
}
