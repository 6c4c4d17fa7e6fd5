//! FIDE's Tournament Report File (TRF, the FIDE handbook's C.04 Annex 2, as of TRF-16): the
//! fixed-column text FIDE asks of rated events and that pairing programs read. Written from
//! a tournament's record, read back into its players' lines, and read into the rounds a
//! Swiss played, to continue it.
//!
//! A player line (`001`) holds the starting rank (columns 5–8), the name (15–47), the points
//! (81–84) and the rank (86–89), then ten columns a round from column 92: the opponent's
//! starting rank (92–95, `0000` for none), the colour (97: `w`, `b`, or `-` without a
//! game) and the result (99: `1`, `=`, `0`; `+` and `-` for forfeits; `U` for the bye the
//! pairing gave; `Z` for a round not played; blank for a game still being played).

use std::fmt::Write;

use super::standings::Standing;
use crate::store::{Board, BoardResult, Points, TournamentFormat, TournamentRecord, TournamentStatus};

/// Where the first round's ten columns start (1-based).
const FIRST_ROUND_COLUMN: usize = 92;
/// The name's width (columns 15–47).
const NAME_WIDTH: usize = 33;

/// One round of a player's line: the opponent (0 for none), the colour and the result, as
/// the file codes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's starting rank; 0 for none.
    pub opponent: u32,
    /// `w`, `b` or `-`.
    pub colour: char,
    /// The result's code; a space for a game being played.
    pub result: char,
}

/// A player's line, as written or read.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerLine {
    /// The starting rank (the tournament's player number).
    pub number: u32,
    /// The name.
    pub name: String,
    /// The points.
    pub points: f64,
    /// The rank.
    pub rank: u32,
    /// Each round, in order.
    pub rounds: Vec<RoundEntry>,
}

/// What a line of a file that is not a TRF says is wrong.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

/// The entry of player `player` for `board` (a board of one of its rounds).
fn entry(player: u32, board: &Board) -> RoundEntry {
    let colour_of = |white: bool| if white { 'w' } else { 'b' };
    match (board.black, board.result) {
        (None, Some(BoardResult::Bye)) => RoundEntry { opponent: 0, colour: '-', result: 'U' },
        (None, _) => RoundEntry { opponent: 0, colour: '-', result: 'Z' },
        (Some(black), result) => {
            let white = board.white == player;
            let opponent = if white { black } else { board.white };
            let result = match result {
                None => ' ',
                Some(BoardResult::Draw) => '=',
                Some(BoardResult::WhiteWins) => {
                    if white {
                        '1'
                    } else {
                        '0'
                    }
                }
                Some(BoardResult::BlackWins) => {
                    if white {
                        '0'
                    } else {
                        '1'
                    }
                }
                Some(BoardResult::Forfeit { winner }) => {
                    if winner == player {
                        '+'
                    } else {
                        '-'
                    }
                }
                Some(BoardResult::Unplayed) => 'Z',
                Some(BoardResult::Bye) => 'U',
            };
            RoundEntry { opponent, colour: colour_of(white), result }
        }
    }
}

/// The calendar date (UTC) `days` after 1970-01-01: year, month, day (Howard Hinnant's
/// `civil_from_days`).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 } as u32;
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

/// The tag-162 line for `points`, when they are not FIDE's defaults.
fn scoring_line(points: Points) -> Option<String> {
    if points == Points::default() {
        return None;
    }
    let mut line = String::from("162  ");
    for (code, half) in [('W', points.win), ('D', points.draw), ('L', points.loss), ('P', points.bye)] {
        // Each code at its column (6, 15, 24, 33), its points in the four after it.
        let _ = write!(line, "{code}{:>4.1}    ", f64::from(half) / 2.0);
    }
    Some(line.trim_end().to_owned())
}

