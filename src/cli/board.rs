//! Boards drawn as text for a terminal, from a viewer's view alone: a grid with column
//! letters and row numbers, the Morris graph on its drawing lattice, Battleship's oceans
//! one per seat. Nothing here knows a game's rules; what a view hides is not drawn.

use tabula::engine::{BoardCell, GraphBoard, GridBoard, Piece, Seat, View};
use tabula::games::GameKind;

/// `view` of a game of `kind` as lines of text: its board (or boards), then who is to act,
/// the pieces in hand, and the grid in play where only part of the board is.
pub fn draw(kind: GameKind, view: &View) -> String {
    let names = kind.info().seat_names;
    let observation = &view.observation;
    let mut out = String::new();
    if let Some(board) = &observation.board {
        out += &grid(kind, names, board);
    }
    if let Some(graph) = &observation.graph {
        out += &lattice(names, graph);
    }
    for (index, board) in observation.seat_boards.iter().enumerate() {
        out += &format!("{}'s ocean:\n", seat_name(names, Seat::new(index as u8)));
        out += &grid(kind, names, board);
    }
    if let Some(region) = observation.active_region {
        out += &format!(
            "grid in play: rows {} to {}, columns {} to {}\n",
            region.top + 1,
            region.top + region.height,
            column_name(region.left),
            column_name(region.left + region.width - 1)
        );
    }
    if !observation.seat_in_hand.is_empty() {
        let hands: Vec<String> = observation
            .seat_in_hand
            .iter()
            .enumerate()
            .map(|(index, count)| format!("{} {count}", seat_name(names, Seat::new(index as u8))))
            .collect();
        out += &format!("in hand: {}\n", hands.join(", "));
    }
    if !view.to_act.is_empty() {
        let seats: Vec<String> = view.to_act.iter().map(|&seat| seat_name(names, seat)).collect();
        out += &format!("to act: {}\n", seats.join(", "));
    }
    out
}

/// `seat` as people know it: `X (seat 1)`.
pub fn seat_name(names: &[&str], seat: Seat) -> String {
    match names.get(seat.index()) {
        Some(name) => format!("{name} ({seat})"),
        None => seat.to_string(),
    }
}

/// Column `col` as cells are named: a, b, …, z, aa, ….
fn column_name(col: u32) -> String {
    let name = tabula::engine::Cell::new(0, col).to_string();
    name.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned()
}

fn grid(kind: GameKind, names: &[&str], board: &GridBoard) -> String {
    // Chess names its ranks from the bottom; every other grid names rows from the top.
    let label = |row: u32| if kind == GameKind::Chess { board.height - row } else { row + 1 };
    let width = label(0).max(label(board.height - 1)).to_string().len();
    let columns: Vec<String> = (0..board.width).map(column_name).collect();
    let cell_width = columns.iter().map(String::len).max().unwrap_or(1);
    let mut out = format!("{:width$} {}\n", "", pad(&columns, cell_width));
    for row in 0..board.height {
        let cells: Vec<String> = (0..board.width)
            .map(|col| symbol(names, board.cells[(row * board.width + col) as usize]).to_string())
            .collect();
        out += &format!("{:>width$} {}\n", label(row), pad(&cells, cell_width));
    }
    out
}

fn pad(items: &[String], width: usize) -> String {
    items.iter().map(|item| format!("{item:<width$}")).collect::<Vec<_>>().join(" ").trim_end().to_owned()
}

