//! A tournament's standings: each player's points, then the tie-breaks most events use, in
//! the order the tournament states (FIDE's tie-break regulations, C.07), and the rank that
//! follows; players still tied after every tie-break share their rank.
//!
//! Scores are kept in half points (a win 2, a draw 1 by default), so that every sum is
//! exact. In a round robin ([`standings`]) only games played count towards the opponents'
//! tie-breaks: a bye scores its points for its player and adds nothing to Buchholz or
//! Sonneborn–Berger. A Swiss ([`swiss_standings`]) follows C.07's Article 16 on unplayed
//! rounds: each player's score as its opponents count it is adjusted (a zero-point bye
//! followed only by such rounds, as a withdrawn player's, counts as a draw), each of its own
//! unplayed rounds counts as a game against a dummy on its own score (no more than the
//! forfeiting opponent's adjusted score, or a draw a round for a bye), and Buchholz cut-1
//! cuts the lowest contribution of a round it chose not to play first.

use std::cmp::Ordering;
use std::collections::BTreeMap;

pub use crate::store::{Points, TieBreak};

/// How a game between two players ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won.
    WhiteWins,
    /// Drawn.
    Draw,
    /// Black won.
    BlackWins,
}

/// One result of the tournament so far. Players are numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A game played to its end.
    Game { white: u32, black: u32, result: GameResult },
    /// A bye.
    Bye(u32),
    /// A game not played, won by forfeit: it scores as a win and a loss, and counts as
    /// unplayed for the tie-breaks, as a bye does.
    Forfeit { winner: u32, loser: u32 },
}

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player.
    pub player: u32,
    /// Its points, in half points.
    pub points: u32,
    /// Its value of each tie-break asked for, in the order asked, in points.
    pub tie_breaks: Vec<f64>,
    /// Its rank from 1; players still tied after every tie-break share one.
    pub rank: u32,
}

/// The standings of `players` after `entries`, scored by `points`, tied players ordered by
/// `tie_breaks` in turn: best first, and in player order among those sharing a rank.
pub fn standings(players: u32, entries: &[Entry], points: Points, tie_breaks: &[TieBreak]) -> Vec<Standing> {
    ranked(players, &Scores::of(players, entries, points), tie_breaks)
}

/// The standings of a Swiss of `players` after `rounds` (each round's entries; a player in
/// none of a round's did not play it), of `total_rounds` in all, with C.07 Article 16's
/// treatment of unplayed rounds in Buchholz and Sonneborn–Berger.
pub fn swiss_standings(
    players: u32,
    rounds: &[Vec<Entry>],
    total_rounds: u32,
    points: Points,
    tie_breaks: &[TieBreak],
) -> Vec<Standing> {
    let entries: Vec<Entry> = rounds.iter().flatten().copied().collect();
    let mut scores = Scores::of(players, &entries, points);
    scores.unplayed = Some(Unplayed::of(&scores, rounds, total_rounds));
    ranked(players, &scores, tie_breaks)
}

/// The lines of `players` ranked by their points, then by `tie_breaks` in turn.
fn ranked(players: u32, scores: &Scores, tie_breaks: &[TieBreak]) -> Vec<Standing> {
    let mut lines: Vec<Standing> = (1..=players)
        .map(|player| Standing { player, points: scores.total(player), tie_breaks: Vec::new(), rank: 0 })
        .collect();
    // Each step orders the groups still tied by the next tie-break.
    let mut groups: Vec<Vec<u32>> = vec![(1..=players).collect()];
    let order = |key: &dyn Fn(&[u32], u32) -> f64, groups: &mut Vec<Vec<u32>>| {
        let mut split = Vec::new();
        for group in groups.drain(..) {
            let values: BTreeMap<u32, f64> = group.iter().map(|p| (*p, key(&group, *p))).collect();
            let mut sorted = group.clone();
            sorted.sort_by(|a, b| values[b].partial_cmp(&values[a]).unwrap_or(Ordering::Equal).then(a.cmp(b)));
            split.extend(runs(&sorted, |p| values[p]));
        }
        *groups = split;
    };
    order(&|_, player| f64::from(scores.total(player)), &mut groups);
    for tie_break in tie_breaks {
        // Every player's value, for its line, then the order it gives those still tied.
        for line in &mut lines {
            let group = groups.iter().find(|g| g.contains(&line.player)).expect("every player is in a group");
            line.tie_breaks.push(scores.tie_break(*tie_break, group, line.player));
        }
        order(&|group, player| scores.tie_break(*tie_break, group, player), &mut groups);
    }
    let mut rank = 1;
    let mut ranked = Vec::with_capacity(lines.len());
    for group in &groups {
        for player in group {
            let mut line = lines[*player as usize - 1].clone();
            line.rank = rank;
            ranked.push(line);
        }
        rank += group.len() as u32;
    }
    ranked
}

