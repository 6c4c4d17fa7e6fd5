//! The terminal client in a real terminal: tmux runs `tabula play` (against the bot, or
//! both seats at one keyboard), `tabula watch` or `tabula join` in a pane of its own, keys
//! are typed into it as a person would type them, and the screen is read back and held
//! against what the server says over gRPC, also while the server restarts: whole games,
//! the prompt's commands (takeback, hint, draw offers, rematch), clocks ticking under a
//! half-typed move, and hot-seat Battleship hiding each fleet when the keyboard passes.
//! Last, a command's output piped into `head`, as a shell pipes it.

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
        self.type_text(text);
        assert!(self.tmux(&["send-keys", "-t", &self.session, "Enter"]).status.success());
    }

    /// Types `text` without Enter: a line half typed.
    fn type_text(&self, text: &str) {
        if !text.is_empty() {
            assert!(self.tmux(&["send-keys", "-t", &self.session, "-l", text]).status.success());
        }
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
        if offers_the_end(&screen) && screen != answered {
            // The game is over: Enter leaves.
            terminal.type_line("");
            answered = screen;
            continue;
        }
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

    let mut client = server.client().await;
    let names = seat_names(&mut client, "connect_four").await;
    let view = server_view(&mut client, &created_game_id(&screen)).await;
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    assert_eq!(
        connect_four_board(&screen),
        drawn_cells(&view, &names),
        "the last board drawn is the server's:\n{screen}"
    );
    let outcome = outcome_words(view.outcome.as_ref().unwrap(), &names);
    assert!(screen.contains(&outcome), "{outcome:?} is on the screen:\n{screen}");
}

/// One person plays both seats of a tic-tac-toe game at one keyboard (hot-seat: `tabula
/// play` without `--vs`), typing each seat's move at that seat's prompt, until O completes
/// a line; the moves, the last board and the outcome on the screen are the server's.
#[tokio::test]
async fn hot_seat_plays_both_seats_at_one_keyboard_to_the_end() {
    let server = common::BinaryServer::spawn(&["--store", "memory", "--shutdown-grace", "1"]);
    let binary = quoted(env!("CARGO_BIN_EXE_tabula"));
    let terminal = Terminal::start("hot-seat", &format!("{binary} play tic_tac_toe --server {}", server.address));
    terminal
        .wait_for("word that both seats are played here", |screen| screen.contains("both seats are played here"))
        .await;

    // X takes a1, a2 and c3; O takes column b.
    let (x, o) = ("X (seat 1)", "O (seat 2)");
    let moves = [(x, "a1"), (o, "b1"), (x, "a2"), (o, "b2"), (x, "c3"), (o, "b3")];
    for (number, (seat, cell)) in moves.iter().enumerate() {
        // Each move at its own prompt: the one after the move before it is shown.
        let prompt = format!("{seat} to move>");
        terminal
            .wait_for(&format!("prompt {} ({prompt})", number + 1), |screen| {
                prompted(screen, &prompt) && screen.matches(" to move>").count() == number + 1
            })
            .await;
        terminal.type_line(cell);
    }
    terminal.wait_for("the choice after the end", offers_the_end).await;
    terminal.type_line("");
    let screen = terminal.wait_for("the command's end", |screen| exit_status(screen).is_some()).await;
    assert_eq!(exit_status(&screen), Some(0), "the command failed; the screen:\n{screen}");
    assert!(!screen.contains("refused") && !screen.contains("not a legal move"), "{screen}");
    for (number, (seat, cell)) in moves.iter().enumerate() {
        let played = format!("move {}: {seat} played {cell}", number + 1);
        assert_eq!(screen.matches(&played).count(), 1, "{played:?} is shown once:\n{screen}");
    }
    let board: Vec<String> = last_board(&screen, 3, 3).into_iter().map(|row| row.into_iter().collect()).collect();
    assert_eq!(board, ["XO.", "XO.", ".OX"], "{screen}");

    let mut client = server.client().await;
    let names = seat_names(&mut client, "tic_tac_toe").await;
    let view = server_view(&mut client, &created_game_id(&screen)).await;
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    assert_eq!(view.move_count, 6);
    let outcome = view.outcome.as_ref().unwrap();
    assert_eq!(outcome.winner, 2, "O won: {outcome:?}");
    assert!(screen.contains(&outcome_words(outcome, &names)), "{screen}");
    assert_eq!(
        last_board(&screen, 3, 3),
        drawn_cells(&view, &names),
        "the last board drawn is the server's:\n{screen}"
    );
}

