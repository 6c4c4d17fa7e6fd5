//! The `tabula` binary as a user runs it: serve on a port, answer health checks and
//! reflection, send its call spans to a collector, stop cleanly on SIGTERM, refuse flags
//! that make no sense, drop searches its callers gave up on, and refuse new connections
//! while it drains.

use crate::common;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{TraceService, TraceServiceServer};
use opentelemetry_proto::tonic::collector::trace::v1::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use opentelemetry_proto::tonic::common::v1::{KeyValue, any_value};
use opentelemetry_proto::tonic::trace::v1::{Span, span::SpanKind};
use tokio_stream::StreamExt;
use tonic::transport::Channel;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

fn start_server() -> (Child, String) {
    spawn_server(&[], &[], Stdio::null())
}

/// `tabula GLOBAL… serve --listen 127.0.0.1:0 --store memory EXTRA…`, its standard error
/// going to `stderr`, and its address once it listens.
fn spawn_server(global: &[&str], extra: &[&str], stderr: Stdio) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(global)
        .args(["serve", "--listen", "127.0.0.1:0", "--store", "memory"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("listening on ").expect("the bound address is printed").to_owned();
    (child, format!("http://{address}"))
}

#[test]
fn help_documents_every_command() {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula")).arg("--help").output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("serve"), "{help}");
    let output = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("--listen") && help.contains("TABULA_LISTEN"), "{help}");
}

#[tokio::test]
async fn the_binary_serves_health_and_reflection_and_stops_on_sigterm() {
    let (mut child, address) = start_server();
    let channel = Channel::from_shared(address).unwrap().connect().await.unwrap();

    let mut health = HealthClient::new(channel.clone());
    for service in ["", "tabula.v1.GameService"] {
        let response = health.check(HealthCheckRequest { service: service.into() }).await.unwrap().into_inner();
        assert_eq!(response.status, ServingStatus::Serving as i32, "{service:?}");
    }

    use tonic_reflection::pb::v1::{
        ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
        server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
    };
    let mut reflection = ServerReflectionClient::new(channel.clone());
    let request = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut responses = reflection.server_reflection_info(tokio_stream::iter([request])).await.unwrap().into_inner();
    let Some(MessageResponse::ListServicesResponse(list)) = responses.next().await.unwrap().unwrap().message_response
    else {
        panic!("a service list")
    };
    let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
    assert!(names.contains(&"tabula.v1.GameService".to_owned()), "{names:?}");
    assert!(names.contains(&"grpc.health.v1.Health".to_owned()), "{names:?}");

    use tonic_reflection::pb::v1alpha::{
        ServerReflectionRequest as AlphaRequest, server_reflection_client::ServerReflectionClient as AlphaClient,
        server_reflection_request::MessageRequest as AlphaMessage,
        server_reflection_response::MessageResponse as AlphaResponse,
    };
    let mut alpha = AlphaClient::new(channel.clone());
    let request = AlphaRequest {
        host: String::new(),
        message_request: Some(AlphaMessage::FileContainingSymbol("tabula.v1.GameService".into())),
    };
    let mut responses = alpha.server_reflection_info(tokio_stream::iter([request])).await.unwrap().into_inner();
    let response = responses.next().await.unwrap().unwrap().message_response;
    assert!(matches!(response, Some(AlphaResponse::FileDescriptorResponse(_))), "{response:?}");

    // The error details travel as `google.rpc` messages; reflection describes them too.
    for symbol in ["google.rpc.ErrorInfo", "google.rpc.BadRequest"] {
        let request = ServerReflectionRequest {
            host: String::new(),
            message_request: Some(MessageRequest::FileContainingSymbol(symbol.into())),
        };
        let mut responses =
            reflection.server_reflection_info(tokio_stream::iter([request])).await.unwrap().into_inner();
        let response = responses.next().await.unwrap().unwrap().message_response;
        let Some(MessageResponse::FileDescriptorResponse(files)) = response else { panic!("{symbol}: {response:?}") };
        assert!(!files.file_descriptor_proto.is_empty(), "{symbol}");
    }

    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline, "the server did not stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
}

fn run(args: &[&str]) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    (String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
}

