//! A puzzle's solutions, counted and listed a page at a time.

use tonic::Request;

use super::GameServiceImpl;
use super::admission::Entered;
use super::page::Page;
use crate::engine::{SolutionCount, SolutionRange};
use crate::play::SolutionsRequest;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::action_to_proto;
use crate::service::error::ApiError;

impl GameServiceImpl {
    pub(super) async fn list_puzzle_solutions_call(
        &self,
        request: Request<pb::ListPuzzleSolutionsRequest>,
    ) -> Result<pb::ListPuzzleSolutionsResponse, ApiError> {
        let Entered { live, viewer, .. } = self.gate.enter(&self.hub, &request, &request.get_ref().game_id).await?;
        let body = request.get_ref();
        let at = body.at_seq.map_or_else(|| "now".to_owned(), |seq| seq.to_string());
        let page = Page::asked(body.page_size, &body.page_token, format!("solutions,{},{at}", live.id))?;
        // A later page names the position its first page listed and where it goes on.
        let (listed_at, first) = match page.after.as_deref() {
            None => (None, 0),
            Some(after) => {
                let (seq, rank) = after.split_once('.').ok_or(ApiError::InvalidPageToken)?;
                let seq = seq.parse::<u64>().map_err(|_| ApiError::InvalidPageToken)?;
                (Some(seq), rank.parse::<u128>().map_err(|_| ApiError::InvalidPageToken)?)
            }
        };
        let range = SolutionRange { first, limit: page.size };
        let asked = SolutionsRequest { asker: viewer, at_seq: body.at_seq, listed_at, range };
        let answer = self.hub.solutions(&live, asked).await?;
        let (solution_count, count_overflow) = match answer.count {
            SolutionCount::Exact(count) => (count.to_string(), false),
            SolutionCount::Overflow => (String::new(), true),
        };
        let more = match answer.count {
            SolutionCount::Exact(count) => first.saturating_add(answer.page.len() as u128) < count,
            SolutionCount::Overflow => false,
        };
        let next_page_token = if more && !answer.page.is_empty() {
            page.token_after(&format!("{}.{}", answer.seq, first + answer.page.len() as u128))
        } else {
            String::new()
        };
        let solutions = answer
            .page
            .into_iter()
            .map(|moves| {
                let (moves, labels) =
                    moves.into_iter().map(|(action, label)| (action_to_proto(&action), label)).unzip();
                pb::PuzzleSolution { moves, labels }
            })
            .collect();
        Ok(pb::ListPuzzleSolutionsResponse {
            seq: answer.seq,
            solution_count,
            count_overflow,
            solutions,
            next_page_token,
            nodes: answer.nodes,
        })
    }
}