/// The id of the game `tabula play` says it created on `screen`.
fn created_game_id(screen: &str) -> String {
    screen
        .lines()
        .find_map(|line| line.strip_prefix("game ").and_then(|rest| rest.split_once(" created")).map(|(id, _)| id))
        .unwrap_or_else(|| panic!("the game's id is printed when it is created:\n{screen}"))
        .to_owned()
}

/// Game `game_id` as the server shows it to anyone (`GetView`).
async fn server_view(client: &mut common::Client, game_id: &str) -> pb::View {
    let request = pb::GetViewRequest { game_id: game_id.to_owned(), at_seq: None };
    client.get_view(request).await.unwrap().into_inner().view.unwrap()
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

/// `tabula serve` on a SQLite file and a port of its own, stopped and started again on both
/// (a restart, as a deployment makes one), so that what the terminal clients follow
/// survives it.
struct RestartableServer {
    directory: tempfile::TempDir,
    store: String,
    /// Where it listens, `host:port`: the port first picked by the system, then kept.
    listen: String,
    running: common::BinaryServer,
}

impl RestartableServer {
    fn start() -> RestartableServer {
        let directory = tempfile::tempdir().unwrap();
        let store = format!("sqlite:{}", directory.path().join("games.db").display());
        let running = common::BinaryServer::spawn(&["--store", &store, "--shutdown-grace", "1"]);
        let listen = running.address.strip_prefix("http://").expect("an http address").to_owned();
        RestartableServer { directory, store, listen, running }
    }

    fn address(&self) -> &str {
        &self.running.address
    }

    /// Stops the server with `signal` (`KILL`: nothing drained; `TERM`: its streams told it
    /// is going) and waits until it is gone.
    fn stop(&mut self, signal: &str) {
        let pid = self.running.child.id().to_string();
        assert!(Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success());
        self.running.child.wait().unwrap();
    }

    /// Starts the server again on the same port, with a new file that holds no game.
    fn restart_without_games(&mut self) {
        self.store = format!("sqlite:{}", self.directory.path().join("empty.db").display());
        self.restart();
    }

    /// Starts the server again on the same port and file.
    fn restart(&mut self) {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
        command.args(["serve", "--listen", &self.listen, "--store", &self.store, "--shutdown-grace", "1"]);
        self.running = common::BinaryServer::run(command);
        assert_eq!(self.running.address, format!("http://{}", self.listen), "the same port again");
    }
}

/// Whether the command in the pane `screen` shows is still running.
fn running(screen: &str) -> bool {
    exit_status(screen).is_none()
}

/// What the terminal clients say when they lose the server and when they reach it again.
const LOST: &str = "reconnecting…";
const BACK: &str = "connected to the server again";

/// A tic-tac-toe game on a [`RestartableServer`], followed by a spectator (`tabula watch`)
/// and by seat 2's player (`tabula join`) in terminals named after `name`, both shown the
/// empty board.
async fn followed_on_a_restartable_server(
    name: &str,
) -> (RestartableServer, common::Client, common::Game, Terminal, Terminal) {
    let server = RestartableServer::start();
    let mut client = server.running.client().await;
    let game = common::create_config(&mut client, pb::game_config::Game::TicTacToe(Default::default())).await;
    let binary = quoted(env!("CARGO_BIN_EXE_tabula"));
    let address = server.address().to_owned();
    let watcher = Terminal::start(&format!("{name}-watch"), &format!("{binary} watch {} --server {address}", game.id));
    let player = Terminal::start(
        &format!("{name}-join"),
        &format!("{binary} join {} --token {} --server {address}", game.id, quoted(&game.tokens[1])),
    );
    watcher.wait_for("the empty board", |screen| screen.contains("to act: X (seat 1)")).await;
    player.wait_for("the player waiting for X", |screen| screen.contains("waiting for X (seat 1)…")).await;
    (server, client, game, watcher, player)
}

/// A spectator (`tabula watch`) and a player (`tabula join`, seat 2) follow a tic-tac-toe
/// game while its server is killed (SIGKILL) and later stopped (SIGTERM) and each time
/// started again on the same port and SQLite file. Each terminal says it lost the server
/// and is reconnecting, stays open, says when it is connected again, and goes on from the
/// last event it showed: the moves made after the restarts, one over gRPC and one typed at
/// the player's prompt, are each shown once.
#[tokio::test]
async fn watch_and_join_ride_out_server_restarts_and_miss_no_move() {
    let (mut server, _, game, watcher, player) = followed_on_a_restartable_server("restart").await;

    // Killed while both only follow the game.
    server.stop("KILL");
    for terminal in [&watcher, &player] {
        terminal.wait_for("word that the server is lost", |screen| screen.contains(LOST)).await;
    }
    // Attempts to reach nobody fail for a while: the clients keep trying, and say so once.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for terminal in [&watcher, &player] {
        let screen = terminal.screen();
        assert!(running(&screen), "the client stays open without its server:\n{screen}");
        assert_eq!(screen.matches(LOST).count(), 1, "{screen}");
    }

    server.restart();
    for terminal in [&watcher, &player] {
        terminal.wait_for("word that the server is back", |screen| screen.contains(BACK)).await;
    }
    let mut client = server.running.client().await;
    client.submit_move(common::submit(&game, 0, common::cell_move(0, 0))).await.unwrap();
    watcher.wait_for("the move made after the restart", |screen| screen.contains("move 1: X (seat 1) played a1")).await;
    player
        .wait_for("the player's prompt", |screen| {
            screen.contains("move 1: X (seat 1) played a1") && prompted(screen, "O (seat 2) to move>")
        })
        .await;

    // Stopped while the player is at its prompt: a line typed meanwhile is not sent.
    server.stop("TERM");
    for terminal in [&watcher, &player] {
        terminal.wait_for("word that the server is lost again", |screen| screen.matches(LOST).count() == 2).await;
    }
    player.type_line("b2");
    player.wait_for("the typed move held back", |screen| screen.contains("not sent: the server is out of reach")).await;

    server.restart();
    for terminal in [&watcher, &player] {
        terminal.wait_for("word that the server is back again", |screen| screen.matches(BACK).count() == 2).await;
    }
    player
        .wait_for("the prompt again", |screen| {
            screen.rsplit(BACK).next().is_some_and(|after| prompted(after, "O (seat 2) to move>"))
        })
        .await;
    player.type_line("b2");
    for terminal in [&watcher, &player] {
        let screen =
            terminal.wait_for("the move typed after the restart", |screen| screen.contains("move 2: O (seat 2)")).await;
        assert!(running(&screen), "{screen}");
        for (number, played) in ["move 1: X (seat 1) played a1", "move 2: O (seat 2) played b2"].iter().enumerate() {
            assert_eq!(screen.matches(played).count(), 1, "move {} is shown once:\n{screen}", number + 1);
        }
        let board: Vec<String> = last_board(&screen, 3, 3).into_iter().map(|row| row.into_iter().collect()).collect();
        assert_eq!(board, ["X..", ".O.", "..."], "{screen}");
    }
    let view = client
        .get_view(pb::GetViewRequest { game_id: game.id.clone(), at_seq: None })
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    assert_eq!(
        drawn_cells(&view, &seat_names(&mut client, "tic_tac_toe").await),
        [['X', '.', '.'], ['.', 'O', '.'], ['.', '.', '.']]
    );
}

