//! One round's pairing, bracket by bracket from the highest score down.
//!
//! Every bracket is a maximum-weight matching over its players and every player not yet
//! paired below it: the players below are in the graph so that whatever the bracket leaves
//! can still be paired (the completion criterion), and the weights rank the quality
//! criteria in the rules' order ([`super::weights`]). Among the matchings best on every
//! criterion, section D then decides, one choice at a time, each choice kept by a small
//! reward in the matching's step field (or by removing the edges it rules out) and checked
//! by matching again: which moved-down players are paired (the highest first), with whom
//! (the highest opponent first), which residents are exchanged between S1 and S2 (fewest,
//! then the smallest difference of their numbers, then the lowest of S1 and the highest of
//! S2), and each S1 player's opponent in turn (the highest S2 player it can have). A choice
//! the current matching already makes, or reaches by swapping two partners at no cost on
//! the criteria, is kept without matching again; when one must be matched, the next few
//! players' choices are settled by the same matching, each ranked above the next's.

use std::ops::Range;

use super::weights::{CRITERIA, Criterion, Packing, Rewards, Tally, bits};
use super::wide::Wide;
use super::{Float, Player, RoundSetup};

/// The pairing-allocated bye, known before the brackets are paired.
struct Bye {
    /// The lowest score a player may take it on with the round still complete.
    score: u32,
    /// By rank: the reward for matching a player on that score, higher the fewer games it
    /// played, so the bye goes to one that played most.
    games: Vec<u128>,
}

/// A round to pair.
pub struct Round<'a, 'b> {
    players: &'a [Player<'b>],
    setup: &'a RoundSetup,
    /// The scoregroups, as ranges of ranks (players sorted by score, then number).
    groups: Vec<Range<usize>>,
    bye: Option<Bye>,
}

