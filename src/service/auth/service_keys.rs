//! Service keys: the secrets the managing backend authenticates with.
//!
//! Several keys may be configured at once so that one can be rotated out while the next is
//! already in use. Each has a public name (recorded as a game's owner and in logs) and a
//! secret, of which only the SHA-256 is kept; a presented secret is compared against every
//! key in constant time.

use std::fmt;
use std::str::FromStr;

use subtle::ConstantTimeEq;

use crate::play::TokenHash;
use crate::play::tokens::hash_secret;

/// Shortest secret accepted: guessing one must be as hopeless as guessing a seat token.
pub const MIN_SECRET_LEN: usize = 16;
/// Longest key name accepted.
pub const MAX_NAME_LEN: usize = 64;

/// One configured key: its public name and the hash of its secret.
#[derive(Clone)]
pub struct ServiceKey {
    name: String,
    hash: TokenHash,
}

impl ServiceKey {
    /// The key's public name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

// The hash stays out of debug output too: it is all an attacker needs to test guesses offline.
impl fmt::Debug for ServiceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServiceKey").field("name", &self.name).finish_non_exhaustive()
    }
}

impl FromStr for ServiceKey {
    type Err = String;

    /// Reads `NAME=SECRET`. The error never repeats the secret.
    fn from_str(spec: &str) -> Result<ServiceKey, String> {
        let (name, secret) = spec.split_once('=').ok_or("a service key is written NAME=SECRET")?;
        let name = name.trim();
        let name_ok = !name.is_empty()
            && name.len() <= MAX_NAME_LEN
            && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        if !name_ok {
            return Err(format!(
                "the service key name {name:?} must be 1 to {MAX_NAME_LEN} letters, digits, '-', '_' or '.'"
            ));
        }
        let secret = secret.trim();
        if secret.len() < MIN_SECRET_LEN || !secret.chars().all(|c| c.is_ascii_graphic()) {
            return Err(format!(
                "the secret of service key {name:?} must be at least {MIN_SECRET_LEN} printable characters without spaces"
            ));
        }
        Ok(ServiceKey { name: name.to_owned(), hash: hash_secret(secret) })
    }
}

/// The configured service keys; empty means none is configured.
#[derive(Clone, Debug, Default)]
pub struct ServiceKeys {
    keys: Vec<ServiceKey>,
}

impl ServiceKeys {
    /// Keys from `NAME=SECRET` specs. Names must be unique.
    ///
    /// # Errors
    /// The first malformed or repeated spec, without its secret.
    pub fn parse<'a>(specs: impl IntoIterator<Item = &'a str>) -> Result<ServiceKeys, String> {
        let mut keys: Vec<ServiceKey> = Vec::new();
        for spec in specs.into_iter().map(str::trim).filter(|s| !s.is_empty()) {
            let key: ServiceKey = spec.parse()?;
            if keys.iter().any(|k| k.name == key.name) {
                return Err(format!("the service key name {:?} is configured twice", key.name));
            }
            keys.push(key);
        }
        Ok(ServiceKeys { keys })
    }

    /// Keys from a file with one `NAME=SECRET` per line; blank lines and lines starting
    /// with `#` are skipped.
    ///
    /// # Errors
    /// As [`ServiceKeys::parse`].
    pub fn parse_file(text: &str) -> Result<ServiceKeys, String> {
        ServiceKeys::parse(text.lines().filter(|line| !line.trim_start().starts_with('#')))
    }

    /// These keys and `other`'s.
    ///
    /// # Errors
    /// When a name is in both.
    pub fn merge(mut self, other: ServiceKeys) -> Result<ServiceKeys, String> {
        for key in other.keys {
            if self.keys.iter().any(|k| k.name == key.name) {
                return Err(format!("the service key name {:?} is configured twice", key.name));
            }
            self.keys.push(key);
        }
        Ok(self)
    }

    /// True when no key is configured: the server then serves loopback only.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The public names of the keys.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.keys.iter().map(ServiceKey::name)
    }

    /// The name of the key whose secret `secret` is, if any.
    pub fn find(&self, secret: &str) -> Option<&str> {
        let hash = hash_secret(secret);
        // Every key is compared in full, so the time taken tells nothing about any of them.
        let mut found = None;
        for key in &self.keys {
            if bool::from(key.hash.ct_eq(&hash)) {
                found = Some(key.name());
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_by_secret_and_named() {
        let keys = ServiceKeys::parse(["lobby=0123456789abcdef", " next = fedcba9876543210 "]).unwrap();
        assert_eq!(keys.find("0123456789abcdef"), Some("lobby"));
        assert_eq!(keys.find("fedcba9876543210"), Some("next"));
        assert_eq!(keys.find("0123456789abcdeg"), None);
        assert_eq!(keys.names().collect::<Vec<_>>(), ["lobby", "next"]);
        assert!(!format!("{keys:?}").contains("0123456789abcdef"));
    }

    #[test]
    fn malformed_specs_are_refused_without_echoing_the_secret() {
        for spec in ["nosecret", "=0123456789abcdef", "a b=0123456789abcdef", "short=abc", "sp=0123456789 abcdef"] {
            let error = ServiceKeys::parse([spec]).unwrap_err();
            assert!(!error.contains("0123456789"), "{error}");
        }
        assert!(ServiceKeys::parse(["a=0123456789abcdef", "a=fedcba9876543210"]).is_err());
        let file = "# rotation\nold=0123456789abcdef\n\nnew=fedcba9876543210\n";
        assert_eq!(ServiceKeys::parse_file(file).unwrap().names().count(), 2);
    }
}