/// The runs of players of equal value in `sorted`.
fn runs(sorted: &[u32], value: impl Fn(&u32) -> f64) -> Vec<Vec<u32>> {
    let mut runs: Vec<(f64, Vec<u32>)> = Vec::new();
    for player in sorted {
        let v = value(player);
        match runs.last_mut() {
            Some((last, run)) if *last == v => run.push(*player),
            _ => runs.push((v, vec![*player])),
        }
    }
    runs.into_iter().map(|(_, run)| run).collect()
}

/// What the entries say of each player.
struct Scores {
    /// Per player (index 0 is player 1): half points.
    totals: Vec<u32>,
    /// Per player: each game played, as (opponent, half points scored in it).
    games: Vec<Vec<(u32, u32)>>,
    points: Points,
    /// In a Swiss, the unplayed rounds as Article 16 counts them.
    unplayed: Option<Unplayed>,
}

/// How a player's round went without a game (C.07 16.2's categories).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Missed {
    /// A pairing-allocated bye (16.2.1).
    Bye,
    /// A win by forfeit against `opponent` (16.2.2).
    ForfeitWin(u32),
    /// A loss by forfeit against `opponent` (16.2.4): voluntary.
    ForfeitLoss(u32),
    /// Not paired, or paired in a game never played: a zero-point bye, voluntary; `last`
    /// when only such rounds follow (16.2.5), otherwise 16.2.3.
    ZeroBye { last: bool },
}

/// A Swiss's unplayed rounds, counted by Article 16.
struct Unplayed {
    /// Per player: its score as its opponents' tie-breaks count it (16.3), half points.
    adjusted: Vec<u32>,
    /// Per player: each unplayed round's dummy opponent's score, the half points the
    /// player was awarded in it, and whether the round was voluntary (16.4).
    dummies: Vec<Vec<(u32, u32, bool)>>,
}

