//! `GetHint`: the wire request to an analysis request, and the answer back.

use std::time::Duration;

use crate::engine::{Score, ScoreUnit, Solved, Viewer};
use crate::play::{AnalysisAnswer, AnalysisRequest, MAX_ANALYSIS_NODES, MAX_ANALYSIS_TIME};
use crate::proto::tabula::v1 as pb;

use super::{Violations, action_to_proto};
use crate::service::error::ApiError;

/// The analysis `asker` asks for with `request`, every malformed field named at once.
pub fn analysis_request_from_proto(request: &pb::GetHintRequest, asker: Viewer) -> Result<AnalysisRequest, ApiError> {
    let mut v = Violations::default();
    let time = match request.max_time {
        None => None,
        Some(time) if time.seconds < 0 || time.nanos < 0 || time.nanos >= 1_000_000_000 => {
            v.add("max_time", "must be a positive duration");
            None
        }
        Some(time) => {
            let time = Duration::new(time.seconds as u64, time.nanos as u32);
            if time > MAX_ANALYSIS_TIME {
                v.add("max_time", format!("must be at most {} s", MAX_ANALYSIS_TIME.as_secs()));
            }
            (!time.is_zero()).then_some(time)
        }
    };
    if request.max_nodes > MAX_ANALYSIS_NODES {
        v.add("max_nodes", format!("must be at most {MAX_ANALYSIS_NODES}"));
    }
    let nodes = (request.max_nodes != 0).then_some(request.max_nodes);
    v.into_result(AnalysisRequest { asker, at_seq: request.at_seq, time, nodes })
}

/// The wire answer of `GetHint`.
pub fn hint_to_proto(answer: &AnalysisAnswer) -> pb::GetHintResponse {
    let mut response = pb::GetHintResponse {
        seq: answer.seq,
        seat: answer.seat.map_or(0, |seat| seat.number()),
        ..Default::default()
    };
    let Some(analysis) = &answer.analysis else {
        response.result = pb::HintResult::AlreadySolved as i32;
        return response;
    };
    response.result = match (analysis.suggestion(), analysis.score) {
        (Some(_), _) => pb::HintResult::Move,
        (None, Score::Exact { result: Solved::Loss, .. }) => pb::HintResult::NoSolution,
        (None, _) => pb::HintResult::Undecided,
    } as i32;
    response.r#move = analysis.suggestion().map(action_to_proto);
    response.principal_variation = analysis.line.iter().map(action_to_proto).collect();
    response.score = score_to_proto(analysis.score);
    response.depth = analysis.depth;
    response.nodes = analysis.nodes;
    response
}

fn score_to_proto(score: Score) -> Option<pb::HintScore> {
    Some(match score {
        Score::Unknown => return None,
        Score::Exact { result, plies, value } => pb::HintScore {
            exact: true,
            result: match result {
                Solved::Win => pb::ScoreResult::Win,
                Solved::Draw => pb::ScoreResult::Draw,
                Solved::Loss => pb::ScoreResult::Loss,
            } as i32,
            plies_to_end: plies,
            value: value.map(|(value, _)| value),
            unit: value.map_or(pb::ScoreUnit::Unspecified, |(_, unit)| unit_to_proto(unit)) as i32,
        },
        Score::Estimate { value, unit } => pb::HintScore {
            exact: false,
            result: pb::ScoreResult::Unspecified as i32,
            plies_to_end: None,
            value: Some(value),
            unit: unit_to_proto(unit) as i32,
        },
    })
}

fn unit_to_proto(unit: ScoreUnit) -> pb::ScoreUnit {
    match unit {
        ScoreUnit::Points => pb::ScoreUnit::Points,
        ScoreUnit::Centipawns => pb::ScoreUnit::Centipawns,
        ScoreUnit::Discs => pb::ScoreUnit::Discs,
        ScoreUnit::PonsScore => pb::ScoreUnit::PonsScore,
        ScoreUnit::Pegs => pb::ScoreUnit::Pegs,
        ScoreUnit::HitPercent => pb::ScoreUnit::HitPercent,
    }
}
