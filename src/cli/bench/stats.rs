//! Latencies, kept whole (a run holds at most a few million) and read as percentiles.

use std::time::Duration;

/// Latencies in microseconds.
#[derive(Clone, Debug, Default)]
pub struct Latencies(Vec<u32>);

impl Latencies {
    /// Records one.
    pub fn record(&mut self, latency: Duration) {
        self.0.push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
    }

    /// Adds every latency of `other`.
    pub fn extend(&mut self, other: &Latencies) {
        self.0.extend_from_slice(&other.0);
    }

    /// How many were recorded.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The `p`-th percentile (0 to 100), by the nearest-rank method; `None` when empty.
    pub fn percentile(&mut self, p: f64) -> Option<Duration> {
        if self.0.is_empty() {
            return None;
        }
        self.0.sort_unstable();
        let rank = ((p / 100.0) * self.0.len() as f64).ceil().max(1.0) as usize;
        Some(Duration::from_micros(u64::from(self.0[rank.min(self.0.len()) - 1])))
    }

    /// `p50 X ms, p99 Y ms`, or `none` when empty.
    pub fn summary(&mut self) -> String {
        match (self.percentile(50.0), self.percentile(99.0)) {
            (Some(p50), Some(p99)) => format!("p50 {}, p99 {}", millis(p50), millis(p99)),
            _ => "none".to_owned(),
        }
    }
}

/// A duration in milliseconds with two decimals.
pub fn millis(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1000.0)
}

/// `n` with thousands separated by commas.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_ranks() {
        let mut latencies = Latencies::default();
        for micros in 1..=100 {
            latencies.record(Duration::from_micros(micros));
        }
        assert_eq!(latencies.percentile(50.0), Some(Duration::from_micros(50)));
        assert_eq!(latencies.percentile(99.0), Some(Duration::from_micros(99)));
        assert_eq!(latencies.percentile(100.0), Some(Duration::from_micros(100)));
        assert_eq!(Latencies::default().percentile(50.0), None);
    }

    #[test]
    fn big_numbers_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(51_234_567), "51,234,567");
    }
}