impl<'a, 'b> Round<'a, 'b> {
    /// The round of `players`, sorted by score then pairing number.
    pub fn new(players: &'a [Player<'b>], setup: &'a RoundSetup) -> Self {
        let mut groups: Vec<Range<usize>> = Vec::new();
        for rank in 0..players.len() {
            match groups.last_mut() {
                Some(group) if players[group.start].score() == players[rank].score() => group.end = rank + 1,
                _ => groups.push(rank..rank + 1),
            }
        }
        Round { players, setup, groups, bye: None }
    }

    /// Each player's partner by rank (`None` for the bye), or `None` when no pairing meets
    /// the absolute criteria.
    pub fn pair(mut self) -> Option<Vec<Option<usize>>> {
        let count = self.players.len();
        let score = |rank: usize| self.players[rank].score();
        // Whether the bye's criterion (its fewest unplayed games) is weighed in the next
        // bracket: when the bye will come from it and no player moved into it floats on.
        let mut weigh_bye = false;
        if count % 2 == 1 {
            let (bye, mates) = self.find_bye()?;
            let top = score(0);
            weigh_bye = bye.score >= top
                && (0..count).filter(|r| score(*r) == top).all(|r| mates[r].is_none_or(|m| score(m) >= top));
            self.bye = Some(bye);
        }
        let mut partner: Vec<Option<usize>> = vec![None; count];
        let mut paired = vec![false; count];
        let mut movers = 0;
        for index in 0..self.groups.len() {
            let alive: Vec<usize> = (0..count).filter(|rank| !paired[*rank]).collect();
            let group = self.groups[index].clone();
            let next = self.groups.get(index + 1).map_or(0, |g| g.len());
            let mut graph = Graph::new(&self, alive, movers, group.len(), next, weigh_bye);
            graph.solve(None);
            if graph.unmatched() > count % 2 {
                return None;
            }
            graph.pair_bracket();
            for &(a, b) in &graph.pairs {
                let (a, b) = (graph.alive[a], graph.alive[b]);
                (partner[a], partner[b]) = (Some(b), Some(a));
                (paired[a], paired[b]) = (true, true);
            }
            let floaters: Vec<usize> = (0..graph.end).filter(|i| !graph.fixed[*i]).collect();
            movers = floaters.len();
            match self.groups.get(index + 1) {
                Some(next) => {
                    let next = score(next.start);
                    weigh_bye = self.bye.as_ref().is_some_and(|bye| bye.score >= next)
                        && floaters.iter().all(|i| graph.mates[*i].is_none_or(|m| score(graph.alive[m]) >= next));
                }
                None => {
                    // The last bracket: what it leaves is paired as its matching has it.
                    for i in floaters {
                        if let Some(m) = graph.mates[i] {
                            partner[graph.alive[i]] = Some(graph.alive[m]);
                        }
                    }
                }
            }
        }
        let byes: Vec<usize> = (0..count).filter(|rank| partner[*rank].is_none()).collect();
        match byes.as_slice() {
            [] => Some(partner),
            [bye] if self.players[*bye].can_bye => Some(partner),
            _ => None,
        }
    }

    /// The bye's score (the lowest a player who may take it has, the round still complete)
    /// and a matching that gives it so, as partners by rank; `None` when no pairing of the
    /// round leaves a single player who may take the bye.
    fn find_bye(&self) -> Option<(Bye, Vec<Option<usize>>)> {
        let count = self.players.len();
        let mut scores: Vec<u32> = self.players.iter().map(Player::score).collect();
        scores.sort_unstable();
        scores.dedup();
        let level = |rank: usize| scores.binary_search(&self.players[rank].score()).unwrap_or(0) as i128;
        let barred = |rank: usize| i128::from(!self.players[rank].can_bye);
        let mut weights = vec![0i128; count * count];
        for a in 0..count {
            for b in a + 1..count {
                if self.players[a].may_meet(&self.players[b]) {
                    weights[a * count + b] = ((1 + barred(a) + barred(b)) << 40) + level(a) + level(b);
                }
            }
        }
        let mates = integer_blossom::max_weight_matching(&weights, count);
        let unmatched: Vec<usize> = (0..count).filter(|rank| mates[*rank].is_none()).collect();
        let [bye] = unmatched.as_slice() else { return None };
        if !self.players[*bye].can_bye {
            return None;
        }
        let score = self.players[*bye].score();
        let mut played: Vec<usize> = self.players.iter().filter(|p| p.score() == score).map(|p| p.played).collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        // Equal counts share the highest place among them.
        let place = |games: usize| played.iter().rposition(|p| *p == games).unwrap_or(0) as u128;
        let games = self.players.iter().map(|p| if p.score() == score { place(p.played) } else { 0 }).collect();
        Some((Bye { score, games }, mates))
    }
}

/// A bracket's graph: every player not yet paired, by rank, the bracket's first (its
/// movers, then its residents), then the next scoregroup, then the players below.
struct Graph<'r, 'a, 'b> {
    round: &'r Round<'a, 'b>,
    /// The ranks of the graph's players.
    alive: Vec<usize>,
    /// How many of the first players moved down into the bracket.
    movers: usize,
    /// Where the bracket ends (its residents follow its movers).
    end: usize,
    /// The weights of the edges (row-major, `a < b` read), the section-D step's left out.
    base: Vec<Wide>,
    packing: Packing,
    /// The last matching: each player's partner.
    mates: Vec<Option<usize>>,
    /// Players whose pair is decided.
    fixed: Vec<bool>,
    /// The pairs decided.
    pairs: Vec<(usize, usize)>,
    /// The bits of the step field's three parts for exchanges: the try of one player, the
    /// sum of the S1 players' places, the count of S1 players kept.
    try_bits: u32,
    sum_bits: u32,
    /// The bits of the whole step field.
    step_bits: u32,
}