/// One character for a cell: a seat's piece by its seat's initial (upper case for the
/// first seat's chess men, lower case for the second's), `.` empty, `#` a wall, and
/// Battleship's `S` ship, `x` hit, `X` sunk, `o` miss.
fn symbol(names: &[&str], cell: BoardCell) -> char {
    let initial = |seat: Seat| match names {
        [_] => 'o',
        _ => names.get(seat.index()).and_then(|name| name.chars().next()).unwrap_or('?').to_ascii_uppercase(),
    };
    let chess = |letter: char| match cell.owner {
        Some(Seat::FIRST) => letter.to_ascii_uppercase(),
        _ => letter,
    };
    match cell.piece {
        Piece::Empty => '.',
        Piece::Void => ' ',
        Piece::Wall => '#',
        Piece::Mark => cell.owner.map_or('?', initial),
        Piece::Ship => 'S',
        Piece::Hit => 'x',
        Piece::Sunk => 'X',
        Piece::Miss => 'o',
        Piece::King => chess('k'),
        Piece::Queen => chess('q'),
        Piece::Rook => chess('r'),
        Piece::Bishop => chess('b'),
        Piece::Knight => chess('n'),
        Piece::Pawn => chess('p'),
    }
}

/// A graph board on its lattice: each point at its place (`.` empty, else its occupant's
/// initial), lines along a row as `--` and along a column as `|`; diagonal lines are left
/// out. Points are numbered as moves name them, in a legend row by row.
fn lattice(names: &[&str], graph: &GraphBoard) -> String {
    let (rows, cols) = (graph.height as usize * 2 - 1, graph.width as usize * 3 - 2);
    let mut canvas = vec![vec![' '; cols]; rows];
    for &(a, b) in &graph.edges {
        let (p, q) = (&graph.points[a as usize], &graph.points[b as usize]);
        if p.y == q.y {
            let (from, to) = (p.x.min(q.x) as usize * 3, q.x.max(p.x) as usize * 3);
            canvas[p.y as usize * 2][from..to].iter_mut().for_each(|c| *c = '-');
        } else if p.x == q.x {
            let (from, to) = (p.y.min(q.y) as usize * 2, p.y.max(q.y) as usize * 2);
            (from..to).for_each(|row| canvas[row][p.x as usize * 3] = '|');
        }
    }
    for point in &graph.points {
        let mark =
            point.occupant.map_or('.', |seat| symbol(names, BoardCell { owner: Some(seat), piece: Piece::Mark }));
        canvas[point.y as usize * 2][point.x as usize * 3] = mark;
    }
    let mut out: String =
        canvas.iter().map(|row| row.iter().collect::<String>().trim_end().to_owned() + "\n").collect();
    let numbers: Vec<String> = graph.points.iter().enumerate().map(|(i, p)| format!("{i}@{},{}", p.x, p.y)).collect();
    out += &format!("points (number@x,y): {}\n", numbers.join(" "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_has_column_letters_row_numbers_and_a_symbol_per_cell() {
        let config = GameKind::TicTacToe.info().default_config;
        let mut game = config.new_match().unwrap();
        let place = |row, col| tabula::engine::Turn::Move(Seat::FIRST, tabula::engine::Action::place(row, col));
        game.play(&place(1, 1)).unwrap();
        let text = draw(GameKind::TicTacToe, &game.view(tabula::engine::Viewer::Spectator));
        assert_eq!(text, "  a b c\n1 . . .\n2 . X .\n3 . . .\nto act: O (seat 2)\n");
    }

    #[test]
    fn chess_ranks_count_from_the_bottom_and_the_morris_graph_keeps_its_lines() {
        let chess = GameKind::Chess.info().default_config.new_match().unwrap();
        let text = draw(GameKind::Chess, &chess.view(tabula::engine::Viewer::Spectator));
        assert!(text.starts_with("  a b c d e f g h\n8 r n b q k b n r\n7 p p p p p p p p\n"), "{text}");
        assert!(text.contains("\n1 R N B Q K B N R\n"), "{text}");
        let morris = GameKind::Morris.info().default_config.new_match().unwrap();
        let text = draw(GameKind::Morris, &morris.view(tabula::engine::Viewer::Spectator));
        assert!(text.starts_with(".--------.--------.\n|        |        |\n|  .-----.-----.  |\n"), "{text}");
        assert!(text.contains("in hand: White (seat 1) 9, Black (seat 2) 9"), "{text}");
    }
}