/// While the server is away, a player who types quit leaves at once; a spectator whose game
/// the server no longer has once it is back is told so, and the command ends with failure.
#[tokio::test]
async fn quit_leaves_while_the_server_is_away_and_a_game_gone_after_a_restart_ends_the_watch() {
    let (mut server, _, game, watcher, player) = followed_on_a_restartable_server("gone").await;

    server.stop("KILL");
    for terminal in [&watcher, &player] {
        terminal.wait_for("word that the server is lost", |screen| screen.contains(LOST)).await;
    }
    player.type_line("quit");
    let screen = player.wait_for("the player gone", |screen| exit_status(screen).is_some()).await;
    assert_eq!(exit_status(&screen), Some(0), "{screen}");
    assert!(screen.contains(&format!("you quit; game {} goes on on the server", game.id)), "{screen}");

    server.restart_without_games();
    let screen = watcher.wait_for("the watch ended", |screen| exit_status(screen).is_some()).await;
    assert_eq!(exit_status(&screen), Some(1), "{screen}");
    assert!(!screen.contains(BACK), "{screen}");
    let said = screen.lines().find(|line| line.starts_with("error: ")).unwrap_or_else(|| panic!("{screen}"));
    assert!(said.starts_with("error: could not follow the game's events: "), "{screen}");
    assert!(said.contains(&game.id), "the server's reason names the game:\n{screen}");
}