impl<'r, 'a, 'b> Graph<'r, 'a, 'b> {
    fn new(
        round: &'r Round<'a, 'b>,
        alive: Vec<usize>,
        movers: usize,
        residents: usize,
        next: usize,
        weigh_bye: bool,
    ) -> Self {
        let count = alive.len();
        let end = movers + residents;
        let next_end = end + next;
        let players = round.players;
        let player = |i: usize| &players[alive[i]];
        // Score fields: the scores in the bracket and the next group, lowest at the bottom,
        // each with room for as many of its players.
        let mut scores: Vec<(u32, u32)> = Vec::new();
        for i in (0..next_end).rev() {
            let score = player(i).score();
            match scores.last_mut() {
                Some((s, n)) if *s == score => *n += 1,
                _ => scores.push((score, 1)),
            }
        }
        let mut shifts: Vec<(u32, u32)> = Vec::new();
        let mut score_bits = 0;
        for (score, n) in &scores {
            shifts.push((*score, score_bits));
            score_bits += bits(u128::from(*n));
        }
        let shift = |score: u32| shifts.iter().find(|(s, _)| *s == score).map_or(0, |(_, shift)| *shift);
        let at = |score: u32| 1u128 << shift(score);
        let setup = round.setup;
        let odd = players.len() % 2 == 1;
        let bye = round.bye.as_ref();
        let candidate = |p: &Player<'_>| bye.is_none_or(|bye| p.can_bye && p.score() <= bye.score);
        let rewards = |i: usize, j: usize| -> Rewards {
            let (p, q) = (player(i), player(j));
            let mut r = [0u128; CRITERIA];
            let mut set = |c: Criterion, v: u128| r[c as usize] = v;
            set(Criterion::Completion, if odd { 1 + u128::from(!candidate(p)) + u128::from(!candidate(q)) } else { 1 });
            if let Some(bye) = bye.filter(|_| weigh_bye) {
                set(Criterion::ByeGames, bye.games[alive[i]] + bye.games[alive[j]]);
            }
            if j >= next_end {
                return r;
            }
            if j >= end {
                set(Criterion::PairsInNext, 1);
                set(Criterion::ScoresInNext, at(p.score()));
                return r;
            }
            set(Criterion::PairsInBracket, 1);
            set(Criterion::ScoresInBracket, at(p.score()));
            let same = p.wants().is_some() && p.wants() == q.wants();
            set(Criterion::TopscorerDifference, u128::from(!(same && p.unbalanced() && q.unbalanced())));
            let third = same && p.absolute() && q.absolute() && {
                let (pd, qd) = (p.colours.difference().abs(), q.colours.difference().abs());
                if pd == qd {
                    p.colours.repeated().is_some() && p.colours.repeated() == q.colours.repeated()
                } else {
                    // The one with the narrower difference yields.
                    let yields = if pd > qd { q } else { p };
                    yields.colours.repeated() == p.wants().map(|c| c.opposite())
                }
            };
            set(Criterion::TopscorerThird, u128::from(!third));
            set(Criterion::Preference, u128::from(!same));
            let strong = |x: &Player<'_>| x.strength() == Some(super::colours::Strength::Strong);
            let strong_or_more = |x: &Player<'_>| strong(x) || x.absolute();
            let missed_strong = same && strong_or_more(p) && strong_or_more(q) && !(p.absolute() && q.absolute());
            set(Criterion::StrongPreference, u128::from(!missed_strong));
            let higher = p.score() > q.score();
            for (ago, down, up, down_scores, up_scores) in [
                (1, Criterion::DownAgain, Criterion::UpAgain, Criterion::DownAgainScores, Criterion::UpAgainScores),
                (
                    2,
                    Criterion::DownTwoRoundsAgo,
                    Criterion::UpTwoRoundsAgo,
                    Criterion::DownTwoRoundsAgoScores,
                    Criterion::UpTwoRoundsAgoScores,
                ),
            ] {
                if setup.round <= ago {
                    continue;
                }
                let p_down = p.float_ago(ago as usize) == Some(Float::Down);
                let q_down = q.float_ago(ago as usize) == Some(Float::Down);
                let q_up_again = higher && q.float_ago(ago as usize) == Some(Float::Up);
                set(down, u128::from(q_down) + u128::from(!higher && p_down));
                set(up, u128::from(!q_up_again));
                set(down_scores, u128::from(q_down) * at(q.score()) + u128::from(p_down) * at(p.score()));
                set(up_scores, if q_up_again { 0 } else { at(p.score()) });
            }
            r
        };
        let pairs = |n: usize| (n / 2).max(1) as u128;
        let mut room = [bits(pairs(end)); CRITERIA];
        for c in [Criterion::DownAgain, Criterion::DownTwoRoundsAgo] {
            room[c as usize] = bits(2 * pairs(end));
        }
        room[Criterion::Completion as usize] = bits(3 * pairs(count));
        room[Criterion::PairsInNext as usize] = bits(pairs(next_end));
        for c in [
            Criterion::ScoresInBracket,
            Criterion::ScoresInNext,
            Criterion::DownAgainScores,
            Criterion::UpAgainScores,
            Criterion::DownTwoRoundsAgoScores,
            Criterion::UpTwoRoundsAgoScores,
        ] {
            room[c as usize] = score_bits;
        }
        let most = bye.map_or(0, |bye| bye.games.iter().copied().max().unwrap_or(0));
        room[Criterion::ByeGames as usize] = bits(2 * most * pairs(count));
        let mut tally = Tally::new(room);
        for i in 0..count {
            for j in i + 1..count {
                if player(i).may_meet(player(j)) {
                    tally.see(&rewards(i, j));
                }
            }
        }
        let span = end as u128 + 1;
        let try_bits = bits(2 * span + 2);
        let sum_bits = bits(span * span);
        let step_bits = try_bits + sum_bits + bits(span);
        let guess_bits = bits(GUESS_MOST * pairs(count));
        let mut packing = Packing::new(&tally, step_bits, guess_bits);
        if packing.bits > Wide::BITS {
            // The guess only spares matchings: without it the criteria may fit.
            packing = Packing::new(&tally, step_bits, 0);
        }
        assert!(packing.bits <= Wide::BITS, "the pairing criteria need {} bits", packing.bits);
        let guess = |i: usize, j: usize| if packing.guesses() { order_guess(movers, end, i, j) } else { 0 };
        let mut base = vec![Wide::default(); count * count];
        for i in 0..count {
            for j in i + 1..count {
                if player(i).may_meet(player(j)) {
                    base[i * count + j] = packing.weight(&rewards(i, j), guess(i, j));
                }
            }
        }
        Graph {
            round,
            alive,
            movers,
            end,
            base,
            packing,
            mates: vec![None; count],
            fixed: vec![false; count],
            pairs: Vec::new(),
            try_bits,
            sum_bits,
            step_bits,
        }
    }

