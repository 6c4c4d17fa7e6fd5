//! Labels on the wire, under Google's rules for them, and the update masks that change them.

use super::Violations;
use crate::play::Labels;

/// Most labels a game or a series carries.
pub const MAX_LABELS: usize = 64;
/// Longest label key or value, in characters.
pub const MAX_LABEL_CHARS: usize = 63;
/// The one field an update mask may name: the labels (`*`, every field that may change,
/// is the same today).
const LABELS_PATH: &str = "labels";

/// Whether `c` may stand in a label: a letter that is its own lowercase (a lowercase
/// letter, or one without case), a digit of any script, `_` or `-`.
fn allowed(c: char) -> bool {
    c == '_' || c == '-' || c.is_numeric() || (c.is_alphabetic() && c.to_lowercase().eq([c]))
}

/// `text` as an error names it: at most [`MAX_LABEL_CHARS`] characters of it.
fn shown(text: &str) -> String {
    let mut shown: String = text.chars().take(MAX_LABEL_CHARS).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}

/// What is wrong with `text` as a label key (`key`) or value, if anything.
fn problem(text: &str, key: bool) -> Option<String> {
    let what = if key { "key" } else { "value" };
    let length = text.chars().count();
    if key && length == 0 {
        return Some("a label key must not be empty".to_owned());
    }
    if length > MAX_LABEL_CHARS {
        return Some(format!("the {what} is {length} characters long; at most {MAX_LABEL_CHARS}"));
    }
    if let Some(bad) = text.chars().find(|c| !allowed(*c)) {
        return Some(format!(
            "the {what} holds {bad:?}: only lowercase letters, digits, '_' and '-' may stand in a label"
        ));
    }
    if key && !text.starts_with(|c: char| c.is_alphabetic()) {
        return Some("a label key must start with a lowercase letter".to_owned());
    }
    None
}

/// The labels `wire` holds, every problem recorded under `field` (`field[KEY]` for one
/// label's).
pub fn labels_from_proto<'a>(
    wire: impl IntoIterator<Item = (&'a String, &'a String)>,
    field: &str,
    violations: &mut Violations,
) -> Labels {
    let labels: Labels = wire.into_iter().map(|(key, value)| (key.clone(), value.clone())).collect();
    if labels.len() > MAX_LABELS {
        violations.add(field, format!("holds {} labels; at most {MAX_LABELS}", labels.len()));
    }
    for (key, value) in &labels {
        if let Some(problem) = problem(key, true).or_else(|| problem(value, false)) {
            violations.add(format!("{field}[{}]", shown(key)), problem);
        }
    }
    labels
}

/// Whether an update with `mask` changes the labels, when the resource sent has labels
/// (`labels_sent`); any other path is recorded under `field`. An empty mask changes what
/// was sent, as Google's API guide has it (AIP-134).
pub fn labels_in_mask(
    mask: Option<&prost_types::FieldMask>,
    labels_sent: bool,
    field: &str,
    violations: &mut Violations,
) -> bool {
    let paths = mask.map_or(&[][..], |mask| mask.paths.as_slice());
    if paths.is_empty() {
        return labels_sent;
    }
    for path in paths.iter().filter(|path| *path != LABELS_PATH && *path != "*") {
        violations
            .add(field, format!("names {:?}, which cannot change: only {LABELS_PATH:?} (or \"*\") can", shown(path)));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(pairs: &[(&str, &str)]) -> Vec<String> {
        let wire: Vec<(String, String)> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        let mut violations = Violations::default();
        labels_from_proto(wire.iter().map(|(k, v)| (k, v)), "labels", &mut violations);
        match violations.into_result(()) {
            Ok(()) => Vec::new(),
            Err(crate::service::error::ApiError::BadRequest(found)) => found.into_iter().map(|v| v.field).collect(),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn labels_follow_googles_rules_and_every_problem_is_named() {
        assert!(checked(&[("tournament", "spring-2026"), ("round", "3"), ("é_tape", ""), ("日本", "東京")]).is_empty());
        let long = "a".repeat(64);
        let found = checked(&[
            ("Round", "3"),
            ("3rd", "x"),
            ("", "x"),
            ("stage", "Final"),
            (&long, "x"),
            ("ok", &long),
            ("sp ace", "x"),
        ]);
        let shown_long = format!("labels[{}…]", "a".repeat(63));
        let mut expected =
            ["labels[Round]", "labels[3rd]", "labels[]", "labels[stage]", &shown_long, "labels[ok]", "labels[sp ace]"];
        expected.sort_unstable();
        let mut found = found;
        found.sort_unstable();
        assert_eq!(found, expected, "one problem a bad label, each named by its key");
        let many: Vec<(String, String)> = (0..65).map(|n| (format!("k{n}"), String::new())).collect();
        let pairs: Vec<(&str, &str)> = many.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(checked(&pairs), ["labels"]);
    }

    #[test]
    fn an_update_mask_names_the_labels_or_nothing_else() {
        let mask = |paths: &[&str]| prost_types::FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() };
        let mut violations = Violations::default();
        assert!(!labels_in_mask(None, false, "update_mask", &mut violations));
        assert!(labels_in_mask(None, true, "update_mask", &mut violations));
        assert!(labels_in_mask(Some(&mask(&["labels"])), false, "update_mask", &mut violations));
        assert!(labels_in_mask(Some(&mask(&["*"])), false, "update_mask", &mut violations));
        assert!(violations.is_empty());
        labels_in_mask(Some(&mask(&["labels", "status"])), true, "update_mask", &mut violations);
        assert!(!violations.is_empty(), "a field that cannot change is refused");
    }
}
