//! How the golden games were made: each script of `scripts.rs` is played through the
//! engine (`GameConfig::new_match`, `play`) and logged the way the service logs turns,
//! with fixed ids, times and token hashes so that the same code always makes the same
//! games.

use std::fs;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use tabula::engine::Turn;
use tabula::engine::clock::Clocks;
use tabula::games::GameKind;
use tabula::store::document::GameDocument;
use tabula::store::{Actor, EventKind, GameRecord, GameStatus, StoredEvent, TokenHash, to_millis};

use super::scripts::{Script, Step, scripts};
use super::{Expected, GoldenGame, fingerprint, folder, path, read};

/// Widest line the files are written with.
const WIDTH: usize = 120;

/// Without `TABULA_WRITE_GOLDEN=1`, checks that the scripts make exactly the committed
/// games and that none is missing. With it, writes the games of scripts not committed
/// yet, after the committed ones, and still checks those.
pub fn generate_or_check() {
    let write = std::env::var("TABULA_WRITE_GOLDEN").is_ok_and(|value| value == "1");
    for &kind in GameKind::ALL {
        let committed = read(kind).unwrap_or_default();
        let mut new = Vec::new();
        for game in generate(kind) {
            match committed.iter().find(|c| c.document.id == game.document.id) {
                Some(committed) => assert_eq!(
                    committed, &game,
                    "the script of {} no longer makes the committed game",
                    game.document.id
                ),
                None => new.push(game),
            }
        }
        if new.is_empty() {
            continue;
        }
        let ids: Vec<&str> = new.iter().map(|g| g.document.id.as_str()).collect();
        assert!(write, "{ids:?} are not committed yet: run this test with TABULA_WRITE_GOLDEN=1");
        let text = to_text(&new);
        let text = match fs::read_to_string(path(kind)) {
            // Appended as text: the committed games stay byte for byte as they are.
            Ok(old) => {
                let head = old.trim_end().strip_suffix(']').expect("a golden file is a JSON array").trim_end();
                format!("{head},\n{}", text.strip_prefix("[\n").expect("an array"))
            }
            Err(_) => text,
        };
        fs::create_dir_all(folder()).unwrap();
        fs::write(path(kind), text).unwrap();
    }
}

/// The golden games of `kind`'s scripts.
fn generate(kind: GameKind) -> Vec<GoldenGame> {
    scripts(kind)
        .into_iter()
        .enumerate()
        .map(|(n, script)| play(format!("golden-{}-{}", kind.name(), n + 1), script))
        .collect()
}

/// When the golden games were created: every event is a whole number of seconds later.
fn at(seconds: u64) -> SystemTime {
    UNIX_EPOCH + Duration::new(1_790_000_000 + seconds, 123_456_000)
}

/// Who makes `turn` in the game `script` plays: its seat (or the engine, for a bot's
/// seat), or else the owner's key.
fn actor(turn: &Turn, script: &Script) -> Actor {
    match turn.seat() {
        Some(seat) if script.bots.iter().any(|bot| bot.seat == seat) => Actor::Engine(seat),
        Some(seat) => Actor::Seat(seat),
        None => Actor::Service { key: script.owner.map(str::to_owned) },
    }
}

/// The request id and digest the service would log for `turn` sent by `actor`, expecting
/// the log at `expected_seq`.
fn request(turn: &Turn, actor: &Actor, seq: u64) -> (String, String) {
    let expected_seq = Some(seq - 1);
    let asked = serde_json::to_vec(&(turn.digest_form(), expected_seq, false)).unwrap();
    let digest = Sha256::digest(asked).iter().map(|byte| format!("{byte:02x}")).collect();
    (format!("{}/golden-{seq}", actor.request_scope()), digest)
}