    fn count(&self) -> usize {
        self.alive.len()
    }

    fn edge(&self, a: usize, b: usize) -> Wide {
        let (a, b) = (a.min(b), a.max(b));
        self.base[a * self.count() + b]
    }

    fn has_edge(&self, a: usize, b: usize) -> bool {
        a != b && self.edge(a, b) > Wide::default()
    }

    /// Rules the edge between `a` and `b` out.
    fn cut(&mut self, a: usize, b: usize) {
        let (a, b) = (a.min(b), a.max(b));
        let count = self.count();
        self.base[a * count + b] = Wide::default();
    }

    /// How many players the last matching left unmatched.
    fn unmatched(&self) -> usize {
        self.mates.iter().filter(|m| m.is_none()).count()
    }

    /// Matches the graph again, `step` adding its reward to each edge in the step field.
    fn solve(&mut self, step: Option<&dyn Fn(usize, usize) -> u128>) {
        let count = self.count();
        // The pairs decided stay as they are: only the other players are matched again.
        let open: Vec<usize> = (0..count).filter(|i| !self.fixed[*i]).collect();
        let size = open.len();
        let mut weights = vec![Wide::default(); size * size];
        for (a, &i) in open.iter().enumerate() {
            for (b, &j) in open.iter().enumerate().skip(a + 1) {
                let mut weight = self.base[i * count + j];
                if let Some(step) = step
                    && weight > Wide::default()
                {
                    let reward = step(i, j);
                    if reward != 0 {
                        weight = self.packing.with_step(weight, reward);
                    }
                }
                weights[a * size + b] = weight;
            }
        }
        // A narrower weight matches faster; the solver's duals need a few bits above it.
        let narrow: Option<Vec<i128>> =
            if self.packing.bits <= 122 { weights.iter().map(|w| w.narrow()).collect() } else { None };
        let mates = match narrow {
            Some(weights) => integer_blossom::max_weight_matching(&weights, size),
            None => integer_blossom::max_weight_matching(&weights, size),
        };
        for (a, mate) in mates.into_iter().enumerate() {
            self.mates[open[a]] = mate.map(|b| open[b]);
        }
    }