impl Unplayed {
    fn of(scores: &Scores, rounds: &[Vec<Entry>], total_rounds: u32) -> Unplayed {
        let players = scores.totals.len();
        let points = scores.points;
        // Each player's rounds: `None` for a game played.
        let mut missed: Vec<Vec<Option<Missed>>> = vec![Vec::with_capacity(rounds.len()); players];
        for round in rounds {
            let mut this: Vec<Option<Option<Missed>>> = vec![None; players];
            for entry in round {
                match *entry {
                    Entry::Game { white, black, .. } => {
                        this[white as usize - 1] = Some(None);
                        this[black as usize - 1] = Some(None);
                    }
                    Entry::Bye(player) => this[player as usize - 1] = Some(Some(Missed::Bye)),
                    Entry::Forfeit { winner, loser } => {
                        this[winner as usize - 1] = Some(Some(Missed::ForfeitWin(loser)));
                        this[loser as usize - 1] = Some(Some(Missed::ForfeitLoss(winner)));
                    }
                }
            }
            for (record, round) in missed.iter_mut().zip(this) {
                record.push(round.unwrap_or(Some(Missed::ZeroBye { last: false })));
            }
        }
        let voluntary = |m: &Option<Missed>| matches!(m, Some(Missed::ForfeitLoss(_) | Missed::ZeroBye { .. }));
        for record in &mut missed {
            // A zero-point bye followed only by voluntary rounds (or the last) is 16.2.5.
            let tail = record.iter().rev().take_while(|m| voluntary(m)).count();
            let from = record.len() - tail;
            for m in &mut record[from..] {
                if let Some(Missed::ZeroBye { last }) = m {
                    *last = true;
                }
            }
        }
        let adjusted: Vec<u32> = (0..players)
            .map(|index| {
                let extra: u32 =
                    missed[index].iter().filter(|m| matches!(m, Some(Missed::ZeroBye { last: true }))).count() as u32;
                scores.totals[index] + extra * points.draw
            })
            .collect();
        let dummies = (0..players)
            .map(|index| {
                let own = scores.totals[index];
                let draws = points.draw * total_rounds;
                missed[index]
                    .iter()
                    .flatten()
                    .map(|m| match *m {
                        Missed::Bye => (own.min(draws), points.bye, false),
                        Missed::ForfeitWin(opponent) => (own.min(adjusted[opponent as usize - 1]), points.win, false),
                        Missed::ForfeitLoss(opponent) => (own.min(adjusted[opponent as usize - 1]), points.loss, true),
                        Missed::ZeroBye { .. } => (own.min(draws), 0, true),
                    })
                    .collect()
            })
            .collect();
        Unplayed { adjusted, dummies }
    }
}

impl Scores {
    fn of(players: u32, entries: &[Entry], points: Points) -> Scores {
        let mut scores = Scores {
            totals: vec![0; players as usize],
            games: vec![Vec::new(); players as usize],
            points,
            unplayed: None,
        };
        for entry in entries {
            match *entry {
                Entry::Bye(player) => scores.totals[player as usize - 1] += points.bye,
                Entry::Forfeit { winner, loser } => {
                    scores.totals[winner as usize - 1] += points.win;
                    scores.totals[loser as usize - 1] += points.loss;
                }
                Entry::Game { white, black, result } => {
                    let (to_white, to_black) = match result {
                        GameResult::WhiteWins => (points.win, points.loss),
                        GameResult::Draw => (points.draw, points.draw),
                        GameResult::BlackWins => (points.loss, points.win),
                    };
                    scores.totals[white as usize - 1] += to_white;
                    scores.totals[black as usize - 1] += to_black;
                    scores.games[white as usize - 1].push((black, to_white));
                    scores.games[black as usize - 1].push((white, to_black));
                }
            }
        }
        scores
    }

    fn total(&self, player: u32) -> u32 {
        self.totals[player as usize - 1]
    }

    fn games(&self, player: u32) -> &[(u32, u32)] {
        &self.games[player as usize - 1]
    }

    /// An opponent's score as `player`'s tie-breaks count it: adjusted in a Swiss.
    fn opponent_score(&self, opponent: u32) -> u32 {
        match &self.unplayed {
            Some(unplayed) => unplayed.adjusted[opponent as usize - 1],
            None => self.total(opponent),
        }
    }

    /// What each round adds to `player`'s Buchholz and Sonneborn–Berger: the opponent's (or
    /// dummy's) score, the half points scored against it, and whether the round was one
    /// the player chose not to play.
    fn contributions(&self, player: u32) -> Vec<(u32, u32, bool)> {
        let mut all: Vec<(u32, u32, bool)> = self
            .games(player)
            .iter()
            .map(|(opponent, scored)| (self.opponent_score(*opponent), *scored, false))
            .collect();
        if let Some(unplayed) = &self.unplayed {
            all.extend(unplayed.dummies[player as usize - 1].iter().copied());
        }
        all
    }

