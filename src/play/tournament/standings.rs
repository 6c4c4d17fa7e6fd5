//! A tournament's standings: each player's points, then the tie-breaks most events use, in
//! the order the tournament states (FIDE's tie-break regulations, C.07), and the rank that
//! follows; players still tied after every tie-break share their rank.
//!
//! Scores are kept in half points (a win 2, a draw 1 by default), so that every sum is
//! exact. Only games played count towards the opponents' tie-breaks: a bye scores its
//! points for its player and adds nothing to Buchholz or Sonneborn–Berger (FIDE's rules
//! for unplayed rounds, which count them against a notional opponent, are not applied yet).

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
    let scores = Scores::of(players, entries, points);
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
}

impl Scores {
    fn of(players: u32, entries: &[Entry], points: Points) -> Scores {
        let mut scores =
            Scores { totals: vec![0; players as usize], games: vec![Vec::new(); players as usize], points };
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

    /// `tie_break`'s value for `player`, tied so far with the players of `group`, in points.
    fn tie_break(&self, tie_break: TieBreak, group: &[u32], player: u32) -> f64 {
        let half = |units: u32| f64::from(units) / 2.0;
        let opponents = || self.games(player).iter().map(|(opponent, _)| self.total(*opponent));
        match tie_break {
            TieBreak::Buchholz => half(opponents().sum()),
            TieBreak::BuchholzCut1 => half(opponents().sum::<u32>() - opponents().min().unwrap_or(0)),
            TieBreak::SonnebornBerger => {
                let win = f64::from(self.points.win.max(1));
                self.games(player)
                    .iter()
                    .map(|(opponent, scored)| half(self.total(*opponent)) * f64::from(*scored) / win)
                    .sum()
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
}
