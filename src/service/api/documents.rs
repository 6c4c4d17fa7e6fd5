//! One game as a document: exported as `tabula export` writes it, imported with the
//! checks `tabula import` makes.

use tonic::Request;

use super::GameServiceImpl;
use super::admission::game;
use crate::play::GameDocument;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{Violations, game_to_proto, labels_from_proto};
use crate::service::error::ApiError;

impl GameServiceImpl {
    pub(super) async fn export_game_call(
        &self,
        request: Request<pb::ExportGameRequest>,
    ) -> Result<pb::ExportGameResponse, ApiError> {
        let key = self.gate.service_key(&request, "exporting a game")?;
        let live = game(&self.hub, &request.get_ref().game_id).await?;
        let document = self.hub.export_game(&live).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), events = document.events.len(), "game exported");
        Ok(pb::ExportGameResponse { document: document.to_json() })
    }

    pub(super) async fn import_game_call(
        &self,
        request: Request<pb::ImportGameRequest>,
    ) -> Result<pb::ImportGameResponse, ApiError> {
        let key = self.gate.service_key(&request, "importing a game")?;
        let body = request.get_ref();
        if body.document.is_empty() {
            return Err(ApiError::bad_field("document", "is required: a document ExportGame or `tabula export` wrote"));
        }
        let document =
            GameDocument::from_json(&body.document).map_err(|why| ApiError::InvalidDocument(why.to_string()))?;
        // What a creation's request is held to, a document is too.
        let mut violations = Violations::default();
        labels_from_proto(&document.labels, "document.labels", &mut violations);
        violations.into_result(())?;
        let max_in_progress = key.is_some().then_some(self.limits.max_games_per_key);
        let record = self.hub.import_game(document, key.clone(), max_in_progress, body.validate_only).await?;
        if !body.validate_only {
            tracing::info!(game_id = %record.id, key = key.as_deref(), events = record.seq, "game imported");
        }
        Ok(pb::ImportGameResponse { game: Some(game_to_proto(&record)) })
    }
}