/// `tournament` as a TRF, its players ranked as `standings` say. A round robin's or a
/// knockout's; a knockout's match counts as one game won or lost.
pub fn export(tournament: &TournamentRecord, standings: &[Standing]) -> String {
    let date = |time: std::time::SystemTime| {
        let days = time.duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_secs() / 86_400;
        civil_date(days as i64)
    };
    let mut file = String::new();
    let name = tournament.labels.get("name").cloned().unwrap_or_else(|| format!("Tabula tournament {}", tournament.id));
    let _ = writeln!(file, "012 {name}");
    let (y, m, d) = date(tournament.created);
    let _ = writeln!(file, "042 {y:04}/{m:02}/{d:02}");
    if tournament.status != TournamentStatus::InProgress {
        let (y, m, d) = date(tournament.updated);
        let _ = writeln!(file, "052 {y:04}/{m:02}/{d:02}");
    }
    let _ = writeln!(file, "062 {}", tournament.players.len());
    let kind = match tournament.format {
        TournamentFormat::RoundRobin { cycles: 2.. } => "Double round robin",
        TournamentFormat::RoundRobin { .. } => "Round robin",
        TournamentFormat::Knockout { .. } => "Knockout",
        TournamentFormat::Swiss { .. } => "Swiss System (FIDE Dutch)",
    };
    let _ = writeln!(file, "092 {kind}");
    let mut dates = format!("{:<91}", "132");
    for round in &tournament.rounds {
        let (y, m, d) = date(round.made);
        let _ = write!(dates, "{:02}/{m:02}/{d:02}  ", y % 100);
    }
    let _ = writeln!(file, "{}", dates.trim_end());
    let _ = writeln!(file, "142 {}", super::round_count(tournament));
    if let Some(line) = scoring_line(tournament.points) {
        let _ = writeln!(file, "{line}");
    }
    for (index, player) in tournament.players.iter().enumerate() {
        let number = index as u32 + 1;
        let line = standings.iter().find(|line| line.player == number);
        let shown = if player.name.is_empty() { &player.id } else { &player.name };
        let name: String = shown.chars().filter(|c| !c.is_control()).take(NAME_WIDTH).collect();
        // Sex (10), title (11–13), rating, federation, FIDE number and birth date stay blank.
        let mut text = format!(
            "001 {number:>4} {:<4} {name:<width$} {:>4} {:>3} {:>11} {:>10} {:>4.1} {:>4}",
            "",
            "",
            "",
            "",
            "",
            line.map_or(0.0, |line| f64::from(line.points) / 2.0),
            line.map_or(0, |line| line.rank),
            width = NAME_WIDTH,
        );
        for round in &tournament.rounds {
            let board = round.boards.iter().find(|b| b.white == number || b.black == Some(number));
            let entry = board.map_or(RoundEntry { opponent: 0, colour: '-', result: 'Z' }, |b| entry(number, b));
            let _ = write!(text, "  {:>4} {} {}", entry.opponent, entry.colour, entry.result);
        }
        let _ = writeln!(file, "{}", text.trim_end());
    }
    file
}

/// The player lines of `file`, in order; every other line is passed over.
///
/// # Errors
/// The first player line whose columns do not hold what a TRF's do.
pub fn read_players(file: &str) -> Result<Vec<PlayerLine>, TrfError> {
    let mut players = Vec::new();
    for (index, text) in file.lines().enumerate() {
        if !text.starts_with("001") {
            continue;
        }
        let error = |why: &str| TrfError { line: index + 1, why: why.to_owned() };
        let chars: Vec<char> = text.chars().collect();
        let columns = |from: usize, to: usize| -> String {
            chars.get(from - 1..to.min(chars.len())).map(|c| c.iter().collect()).unwrap_or_default()
        };
        let number = columns(5, 8).trim().parse().map_err(|_| error("no starting rank in columns 5 to 8"))?;
        let name = columns(15, 47).trim().to_owned();
        let points = columns(81, 84).trim().parse().map_err(|_| error("no points in columns 81 to 84"))?;
        let rank = columns(86, 89).trim().parse().map_err(|_| error("no rank in columns 86 to 89"))?;
        let mut rounds = Vec::new();
        let mut at = FIRST_ROUND_COLUMN;
        while at <= chars.len() {
            let opponent = columns(at, at + 3);
            let opponent = opponent.trim();
            let opponent = if opponent.is_empty() {
                0
            } else {
                opponent.parse().map_err(|_| error("an opponent is not a number"))?
            };
            // Columns `at + 5` and `at + 7`, counted from 1.
            let colour = chars.get(at + 4).copied().unwrap_or('-');
            let result = chars.get(at + 6).copied().unwrap_or(' ');
            if !"wb- ".contains(colour) {
                return Err(error("a colour is not w, b or -"));
            }
            rounds.push(RoundEntry { opponent, colour: if colour == ' ' { '-' } else { colour }, result });
            at += 10;
        }
        players.push(PlayerLine { number, name, points, rank, rounds });
    }
    Ok(players)
}

