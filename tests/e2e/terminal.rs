//! The terminal client in a real terminal: tmux runs `tabula play` or `tabula watch` in a
//! pane of its own, keys are typed into it as a person would type them, and the screen is
//! read back and held against what the server says over gRPC.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::{self, pb};

/// How long a whole game in the terminal may take before the test gives up.
const PATIENCE: Duration = Duration::from_secs(90);

/// A tmux server of the test's own (its own socket, so no other tmux is disturbed) running
/// one command in one 100×50 pane. Dropping it kills that tmux server and the command,
/// whether the test passed or failed.
struct Terminal {
    socket: String,
    session: String,
}

impl Terminal {
    /// Runs `command` (a shell command line) in a new pane. The pane stays readable after
    /// the command exits, and shows the command's exit status last (tmux's own record of it
    /// is not always filled in).
    fn start(name: &str, command: &str) -> Terminal {
        let command = format!("{command}; echo \"{EXITED}$?\"");
        let version = Command::new("tmux").arg("-V").output();
        assert!(
            version.is_ok_and(|output| output.status.success()),
            "these tests drive a real terminal through tmux: install tmux to run them"
        );
        let terminal = Terminal { socket: format!("tabula-{name}-{}", std::process::id()), session: name.to_owned() };
        let session = terminal.session.as_str();
        let started = terminal.tmux(&[
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "100",
            "-y",
            "50",
            &command,
            ";",
            "set-option",
            "-t",
            session,
            "remain-on-exit",
            "on",
        ]);
        assert!(started.status.success(), "tmux did not start: {}", String::from_utf8_lossy(&started.stderr));
        terminal
    }

    fn tmux(&self, args: &[&str]) -> Output {
        // No configuration file: the user's own must not change what the pane shows.
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    /// Everything the pane has shown, its scrollback included, without trailing blank lines.
    fn screen(&self) -> String {
        let output = self.tmux(&["capture-pane", "-p", "-J", "-S", "-", "-t", &self.session]);
        String::from_utf8_lossy(&output.stdout).trim_end().to_owned()
    }

    /// Types `text` and Enter.
    fn type_line(&self, text: &str) {
        assert!(self.tmux(&["send-keys", "-t", &self.session, "-l", text]).status.success());
        assert!(self.tmux(&["send-keys", "-t", &self.session, "Enter"]).status.success());
    }

    /// The screen once `done` holds for it, waiting at most [`PATIENCE`].
    async fn wait_for(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(Instant::now() < deadline, "waited in vain for {what}; the screen:\n{screen}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-session", "-t", &self.session]);
        let _ = self.tmux(&["kill-server"]);
    }
}

/// What the shell around the command prints when it ends, before the exit status.
const EXITED: &str = "command exited with status ";

/// The exit status `screen` shows once the command has ended.
fn exit_status(screen: &str) -> Option<i32> {
    screen.lines().rev().find_map(|line| line.trim().strip_prefix(EXITED)?.parse().ok())
}

/// `path` quoted for the shell tmux runs the command with.
fn quoted(path: &str) -> String {
    format!("'{}'", path.replace('\'', r"'\''"))
}

/// The cells of the last `width`×`height` grid drawn on `screen`: the rows under the last
/// header of column letters (a, b, …), each without its row number.
fn last_board(screen: &str, width: usize, height: usize) -> Vec<Vec<char>> {
    let header: Vec<String> = (0..width).map(|col| char::from(b'a' + col as u8).to_string()).collect();
    last_board_under(screen, &header, height, 1)
}

/// The cells of the last grid drawn on `screen` under the column names `header`, `height`
/// rows, each row's first `skip` words (its name) left out.
fn last_board_under(screen: &str, header: &[String], height: usize, skip: usize) -> Vec<Vec<char>> {
    let width = header.len();
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .rposition(|line| line.split_whitespace().eq(header.iter().map(String::as_str)))
        .unwrap_or_else(|| panic!("no board of {width} columns on the screen:\n{screen}"));
    let rows: Vec<Vec<char>> = lines[top + 1..]
        .iter()
        .take(height)
        .map(|line| line.split_whitespace().skip(skip).flat_map(str::chars).collect())
        .collect();
    assert_eq!(rows.len(), height, "the board is cut short:\n{screen}");
    rows
}

