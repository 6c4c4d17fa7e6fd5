//! A call the server refused, said in words for the person at the terminal. The refusal's
//! `google.rpc.ErrorInfo` reason decides the words: the server's own message where it
//! speaks to a player, this terminal's where it speaks of the contract's fields or of a
//! command-line option the person can use.

use tonic::{Code, Status};
use tonic_types::StatusExt;

/// The `ErrorInfo` reason of `status`; empty when it carries none.
pub fn reason(status: &Status) -> String {
    status.get_details_error_info().map(|info| info.reason).unwrap_or_default()
}

/// One of `status`'s `ErrorInfo` metadata entries, when it has it.
pub fn metadata(status: &Status, key: &str) -> Option<String> {
    status.get_details_error_info().and_then(|info| info.metadata.get(key).cloned())
}

/// Why the server refused, in words: `could not take back the move: …`.
pub fn refused(doing: &str, status: &Status) -> String {
    format!("could not {doing}: {}", why(status))
}

/// A move the server refused, in words.
pub fn refused_move(status: &Status) -> String {
    match status.code() {
        Code::Aborted => "the game moved on before the move arrived; look at the board and try again".to_owned(),
        _ => format!("refused: {}", why(status)),
    }
}

/// The reason behind `status`, as a clause.
fn why(status: &Status) -> String {
    match reason(status).as_str() {
        "HINTS_DISABLED" => "this game was created without hints (tabula play makes one with them: --hints)".to_owned(),
        "SEARCH_BUSY" => "the server's engine is busy with other searches; ask again in a moment".to_owned(),
        "CREDENTIAL_REQUIRED" | "SERVICE_KEY_REQUIRED" => {
            "the server does that only for its service key; give it with --service-key NAME=SECRET".to_owned()
        }
        "STALE_SEQ" => "the game moved on meanwhile; look at the board and try again".to_owned(),
        _ => status.message().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic_types::{ErrorDetails, StatusExt};

    fn status(code: Code, reason: &str, message: &str) -> Status {
        let details =
            ErrorDetails::with_error_info(reason, "tabula.v1", [("rematch_game_id".to_owned(), "g2".to_owned())]);
        Status::with_error_details(code, message, details)
    }

    #[test]
    fn a_refusal_speaks_of_what_the_person_can_do_not_of_the_contracts_fields() {
        let hints =
            status(Code::FailedPrecondition, "HINTS_DISABLED", "created without hints (CreateGameRequest.allow_hints)");
        assert_eq!(
            refused("get a hint", &hints),
            "could not get a hint: this game was created without hints (tabula play makes one with them: --hints)"
        );
        let takeback = status(Code::FailedPrecondition, "TAKEBACK_NOT_ALLOWED", "this game does not allow takebacks");
        assert_eq!(refused("take back", &takeback), "could not take back: this game does not allow takebacks");
        let stale = status(Code::Aborted, "STALE_SEQ", "expected 4, now 5");
        assert!(refused_move(&stale).starts_with("the game moved on before the move arrived"));
        assert_eq!(refused_move(&takeback), "refused: this game does not allow takebacks");
    }

    #[test]
    fn the_reason_and_its_metadata_are_read_from_the_error_info() {
        let exists = status(Code::AlreadyExists, "REMATCH_EXISTS", "a rematch exists");
        assert_eq!(reason(&exists), "REMATCH_EXISTS");
        assert_eq!(metadata(&exists, "rematch_game_id").as_deref(), Some("g2"));
        assert_eq!(reason(&Status::internal("bare")), "");
    }
}
