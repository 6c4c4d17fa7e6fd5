//! The protocol over in-memory input and output, as a controller drives it.

use std::io::Cursor;

use super::*;
use crate::games::chess::fen;

/// An output the test can read while the session writes to it.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap().lines().map(str::to_owned).collect()
    }

    fn best_move(&self) -> String {
        let lines = self.lines();
        let best: Vec<&String> = lines.iter().filter(|line| line.starts_with("bestmove")).collect();
        assert_eq!(best.len(), 1, "{lines:?}");
        best[0].split_whitespace().nth(1).unwrap().to_owned()
    }
}

fn new_session() -> (Session<Shared>, Shared) {
    let output = Shared::default();
    (Session::new(output.clone()), output)
}

fn feed(session: &mut Session<Shared>, commands: &[&str]) {
    for command in commands {
        assert_eq!(session.handle(command), Flow::Continue, "{command}");
    }
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let (mut session, output) = new_session();
    feed(&mut session, &["uci", "isready"]);
    let lines = output.lines();
    assert!(lines[0].starts_with("id name Tabula "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin default 16")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "option name Level type spin default 5 min 1 max 5"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "option name Threads type spin default 1 min 1 max 64"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "option name EvalFile type string default <empty>"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "option name Contempt type spin default 0 min -100 max 100"), "{lines:?}");
    assert_eq!(&lines[lines.len() - 2..], ["uciok", "readyok"]);
}

#[test]
fn a_search_reports_each_iteration_and_answers_a_legal_move() {
    let (mut session, output) = new_session();
    feed(&mut session, &["ucinewgame", "position startpos moves e2e4", "go depth 3"]);
    session.finish();
    let lines = output.lines();
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for (depth, info) in infos.iter().enumerate() {
        assert!(info.starts_with(&format!("info depth {} seldepth ", depth + 1)), "{info}");
        for field in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(info.contains(field), "{info} lacks{field}");
        }
    }
    let mut position = Position::standard();
    position.play(uci::parse(&position, "e2e4", false).unwrap());
    assert!(uci::parse(&position, &output.best_move(), false).is_ok(), "{lines:?}");
    assert!(lines.last().unwrap().contains(" ponder "), "{lines:?}");
}

#[test]
fn mates_are_announced_in_moves() {
    let (mut session, output) = new_session();
    feed(&mut session, &["position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 4"]);
    session.finish();
    assert!(output.lines().iter().any(|l| l.contains(" score mate 1 ")), "{:?}", output.lines());
    assert_eq!(output.best_move(), "a1a8");
    let (mut session, output) = new_session();
    feed(&mut session, &["position fen 7k/8/6K1/8/8/8/8/R7 b - - 0 1", "go depth 4"]);
    session.finish();
    assert!(output.lines().iter().any(|l| l.contains(" score mate -1 ")), "{:?}", output.lines());
}

#[test]
fn an_infinite_search_answers_isready_at_once_and_its_move_only_after_stop() {
    let (mut session, output) = new_session();
    feed(&mut session, &["position startpos", "go infinite", "isready"]);
    assert!(output.lines().contains(&"readyok".to_owned()));
    assert!(!output.lines().iter().any(|l| l.starts_with("bestmove")), "no answer before stop");
    feed(&mut session, &["stop"]);
    assert!(uci::parse(&Position::standard(), &output.best_move(), false).is_ok());
}

#[test]
fn node_limits_and_levels_are_obeyed() {
    let (mut session, output) = new_session();
    feed(&mut session, &["position startpos", "go nodes 2000"]);
    session.finish();
    for line in output.lines().iter().filter(|l| l.starts_with("info depth")) {
        let nodes: u64 = line.split_whitespace().skip_while(|&w| w != "nodes").nth(1).unwrap().parse().unwrap();
        assert!(nodes <= 2_000, "{line}");
    }
    output.best_move();

    // Level 1 plays at random, without searching; level 2 searches one ply only.
    let (mut session, output) = new_session();
    feed(&mut session, &["setoption name Level value 1", "position startpos", "go depth 10"]);
    session.finish();
    assert!(!output.lines().iter().any(|l| l.starts_with("info depth")));
    assert!(uci::parse(&Position::standard(), &output.best_move(), false).is_ok());
    let (mut session, output) = new_session();
    feed(&mut session, &["setoption name level value 2", "setoption name Hash value 1", "position startpos", "go"]);
    session.finish();
    let infos = output.lines().iter().filter(|l| l.starts_with("info depth")).count();
    assert_eq!(infos, 1, "{:?}", output.lines());
}

#[test]
fn a_search_on_threads_answers_a_legal_move_and_a_bad_thread_count_is_named() {
    let (mut session, output) = new_session();
    feed(&mut session, &["setoption name Threads value 3", "position startpos moves e2e4", "go nodes 30000"]);
    session.finish();
    let mut position = Position::standard();
    position.play(uci::parse(&position, "e2e4", false).unwrap());
    assert!(uci::parse(&position, &output.best_move(), false).is_ok(), "{:?}", output.lines());
    let (mut session, output) = new_session();
    feed(&mut session, &["setoption name Threads value many"]);
    assert_eq!(output.lines(), ["info string Threads must be 1 to 64, not `many`"]);
}

/// The nodes the last finished iteration of each search reported, search by search.
fn nodes_per_search(output: &Shared) -> Vec<u64> {
    let (mut searches, mut last) = (Vec::new(), None);
    for line in output.lines() {
        if line.starts_with("info depth") {
            last = line.split_whitespace().skip_while(|&w| w != "nodes").nth(1).map(|n| n.parse().unwrap());
        } else if line.starts_with("bestmove") {
            searches.push(last.take().expect("an iteration before the move"));
        }
    }
    searches
}

#[test]
fn the_searches_of_a_game_share_what_they_learnt_until_a_new_game() {
    let middlegame = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let (mut session, output) = new_session();
    for commands in [
        &[middlegame, "go depth 7"][..],
        &[middlegame, "go depth 7"],
        &[middlegame, "go depth 8"],
        &["ucinewgame", middlegame, "go depth 7"],
    ] {
        feed(&mut session, commands);
        session.finish();
    }
    let [first, again, deeper, new_game] = nodes_per_search(&output)[..] else { panic!("{:?}", output.lines()) };
    assert!(again * 2 < first, "the same search again finds much in the table: {again} against {first}");
    assert_eq!(new_game, first, "a new game starts from nothing learnt");

    let (mut fresh, output) = new_session();
    feed(&mut fresh, &[middlegame, "setoption name Hash value 8", "go depth 8"]);
    fresh.finish();
    feed(&mut fresh, &["setoption name Hash value 16", "go depth 7"]);
    fresh.finish();
    let [deeper_from_nothing, after_new_hash] = nodes_per_search(&output)[..] else { panic!("{:?}", output.lines()) };
    assert!(deeper < deeper_from_nothing, "depth 8 after depth 7 costs less: {deeper} against {deeper_from_nothing}");
    assert_eq!(after_new_hash, first, "a new table size starts afresh, as a new session does");
}

#[test]
fn a_position_that_cannot_be_read_is_reported_and_the_last_one_kept() {
    let (mut session, output) = new_session();
    feed(
        &mut session,
        &["position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "position startpos moves e2e5", "go depth 2"],
    );
    session.finish();
    assert!(output.lines()[0].starts_with("info string move 1 (e2e5): "), "{:?}", output.lines());
    assert_eq!(output.best_move(), "a1a8", "the earlier position stands");
}

#[test]
fn without_a_legal_move_the_answer_is_the_null_move() {
    let (mut session, output) = new_session();
    feed(&mut session, &["position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"]);
    session.finish();
    assert_eq!(output.best_move(), "0000");
}

#[test]
fn chess960_castling_is_written_as_the_king_taking_its_rook() {
    let (mut session, output) = new_session();
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    feed(&mut session, &["setoption name UCI_Chess960 value true", &format!("position fen {fen}"), "go depth 1"]);
    session.finish();
    let position = fen::parse(fen, true).unwrap();
    assert!(uci::parse(&position, &output.best_move(), true).is_ok());
    let mut plain = Session::new(Shared::default());
    assert_eq!(plain.handle("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1"), Flow::Continue);
    assert_ne!(plain.game.position.castles(), position.castles(), "in standard chess e1h1 is the king's step");
}

#[test]
fn run_reads_until_quit_or_the_end_and_piped_searches_get_their_answer() {
    let output = Shared::default();
    run(Cursor::new("uci\nposition startpos moves e2e4 e7e5\ngo depth 2\n"), output.clone()).unwrap();
    assert_eq!(output.lines().iter().filter(|l| l.starts_with("bestmove")).count(), 1);
    let output = Shared::default();
    run(Cursor::new("isready\nquit\nisready\n"), output.clone()).unwrap();
    assert_eq!(output.lines(), ["readyok"], "nothing after quit");
}

/// The score the last finished iteration reported.
fn last_score(output: &Shared) -> String {
    let lines = output.lines();
    let info = lines.iter().rev().find(|line| line.starts_with("info depth")).expect("an iteration");
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|&word| word == "score").unwrap();
    words[at + 1..at + 3].join(" ")
}

#[test]
fn a_network_file_is_searched_with_until_set_empty_and_a_bad_one_is_named() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("network.bin");
    std::fs::write(&path, crate::games::chess::engine::network::testing::random_network(9).to_bytes()).unwrap();
    let middlegame = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1";

    let (mut session, output) = new_session();
    feed(&mut session, &[middlegame, "go depth 5"]);
    session.finish();
    let hand_written = last_score(&output);

    let (mut session, output) = new_session();
    let missing = directory.path().join("missing.bin");
    feed(&mut session, &[&format!("setoption name EvalFile value {}", missing.display())]);
    let lines = output.lines();
    assert!(
        lines.len() == 1 && lines[0].starts_with(&format!("info string EvalFile {}: ", missing.display())),
        "{lines:?}"
    );
    feed(&mut session, &[&format!("setoption name EvalFile value {}", path.display()), middlegame, "go depth 5"]);
    session.finish();
    let networked = last_score(&output);
    let position = fen::parse(&middlegame["position fen ".len()..], false).unwrap();
    assert!(uci::parse(&position, &output.best_move(), false).is_ok(), "{:?}", output.lines());
    assert_ne!(networked, hand_written, "a random network scores otherwise than the hand-written evaluation");

    let (mut session, output) = new_session();
    feed(&mut session, &[&format!("setoption name EvalFile value {}", path.display())]);
    feed(&mut session, &["setoption name EvalFile value <empty>", middlegame, "go depth 5"]);
    session.finish();
    assert_eq!(last_score(&output), hand_written, "back to the hand-written evaluation");
}