/// Whether `screen` ends with the prompt after a game's end, which Enter leaves.
fn offers_the_end(screen: &str) -> bool {
    screen.contains("or press Enter to leave") && screen.lines().last().is_some_and(|line| line.trim() == ">")
}

/// Whether the last line of `screen` is the prompt `prompt`.
fn prompted(screen: &str, prompt: &str) -> bool {
    screen.trim_end().lines().last().is_some_and(|line| line.trim_end().ends_with(prompt))
}

/// A command whose output is piped into `head -1` stops quietly once `head` has its line
/// and is gone, instead of panicking on the broken pipe: `tabula solve connect-four` given
/// far more positions than a pipe holds answers.
#[test]
fn output_piped_into_head_ends_quietly_once_head_has_its_line() {
    let positions =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/connect_four/end_easy.txt")).unwrap();
    let directory = tempfile::tempdir().unwrap();
    let input = directory.path().join("positions.txt");
    // About 40 KB of answers each time: several times what a pipe holds.
    std::fs::write(&input, positions.repeat(8)).unwrap();
    let output = Command::new("sh")
        .arg("-c")
        .arg(r#"{ "$0" solve connect-four < "$1"; echo "exit status $?" >&2; } | head -1"#)
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .arg(&input)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{stderr}");
    assert_eq!(stderr.trim_end(), "exit status 0", "the command ends with success and nothing to say");
    let first = positions.lines().next().unwrap();
    let expected = first.split_whitespace().last().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), format!("{first} {expected} ok\n"));
}

/// A fresh server's binary, in memory, and `tabula play ARGS` against it in a pane named
/// `name`.
fn play(name: &str, server: &common::BinaryServer, args: &str) -> Terminal {
    let binary = quoted(env!("CARGO_BIN_EXE_tabula"));
    Terminal::start(name, &format!("{binary} play {args} --server {}", server.address))
}

fn memory_server() -> common::BinaryServer {
    common::BinaryServer::spawn(&["--store", "memory", "--shutdown-grace", "1"])
}

/// How many lines of `screen` hold `text`.
fn lines_with(screen: &str, text: &str) -> usize {
    screen.lines().filter(|line| line.contains(text)).count()
}

/// The labels of the moves seat `seat` of game `game_id` may make now, as a spectator may
/// list them in a game without secrets.
async fn legal_labels(client: &mut common::Client, game_id: &str, seat: u32) -> Vec<String> {
    let request = pb::ListLegalMovesRequest { game_id: game_id.to_owned(), seat };
    let moves = client.list_legal_moves(request).await.unwrap().into_inner().moves;
    moves.into_iter().map(|legal| legal.label).collect()
}

/// The move the last `hint:` line of `screen` names: its label, without the engine's
/// judgement in brackets.
fn hinted(screen: &str) -> String {
    let line = screen.lines().rev().find_map(|line| line.strip_prefix("hint: ")).expect("a hint on the screen");
    line.split(" (").next().unwrap().trim().to_owned()
}

/// At the prompt against the bot: `hint` names a legal move, which is played; after the
/// bot's reply `takeback` takes both back (the server undoes the bot's reply with the
/// seat's move), and the board on the screen and the server's are empty again.
#[tokio::test]
async fn hint_then_takeback_against_the_bot_empties_the_board_again() {
    let server = memory_server();
    let terminal = play("hint-takeback", &server, "connect_four --vs bot --takebacks --hints");
    let red = "Red (seat 1) to move>";
    terminal.wait_for("Red's prompt", |screen| prompted(screen, red)).await;

    terminal.type_line("hint");
    let screen = terminal
        .wait_for("the hint", |screen| screen.lines().any(|line| line.starts_with("hint: ")) && prompted(screen, red))
        .await;
    let hint = hinted(&screen);
    let game_id = created_game_id(&screen);
    let mut client = server.client().await;
    let legal = legal_labels(&mut client, &game_id, 1).await;
    assert!(legal.contains(&hint), "the hint {hint:?} is one of the legal moves {legal:?}:\n{screen}");

    terminal.type_line(&hint);
    terminal
        .wait_for("the bot's reply", |screen| {
            screen.contains("move 2: Yellow (seat 2) played") && lines_with(screen, red) == 3
        })
        .await;
    assert_eq!(server_view(&mut client, &game_id).await.move_count, 2);

    terminal.type_line("takeback");
    let screen = terminal
        .wait_for("both moves taken back", |screen| {
            screen.contains("Red (seat 1) took back move 1") && prompted(screen, red) && lines_with(screen, red) == 4
        })
        .await;
    assert!(screen.contains("Yellow (seat 2) took back move 2"), "{screen}");
    assert!(!screen.contains("could not"), "{screen}");
    let view = server_view(&mut client, &game_id).await;
    assert_eq!(view.move_count, 0);
    let names = seat_names(&mut client, "connect_four").await;
    assert_eq!(connect_four_board(&screen), drawn_cells(&view, &names), "{screen}");
    assert!(connect_four_board(&screen).iter().flatten().all(|&cell| cell == '.'), "{screen}");
}