    /// Decides that `player` is paired with its partner in the last matching. A player that
    /// matching leaves unmatched (the bye's place in an odd round) is left open: the steps
    /// after this one still match it.
    fn fix_to_mate(&mut self, player: usize) {
        if let Some(mate) = self.mates[player] {
            self.fix(player, mate);
        }
    }

    /// Decides that `a` and `b` are paired.
    fn fix(&mut self, a: usize, b: usize) {
        for other in 0..self.count() {
            if other != a && other != b {
                self.cut(a, other);
                self.cut(b, other);
            }
        }
        (self.fixed[a], self.fixed[b]) = (true, true);
        self.pairs.push((a.min(b), a.max(b)));
    }

    fn is_resident(&self, i: usize) -> bool {
        (self.movers..self.end).contains(&i)
    }

    /// Pairs the bracket by section D among the matchings best on every criterion.
    fn pair_bracket(&mut self) {
        let chosen = self.choose_movers();
        self.pair_in_order(&chosen, |graph, _, other| graph.is_resident(other) && !graph.fixed[other]);
        let remainder: Vec<usize> = (self.movers..self.end).filter(|i| !self.fixed[*i]).collect();
        self.pair_remainder(&remainder);
    }

    /// The moved-down players paired in the bracket, the highest of each score first, as
    /// many as the criteria allow; each is kept to the residents.
    fn choose_movers(&mut self) -> Vec<usize> {
        let mut chosen = Vec::new();
        let score = |graph: &Self, i: usize| graph.round.players[graph.alive[i]].score();
        let mut start = 0;
        while start < self.movers {
            let level = score(self, start);
            let stop = (start..self.movers).find(|i| score(self, *i) != level).unwrap_or(self.movers);
            let with_resident = |graph: &Self, i: usize| graph.mates[i].is_some_and(|m| graph.is_resident(m));
            let mut left = stop - start;
            let mut to_pair = (start..stop).filter(|i| with_resident(self, *i)).count();
            for mover in start..stop {
                if to_pair == 0 {
                    break;
                }
                if left > to_pair {
                    left -= 1;
                    if !with_resident(self, mover) {
                        let (count, residents) = (self.count(), self.movers..self.end);
                        let tried = |a: usize, b: usize| {
                            let other = if a == mover {
                                b
                            } else if b == mover {
                                a
                            } else {
                                count
                            };
                            u128::from(other < count && residents.contains(&other))
                        };
                        self.solve(Some(&tried));
                    }
                    if !with_resident(self, mover) {
                        continue;
                    }
                    to_pair -= 1;
                }
                chosen.push(mover);
                for other in 0..self.count() {
                    if !self.is_resident(other) {
                        self.cut(mover, other);
                    }
                }
            }
            start = stop;
        }
        chosen
    }