/// The cells of `view`'s board as the terminal draws them: `.` empty, else the initial of
/// the owner's seat name.
fn drawn_cells(view: &pb::View, seat_names: &[String]) -> Vec<Vec<char>> {
    let board = view.board.as_ref().expect("a grid board");
    board
        .cells
        .chunks(board.width as usize)
        .map(|row| {
            row.iter()
                .map(|cell| match cell.owner {
                    0 => '.',
                    seat => seat_names[seat as usize - 1].chars().next().unwrap().to_ascii_uppercase(),
                })
                .collect()
        })
        .collect()
}

async fn seat_names(client: &mut common::Client, kind: &str) -> Vec<String> {
    let kinds = client.list_game_kinds(pb::ListGameKindsRequest {}).await.unwrap().into_inner().kinds;
    kinds.into_iter().find(|info| info.name == kind).expect("the kind is hosted").seat_names
}

/// The last Connect Four board on `screen`: under its column numbers 1 to 7, rows unnamed.
fn connect_four_board(screen: &str) -> Vec<Vec<char>> {
    let header: Vec<String> = (1..=7).map(|column: u32| column.to_string()).collect();
    last_board_under(screen, &header, 6, 0)
}

fn outcome_words(outcome: &pb::Outcome, seat_names: &[String]) -> String {
    match outcome.winner {
        0 => "game over: draw".to_owned(),
        seat => format!("game over: {} (seat {seat}) wins", seat_names[seat as usize - 1]),
    }
}

/// A person plays Connect Four against the server's bot in a terminal, typing each move
/// at the prompt, until the game ends; the last board on the screen and the outcome are
/// the server's.
#[tokio::test]
async fn play_connect_four_against_the_bot_by_typing_into_a_terminal() {
    let server = common::BinaryServer::spawn(&["--store", "memory", "--shutdown-grace", "1"]);
    let binary = quoted(env!("CARGO_BIN_EXE_tabula"));
    let terminal =
        Terminal::start("play", &format!("{binary} play connect_four --vs bot:1 --server {}", server.address));

    let deadline = Instant::now() + PATIENCE;
    // The screen last answered, so each prompt is answered once.
    let mut answered = String::new();
    let screen = loop {
        let screen = terminal.screen();
        if exit_status(&screen).is_some() {
            break screen;
        }
        assert!(Instant::now() < deadline, "the game did not end in time; the screen:\n{screen}");
        let prompted = screen.lines().last().is_some_and(|line| line.trim_end().ends_with("Red (seat 1) to move>"));
        if prompted && screen != answered {
            // A column with room in its top row, read off the board above the prompt; its
            // number is what the board's head row shows.
            let top = &connect_four_board(&screen)[0];
            let column = [3, 2, 4, 1, 5, 0, 6].into_iter().find(|&col| top[col] == '.').expect("a column with room");
            terminal.type_line(&(column + 1).to_string());
            answered = screen;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(exit_status(&screen), Some(0), "the command failed; the screen:\n{screen}");
    assert!(!screen.contains("refused") && !screen.contains("not a legal move"), "{screen}");

    let game_id = screen
        .lines()
        .find_map(|line| line.strip_prefix("game ").and_then(|rest| rest.split_once(" created")).map(|(id, _)| id))
        .unwrap_or_else(|| panic!("the game's id is printed when it is created:\n{screen}"))
        .to_owned();
    let mut client = server.client().await;
    let names = seat_names(&mut client, "connect_four").await;
    let view = client
        .get_view(pb::GetViewRequest { game_id: game_id.clone(), at_seq: None })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    assert_eq!(
        connect_four_board(&screen),
        drawn_cells(&view, &names),
        "the last board drawn is the server's:\n{screen}"
    );
    let outcome = outcome_words(view.outcome.as_ref().unwrap(), &names);
    assert!(screen.contains(&outcome), "{outcome:?} is on the screen:\n{screen}");
}

/// A spectator follows a game of tic-tac-toe played over gRPC, each move drawn as it
/// happens, and the command ends with the game.
#[tokio::test]
async fn watch_follows_a_game_played_over_grpc_to_its_end() {
    let server = common::BinaryServer::spawn(&["--store", "memory", "--shutdown-grace", "1"]);
    let mut client = server.client().await;
    let game = common::create_config(&mut client, pb::game_config::Game::TicTacToe(Default::default())).await;
    let binary = quoted(env!("CARGO_BIN_EXE_tabula"));
    let terminal = Terminal::start("watch", &format!("{binary} watch {} --server {}", game.id, server.address));
    terminal.wait_for("the empty board", |screen| screen.contains("to act: X (seat 1)")).await;

    // X takes column a, O column b.
    let moves = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)];
    for (number, &(row, col)) in moves.iter().enumerate() {
        client.submit_move(common::submit(&game, number % 2, common::cell_move(row, col))).await.unwrap();
    }
    let screen = terminal
        .wait_for("the outcome and the command's end", |screen| {
            screen.contains("game over: X (seat 1) wins") && exit_status(screen).is_some()
        })
        .await;
    assert_eq!(exit_status(&screen), Some(0), "the command failed; the screen:\n{screen}");
    let played = [
        "X (seat 1) played a1",
        "O (seat 2) played b1",
        "X (seat 1) played a2",
        "O (seat 2) played b2",
        "X (seat 1) played a3",
    ];
    for (number, played) in played.iter().enumerate() {
        assert!(screen.contains(&format!("move {}: {played}", number + 1)), "move {} is shown:\n{screen}", number + 1);
    }
    let board: Vec<String> = last_board(&screen, 3, 3).into_iter().map(|row| row.into_iter().collect()).collect();
    assert_eq!(board, ["XO.", "XO.", "X.."], "{screen}");
}