/// The rounds the player `lines` of a TRF record, as boards, for a tournament of `players`
/// scored by `points`: each game once (from White's line), a bye the pairing gave (`U`) or a
/// full-point bye (`F`) as a bye, a round not played (`Z`, or `-` without an opponent) as an
/// unplayed board. Every line must agree with its opponents', every game have ended, and each
/// player's points be what its rounds make.
///
/// # Errors
/// Every problem found, each named with its player and round.
pub fn rounds_from_lines(lines: &[PlayerLine], players: usize, points: Points) -> Result<Vec<Vec<Board>>, Vec<String>> {
    let mut problems = Vec::new();
    if lines.len() != players {
        problems.push(format!("the file has {} player lines, and players lists {players}", lines.len()));
        return Err(problems);
    }
    for (index, line) in lines.iter().enumerate() {
        if line.number as usize != index + 1 {
            problems.push(format!(
                "its player lines must be numbered 1 to {players} in order; line {} is {}",
                index + 1,
                line.number
            ));
        }
    }
    let rounds = lines.iter().map(|line| line.rounds.len()).max().unwrap_or(0);
    for line in lines.iter().filter(|line| line.rounds.len() != rounds) {
        problems.push(format!("player {} has {} rounds, others {rounds}", line.number, line.rounds.len()));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut played = Vec::with_capacity(rounds);
    let mut scores = vec![0u32; players];
    for round in 0..rounds {
        let mut boards = Vec::new();
        let mut byes = Vec::new();
        for (index, line) in lines.iter().enumerate() {
            let me = index as u32 + 1;
            let entry = line.rounds[round];
            let at = format!("player {me}, round {}", round + 1);
            if entry.opponent == 0 {
                let result = match entry.result {
                    'U' | 'F' => BoardResult::Bye,
                    'Z' | '-' | ' ' => BoardResult::Unplayed,
                    other => {
                        problems.push(format!("{at}: {other:?} without an opponent is not kept here (a half-point bye has no place in Tabula's scoring)"));
                        continue;
                    }
                };
                scores[index] += if result == BoardResult::Bye { points.bye } else { 0 };
                byes.push(Board { white: me, black: None, result: Some(result), ..Board::default() });
                continue;
            }
            let them = entry.opponent;
            let Some(other) = (them as usize).checked_sub(1).and_then(|i| lines.get(i)).filter(|_| them != me) else {
                problems.push(format!("{at}: opponent {them} is not another player"));
                continue;
            };
            let back = other.rounds[round];
            let mirrored =
                matches!((entry.result, back.result), ('1', '0') | ('0', '1') | ('=', '=') | ('+', '-') | ('-', '+'));
            if back.opponent != me || !mirrored {
                problems.push(format!("{at}: its game against {them} reads otherwise on {them}'s line"));
                continue;
            }
            let forfeit = matches!(entry.result, '+' | '-');
            let white = match (entry.colour, back.colour) {
                ('w', 'b') => true,
                ('b', 'w') => false,
                _ if forfeit => me < them,
                _ => {
                    problems.push(format!("{at}: the colours against {them} are not one White and one Black"));
                    continue;
                }
            };
            scores[index] += match entry.result {
                '1' | '+' => points.win,
                '=' => points.draw,
                _ => points.loss,
            };
            if !white {
                continue;
            }
            let result = match entry.result {
                '1' => BoardResult::WhiteWins,
                '0' => BoardResult::BlackWins,
                '=' => BoardResult::Draw,
                '+' => BoardResult::Forfeit { winner: me },
                _ => BoardResult::Forfeit { winner: them },
            };
            boards.push(Board { white: me, black: Some(them), result: Some(result), ..Board::default() });
        }
        if lines.iter().any(|line| line.rounds[round].result == ' ' && line.rounds[round].opponent != 0) {
            problems.push(format!("round {} has a game without a result: only ended rounds continue", round + 1));
        }
        boards.extend(byes);
        played.push(boards);
    }
    if !problems.is_empty() {
        // The points are recounted only from rounds that read right.
        return Err(problems);
    }
    for (line, score) in lines.iter().zip(&scores) {
        let made = f64::from(*score) / 2.0;
        if (line.points - made).abs() > 1e-9 {
            problems.push(format!(
                "player {} has {} points on its line, and its rounds make {made}",
                line.number, line.points
            ));
        }
    }
    if problems.is_empty() { Ok(played) } else { Err(problems) }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::*;
    use crate::games::GameKind;
    use crate::store::{Entrant, Round, TieBreak};

    fn board(white: u32, black: Option<u32>, result: BoardResult) -> Board {
        Board { white, black, result: Some(result), ..Board::default() }
    }

    /// Three players, three rounds: a bye each round, then 1 beats 2, 3 and 1 draw, 2
    /// wins against 3 by forfeit.
    fn three() -> TournamentRecord {
        let at = UNIX_EPOCH + Duration::from_secs(1_790_000_000);
        let players = ["Ann", "Bob", "Cid"]
            .iter()
            .map(|name| Entrant {
                id: name.to_lowercase(),
                name: (*name).to_owned(),
                engine: None,
                withdrawn_after: None,
            })
            .collect();
        TournamentRecord {
            id: "t".into(),
            owner: None,
            config: GameKind::TicTacToe.info().default_config,
            clock: None,
            format: TournamentFormat::RoundRobin { cycles: 1 },
            players,
            seeds: Vec::new(),
            token_hashes: vec![[0; 32]; 3],
            points: Points::default(),
            tie_breaks: vec![TieBreak::SonnebornBerger],
            hold_rounds: false,
            released: 0,
            rating_pool: None,
            private: false,
            allow_hints: false,
            labels: [("name".to_owned(), "Club night".to_owned())].into(),
            rounds: vec![
                Round {
                    made: at,
                    boards: vec![board(3, None, BoardResult::Bye), board(1, Some(2), BoardResult::WhiteWins)],
                },
                Round {
                    made: at,
                    boards: vec![board(2, None, BoardResult::Bye), board(3, Some(1), BoardResult::Draw)],
                },
                Round {
                    made: at,
                    boards: vec![
                        board(1, None, BoardResult::Bye),
                        board(2, Some(3), BoardResult::Forfeit { winner: 2 }),
                    ],
                },
            ],
            history: Vec::new(),
            status: TournamentStatus::Finished,
            created: at,
            updated: at,
            revision: 9,
            request_digest: None,
        }
    }

    #[test]
    fn a_round_robin_is_written_in_fides_columns_and_read_back() {
        let tournament = three();
        let standings = super::super::standings_after(&tournament, 3);
        let file = export(&tournament, &standings);
        assert!(file.starts_with("012 Club night\n042 2026/09/21\n052 2026/09/21\n062 3\n092 Round robin\n"), "{file}");
        let ann = file.lines().find(|line| line.contains("Ann")).unwrap();
        // Starting rank at 5–8, name at 15, points at 81–84, rank at 86–89, round 1 at 92.
        assert_eq!(&ann[0..8], "001    1");
        assert_eq!(&ann[14..17], "Ann");
        assert_eq!(&ann[80..84], " 2.5");
        assert_eq!(&ann[91..99], "   2 w 1");
        let players = read_players(&file).unwrap();
        assert_eq!(players.len(), 3);
        let bob = &players[1];
        assert_eq!((bob.number, bob.name.as_str(), bob.points), (2, "Bob", 2.0));
        assert_eq!(
            bob.rounds,
            [
                RoundEntry { opponent: 1, colour: 'b', result: '0' },
                RoundEntry { opponent: 0, colour: '-', result: 'U' },
                RoundEntry { opponent: 3, colour: 'w', result: '+' },
            ]
        );
        let cid = &players[2];
        assert_eq!(cid.rounds[2], RoundEntry { opponent: 2, colour: 'b', result: '-' });
        assert_eq!(cid.rounds[1], RoundEntry { opponent: 1, colour: 'w', result: '=' });
        // The ranks are the standings'.
        for line in &standings {
            assert_eq!(players[line.player as usize - 1].rank, line.rank);
        }
    }

    #[test]
    fn a_written_file_reads_back_into_the_same_rounds() {
        let tournament = three();
        let file = export(&tournament, &super::super::standings_after(&tournament, 3));
        let rounds = rounds_from_lines(&read_players(&file).unwrap(), 3, Points::default()).unwrap();
        for (read, kept) in rounds.iter().zip(&tournament.rounds) {
            let mut kept = kept.boards.clone();
            kept.sort_by_key(|board| (board.black.is_none(), board.white));
            assert_eq!(read, &kept);
        }
    }

    #[test]
    fn a_file_that_disagrees_with_itself_is_refused_with_every_problem() {
        let tournament = three();
        let file = export(&tournament, &super::super::standings_after(&tournament, 3));
        let mut lines = read_players(&file).unwrap();
        let mut points_off = lines.clone();
        points_off[2].points = 9.0;
        let problems = rounds_from_lines(&points_off, 3, Points::default()).unwrap_err();
        assert_eq!(problems, ["player 3 has 9 points on its line, and its rounds make 1.5"]);
        lines[0].rounds[0].result = '='; // Ann's win over Bob, now a draw on her line only.
        lines[1].rounds[1].result = 'H';
        let problems = rounds_from_lines(&lines, 3, Points::default()).unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("player 1, round 1: its game against 2"), "{problems:?}");
        assert!(problems[1].starts_with("player 2, round 1: its game against 1"), "{problems:?}");
        assert!(problems[2].starts_with("player 2, round 2: 'H'"), "{problems:?}");
        assert_eq!(rounds_from_lines(&lines, 4, Points::default()).unwrap_err().len(), 1);
    }

    #[test]
    fn dates_are_the_calendars() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_717), (2026, 9, 21));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }

    #[test]
    fn other_scoring_is_stated_and_a_broken_line_is_named() {
        let mut tournament = three();
        tournament.points = Points { win: 6, draw: 2, loss: 0, bye: 2 };
        let file = export(&tournament, &[]);
        let line = file.lines().find(|line| line.starts_with("162")).unwrap();
        assert_eq!(&line[5..10], "W 3.0");
        assert_eq!(&line[14..19], "D 1.0");
        let broken = "012 x\n001   xx";
        assert_eq!(read_players(broken).unwrap_err().line, 2);
    }
}
