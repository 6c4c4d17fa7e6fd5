//! Saved configurations: a service key's named configurations, checked like a
//! `CreateGame`'s, and listed by name.

use tonic::Request;

use super::GameServiceImpl;
use super::creation::{checked_game, config_and_clock};
use super::page::Page;
use super::validate::{every_problem, saved_name};
use crate::play::ToSave;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{Violations, check_free_text, saved_to_proto};
use crate::service::error::ApiError;

/// Longest description of a saved configuration, in characters.
pub const MAX_SAVED_DESCRIPTION_CHARS: usize = 500;

/// What a `CreateSavedConfig` or `UpdateSavedConfig` asks to save, checked like a
/// `CreateGame` configuration.
fn to_save(saved: Option<&pb::SavedConfig>) -> Result<ToSave, ApiError> {
    let saved = saved.ok_or_else(|| ApiError::bad_field("saved_config", "is required"))?;
    let name = saved_name(&saved.name, "saved_config.name");
    let mut violations = Violations::default();
    check_free_text(&saved.description, MAX_SAVED_DESCRIPTION_CHARS, "saved_config.description", &mut violations);
    let description = violations.into_result(saved.description.clone());
    let wire = saved.config.as_ref().ok_or_else(|| ApiError::bad_field("saved_config.config", "is required"));
    let config = wire.and_then(|wire| config_and_clock(wire, "saved_config.config"));
    // Every malformed field at once; a configuration the rules refuse is told on its own.
    if name.is_err() || description.is_err() || matches!(config, Err(ApiError::BadRequest(_))) {
        return Err(every_problem(&[name.as_ref().err(), description.as_ref().err(), config.as_ref().err()]));
    }
    let (config, clock) = config?;
    let game_field = format!("saved_config.config.{}", config.kind().name());
    let (_, clock) = checked_game(&config, clock, "saved_config.config", &game_field)?;
    Ok(ToSave { name: name?, description: description?, config, clock })
}

impl GameServiceImpl {
    pub(super) async fn create_saved_config_call(
        &self,
        request: Request<pb::CreateSavedConfigRequest>,
    ) -> Result<pb::SavedConfig, ApiError> {
        let owner = self.gate.service_key(&request, "saving a configuration")?.unwrap_or_default();
        let wanted = to_save(request.get_ref().saved_config.as_ref())?;
        Ok(saved_to_proto(&self.hub.save_config(&owner, wanted, false).await?))
    }

    pub(super) async fn get_saved_config_call(
        &self,
        request: Request<pb::GetSavedConfigRequest>,
    ) -> Result<pb::SavedConfig, ApiError> {
        let owner = self.gate.service_key(&request, "reading a saved configuration")?.unwrap_or_default();
        let name = saved_name(&request.get_ref().name, "name")?;
        Ok(saved_to_proto(&self.hub.saved_config(&owner, &name).await?))
    }

    pub(super) async fn list_saved_configs_call(
        &self,
        request: Request<pb::ListSavedConfigsRequest>,
    ) -> Result<pb::ListSavedConfigsResponse, ApiError> {
        let owner = self.gate.service_key(&request, "listing saved configurations")?.unwrap_or_default();
        let request = request.into_inner();
        let page = Page::asked(request.page_size, &request.page_token, "saved".to_owned())?;
        let saved = self.hub.list_saved_configs(&owner, page.after.as_deref(), page.to_read()).await?;
        let (saved, next_page_token) = page.finish(saved, |saved| &saved.name);
        Ok(pb::ListSavedConfigsResponse { saved_configs: saved.iter().map(saved_to_proto).collect(), next_page_token })
    }

    pub(super) async fn update_saved_config_call(
        &self,
        request: Request<pb::UpdateSavedConfigRequest>,
    ) -> Result<pb::SavedConfig, ApiError> {
        let owner = self.gate.service_key(&request, "changing a saved configuration")?.unwrap_or_default();
        let wanted = to_save(request.get_ref().saved_config.as_ref())?;
        Ok(saved_to_proto(&self.hub.save_config(&owner, wanted, true).await?))
    }

    pub(super) async fn delete_saved_config_call(
        &self,
        request: Request<pb::DeleteSavedConfigRequest>,
    ) -> Result<pb::DeleteSavedConfigResponse, ApiError> {
        let owner = self.gate.service_key(&request, "deleting a saved configuration")?.unwrap_or_default();
        let name = saved_name(&request.get_ref().name, "name")?;
        self.hub.delete_saved_config(&owner, &name).await?;
        Ok(pb::DeleteSavedConfigResponse {})
    }
}