/// Hot-seat tic-tac-toe whose takebacks need consent: a hint and a draw offer, which the
/// game does not allow, are refused in words and the prompt comes back; X's takeback,
/// asked at O's prompt, is declined, asked again and accepted, and the move is gone from
/// the screen and the server.
#[tokio::test]
async fn a_takeback_needing_consent_is_declined_then_accepted_and_refusals_are_said() {
    let server = memory_server();
    let terminal = play("consent", &server, "tic_tac_toe --takeback-consent");
    let (x, o) = ("X (seat 1) to move>", "O (seat 2) to move>");
    terminal.wait_for("X's prompt", |screen| prompted(screen, x)).await;

    terminal.type_line("hint");
    terminal
        .wait_for("the hint refused", |screen| {
            screen.contains("could not get a hint: this game was created without hints") && prompted(screen, x)
        })
        .await;
    terminal.type_line("draw");
    terminal
        .wait_for("the draw offer refused", |screen| {
            screen.contains("could not offer a draw: ") && lines_with(screen, x) == 3 && prompted(screen, x)
        })
        .await;

    terminal.type_line("a1");
    let screen = terminal.wait_for("O's prompt", |screen| prompted(screen, o)).await;
    let game_id = created_game_id(&screen);
    let asked = "X (seat 1) asks to take back its last move: waiting for O (seat 2) to accept or decline";
    terminal.type_line("takeback");
    terminal.wait_for("the takeback asked", |screen| screen.contains(asked) && lines_with(screen, o) == 2).await;
    terminal.type_line("decline");
    terminal
        .wait_for("the takeback declined", |screen| {
            screen.contains("O (seat 2) declined the takeback") && lines_with(screen, o) == 3
        })
        .await;
    let mut client = server.client().await;
    let view = server_view(&mut client, &game_id).await;
    assert_eq!((view.move_count, view.takeback_request), (1, 0));

    terminal.type_line("takeback");
    terminal
        .wait_for("the takeback asked again", |screen| lines_with(screen, asked) == 2 && lines_with(screen, o) == 4)
        .await;
    terminal.type_line("accept");
    let screen = terminal
        .wait_for("the move taken back", |screen| {
            screen.contains("X (seat 1) took back move 1") && prompted(screen, x) && lines_with(screen, x) == 4
        })
        .await;
    assert!(running(&screen), "{screen}");
    let board: Vec<String> = last_board(&screen, 3, 3).into_iter().map(|row| row.into_iter().collect()).collect();
    assert_eq!(board, ["...", "...", "..."], "{screen}");
    let view = server_view(&mut client, &game_id).await;
    assert_eq!(view.move_count, 0);
    assert!(view.board.unwrap().cells.iter().all(|cell| cell.owner == 0));
}

