//! Page tokens: opaque to callers, bound to the query that made them.
//!
//! A token names the last item of the page before and the query it was made for (a list
//! call's filters), so that a token used with other filters, or with another list call, is
//! refused rather than misread. Only a token this server could have written passes.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::service::error::ApiError;

/// Page size when a request leaves it at 0.
pub const DEFAULT_PAGE_SIZE: usize = 50;
/// Largest page; larger requests are served this many.
pub const MAX_PAGE_SIZE: usize = 500;

/// Longest item name a token carries: an id, or a leaderboard's place (a count, a rating
/// and a player id of up to 128 characters, encoded).
const MAX_LAST_LEN: usize = 256;

/// The version every token starts with.
const VERSION: &str = "v2";

/// The page a list request asks for: its size and where it starts.
#[derive(Debug)]
pub struct Page {
    /// Items to return, from 1 to [`MAX_PAGE_SIZE`].
    pub size: usize,
    /// The last item of the page before, or `None` for the first page.
    pub after: Option<String>,
    /// The query the page belongs to, written into the next page's token.
    query: String,
}

impl Page {
    /// The page `page_size` and `page_token` ask for in the list query `query` (the call's
    /// name and its filters, in a form that changes with any filter).
    ///
    /// # Errors
    /// A negative size, or `INVALID_PAGE_TOKEN` for a token another query made or no one.
    pub fn asked(page_size: i32, page_token: &str, query: String) -> Result<Page, ApiError> {
        let size = match page_size {
            size if size < 0 => return Err(ApiError::bad_field("page_size", "must not be negative")),
            0 => DEFAULT_PAGE_SIZE,
            size => (size as usize).min(MAX_PAGE_SIZE),
        };
        let after = match page_token {
            "" => None,
            token => Some(last_of(token, &query).ok_or(ApiError::InvalidPageToken)?),
        };
        Ok(Page { size, after, query })
    }

    /// How many items to read: one more than the page tells whether another follows.
    pub fn to_read(&self) -> usize {
        self.size + 1
    }

    /// The token of the page after the item `last` names, for a list call that finds for
    /// itself whether another page follows.
    pub fn token_after(&self, last: &str) -> String {
        token(&self.query, last)
    }

    /// Cuts `items` (read with [`Page::to_read`]) to the page, and the token of the next
    /// page, empty when none follows; `id` names an item.
    pub fn finish<T>(&self, mut items: Vec<T>, id: impl Fn(&T) -> &str) -> (Vec<T>, String) {
        let more = items.len() > self.size;
        items.truncate(self.size);
        let next = match (more, items.last()) {
            (true, Some(last)) => token(&self.query, id(last)),
            _ => String::new(),
        };
        (items, next)
    }
}

/// The token of the page after `last` in `query`.
fn token(query: &str, last: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("{VERSION}|{query}|{last}"))
}

/// The last item `token` names, when `query` made it.
fn last_of(token_given: &str, query: &str) -> Option<String> {
    let decoded = String::from_utf8(URL_SAFE_NO_PAD.decode(token_given).ok()?).ok()?;
    let last = decoded.strip_prefix(VERSION)?.strip_prefix('|')?.strip_prefix(query)?.strip_prefix('|')?;
    // The exact encoding `token` gives, of an id of a length ours take. (A token edited to
    // name another id only starts the page there: it shows nothing the caller could not
    // list anyway.)
    let fine = !last.is_empty() && last.len() <= MAX_LAST_LEN && !last.contains('|');
    (fine && token(query, last) == token_given).then(|| last.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_continues_only_the_query_that_made_it() {
        let first = Page::asked(2, "", "games,1".to_owned()).unwrap();
        let (items, next) = first.finish(vec!["a", "b", "c"], |item| item);
        assert_eq!(items, ["a", "b"]);
        let second = Page::asked(2, &next, "games,1".to_owned()).unwrap();
        assert_eq!(second.after.as_deref(), Some("b"));
        assert!(matches!(Page::asked(2, &next, "games,2".to_owned()), Err(ApiError::InvalidPageToken)));
        assert!(matches!(Page::asked(2, "bm9wZQ", "games,1".to_owned()), Err(ApiError::InvalidPageToken)));
        let (_, last) = second.finish(vec!["c"], |item| item);
        assert!(last.is_empty(), "no page after the last");
    }

    #[test]
    fn a_page_size_is_bounded_and_never_negative() {
        assert_eq!(Page::asked(0, "", String::new()).unwrap().size, DEFAULT_PAGE_SIZE);
        assert_eq!(Page::asked(100_000, "", String::new()).unwrap().size, MAX_PAGE_SIZE);
        assert!(matches!(Page::asked(-1, "", String::new()), Err(ApiError::BadRequest(_))));
    }
}