#[test]
fn serve_refuses_flags_that_make_no_sense_naming_every_one() {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--store", "memory", "--listen", "127.0.0.1:0"])
        .args(["--cached-games", "0", "--cache-mib", "0", "--call-timeout", "0", "--bot-threads", "0"])
        .args(["--otlp-endpoint", "collector:4317"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    for flag in ["--cached-games", "--cache-mib", "--call-timeout", "--bot-threads"] {
        assert!(stderr.contains(&format!("{flag} must be at least 1")), "{flag} not named: {stderr}");
    }
    assert!(stderr.contains("--otlp-endpoint collector:4317: the URL must start with http:// or https://"), "{stderr}");
}

#[test]
fn perft_prints_the_count_last_and_the_speed_on_stderr() {
    let (out, err) = run(&["perft", "--game", "reversi", "--depth", "5"]);
    assert_eq!(out.lines().last(), Some("1396"));
    assert!(err.contains("nodes per second"), "{err}");
    let (out, _) = run(&["perft", "--game", "reversi", "--depth", "3", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[4], "56");
    let (out, _) = run(&["perft", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--depth", "3"]);
    assert_eq!(out.lines().last(), Some("8902"));
    let (out, _) = run(&[
        "perft",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(out.lines().any(|l| l == "e1g1: 1"), "castling is listed in UCI: {out}");
    assert_eq!(out.lines().last(), Some("48"));
    // Any kind, through the registry: every 3×3 tic-tac-toe game, Morris's placements, a preset.
    let (out, _) = run(&["perft", "--game", "tic_tac_toe", "--depth", "9"]);
    assert_eq!(out.lines().last(), Some("255168"));
    let (out, _) = run(&["perft", "--game", "morris", "--depth", "4"]);
    assert_eq!(out.lines().last(), Some("255024"));
    let (out, _) = run(&["perft", "--game", "connect_four", "--preset", "connect3", "--depth", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!((lines.len(), lines[5]), (6, "25"), "five columns, five answers each: {out}");
    let unknown = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["perft", "--game", "checkers", "--depth", "1"])
        .output()
        .unwrap();
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("tic_tac_toe, connect_four"), "the kinds are listed");
    let bad = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["perft", "--fen", "nonsense", "--depth", "1"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid FEN"));
}

/// `tabula uci` as a chess GUI drives it: the handshake, a position, a search that is
/// answered while it thinks, and `quit`.
#[test]
fn uci_speaks_the_protocol_on_standard_input_and_output() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut read_until = |prefix: &str| -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(output.read_line(&mut line).unwrap() > 0, "the engine closed its output before `{prefix}`");
            lines.push(line.trim_end().to_owned());
            if line.starts_with(prefix) {
                return lines;
            }
        }
    };
    writeln!(input, "uci").unwrap();
    assert!(read_until("uciok")[0].starts_with("id name Tabula"));
    writeln!(input, "position startpos moves e2e4 e7e5\ngo depth 4\nisready").unwrap();
    // `isready` is answered at once, before or after the search's answer.
    let mut lines = read_until("readyok");
    if !lines.iter().any(|l| l.starts_with("bestmove")) {
        lines.extend(read_until("bestmove"));
    }
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 ")), "{lines:?}");
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    assert!(best.split_whitespace().nth(1).is_some_and(|mv| mv.len() >= 4), "{best}");
    writeln!(input, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn analyse_prints_the_engines_line_for_any_game_and_names_what_is_wrong() {
    // The empty 3×3 board is a draw the engine proves; its line is a whole drawn game.
    let (out, err) = run(&["analyse", "tic_tac_toe", "--time", "5"]);
    assert!(err.contains("analysing for X (seat 1)"), "{err}");
    assert!(out.contains("score: draw (exact)"), "{out}");
    assert_eq!(out.lines().find_map(|l| l.strip_prefix("line: ")).unwrap().split(", ").count(), 9, "{out}");
    // Red wins in the first column (Pons' score 18), found by the solver.
    let (out, _) =
        run(&["analyse", "connect_four", "--moves", "column 4, column 4, column 3, column 3, column 2, column 2"]);
    assert!(out.contains("best: column 1") && out.contains("win in 1 plies (exact, +18 in Pons' convention)"), "{out}");
    // A back-rank mate, from a FEN, in UCI.
    let (out, _) = run(&["analyse", "chess", "--fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "--time", "5"]);
    assert!(out.contains("best: d1d8") && out.contains("win in 1 plies"), "{out}");
    // A configuration in JSON over the defaults, and moves in the game's notation.
    let (out, _) =
        run(&["analyse", "gomoku", "--config", r#"{"width": 9, "height": 9}"#, "--moves", "e5", "--time", "0.2"]);
    assert!(out.starts_with("best: "), "{out}");
    // A Reversi position in the FFO form, solved to the end.
    let ffo = "OX-OOOOX-OXOOOOXOOXXOOXXOOXXOXXXOOOXOXXXO-OXXOXXOOXXO-OX---X-O-O O";
    let (out, err) = run(&["analyse", "reversi", "--position", ffo]);
    assert!(err.contains("analysing for White (seat 2)"), "{err}");
    assert!(out.contains("best: c1") && out.contains("(exact, -32 discs)"), "{out}");

    for (args, complaint) in [
        (&["analyse", "go"][..], "no game kind \"go\""),
        (&["analyse", "gomoku", "--config", r#"{"widht": 9}"#], "unknown fields [\"widht\"]"),
        (&["analyse", "chess", "--moves", "e4, e5, Ke3"], "move 3 (\"Ke3\")"),
        (&["analyse", "reversi", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"], "--fen is for chess only"),
        (&["analyse", "chess", "--position", "-- X"], "--position is for reversi only"),
        (&["analyse", "reversi", "--position", "XO-- Z"], "has 4 squares; the 8×8 board has 64"),
        (
            &[
                "analyse",
                "reversi",
                "--config",
                r#"{"width": 6, "height": 6}"#,
                "--position",
                &format!("{} X", "-".repeat(64)),
            ],
            "has 64 squares; the 6×6 board has 36",
        ),
        (&["analyse", "tic_tac_toe", "--moves", "a1, b1, a2, b2, a3"], "the game is over"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().unwrap();
        assert!(!output.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(complaint), "{args:?}: {err}");
    }
}

#[test]
fn the_peg_solitaire_solver_answers_from_the_command_line() {
    let (out, _) = run(&["solve", "peg-solitaire"]);
    assert!(out.contains("solvable: yes"), "{out}");
    assert!(out.contains("solving jump sequences: 29760"), "{out}");
    let (out, _) = run(&["solve", "peg-solitaire", "--rows", "5", "--empty", "5", "--no-count"]);
    assert!(out.contains("solvable: yes"), "{out}");
    let (out, _) = run(&["solve", "peg-solitaire", "--board", "english", "--no-count"]);
    assert!(out.contains("solution (31 jumps"), "{out}");
}

#[test]
fn the_connect_four_solver_scores_positions_from_the_command_line_and_standard_input() {
    let (out, _) = run(&["solve", "connect-four", "--moves", "2252576253462244111563365343671351441"]);
    assert_eq!(out.trim(), "-1", "Pons' first End-Easy position");
    // Positions on standard input, with expected scores: each is echoed with its score; a
    // wrong expectation fails the command.
    let solve = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["solve", "connect-four"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    let good = solve("7422341735647741166133573473242566 1\n23163416124767223154467471272416755633 0\n");
    assert!(good.status.success(), "{}", String::from_utf8_lossy(&good.stderr));
    let lines: Vec<String> = String::from_utf8(good.stdout).unwrap().lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("7422341735647741166133573473242566 1") && lines[0].contains("ok"), "{lines:?}");
    let summary = String::from_utf8_lossy(&good.stderr);
    assert!(summary.contains("2 positions: mean time"), "the mean time and nodes go to stderr: {summary}");
    assert!(summary.contains("slowest: line "), "and the slowest line: {summary}");
    let wrong = solve("7422341735647741166133573473242566 3\n");
    assert!(!wrong.status.success(), "a wrong expected score fails the command");
    // A position of Pons' Begin-Medium set that one thread does not solve within the
    // positions it searches alone (without the book): on two threads, its exact score.
    let (out, _) = run(&["solve", "connect-four", "--no-book", "--threads", "2", "--moves", "13555111322723"]);
    assert_eq!(out.trim(), "-1");
}

#[test]
fn a_connect_four_book_build_goes_on_from_the_scores_an_earlier_one_kept() {
    use tabula::games::connect_four::solver::Solver;
    use tabula::games::connect_four::solver::book::{self, Book};
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("book.bin");
    let partial = directory.path().join("book.bin.partial");
    let build_for = |minutes: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
        command.args(["solve", "connect-four", "--threads", "2", "--build-book"]).arg(&path);
        if let Some(minutes) = minutes {
            command.args(["--minutes", minutes]);
        }
        command.output().unwrap()
    };
    let build = || build_for(None);
    // An earlier build of another ply left its file: the build stops and says so.
    std::fs::write(&partial, "ply 9\n").unwrap();
    let output = build();
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("was left by a build of another book") && err.contains("not \"ply 8\""), "{err}");
    // An earlier build of this one kept every score but those of two positions that are
    // quick to solve (made-up scores, all 3), and stopped while writing a line.
    let positions = book::positions(book::STANDARD_PLY);
    let never = std::sync::atomic::AtomicBool::new(false);
    let budget = || tabula::engine::SearchBudget::new(5_000, &never);
    let quick: Vec<(u64, i32)> = positions
        .iter()
        .filter_map(|p| Some((book::canonical_key(p), Solver::with_table_bits(16).without_book().solve(p, budget())?)))
        .take(2)
        .collect();
    let mut kept = String::from("ply 8\n");
    for key in positions.iter().map(book::canonical_key).filter(|k| quick.iter().all(|q| q.0 != *k)) {
        kept += &format!("{key} 3\n");
    }
    kept += "1234";
    std::fs::write(&partial, kept).unwrap();
    // Stopped at once, the build writes the book of what is known and nothing more.
    let output = build_for(Some("0"));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{err}");
    assert!(err.contains(&format!("book.bin.partial: {} scores from an earlier build", positions.len() - 2)), "{err}");
    assert!(
        err.contains(&format!("{} of {} positions; run again to go on", positions.len() - 2, positions.len())),
        "{err}"
    );
    assert!(!partial.exists(), "the scores kept are in the book now");
    let stopped = Book::read(Box::leak(std::fs::read(&path).unwrap().into_boxed_slice())).unwrap();
    assert_eq!(stopped.len(), positions.len() - 2);
    assert!(
        positions.iter().all(|p| stopped.score(p) == quick.iter().all(|q| q.0 != book::canonical_key(p)).then_some(3))
    );
    // The next build goes on from that book.
    let output = build();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{err}");
    assert!(err.contains(&format!("book.bin: {} scores from an earlier build", positions.len() - 2)), "{err}");
    assert!(err.contains(&format!("of {} positions scored", positions.len())), "progress is shown: {err}");
    assert!(err.contains("(complete)"), "{err}");
    assert!(!partial.exists(), "a finished build removes the scores it kept");
    let built = Book::read(Box::leak(std::fs::read(&path).unwrap().into_boxed_slice())).unwrap();
    assert_eq!((built.ply(), built.len()), (8, positions.len()));
    for position in &positions {
        let expected = quick.iter().find(|q| q.0 == book::canonical_key(position)).map_or(3, |q| q.1);
        assert_eq!(built.score(position), Some(expected));
    }
    // What a build refuses: it fails, says why on standard error, and writes nothing.
    let refused = |args: &[&str], file: &Path| {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).arg(file).output().unwrap();
        assert!(!output.status.success(), "{args:?} is refused");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    // A file that is not a book of the build's ply is never overwritten.
    let err = refused(&["solve", "connect-four", "--ply", "7", "--build-book"], &path);
    assert!(err.contains("is a book of 8 discs, not 7: give --ply 8"), "{err}");
    let text = directory.path().join("notes.txt");
    std::fs::write(&text, "not a book").unwrap();
    let err = refused(&["solve", "connect-four", "--build-book"], &text);
    assert!(err.contains("is there and is not a book to go on from"), "{err}");
    assert_eq!(std::fs::read_to_string(&text).unwrap(), "not a book");
    // A build cannot also solve a position.
    let err = refused(&["solve", "connect-four", "--moves", "44", "--build-book"], &path);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn the_chess_tuner_plays_games_and_fits_the_weights_to_their_results() {
    use tabula::games::chess::engine::tuning::Sample;
    let directory = tempfile::tempdir().unwrap();
    let positions = directory.path().join("positions.txt");
    let weights = directory.path().join("values.rs");
    let path = |file: &Path| file.to_str().unwrap().to_owned();
    let (_, err) = run(&["tune", "chess-positions", "--games", "2", "--nodes", "200", "--out", &path(&positions)]);
    assert!(err.contains("2 of 2 games") && err.contains("positions from 2 games at 200 nodes a move"), "{err}");
    let lines = std::fs::read_to_string(&positions).unwrap();
    let samples: Vec<Sample> = lines.lines().map(|line| Sample::parse(line).unwrap()).collect();
    assert!(!samples.is_empty());
    let (_, err) = run(&[
        "tune",
        "chess",
        "--positions",
        &path(&positions),
        "--out",
        &path(&weights),
        "--passes",
        "1",
        "--hold-out",
        "4",
    ]);
    assert!(err.contains("pass 1: step 4") && err.contains("held out"), "{err}");
    let source = std::fs::read_to_string(&weights).unwrap();
    assert!(source.starts_with("//! The weights the engine plays with"), "{source}");
    assert!(source.contains("pub const WEIGHTS: Weights = Weights {"), "{source}");
    assert!(source.contains(&format!("on {} labelled positions", samples.len() - samples.len() / 4)), "{source}");
    // A file with lines that are not positions is refused, each line named, and nothing is written.
    std::fs::write(&positions, format!("{}\nnot a position\n8/8 w - - 0 1 [1.0]\n", lines.lines().next().unwrap()))
        .unwrap();
    std::fs::remove_file(&weights).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["tune", "chess", "--positions", &path(&positions), "--out", &path(&weights)])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(err.contains("line 2: no result") && err.contains("line 3: the position is not a FEN"), "{err}");
    assert!(!weights.exists());
}

/// Positions from FFO #40 played on at random to 9 empty squares, with their exact scores
/// and every best move, as an exhaustive search written apart from the engine found them.
const REVERSI_LINES: &str = "\
# A comment line, then a blank one.

1 OOOOOOOXXOOOXXXXOOOOXOXXOOOXOOXXOOOOXOXX-XOOOXXX--X-OOXX---OOO-- O +10 a6
OOOOOOOX-OOOOOOXOOOXOOXXOOXOOXXXOXOXXOXXX--OXXXX-OOOOXXX--OOO--- O -10 c6,f8 ; the number may be left out
";

#[test]
fn the_reversi_solver_scores_positions_from_the_command_line_and_standard_input() {
    let ffo = "OX-OOOOX-OXOOOOXOOXXOOXXOOXXOXXXOOOXOXXXO-OXXOXXOOXXO-OX---X-O-O O";
    let (out, err) = run(&["solve", "reversi", "--position", ffo, "--table-bits", "16"]);
    assert_eq!(out, "best: c1\nscore: -32\n");
    assert!(err.contains("solving for White to move, 9 empty squares") && err.contains("positions searched"), "{err}");
    // White has no move here, and the score is still exact.
    let stuck = "OOXXXXXXXXXXOOXXXXXOXXOXXOXXXXXXXOXXXOXXXXOXOOOXXXXOO--XOXO----- O";
    let (out, _) = run(&["solve", "reversi", "--position", stuck, "--table-bits", "16"]);
    assert_eq!(out, "best: pass\nscore: -30\n");
    let solve = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["solve", "reversi", "--table-bits", "16"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    // Twelve empty squares, searched in rounds of a tenth of a millisecond and more: each
    // round that stops writes a progress line, and the next goes on from the table.
    let late = "XXXXXXXXXXXXXXXXOOOOOOOOXXXXOOOOOOOOXXXX--XXOO------OXXO----XOOX X ; Black to move, +8 with h6 or d7";
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["solve", "reversi", "--position", late, "--table-bits", "16", "--progress", "0.0001"])
        .output()
        .unwrap();
    let (out, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(out == "best: h6\nscore: +8\n" || out == "best: d7\nscore: +8\n", "{out}");
    assert!(err.lines().any(|l| l.starts_with("searching: ") && l.ends_with(" s")), "{err}");
    let good = solve(REVERSI_LINES);
    assert!(good.status.success(), "{}", String::from_utf8_lossy(&good.stderr));
    let lines: Vec<String> = String::from_utf8(good.stdout).unwrap().lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("1 OOOOOOOX") && lines[0].ends_with("O +10 a6 -> +10 a6 ok"), "{lines:?}");
    assert!(lines[1].ends_with("-> -10 c6 ok") || lines[1].ends_with("-> -10 f8 ok"), "{lines:?}");
    assert!(String::from_utf8_lossy(&good.stderr).contains("2 positions: "), "the times go to stderr");
    // A wrong score, a move that is not among the best, and a line that is no position.
    let wrong = solve(&REVERSI_LINES.replace("+10 a6", "+12 a6").replace("c6,f8", "c6"));
    assert!(!wrong.status.success(), "a wrong expected score fails the command");
    let out = String::from_utf8(wrong.stdout).unwrap();
    assert!(out.lines().next().unwrap().ends_with("-> +10 a6 MISMATCH"), "{out}");
    // A budget too small to finish says so.
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["solve", "reversi", "--position", late, "--table-bits", "16", "--budget", "100"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("the budget ran out"));
    // A position may start with `-` (most do): it is the option's value all the same.
    let output =
        Command::new(env!("CARGO_BIN_EXE_tabula")).args(["solve", "reversi", "--position", "--XO X"]).output().unwrap();
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("--position is not a position: has 4 squares; the 8×8 board has 64"), "{err}");
    let bad = solve("OOXX X +2 a1\n");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stdout).contains("invalid: has 4 squares"), "the problem is named");
}

/// A peg solitaire game whose hint search runs out of its budget (seconds of work): the
/// 8-row triangle with hole 33 empty.
async fn endless_search(client: &mut common::Client) -> common::Game {
    // Chess from the start: no budget a test can wait for proves it, so the engine thinks
    // until it is stopped. (A puzzle would not do: peg solitaire's analysis is capped in nodes
    // and a fast machine finishes it within a second.)
    use common::pb;
    let config = pb::GameConfig {
        clock: None,
        game: Some(pb::game_config::Game::Chess(pb::ChessConfig::default())),
        ..Default::default()
    };
    let response = client
        .create_game(pb::CreateGameRequest {
            source: Some(pb::create_game_request::Source::Config(config)),
            allow_hints: Some(true),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    common::Game {
        id: response.game.unwrap().game_id,
        tokens: response.seat_tokens.into_iter().map(|t| t.token).collect(),
    }
}

fn hint_request(game: &common::Game, timeout: Duration) -> tonic::Request<common::pb::GetHintRequest> {
    // The engine may think as long as the server allows: the call's deadline ends it first.
    let max_time = Some(prost_types::Duration { seconds: 10, nanos: 0 });
    let hint = common::pb::GetHintRequest { game_id: game.id.clone(), max_time, ..Default::default() };
    let mut request = common::as_seat(&game.tokens[0], hint);
    request.set_timeout(timeout);
    request
}

#[tokio::test]
async fn searches_stop_with_their_calls_and_more_than_the_pool_are_refused() {
    let server = common::BinaryServer::spawn(&["--store", "memory", "--search-threads", "2"]);
    let pid = server.child.id();
    let mut client = server.client().await;
    let game = endless_search(&mut client).await;
    let idle_memory = common::resident_kib(pid);

    // Twelve at once, each giving up after a second.
    let calls: Vec<_> = (0..12)
        .map(|_| {
            let mut client = client.clone();
            let request = hint_request(&game, Duration::from_secs(1));
            tokio::spawn(async move { client.get_hint(request).await })
        })
        .collect();
    let mut ends = Vec::new();
    for call in calls {
        let status = call.await.unwrap().expect_err("no search finishes within a second");
        ends.push((status.code(), common::reason(&status)));
    }
    let busy = ends.iter().filter(|(_, reason)| reason == "SEARCH_BUSY").count();
    // The server answers DEADLINE_EXCEEDED a hair before the deadline; when it is slower
    // than that, the transport ends the call at the deadline as CANCELLED.
    let timed_out = ends
        .iter()
        .filter(|(code, reason)| {
            reason != "SEARCH_BUSY" && matches!(code, tonic::Code::DeadlineExceeded | tonic::Code::Cancelled)
        })
        .count();
    assert_eq!((timed_out, busy), (2, 10), "{ends:?}");

    // Once the callers are gone the server does no more work: its own CPU counters stand
    // (almost) still, where the abandoned searches would have kept both cores busy.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = common::cpu_ticks(pid);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let spent = common::cpu_ticks(pid) - before;
    assert!(spent <= 20, "the server used {spent} ticks of CPU in 2 s after every caller had gone");
    // The two searches that ran held their memory only while they ran.
    let grown = common::resident_kib(pid).saturating_sub(idle_memory);
    assert!(grown < 200 * 1024, "resident memory grew by {grown} KiB");

    // The pool is free again: a search that fits its budget is answered.
    let easy = common::create_preset(&mut client, common::pb::GameKind::PegSolitaire, "triangle15").await;
    let answer = client.get_hint(hint_request(&easy, Duration::from_secs(30))).await.unwrap().into_inner();
    assert_eq!(answer.result, common::pb::HintResult::Move as i32);
}

#[tokio::test]
async fn while_draining_new_connections_are_refused_at_once() {
    let mut server = common::BinaryServer::spawn(&["--store", "memory", "--shutdown-grace", "6"]);
    let mut client = server.client().await;
    let game = endless_search(&mut client).await;
    // A call in flight keeps the server draining.
    let in_flight = tokio::spawn({
        let mut client = client.clone();
        let request = hint_request(&game, Duration::from_secs(30));
        async move { client.get_hint(request).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(server.child.try_wait().unwrap().is_none(), "the server is still draining its call in flight");

    let address = server.address.trim_start_matches("http://").to_owned();
    let started = std::time::Instant::now();
    let connected = tokio::time::timeout(Duration::from_secs(2), tokio::net::TcpStream::connect(&address)).await;
    assert!(matches!(connected, Ok(Err(_))), "a new connection while draining: {connected:?}");
    assert!(started.elapsed() < Duration::from_millis(500), "refusing took {:?}", started.elapsed());

    // The call in flight was let finish (or cut at the end of the grace), and the server stops.
    let _ = in_flight.await.unwrap();
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}

#[test]
fn flag_values_that_make_no_sense_are_refused_all_at_once() {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--listen", "127.0.0.1:0", "--store", "memory"])
        .args([
            "--call-timeout",
            "0",
            "--max-streams-per-game",
            "0",
            "--max-message-bytes",
            "0",
            "--search-threads",
            "0",
            "--max-connections",
            "0",
            "--max-connections-per-address",
            "0",
            "--handshake-timeout",
            "0",
            "--idle-timeout",
            "0",
            "--max-events-per-game",
            "10",
            "--allowed-host",
            "http://lobby:1",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    for flag in [
        "--call-timeout",
        "--max-streams-per-game",
        "--max-message-bytes",
        "--search-threads",
        "--max-connections must",
        "--max-connections-per-address",
        "--handshake-timeout",
        "--idle-timeout",
        "--max-events-per-game",
        "--allowed-host \"http://lobby:1\"",
    ] {
        assert!(stderr.contains(flag), "{flag} is not named in: {stderr}");
    }
    assert!(output.stdout.is_empty(), "the server must not have started");
}

/// The README's table of limits states the defaults `tabula serve --help` prints.
#[test]
fn the_readme_states_the_serve_defaults() {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for flag in [
        "--max-streams-per-game",
        "--max-streams-per-connection",
        "--max-games-per-key",
        "--call-timeout",
        "--shutdown-grace",
        "--cached-games",
        "--cache-mib",
        "--max-connections",
        "--max-connections-per-address",
        "--handshake-timeout",
        "--idle-timeout",
        "--max-events-per-game",
    ] {
        let section = &help[help.find(&format!("{flag} <")).unwrap_or_else(|| panic!("{flag} in --help"))..];
        let default = section.split("[default: ").nth(1).unwrap().split(']').next().unwrap();
        let row = readme
            .lines()
            .find(|line| line.starts_with('|') && line.contains(&format!("`{flag}`")))
            .unwrap_or_else(|| panic!("{flag} in the README"));
        let digits: String = row.chars().filter(|c| c.is_ascii_digit() || *c == ' ').collect();
        assert!(
            digits.split_whitespace().any(|number| number == default) || row.contains(&format!("{default} s")),
            "the README says {row:?} but --help says {flag} defaults to {default}"
        );
    }
}

/// The figure after `label` on the line that starts with it, as a number (commas dropped).
fn figure(report: &str, label: &str) -> f64 {
    let line =
        report.lines().find(|line| line.starts_with(label)).unwrap_or_else(|| panic!("no {label:?} in {report}"));
    let rest = line[label.len()..].trim_start().replace(',', "");
    let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    number.parse().unwrap_or_else(|_| panic!("{label:?} has no figure: {line}"))
}

#[test]
fn bench_starts_a_server_plays_games_and_reports_each_figure_against_the_ceiling() {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["bench", "--store", "memory", "--seconds", "1", "--games", "2", "--subscribers", "2"])
        .args([
            "--size",
            "5",
            "--connections",
            "2",
            "--idle-games",
            "1000",
            "--accept-gzip",
            "--spectator-views",
            "changes",
        ])
        .output()
        .unwrap();
    let (report, progress) = (String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap());
    assert!(output.status.success(), "{report}\n{progress}");
    assert!(progress.contains("measuring the ceiling") && progress.contains("playing 2 games"), "{progress}");
    assert!(report.contains("2 spectators each (views: Changes)"), "{report}");
    assert!(figure(&report, "Health.Check ceiling:") > 0.0, "{report}");
    let moves = figure(&report, "SubmitMove:");
    assert!(moves > 0.0, "{report}");
    // 5×5 games with a line of five to win end within 25 moves: new games replace them.
    let line = report.lines().find(|line| line.starts_with("SubmitMove:")).unwrap();
    let ratio: f64 = line.split('(').nth(1).unwrap().split('×').next().unwrap().parse().unwrap();
    let ceiling = figure(&report, "Health.Check ceiling:");
    assert!((ratio - moves / ceiling).abs() < 0.002, "the ratio is the figure over the ceiling: {line}");
    assert!(report.contains("SubmitMove latency: p50 "), "{report}");
    let cpu = report.lines().find(|line| line.starts_with("server CPU: ")).expect("a server CPU line");
    assert!(cpu.contains(" µs a move") && cpu.ends_with("Health.Check call (clients accepting gzip)"), "{cpu}");
    assert!(figure(&report, "submit to delivery: p50") > 0.0, "{report}");
    assert!(report.contains("SubmitMove p50 by moves already played: 0–49: "), "{report}");
    // A thousand idle games (some 3 MB) outgrow what the allocator keeps of the load's
    // freed memory, which fifty fitted into on a busy machine (0 bytes each).
    assert!(figure(&report, "idle games:") > 0.0, "{report}");
    assert!(figure(&report, "server memory:") > 0.0, "{report}");

    let refused = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["bench", "--kind", "chess"]).output().unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("expected tic_tac_toe, gomoku or connect_four"));
}

/// The server's log written to a pipe, as `--log-format` says, once the server stopped.
async fn logs_of_a_game_created(format: &[&str]) -> (String, String) {
    let (child, address) = spawn_server(format, &["--shutdown-grace", "1"], Stdio::piped());
    let mut client = common::Client::new(Channel::from_shared(address).unwrap().connect().await.unwrap());
    let game = common::create_preset(&mut client, common::pb::GameKind::TicTacToe, "classic").await;
    let resign = common::pb::ResignRequest { game_id: game.id.clone(), ..Default::default() };
    client.resign(common::as_seat(&game.tokens[1], resign)).await.unwrap();
    // No connection left open: the server stops at once rather than drain it.
    drop(client);
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    let output = child.wait_with_output().unwrap();
    (String::from_utf8(output.stderr).unwrap(), game.id)
}

#[tokio::test]
async fn logs_into_a_pipe_carry_no_colour_codes_and_json_logs_are_one_object_a_line() {
    let (text, id) = logs_of_a_game_created(&[]).await;
    assert!(text.contains("game created") && text.contains(&id), "{text}");
    assert!(!text.contains('\u{1b}'), "no terminal escape codes in a pipe: {text:?}");

    let (json, id) = logs_of_a_game_created(&["--log-format", "json"]).await;
    let lines: Vec<serde_json::Value> =
        json.lines().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))).collect();
    assert!(lines.iter().all(|line| line["level"].is_string() && line["timestamp"].is_string()), "{json}");
    let created = lines.iter().find(|line| line["message"] == "game created").unwrap_or_else(|| panic!("{json}"));
    assert_eq!(created["game_id"], id.as_str(), "the game id is a field of its own: {created}");
    assert_eq!(created["kind"], "tic_tac_toe");
    // Each call's span names its method, its game and who called.
    let resigned = lines.iter().find(|line| line["message"] == "seat resigned").unwrap_or_else(|| panic!("{json}"));
    let span = &resigned["span"];
    assert_eq!(
        (span["method"].as_str(), span["game_id"].as_str(), span["caller"].as_str()),
        (Some("Resign"), Some(id.as_str()), Some("seat")),
        "{resigned}"
    );
}

/// A stand-in OpenTelemetry collector: it passes on every span exported to it.
struct Collector(tokio::sync::mpsc::UnboundedSender<Span>);

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        for resource in request.into_inner().resource_spans {
            let service = resource.resource.map(|resource| resource.attributes).unwrap_or_default();
            assert_eq!(attribute(&service, "service.name"), Some("tabula".to_owned()));
            for span in resource.scope_spans.into_iter().flat_map(|scope| scope.spans) {
                let _ = self.0.send(span);
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

/// A span attribute's value, written as text.
fn attribute(attributes: &[KeyValue], key: &str) -> Option<String> {
    let value = attributes.iter().find(|attribute| attribute.key == key)?.value.as_ref()?.value.as_ref()?;
    Some(match value {
        any_value::Value::StringValue(text) => text.clone(),
        any_value::Value::IntValue(number) => number.to_string(),
        other => format!("{other:?}"),
    })
}

// The collector answers while the test waits for the server to stop.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_otlp_endpoint_each_call_span_reaches_the_collector_in_its_callers_trace() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let collector_address = listener.local_addr().unwrap();
    let (spans, mut exported) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(Collector(spans)))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    let collector = format!("http://{collector_address}");
    let (mut child, address) =
        spawn_server(&[], &["--shutdown-grace", "1", "--otlp-endpoint", &collector], Stdio::null());
    let mut client = common::Client::new(Channel::from_shared(address).unwrap().connect().await.unwrap());
    let game = common::create_preset(&mut client, common::pb::GameKind::ConnectFour, "classic").await;

    // The caller's trace, as W3C Trace Context writes it: version, trace id, parent span id, flags.
    let (trace_id, parent_id) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7");
    let submit = common::pb::SubmitMoveRequest {
        game_id: game.id.clone(),
        r#move: Some(common::column_move(3)),
        ..Default::default()
    };
    let mut request = common::as_seat(&game.tokens[0], submit);
    request.metadata_mut().insert("traceparent", format!("00-{trace_id}-{parent_id}-01").parse().unwrap());
    client.submit_move(request).await.unwrap();
    let refused = common::pb::SubmitMoveRequest {
        game_id: game.id.clone(),
        r#move: Some(common::column_move(3)),
        ..Default::default()
    };
    let status = client.submit_move(common::as_seat(&game.tokens[0], refused)).await.unwrap_err();
    drop(client);

    // Spans go out in batches; stopping the server sends the last one.
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    assert!(child.wait().unwrap().success());
    let mut received = Vec::new();
    while let Ok(Some(span)) = tokio::time::timeout(Duration::from_secs(5), exported.recv()).await {
        received.push(span);
        if received.iter().filter(|span| span.name == "tabula.v1.GameService/SubmitMove").count() == 2 {
            break;
        }
    }
    let named = |name: &str| received.iter().filter(|span| span.name == name).collect::<Vec<_>>();
    let created = named("tabula.v1.GameService/CreateGame");
    assert_eq!(created.len(), 1, "{received:#?}");
    assert_eq!(attribute(&created[0].attributes, "caller").as_deref(), Some("service_key"));
    let moves = named("tabula.v1.GameService/SubmitMove");
    assert_eq!(moves.len(), 2, "{received:#?}");
    let (played, refused) = (moves[0], moves[1]);
    assert_eq!(hex(&played.trace_id), trace_id, "the call continues its caller's trace");
    assert_eq!(hex(&played.parent_span_id), parent_id);
    assert_eq!(played.kind, SpanKind::Server as i32);
    assert_eq!(attribute(&played.attributes, "game_id").as_deref(), Some(game.id.as_str()));
    assert_eq!(attribute(&played.attributes, "caller").as_deref(), Some("seat"));
    assert_eq!(attribute(&played.attributes, "method").as_deref(), Some("SubmitMove"));
    assert_eq!(attribute(&played.attributes, "rpc.grpc.status_code").as_deref(), Some("0"));
    assert_ne!(hex(&refused.trace_id), trace_id, "a call without a caller's trace starts its own");
    assert_eq!(
        attribute(&refused.attributes, "rpc.grpc.status_code"),
        Some((status.code() as i32).to_string()),
        "{status:?}"
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