    /// Pairs each of `players` in turn with the highest opponent `allowed` that the best
    /// matchings leave it. When the last matching does not already give a player its
    /// highest candidate, one matching settles it and the next few players together: each
    /// one's candidates are rewarded in the step field above all the next one's, so the
    /// first is served first.
    fn pair_in_order(&mut self, players: &[usize], allowed: impl Fn(&Self, usize, usize) -> bool) {
        let candidates = |graph: &Self, player: usize| -> Vec<usize> {
            (0..graph.count())
                .filter(|o| *o != player && allowed(graph, player, *o) && graph.has_edge(player, *o))
                .collect()
        };
        let place_bits = bits(self.end as u128 + 1);
        let batch = (self.step_bits / place_bits).max(1) as usize;
        let mut next = 0;
        while next < players.len() {
            let player = players[next];
            let best = candidates(self, player).first().copied();
            if self.mates[player] == best || best.is_some_and(|best| self.swap_to(player, best)) {
                self.fix_to_mate(player);
                next += 1;
                continue;
            }
            let group = &players[next..(next + batch).min(players.len())];
            let count = self.count();
            // reward[i * count + o]: player `group[i]` with `o`.
            let mut reward = vec![0u128; group.len() * count];
            for (i, member) in group.iter().enumerate() {
                let shift = place_bits * (group.len() - 1 - i) as u32;
                for (place, other) in candidates(self, *member).iter().rev().enumerate() {
                    reward[i * count + other] = (place as u128 + 1) << shift;
                }
            }
            let step = |a: usize, b: usize| {
                let by = |member: usize, other: usize| {
                    group.iter().position(|g| *g == member).map_or(0, |i| reward[i * count + other])
                };
                by(a, b) + by(b, a)
            };
            self.solve(Some(&step));
            for member in group {
                self.fix_to_mate(*member);
            }
            next += group.len();
        }
    }

    /// The weight of an edge on the criteria alone (its guess left out).
    fn criteria(&self, a: usize, b: usize) -> Wide {
        let guess = if self.packing.guesses() { order_guess(self.movers, self.end, a.min(b), a.max(b)) } else { 0 };
        self.edge(a, b) - Wide::shifted(guess, 0)
    }

    /// Pairs `player` with `other` in the last matching by exchanging their partners, when
    /// that loses nothing on the criteria (the matching stays among the best); whether it
    /// did.
    fn swap_to(&mut self, player: usize, other: usize) -> bool {
        let Some(mate) = self.mates[player] else { return false };
        let (before, after, theirs) = match self.mates[other] {
            Some(theirs) if self.has_edge(theirs, mate) => (
                self.criteria(player, mate) + self.criteria(other, theirs),
                self.criteria(player, other) + self.criteria(theirs, mate),
                Some(theirs),
            ),
            Some(_) => return false,
            None => (self.criteria(player, mate), self.criteria(player, other), None),
        };
        if after != before {
            return false;
        }
        self.mates[mate] = theirs;
        if let Some(theirs) = theirs {
            self.mates[theirs] = Some(mate);
        }
        (self.mates[player], self.mates[other]) = (Some(other), Some(player));
        true
    }