/// Plays `script` and logs it as game `id`: the creation, each turn (every second one
/// with a request id and digest), and the end with the request of the turn that ended it.
fn play(id: String, script: Script) -> GoldenGame {
    let mut game = script.config.new_match().unwrap_or_else(|e| panic!("{id}: {e}"));
    let mut events =
        vec![StoredEvent { seq: 1, time: at(0), kind: EventKind::Created, request_id: None, request_digest: None }];
    // The clocks as the play layer keeps them: started at the creation, charged at each turn.
    let clock = script.clock.as_ref().map(|clock| clock.for_seats(game.seat_count(), "clock").unwrap());
    let to_act = |game: &dyn tabula::engine::AnyMatch| game.to_act().iter().map(|s| s.index()).collect::<Vec<_>>();
    let mut clocks =
        clock.as_ref().map(|c| Clocks::started(c.controls.clone(), &to_act(game.as_ref()), to_millis(at(0))));
    for step in &script.steps {
        let seq = events.len() as u64 + 1;
        let now = to_millis(at(seq));
        if let Step::Clock(change) = step {
            let clocks = clocks.as_mut().expect("a clock change needs a clock");
            clocks.change(*change, &to_act(game.as_ref()), now).unwrap_or_else(|e| panic!("{id}: {e}"));
            let actor = Actor::Service { key: script.owner.map(str::to_owned) };
            let kind = EventKind::Clock { change: *change, actor, clocks: clocks.clone() };
            events.push(StoredEvent { seq, time: at(seq), kind, request_id: None, request_digest: None });
            continue;
        }
        if let Step::Presence(seat, present) = step {
            let kind = EventKind::Presence { seat: *seat, present: *present };
            events.push(StoredEvent { seq, time: at(seq), kind, request_id: None, request_digest: None });
            continue;
        }
        let by_the_clock = matches!(step, Step::ClockActs(_) | Step::TimeOut);
        let turn = step.turn(game.as_ref());
        let (before, was_over) = (game.move_count(), game.outcome().is_some());
        game.play(&turn).unwrap_or_else(|e| panic!("{id}: {turn:?} is refused: {e}"));
        let move_number = if matches!(turn, Turn::TakeBack(_)) { before } else { game.move_count() };
        let maker = match step {
            Step::Claim(seat, _) => Actor::Seat(*seat),
            _ => actor(&turn, &script),
        };
        let (request_id, request_digest) = match seq % 2 {
            0 => {
                let (request_id, digest) = request(&turn, &maker, seq);
                (Some(request_id), Some(digest))
            }
            _ => (None, None),
        };
        let logged_actor = script.logs_actors.then(|| if by_the_clock { Actor::Clock } else { maker.clone() });
        if let Some(clocks) = clocks.as_mut() {
            clocks.turn_made(&turn, by_the_clock, &to_act(game.as_ref()), now);
        }
        let played = EventKind::Played { turn, move_number, actor: logged_actor, clocks: clocks.clone(), label: None };
        let event = |seq: u64, kind: EventKind| StoredEvent {
            seq,
            time: at(seq),
            kind,
            request_id: request_id.clone(),
            request_digest: request_digest.clone(),
        };
        events.push(event(seq, played));
        match game.outcome() {
            Some(outcome) if !was_over => {
                events.push(StoredEvent { time: at(seq), ..event(seq + 1, EventKind::Ended(outcome)) })
            }
            None if was_over => events.push(StoredEvent { time: at(seq), ..event(seq + 1, EventKind::Resumed) }),
            _ => {}
        }
    }
    let last = events.last().unwrap();
    let outcome = game.outcome();
    let allow_hints = script.config.kind().hints_by_default();
    let record = GameRecord {
        id: id.clone(),
        config: script.config,
        seat_token_hashes: (0..game.seat_count()).map(|seat| token_hash(&id, seat)).collect(),
        created: at(0),
        updated: last.time,
        seq: last.seq,
        status: if outcome.is_some() { script.ended_status } else { GameStatus::InProgress },
        outcome: outcome.clone(),
        move_count: game.move_count(),
        private: script.private,
        owner: script.owner.map(str::to_owned),
        bots: script.bots.clone(),
        allow_hints,
        deadline: match (&clocks, &outcome) {
            (Some(clocks), None) => clocks.next_deadline().map(|flag| tabula::store::from_millis(flag.deadline)),
            _ => None,
        },
        clock,
        players: Vec::new(),
        series: None,
        seats_reissued: Vec::new(),
        labels: Default::default(),
        rematch_of: None,
        rematch: None,
        start_at: None,
        presence: events.iter().fold(Vec::new(), |mut presence, event| {
            tabula::store::follow_presence(&mut presence, event);
            presence
        }),
        spectator_delay: None,
        owner_moves: false,
        rating: None,
        tournament: None,
        faulted: false,
    };
    let expected =
        Expected { outcome, move_count: game.move_count(), seq: last.seq, fingerprint: fingerprint(game.as_ref()) };
    let document = GameDocument::new(record.clone(), events);
    assert_eq!(document.validate().unwrap_or_else(|e| panic!("{id}: {e}")), record);
    GoldenGame { about: script.about.to_owned(), document, expected }
}

fn token_hash(id: &str, seat: usize) -> TokenHash {
    Sha256::digest(format!("seat {} of {id}", seat + 1)).into()
}

/// `games` as a golden file: JSON with every array or object that fits in [`WIDTH`]
/// columns on one line.
fn to_text(games: &[GoldenGame]) -> String {
    let pretty = serde_json::to_string_pretty(games).unwrap();
    let lines: Vec<&str> = pretty.lines().collect();
    let mut text = String::new();
    fold(&lines, &mut text);
    text
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn opens(line: &str) -> bool {
    line.ends_with('{') || line.ends_with('[')
}

/// The line that closes the array or object that `lines[open]` opens.
fn closing(lines: &[&str], open: usize) -> usize {
    (open + 1..lines.len())
        .find(|&j| indent(lines[j]) == indent(lines[open]) && lines[j].trim_start().starts_with(['}', ']']))
        .expect("every array and object closes")
}

/// Writes `lines` (serde_json's pretty form: one member per line) to `out`, each array or
/// object on one line when it fits.
fn fold(lines: &[&str], out: &mut String) {
    let mut i = 0;
    while i < lines.len() {
        if !opens(lines[i]) {
            out.push_str(lines[i]);
            out.push('\n');
            i += 1;
            continue;
        }
        let close = closing(lines, i);
        let one_line = format!("{}{}", &lines[i][..indent(lines[i])], inline(&lines[i..=close]));
        if one_line.chars().count() <= WIDTH {
            out.push_str(&one_line);
            out.push('\n');
        } else {
            out.push_str(lines[i]);
            out.push('\n');
            fold(&lines[i + 1..close], out);
            out.push_str(lines[close]);
            out.push('\n');
        }
        i = close + 1;
    }
}

/// The array or object of `block` (its opening line to its closing line) on one line.
fn inline(block: &[&str]) -> String {
    let last = block.len() - 1;
    let mut members = Vec::new();
    let mut i = 1;
    while i < last {
        if opens(block[i]) {
            let close = closing(block, i);
            members.push(inline(&block[i..=close]));
            i = close + 1;
        } else {
            members.push(block[i].trim().to_owned());
            i += 1;
        }
    }
    format!("{}{}{}", block[0].trim(), members.join(" "), block[last].trim())
}