    /// `tie_break`'s value for `player`, tied so far with the players of `group`, in points.
    fn tie_break(&self, tie_break: TieBreak, group: &[u32], player: u32) -> f64 {
        let half = |units: u32| f64::from(units) / 2.0;
        let contributions = self.contributions(player);
        let opponents = || contributions.iter().map(|(score, _, _)| *score);
        match tie_break {
            TieBreak::Buchholz => half(opponents().sum()),
            TieBreak::BuchholzCut1 => {
                // Article 16.5: the lowest contribution of a voluntary unplayed round is cut
                // first, where there is one.
                let voluntary = contributions.iter().filter(|(_, _, v)| *v).map(|(score, _, _)| *score).min();
                half(opponents().sum::<u32>() - voluntary.or_else(|| opponents().min()).unwrap_or(0))
            }
            TieBreak::SonnebornBerger => {
                let win = f64::from(self.points.win.max(1));
                contributions.iter().map(|(score, scored, _)| half(*score) * f64::from(*scored) / win).sum()
            }
            TieBreak::DirectEncounter => {
                let all_met = group
                    .iter()
                    .all(|a| group.iter().all(|b| a == b || self.games(*a).iter().any(|(opponent, _)| opponent == b)));
                if !all_met {
                    return 0.0;
                }
                half(self.games(player).iter().filter(|(o, _)| group.contains(o)).map(|(_, scored)| scored).sum())
            }
            TieBreak::Wins => self.games(player).iter().filter(|(_, scored)| *scored == self.points.win).count() as f64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use GameResult::{BlackWins, Draw, WhiteWins};

    /// A four-player round robin worked by hand: 1 beats 4 and 3, loses to 2; 2 beats 3
    /// and 1, loses to 4; 3 and 4 draw. Points: 1 and 2 have 2, 4 has 1½, 3 has ½.
    fn four() -> Vec<Entry> {
        let game = |white, black, result| Entry::Game { white, black, result };
        vec![
            game(1, 4, WhiteWins),
            game(2, 3, WhiteWins),
            game(4, 3, Draw),
            game(1, 2, BlackWins),
            game(2, 4, BlackWins),
            game(3, 1, BlackWins),
        ]
    }

    fn order(lines: &[Standing]) -> Vec<(u32, u32)> {
        lines.iter().map(|line| (line.player, line.rank)).collect()
    }

    #[test]
    fn a_hand_worked_round_robin_gives_the_hand_worked_tie_breaks() {
        let all = [
            TieBreak::Buchholz,
            TieBreak::BuchholzCut1,
            TieBreak::SonnebornBerger,
            TieBreak::DirectEncounter,
            TieBreak::Wins,
        ];
        let lines = standings(4, &four(), Points::default(), &all);
        let by_player = |player: u32| lines.iter().find(|line| line.player == player).unwrap();
        // Buchholz: 1 met 4 (1½), 2 (2) and 3 (½): 4; so did 2, in its way. Cut-1 drops the ½.
        // Sonneborn–Berger: 1 beat 4 and 3: 1½ + ½ = 2; 2 beat 3 and 1: ½ + 2 = 2½.
        assert_eq!(by_player(1).points, 4);
        assert_eq!(by_player(1).tie_breaks[..3], [4.0, 3.5, 2.0]);
        assert_eq!(by_player(2).tie_breaks[..3], [4.0, 3.5, 2.5]);
        // Direct encounter counts among those still tied, and Sonneborn–Berger parted them
        // already (the next test has it part them: 2 beat 1). Both won twice.
        assert_eq!((by_player(1).tie_breaks[3], by_player(2).tie_breaks[3]), (0.0, 0.0));
        assert_eq!((by_player(1).tie_breaks[4], by_player(2).tie_breaks[4]), (2.0, 2.0));
        assert_eq!(order(&lines), [(2, 1), (1, 2), (4, 3), (3, 4)], "Sonneborn–Berger parts them");
    }

    #[test]
    fn the_stated_order_decides_and_players_tied_after_it_share_a_rank() {
        let no_breaks = standings(4, &four(), Points::default(), &[]);
        assert_eq!(order(&no_breaks), [(1, 1), (2, 1), (4, 3), (3, 4)], "tied on points: one rank, in player order");
        let by_buchholz = standings(4, &four(), Points::default(), &[TieBreak::Buchholz, TieBreak::Wins]);
        assert_eq!(order(&by_buchholz), [(1, 1), (2, 1), (4, 3), (3, 4)], "equal Buchholz and wins");
        let by_encounter = standings(4, &four(), Points::default(), &[TieBreak::Wins, TieBreak::DirectEncounter]);
        assert_eq!(order(&by_encounter), [(2, 1), (1, 2), (4, 3), (3, 4)]);
        let encounter = |player: u32| by_encounter.iter().find(|line| line.player == player).unwrap().tie_breaks[1];
        assert_eq!((encounter(2), encounter(1)), (1.0, 0.0), "2 beat 1");
    }

    #[test]
    fn points_byes_and_an_unmet_group_count_as_configured() {
        // Three points a win, one a draw, as some leagues score; a bye worth a draw.
        let league = Points { win: 3, draw: 1, loss: 0, bye: 1 };
        let entries = [
            Entry::Game { white: 1, black: 2, result: WhiteWins },
            Entry::Game { white: 3, black: 4, result: Draw },
            Entry::Bye(5),
        ];
        let lines = standings(5, &entries, league, &[TieBreak::DirectEncounter, TieBreak::Buchholz]);
        let points: Vec<(u32, u32)> = lines.iter().map(|line| (line.player, line.points)).collect();
        assert_eq!(points, [(1, 3), (3, 1), (4, 1), (5, 1), (2, 0)]);
        // 3, 4 and 5 are tied, and 5 met neither: direct encounter separates nobody; 5's bye
        // adds nothing to its Buchholz, so 3 and 4 (each the other's opponent, 1 point) lead.
        let ranks: Vec<(u32, u32)> = order(&lines);
        assert_eq!(ranks, [(1, 1), (3, 2), (4, 2), (5, 4), (2, 5)]);
    }

    /// A Swiss of four over three rounds with every kind of unplayed round, worked by hand
    /// from C.07 Article 16: round 1, 1 beats 2 and 3 beats 4; round 2, 3 forfeits to 1 and
    /// 2 beats 4; round 3, 4 has withdrawn, 3 has the bye, 1 and 2 draw.
    #[test]
    fn a_swiss_counts_its_unplayed_rounds_as_article_16_says() {
        let game = |white, black, result| Entry::Game { white, black, result };
        let rounds = vec![
            vec![game(1, 2, WhiteWins), game(3, 4, WhiteWins)],
            vec![Entry::Forfeit { winner: 1, loser: 3 }, game(2, 4, WhiteWins)],
            vec![game(1, 2, Draw), Entry::Bye(3)],
        ];
        let all = [TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::SonnebornBerger];
        let lines = swiss_standings(4, &rounds, 3, Points::default(), &all);
        let of = |player: u32| lines.iter().find(|line| line.player == player).unwrap();
        assert_eq!([1, 2, 3, 4].map(|p| of(p).points), [5, 3, 4, 0]);
        // 4's withdrawal (a zero-point bye in the last round) counts as a draw for its
        // opponents: 4 is worth ½. 1's forfeit win is a dummy on 1's own 2½, capped by 3's 2.
        assert_eq!(of(1).tie_breaks, [1.5 + 1.5 + 2.0, 1.5 + 2.0, 1.5 + 0.75 + 2.0]);
        // 3: 4 (½), its forfeit loss's dummy (its own 2, under 1's 2½), its bye's dummy (its
        // own 2, capped at a draw a round: 1½). Cut-1 cuts the forfeit loss's 2, not the ½.
        assert_eq!(of(3).tie_breaks[..2], [0.5 + 2.0 + 1.5, 0.5 + 1.5]);
        // 4: 3 (2) and 2 (1½), and its own round-3 dummy on its own 0.
        assert_eq!(of(4).tie_breaks[0], 3.5);
        // The same results as a round robin's would count no dummy at all.
        let flat: Vec<Entry> = rounds.concat();
        let robin = standings(4, &flat, Points::default(), &all);
        assert_eq!(robin.iter().find(|line| line.player == 1).unwrap().tie_breaks[0], 3.0);
    }
}