    /// Pairs the remainder (the residents not paired with moved-down players): S1 its
    /// first players, as many as its pairs; S2 the rest. Exchanges first, then each S1
    /// player's opponent.
    fn pair_remainder(&mut self, remainder: &[usize]) {
        if remainder.is_empty() {
            return;
        }
        let place: Vec<Option<usize>> = {
            let mut place = vec![None; self.count()];
            for (k, i) in remainder.iter().enumerate() {
                place[*i] = Some(k);
            }
            place
        };
        // Whether `i` is the higher player of a pair in the remainder.
        let leads = |graph: &Self, i: usize| {
            graph.mates[i].is_some_and(|m| place[m].is_some_and(|pm| pm > place[i].unwrap_or(usize::MAX)))
        };
        let s1 = remainder
            .iter()
            .filter(|i| self.mates[**i].is_some_and(|m| place[m].is_some_and(|pm| Some(pm) < place[**i])))
            .count();
        let exchanges = |graph: &Self| remainder[..s1].iter().filter(|i| !leads(graph, **i)).count();
        if exchanges(self) > 0 {
            let size = remainder.len() as u128;
            let (try_bits, sum_bits) = (self.try_bits, self.sum_bits);
            // Most pairs led from S1, then the smallest sum of the leaders' places, then
            // the try of one player (1 as a rule; 0 or 2 for the player tried).
            let exchange = |a: usize, b: usize, tried: Option<(usize, u128)>| -> u128 {
                let (Some(pa), Some(pb)) = (place[a], place[b]) else { return 0 };
                let lead = pa.min(pb);
                let leader = if pa < pb { a } else { b };
                let trial = match tried {
                    Some((player, value)) if player == leader => value,
                    _ => 1,
                };
                (u128::from(lead < s1) << (sum_bits + try_bits)) + ((size - lead as u128) << try_bits) + trial
            };
            self.solve(Some(&|a, b| exchange(a, b, None)));
            let count = exchanges(self);
            // S1's lowest players go to S2 first.
            let mut left = count;
            for k in (0..s1).rev() {
                if left == 0 {
                    break;
                }
                let player = remainder[k];
                if leads(self, player) {
                    self.solve(Some(&|a, b| exchange(a, b, Some((player, 0)))));
                }
                if !leads(self, player) {
                    left -= 1;
                    for later in &remainder[k + 1..] {
                        self.cut(player, *later);
                    }
                }
            }
            // S2's highest players come to S1 first (the last one follows from the sum).
            let mut left = count;
            for (k, &player) in remainder.iter().enumerate().skip(s1) {
                if left <= 1 {
                    break;
                }
                if !leads(self, player) {
                    self.solve(Some(&|a, b| exchange(a, b, Some((player, 2)))));
                }
                if leads(self, player) {
                    left -= 1;
                    // It leads: it may neither be led nor float.
                    let others: Vec<usize> =
                        (0..self.count()).filter(|other| place[*other].is_none_or(|p| p < k)).collect();
                    for other in others {
                        self.cut(player, other);
                    }
                }
            }
        }
        // The split is settled: a leader meets only players after it that do not lead.
        let leaders: Vec<bool> = (0..self.count()).map(|i| place[i].is_some() && leads(self, i)).collect();
        for (k, a) in remainder.iter().enumerate() {
            for b in &remainder[k + 1..] {
                if !leaders[*a] || leaders[*b] {
                    self.cut(*a, *b);
                }
            }
        }
        let leading: Vec<usize> = remainder.iter().copied().filter(|i| leaders[*i]).collect();
        self.pair_in_order(&leading, |graph, player, other| place[other] > place[player] && !graph.fixed[other]);
    }
}

/// The most the guess at section D's order gives an edge.
const GUESS_MOST: u128 = 127;

/// A guess at section D's order for the edge between positions `a < b` of a bracket of
/// `movers` then residents ending at `end` (further positions are below the bracket):
/// movers meet the highest residents in order, the residents left pair their upper half
/// against their lower half in order, the lowest float. It only spares matchings: the
/// choices section D makes are checked by matching.
fn order_guess(movers: usize, end: usize, a: usize, b: usize) -> u128 {
    const EXCHANGE: usize = 64;
    let most = GUESS_MOST as usize;
    if a >= end {
        return 0;
    }
    if b >= end {
        // The lower a bracket player, the likelier it floats.
        return a.min(most) as u128 / 2;
    }
    let residents = end - movers;
    let cost = if b < movers {
        EXCHANGE + (b - a)
    } else if a < movers {
        (b - movers).abs_diff(a).min(EXCHANGE - 1)
    } else {
        let paired_movers = movers.min(residents);
        let (i, j) = (a - movers, b - movers);
        let (start, size) =
            if i >= paired_movers { (paired_movers, residents - paired_movers) } else { (0, residents) };
        let half = size / 2;
        let (i, j) = (i - start.min(i), j - start.min(j));
        if i < half && j >= half {
            (j - half).abs_diff(i).min(EXCHANGE - 1)
        } else {
            EXCHANGE + (j - i).min(EXCHANGE - 1)
        }
    };
    (most - cost.min(most)) as u128
}
