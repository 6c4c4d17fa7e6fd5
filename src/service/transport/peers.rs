//! How many connections are open, in all and from each peer address, and the caps on both.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use crate::service::metrics::{CONNECTIONS_OPEN, CONNECTIONS_REFUSED};

/// The open connections, counted.
#[derive(Clone)]
pub(super) struct Peers(Arc<Shared>);

struct Shared {
    max_total: usize,
    max_per_address: usize,
    counts: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

impl Peers {
    pub(super) fn new(max_total: usize, max_per_address: usize) -> Peers {
        Peers(Arc::new(Shared { max_total, max_per_address, counts: Mutex::new(Counts::default()) }))
    }

    /// A place for a new connection from `address`, if neither cap is reached.
    pub(super) fn admit(&self, address: IpAddr) -> Option<Slot> {
        let mut counts = self.0.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let from_address = counts.by_address.get(&address).copied().unwrap_or(0);
        let refusal = if counts.total >= self.0.max_total {
            Some("total")
        } else if from_address >= self.0.max_per_address {
            Some("per_address")
        } else {
            None
        };
        if let Some(reason) = refusal {
            drop(counts);
            metrics::counter!(CONNECTIONS_REFUSED, "reason" => reason).increment(1);
            tracing::debug!(%address, reason, "refused a connection over the cap");
            return None;
        }
        counts.total += 1;
        counts.by_address.insert(address, from_address + 1);
        metrics::gauge!(CONNECTIONS_OPEN).set(counts.total as f64);
        Some(Slot { peers: self.clone(), address })
    }
}

/// An open connection's place; given back when dropped.
pub(super) struct Slot {
    peers: Peers,
    address: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.peers.0.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        counts.total -= 1;
        if let Some(count) = counts.by_address.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.by_address.remove(&self.address);
            }
        }
        metrics::gauge!(CONNECTIONS_OPEN).set(counts.total as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_and_the_whole_have_their_cap_and_places_come_back() {
        let peers = Peers::new(3, 2);
        let (a, b, c): (IpAddr, IpAddr, IpAddr) =
            ("127.0.0.2".parse().unwrap(), "127.0.0.3".parse().unwrap(), "::1".parse().unwrap());
        let first = peers.admit(a).unwrap();
        let _second = peers.admit(a).unwrap();
        assert!(peers.admit(a).is_none(), "a third from one address");
        let _other = peers.admit(b).unwrap();
        assert!(peers.admit(c).is_none(), "a fourth in all");
        drop(first);
        assert!(peers.admit(c).is_some(), "a closed connection gives its place back");
    }
}