/// Hot-seat chess (which always allows draw offers): White offers a draw and moves, Black
/// declines it and moves, White offers again and moves, Black accepts: the game is drawn
/// by agreement, as `GetView` says. Each offer and answer is a line of its own without a
/// move number, and the moves are numbered 1, 2, 3 as on the board (the server's own
/// count holds the offers too).
#[tokio::test]
async fn a_draw_offered_declined_offered_again_and_accepted_ends_the_game_drawn() {
    let server = memory_server();
    let terminal = play("draw", &server, "chess");
    let (white, black) = ("White (seat 1) to move>", "Black (seat 2) to move>");
    let offer = "White (seat 1) offers a draw: waiting for Black (seat 2) to accept or decline it";
    let steps: [(&str, &str, &str); 7] = [
        (white, "draw", "White (seat 1) offers a draw"),
        (white, "e4", "move 1: White (seat 1) played e4"),
        (black, "decline", "Black (seat 2) declines the draw"),
        (black, "e5", "move 2: Black (seat 2) played e5"),
        (white, "draw", offer),
        (white, "Nf3", "move 3: White (seat 1) played Nf3"),
        (black, "accept", "game over: draw (agreement)"),
    ];
    for (number, (prompt, line, shown)) in steps.iter().enumerate() {
        // Each step at a prompt of its own: every step before it was answered at one.
        terminal
            .wait_for(&format!("step {} at {prompt}", number + 1), |screen| {
                prompted(screen, prompt) && lines_with(screen, " to move>") == number + 1
            })
            .await;
        if number == 2 {
            let screen = terminal.screen();
            assert!(screen.contains(offer), "the offer is said to wait for Black:\n{screen}");
        }
        terminal.type_line(line);
        terminal.wait_for(&format!("{shown:?}"), |screen| screen.contains(shown)).await;
    }
    let screen = terminal.wait_for("the choice after the end", offers_the_end).await;
    for talk in ["White (seat 1) offers a draw", "Black (seat 2) declines the draw", "Black (seat 2) accepts the draw"]
    {
        let lines: Vec<&str> = screen.lines().filter(|line| line.starts_with('#') && line.contains(talk)).collect();
        assert!(!lines.is_empty(), "{talk:?} has a line:\n{screen}");
        assert!(lines.iter().all(|line| !line.contains("move ")), "{talk:?} is not numbered as a move:\n{screen}");
    }
    assert_eq!(screen.lines().filter(|line| line.starts_with('#') && line.ends_with("offers a draw")).count(), 2);

    let mut client = server.client().await;
    let view = server_view(&mut client, &created_game_id(&screen)).await;
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    let outcome = view.outcome.unwrap();
    assert_eq!(outcome.r#type, pb::OutcomeType::Draw as i32);
    assert_eq!(outcome.reason, pb::EndReason::Agreement as i32);
    terminal.type_line("");
    let screen = terminal.wait_for("the command's end", |screen| exit_status(screen).is_some()).await;
    assert_eq!(exit_status(&screen), Some(0), "{screen}");
}

/// On a server with a service key, a tic-tac-toe game against the bot is resigned and its
/// rematch made at the prompt after the end: the terminal plays on in the new game as O
/// (the seats swapped, the bot now X and first to move), and the move typed there is the
/// server's.
#[tokio::test]
async fn a_rematch_is_made_after_the_end_and_played_with_the_seats_swapped() {
    let key = "lobby=terminal-rematch-secret";
    let server = common::BinaryServer::spawn(&["--store", "memory", "--shutdown-grace", "1", "--service-key", key]);
    let terminal = play("rematch", &server, &format!("tic_tac_toe --vs bot --service-key {key}"));
    terminal.wait_for("X's prompt", |screen| prompted(screen, "X (seat 1) to move>")).await;
    terminal.type_line("resign");
    let screen = terminal.wait_for("the choice after the end", offers_the_end).await;
    assert!(screen.contains("game over: O (seat 2) wins (resignation)"), "{screen}");
    let first = created_game_id(&screen);

    terminal.type_line("rematch");
    let o = "O (seat 2) to move>";
    let screen = terminal
        .wait_for("O's prompt in the rematch", |screen| {
            screen.rsplit("rematch ").next().is_some_and(|after| prompted(after, o))
        })
        .await;
    let rematch_line = screen.lines().find(|line| line.starts_with("rematch ")).expect("the rematch is said");
    let rematch = rematch_line.split_whitespace().nth(1).unwrap().to_owned();
    assert!(screen.contains("you are O (seat 2)"), "{screen}");
    assert!(!screen.contains("joins it with"), "the bot's seat needs nobody to join:\n{screen}");
    let marks = last_board(&screen, 3, 3).into_iter().flatten().filter(|&cell| cell == 'X').count();
    assert_eq!(marks, 1, "the bot, X now, moved first:\n{screen}");

    let free = last_board(&screen, 3, 3)
        .iter()
        .enumerate()
        .flat_map(|(row, cells)| cells.iter().enumerate().map(move |(col, &cell)| (row, col, cell)))
        .find(|&(_, _, cell)| cell == '.')
        .map(|(row, col, _)| format!("{}{}", char::from(b'a' + col as u8), row + 1))
        .expect("a free cell");
    terminal.type_line(&free);
    terminal
        .wait_for("O's move in the rematch", |screen| screen.contains(&format!("move 2: O (seat 2) played {free}")))
        .await;

    let mut client = server.client().await;
    let game =
        client.get_game(pb::GetGameRequest { game_id: rematch.clone() }).await.unwrap().into_inner().game.unwrap();
    assert_eq!(game.rematch_of, first);
    assert_eq!(game.bots.iter().map(|bot| bot.seat).collect::<Vec<_>>(), [1], "the bot took seat 1");
    let view = server_view(&mut client, &rematch).await;
    assert!(view.move_count >= 2, "{view:?}");
    let (col, row) = (u32::from(free.as_bytes()[0] - b'a'), free[1..].parse::<u32>().unwrap() - 1);
    assert_eq!(view.board.unwrap().cells[(row * 3 + col) as usize].owner, 2, "O's mark is at {free}");
}

/// The clock line of `screen`: the line just above its last one (the prompt).
fn clock_above_prompt(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    lines.get(lines.len().wrapping_sub(2)).copied().unwrap_or_default().to_owned()
}

/// The time `seat` has on `clock_line` (`4:58`), as a count of tenths of a second.
fn time_of(clock_line: &str, seat: &str) -> u64 {
    let after = clock_line.split(seat).nth(1).unwrap_or_else(|| panic!("{seat} on {clock_line:?}"));
    let time = after.split([' ', ',']).find(|word| !word.is_empty()).unwrap();
    time.split(':').fold(0.0, |total, part| total * 60.0 + part.parse::<f64>().unwrap()) as u64 * 10
}

/// A chess game on a five-minute clock, hot-seat: while White's prompt waits with `e4`
/// typed but not sent, the clock line above it counts White's time down (two readings of
/// the screen a second or more apart differ) while Black's stands, it is rewritten in
/// place rather than printed again, and the half-typed move stays on its line; Enter then
/// plays it.
#[tokio::test]
async fn clocks_tick_above_the_prompt_without_touching_the_line_being_typed() {
    let server = memory_server();
    let terminal = play("clocks", &server, "chess --clock 5");
    let prompt = "White (seat 1) to move>";
    terminal.wait_for("White's prompt", |screen| prompted(screen, prompt)).await;
    terminal.type_text("e4");
    let typed = |screen: &str| screen.lines().last().is_some_and(|line| line.trim_end().ends_with("to move> e4"));
    let first = terminal.wait_for("the move half typed", typed).await;
    let read_at = Instant::now();
    let first_clock = clock_above_prompt(&first);
    assert!(first_clock.starts_with("clocks: White (seat 1) ") && first_clock.contains("(running)"), "{first}");

    let second = terminal
        .wait_for("the clock to tick", |screen| {
            read_at.elapsed() >= Duration::from_secs(1) && clock_above_prompt(screen) != first_clock
        })
        .await;
    let second_clock = clock_above_prompt(&second);
    assert!(typed(&second), "the half-typed move is intact:\n{second}");
    assert!(
        time_of(&second_clock, "White (seat 1) ") < time_of(&first_clock, "White (seat 1) "),
        "{first_clock:?} then {second_clock:?}"
    );
    assert_eq!(time_of(&second_clock, "Black (seat 2) "), 3_000, "{second_clock:?}");
    assert_eq!(lines_with(&first, "clocks:"), lines_with(&second, "clocks:"), "a tick prints no new line:\n{second}");

    terminal.type_line("");
    let screen =
        terminal.wait_for("the move played", |screen| screen.contains("move 1: White (seat 1) played e4")).await;
    assert!(!screen.contains("not a legal move"), "{screen}");
}

/// The last ocean of seat `seat` (`Blue (seat 1)`) drawn on `screen`, `None` when there
/// is none: its cells, row by row.
fn ocean(screen: &str, seat: &str) -> Option<Vec<Vec<char>>> {
    let lines: Vec<&str> = screen.lines().collect();
    let title = lines.iter().rposition(|line| line.starts_with(&format!("{seat}'s ocean")))?;
    let rows =
        lines[title + 2..].iter().take(10).map(|line| line.split_whitespace().skip(1).flat_map(str::chars).collect());
    Some(rows.collect())
}

/// The cells where `view` (a seat's own) shows that seat's ships unhit.
fn ships(view: &pb::View) -> Vec<(usize, usize)> {
    let ocean = &view.seat_boards[view.viewer_seat as usize - 1];
    (0..ocean.cells.len())
        .filter(|&index| ocean.cells[index].piece == pb::Piece::Ship as i32)
        .map(|index| (index / ocean.width as usize, index % ocean.width as usize))
        .collect()
}

/// The token `tabula` printed for seat `seat` when leaving (`tabula join … --token T …`).
fn printed_token(screen: &str, seat: &str) -> String {
    let line = screen.lines().find(|line| line.contains("tabula join ") && line.ends_with(&format!("({seat})")));
    let line = line.unwrap_or_else(|| panic!("a way back for {seat}:\n{screen}"));
    line.split_whitespace().skip_while(|word| *word != "--token").nth(1).unwrap().to_owned()
}

/// Hot-seat Battleship: each time the turn passes from one seat to the other (after each
/// fleet is placed, after each shot) the screen and its scrollback are cleared for a "pass
/// the keyboard" screen, and after Enter only the seat to act's own fleet is drawn. Every
/// screen read, with its scrollback, is held against both seats' own `GetView`: no ship
/// cell of the seat not to act is ever shown.
#[tokio::test]
async fn hot_seat_battleship_hides_each_fleet_when_the_keyboard_passes() {
    let server = memory_server();
    let terminal = play("battleship", &server, "battleship");
    let (blue, red) = ("Blue (seat 1)", "Red (seat 2)");
    let prompt = |seat: &str| format!("{seat} to move>");
    let passed_to = |seat: &str| format!("pass the keyboard to {seat}; press Enter when ready");
    // Each screen read, with the seat to act on it and whether it shows that seat's own
    // boards.
    let mut screens: Vec<(&str, bool, String)> = Vec::new();
    let screen = terminal.wait_for("Blue's prompt", |screen| prompted(screen, &prompt(blue))).await;
    let game_id = created_game_id(&screen);
    screens.push((blue, true, screen));

    // Each seat places its fleet at random, then confirms it; then each shoots twice.
    let turns = [(blue, "auto"), (red, "auto"), (blue, "a1"), (red, "a1"), (blue, "b2"), (red, "b2")];
    for (index, (seat, typed)) in turns.iter().enumerate() {
        let next = if *seat == blue { red } else { blue };
        terminal.type_line(typed);
        if *typed == "auto" {
            terminal
                .wait_for("the fleet placed", |screen| {
                    screen.contains("fleet placed: type ready") && prompted(screen, &prompt(seat))
                })
                .await;
            terminal.type_line("ready");
        }
        let screen = terminal
            .wait_for(&format!("turn {}: the keyboard passed to {next}", index + 1), |screen| {
                prompted(screen, &passed_to(next))
            })
            .await;
        assert!(!screen.contains("(your fleet"), "the pass screen shows no fleet:\n{screen}");
        screens.push((next, false, screen));
        terminal.type_line("");
        let screen = terminal
            .wait_for(&format!("turn {}: {next}'s prompt", index + 1), |screen| {
                screen.contains(&format!("{next} is to act")) && prompted(screen, &prompt(next))
            })
            .await;
        screens.push((next, true, screen));
    }

    terminal.type_line("quit");
    let screen = terminal.wait_for("the way back", |screen| exit_status(screen).is_some()).await;
    let mut client = server.client().await;
    let mut fleets = Vec::new();
    for seat in [blue, red] {
        let token = printed_token(&screen, seat);
        let request = common::as_seat(&token, pb::GetViewRequest { game_id: game_id.clone(), at_seq: None });
        let view = client.get_view(request).await.unwrap().into_inner().view.unwrap();
        assert_eq!(view.stage, pb::Stage::Play as i32, "both fleets are placed");
        fleets.push((seat, ships(&view)));
    }
    for (acting, own, screen) in &screens {
        for (seat, ship_cells) in &fleets {
            let drawn = ocean(screen, seat);
            if seat == acting && *own {
                // The seat to act sees its own ships, wherever they are still unhit.
                if screen.contains("stage: shooting") {
                    let drawn = drawn.as_ref().unwrap_or_else(|| panic!("{seat}'s ocean:\n{screen}"));
                    assert!(ship_cells.iter().all(|&(row, col)| drawn[row][col] == 'S'), "{seat}'s fleet:\n{screen}");
                }
                continue;
            }
            assert!(!screen.contains(&format!("{seat}'s ocean (your fleet")), "{seat}'s fleet is hidden:\n{screen}");
            if let Some(drawn) = drawn {
                let shown: Vec<_> = ship_cells.iter().filter(|&&(row, col)| drawn[row][col] == 'S').collect();
                assert!(shown.is_empty(), "{seat}'s ships at {shown:?} shown while {acting} acts:\n{screen}");
                assert!(drawn.iter().flatten().all(|&cell| cell != 'S'), "{screen}");
            }
        }
    }
}
