//! Free text a request carries (player ids and names, a saved configuration's
//! description, an abort's or adjudication's explanation): one rule for all of it.

use super::Violations;

/// Records under `field` what is wrong with `text` as free text of at most `max_chars`
/// characters: too long, or holding a control character (NUL, ESC, a line break, …) or a
/// bidirectional override, which would let whoever wrote it forge or disguise what logs,
/// terminals and pages show beside it.
pub fn check_free_text(text: &str, max_chars: usize, field: &str, violations: &mut Violations) {
    if text.chars().count() > max_chars {
        violations.add(field, format!("is longer than {max_chars} characters"));
    }
    if text.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        violations.add(field, "must not contain control characters or bidirectional overrides");
    }
}

/// The characters that reorder the text around them: embeddings, overrides, isolates and
/// their ends.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> usize {
        let mut violations = Violations::default();
        check_free_text(text, 8, "name", &mut violations);
        violations.into_result(()).map_or_else(
            |error| match error {
                crate::service::error::ApiError::BadRequest(fields) => fields.len(),
                other => panic!("{other:?}"),
            },
            |()| 0,
        )
    }

    #[test]
    fn free_text_is_refused_for_length_and_control_characters_alike() {
        assert_eq!(problems("Ada Byron"), 1, "nine characters of eight");
        assert_eq!(problems("Ada ✓ 🂡"), 0, "any printable character is fine");
        for bad in ["a\0b", "a\u{1b}[2J", "two\nrows", "tab\t", "\u{202E}evil", "\u{2066}x"] {
            assert_eq!(problems(bad), 1, "{bad:?}");
        }
        assert_eq!(problems("much too long\0"), 2, "every problem at once");
    }
}
