//! What `tabula play` may add to a kind's preset or default rules: hints, takebacks, draw
//! offers and clocks, each a field of the contract's `GameConfig` or `CreateGameRequest`.
//! Without them a game has none of these but what its kind always has (takebacks and hints
//! in peg solitaire, draw offers in chess), so the prompt's commands would only be refused.

use std::str::FromStr;
use std::time::Duration;

use tabula::proto::tabula::v1 as pb;

/// The rules added to the preset, as `tabula play` takes them.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct AddedRules {
    /// Let the seat to move ask the server's engine for a move (`hint` at the prompt).
    #[arg(long)]
    hints: bool,
    /// Let a seat take back its own last move (`takeback` at the prompt).
    #[arg(long)]
    takebacks: bool,
    /// Takebacks, each one only once the other seat accepts it.
    #[arg(long)]
    takeback_consent: bool,
    /// Let the seats offer each other a draw (`draw` at the prompt); chess always does.
    #[arg(long)]
    draw_offers: bool,
    /// A clock for each seat: BASE[+INCREMENT], in minutes and seconds as chess writes them
    /// (`5+3`), or with units (`90s`, `10m+5s`, `1h`).
    #[arg(long, value_name = "BASE[+INCREMENT]")]
    clock: Option<Clock>,
}

impl AddedRules {
    /// Whether any rule is added: the game is then made from the preset's configuration with
    /// them, rather than from the preset's name.
    pub fn any(&self) -> bool {
        self.takebacks || self.takeback_consent || self.draw_offers || self.clock.is_some()
    }

    /// `config` with these rules.
    pub fn applied_to(&self, mut config: pb::GameConfig) -> pb::GameConfig {
        config.allow_takebacks |= self.takebacks || self.takeback_consent;
        config.takebacks_need_consent |= self.takeback_consent;
        config.allow_draw_offers |= self.draw_offers;
        if let Some(clock) = &self.clock {
            config.clock = Some(clock.config());
        }
        config
    }

    /// The rules added, in words (`hints, takebacks, a 5+3 clock`); empty when none is.
    pub fn words(&self) -> String {
        let mut added = Vec::new();
        if self.hints {
            added.push("hints".to_owned());
        }
        if self.takeback_consent {
            added.push("takebacks once the other seat agrees".to_owned());
        } else if self.takebacks {
            added.push("takebacks".to_owned());
        }
        if self.draw_offers {
            added.push("draw offers".to_owned());
        }
        if let Some(clock) = &self.clock {
            added.push(format!("a {clock} clock"));
        }
        added.join(", ")
    }

    /// `CreateGameRequest.allow_hints`: unset leaves the kind's default (hints in a game of
    /// one seat only).
    pub fn allow_hints(&self) -> Option<bool> {
        self.hints.then_some(true)
    }
}

/// A Fischer clock: `base` for the whole game, `increment` added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    base: Duration,
    increment: Duration,
}

impl Clock {
    fn config(self) -> pb::ClockConfig {
        let wire = |time: Duration| prost_types::Duration::try_from(time).ok();
        let fischer = pb::FischerControl { base: wire(self.base), increment: wire(self.increment) };
        let control = pb::TimeControl { control: Some(pb::time_control::Control::Fischer(fischer)) };
        pb::ClockConfig { controls: vec![control], ..Default::default() }
    }
}

impl std::fmt::Display for Clock {
    /// As chess writes a time control: `5+3` (minutes, then seconds), or with units where
    /// whole minutes do not say it (`90s+2s`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (base, increment) = (self.base.as_secs(), self.increment.as_secs());
        if base % 60 == 0 { write!(f, "{}+{increment}", base / 60) } else { write!(f, "{base}s+{increment}s") }
    }
}

impl FromStr for Clock {
    type Err = String;

    fn from_str(text: &str) -> Result<Clock, String> {
        let usage =
            || format!("{text:?} is not a clock: write BASE[+INCREMENT], like 5+3 (minutes+seconds), 90s or 10m+5s");
        let (base, increment) = match text.trim().split_once('+') {
            Some((base, increment)) => (base, Some(increment)),
            None => (text.trim(), None),
        };
        // Bare numbers read as chess writes a time control: minutes, then seconds.
        let base = time(base, 60).ok_or_else(usage)?;
        let increment = match increment {
            Some(increment) => time(increment, 1).ok_or_else(usage)?,
            None => Duration::ZERO,
        };
        if base.is_zero() {
            return Err(usage());
        }
        Ok(Clock { base, increment })
    }
}

/// `text` as a time: a bare number of `bare_unit` seconds, or numbers each followed by `h`,
/// `m` or `s` (`1m30s`).
fn time(text: &str, bare_unit: u64) -> Option<Duration> {
    let text = text.trim().to_ascii_lowercase();
    if let Ok(number) = text.parse::<u64>() {
        return number.checked_mul(bare_unit).map(Duration::from_secs);
    }
    let mut total = 0u64;
    let mut digits = String::new();
    for c in text.chars() {
        match c {
            '0'..='9' => digits.push(c),
            'h' | 'm' | 's' if !digits.is_empty() => {
                let unit = match c {
                    'h' => 3_600,
                    'm' => 60,
                    _ => 1,
                };
                total = total.checked_add(digits.parse::<u64>().ok()?.checked_mul(unit)?)?;
                digits.clear();
            }
            _ => return None,
        }
    }
    (digits.is_empty() && !text.is_empty()).then(|| Duration::from_secs(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(base: u64, increment: u64) -> Clock {
        Clock { base: Duration::from_secs(base), increment: Duration::from_secs(increment) }
    }

    #[test]
    fn a_clock_is_written_as_chess_writes_it_or_with_units() {
        assert_eq!("5+3".parse(), Ok(clock(300, 3)));
        assert_eq!("5".parse(), Ok(clock(300, 0)));
        assert_eq!("90s".parse(), Ok(clock(90, 0)));
        assert_eq!("10m+5s".parse(), Ok(clock(600, 5)));
        assert_eq!("1h".parse(), Ok(clock(3_600, 0)));
        assert_eq!("1m30s+2".parse(), Ok(clock(90, 2)));
        for wrong in ["", "0", "5x", "m", "5+", "+3", "5+3+1", "1.5"] {
            assert!(wrong.parse::<Clock>().is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn the_rules_added_are_set_in_the_configuration() {
        let rules =
            AddedRules { takeback_consent: true, draw_offers: true, clock: Some(clock(60, 1)), ..Default::default() };
        assert!(rules.any());
        let config = rules.applied_to(pb::GameConfig::default());
        assert!(config.allow_takebacks && config.takebacks_need_consent && config.allow_draw_offers);
        let control = &config.clock.unwrap().controls[0];
        let Some(pb::time_control::Control::Fischer(fischer)) = &control.control else { panic!("{control:?}") };
        assert_eq!(fischer.base, Some(prost_types::Duration { seconds: 60, nanos: 0 }));
        assert_eq!(rules.allow_hints(), None);
        assert_eq!(rules.words(), "takebacks once the other seat agrees, draw offers, a 1+1 clock");
        assert_eq!("90s+2".parse::<Clock>().unwrap().to_string(), "90s+2s");
        let hints = AddedRules { hints: true, ..Default::default() };
        assert!(!hints.any(), "hints are the request's, not the configuration's");
        assert_eq!(hints.allow_hints(), Some(true));
    }
}