#[test]
fn contempt_scores_a_draw_below_zero_for_the_engine_and_steers_it_off_a_repetition() {
    // Knight and king against king: every line is a draw by insufficient material.
    let drawn = "position fen 8/8/8/4k3/8/8/3NK3/8 w - - 0 1";
    for (contempt, score) in [("0", "cp 0"), ("30", "cp -30"), ("-30", "cp 30"), ("500", "cp -100")] {
        let (mut session, output) = new_session();
        feed(&mut session, &[&format!("setoption name Contempt value {contempt}"), drawn, "go depth 4"]);
        session.finish();
        assert_eq!(last_score(&output), score, "contempt {contempt}");
    }

    // Black, a tempo up, may repeat the start a third time with Ng8.
    let repeating = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
    let best_move = |contempt: &str| {
        let (mut session, output) = new_session();
        feed(&mut session, &[&format!("setoption name Contempt value {contempt}"), repeating, "go depth 6"]);
        session.finish();
        output.best_move()
    };
    assert_eq!(best_move("-100"), "f6g8", "an engine that likes draws takes the repetition");
    assert_ne!(best_move("0"), "f6g8", "a tempo up is better than a draw");

    let (mut session, output) = new_session();
    feed(&mut session, &["setoption name Contempt value some"]);
    assert_eq!(output.lines(), ["info string Contempt must be -100 to 100 centipawns, not `some`"]);
}