/// A spectator in the terminal sees a Connect Four move and Morris moves named as the
/// server labels them, and the column and points they name written on the board.
#[tokio::test]
async fn watch_names_connect_four_and_morris_moves_as_the_server_labels_them() {
    let server = common::BinaryServer::spawn(&["--store", "memory", "--shutdown-grace", "1"]);
    let mut client = server.client().await;
    let binary = quoted(env!("CARGO_BIN_EXE_tabula"));
    for (kind, preset, name) in
        [(pb::GameKind::ConnectFour, "classic", "four"), (pb::GameKind::Morris, "nine", "morris")]
    {
        let game = common::create_preset(&mut client, kind, preset).await;
        let terminal = Terminal::start(name, &format!("{binary} watch {} --server {}", game.id, server.address));
        terminal.wait_for("the empty board", |screen| screen.contains("to act:")).await;
        let mut labels = Vec::new();
        for (seat, pick) in [(0, 3), (1, 5)] {
            let legal = client
                .list_legal_moves(common::as_seat(
                    &game.tokens[seat],
                    pb::ListLegalMovesRequest { game_id: game.id.clone(), seat: 0 },
                ))
                .await
                .unwrap()
                .into_inner()
                .moves;
            let chosen = legal[pick].clone();
            client.submit_move(common::submit(&game, seat, chosen.r#move.unwrap())).await.unwrap();
            labels.push(chosen.label);
        }
        let screen = terminal.wait_for("the second move", |screen| screen.contains("move 2:")).await;
        for (number, label) in labels.iter().enumerate() {
            assert!(
                screen.contains(&format!("move {}: ", number + 1)) && screen.contains(&format!("played {label}")),
                "move {} is named {label:?}:\n{screen}",
                number + 1
            );
        }
        let view = client
            .get_view(pb::GetViewRequest { game_id: game.id.clone(), at_seq: None })
            .await
            .unwrap()
            .into_inner()
            .view
            .unwrap();
        match kind {
            pb::GameKind::ConnectFour => {
                assert_eq!(labels[0], "column 4");
                let header = &view.board.as_ref().unwrap().column_labels;
                assert!(
                    screen.lines().any(|line| line.split_whitespace().eq(header.iter().map(String::as_str))),
                    "{screen}"
                );
            }
            _ => {
                // Each point is listed by its number and the name the labels use.
                for point in &view.graph.as_ref().unwrap().points {
                    assert!(screen.contains(&format!(" {}", point.label)), "point {} is named:\n{screen}", point.label);
                }
                assert!(view.graph.unwrap().points.iter().any(|point| point.label == labels[0]), "{labels:?}");
            }
        }
    }
}
