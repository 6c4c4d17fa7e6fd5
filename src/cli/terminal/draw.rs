//! Boards drawn as text from a protobuf `View` alone, with the look of `tabula replay`'s:
//! the names the server gives the columns across the top and the rows down the side (the
//! names its move labels use: a, b, … and 1, 2, … for most games, ranks 8 to 1 for chess,
//! column numbers alone for Connect Four), `.` an empty cell, a seat's initial for its piece, chess men upper case for White,
//! `#` a wall, Battleship's `S` ship, `x` hit, `X` sunk and `o` miss. Nothing here knows a
//! game's rules: what the view leaves out is not drawn, and a piece this client does not
//! know is drawn as its owner's.

use tabula::proto::tabula::v1 as pb;

use super::seats::SeatNames;

/// The view's boards as lines of text: the shared grid, the Morris graph, or one ocean per
/// seat, each with its coordinates; then the grid in play and the pieces in hand where the
/// game has them. Every line ends with a newline.
pub fn boards(view: &pb::View, seats: &SeatNames) -> String {
    let mut out = String::new();
    if let Some(board) = &view.board {
        out += &grid(seats, board);
        if !board.cell_labels.is_empty() {
            out += "holes, as moves number them:\n";
            out += &cell_labels(board);
        }
    }
    if let Some(graph) = &view.graph {
        out += &lattice(seats, graph);
    }
    for (index, board) in view.seat_boards.iter().enumerate() {
        let seat = index as u32 + 1;
        let whose = match view.viewer_seat {
            0 => "",
            viewer if viewer == seat => " (your fleet, the other side's shots)",
            _ => " (your shots)",
        };
        out += &format!("{}'s ocean{whose}:\n", seats.name(seat));
        out += &grid(seats, board);
    }
    if let Some(region) = view.active_region.filter(|region| region.width > 0 && region.height > 0) {
        let name = |names: Option<&Vec<String>>, index: u32| {
            names.and_then(|names| names.get(index as usize).cloned()).unwrap_or_else(|| (index + 1).to_string())
        };
        let (rows, columns) =
            (view.board.as_ref().map(|b| &b.row_labels), view.board.as_ref().map(|b| &b.column_labels));
        out += &format!(
            "grid in play: rows {} to {}, columns {} to {}\n",
            name(rows, region.top),
            name(rows, region.top + region.height - 1),
            name(columns, region.left),
            name(columns, region.left + region.width - 1)
        );
    }
    if !view.seat_in_hand.is_empty() {
        let hands: Vec<String> =
            view.seat_in_hand.iter().zip(1..).map(|(count, seat)| format!("{} {count}", seats.name(seat))).collect();
        out += &format!("in hand: {}\n", hands.join(", "));
    }
    out
}

/// Column `col` as cells are named: a, b, …, z, aa, ab, ….
pub fn column_name(col: u32) -> String {
    let mut letters = Vec::new();
    let mut rest = u64::from(col) + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(char::from(b'a' + (rest % 26) as u8));
        rest /= 26;
    }
    letters.iter().rev().collect()
}

/// A cell as moves name it on every grid but chess's: its column's letters, then its row
/// counted from 1 at the top (`a1` is the top-left cell).
pub fn cell_name(cell: &pb::Cell) -> String {
    format!("{}{}", column_name(cell.col), u64::from(cell.row) + 1)
}

/// A grid board under its column names, each row after its name, as the view names them.
fn grid(seats: &SeatNames, board: &pb::GridBoard) -> String {
    let cell = |row: u32, col: u32| {
        let index = row as usize * board.width as usize + col as usize;
        // A board shorter than its size says is drawn with holes rather than refused.
        board.cells.get(index).map_or('?', |cell| symbol(seats, cell)).to_string()
    };
    lay_out(board, cell)
}

/// A board's cells drawn as the names the view gives each (peg solitaire's hole numbers).
fn cell_labels(board: &pb::GridBoard) -> String {
    let cell = |row: u32, col: u32| {
        let index = row as usize * board.width as usize + col as usize;
        board.cell_labels.get(index).cloned().unwrap_or_default()
    };
    lay_out(board, cell)
}

/// The rows of `board`'s cells, as `cell` writes each, under the board's column names and
/// each after its row name where the view has them; each cell padded to the widest text so
/// that columns line up.
fn lay_out(board: &pb::GridBoard, cell: impl Fn(u32, u32) -> String) -> String {
    let (width, height) = (board.width, board.height);
    if width == 0 || height == 0 {
        return String::new();
    }
    let row_name = |row: u32| board.row_labels.get(row as usize).cloned().unwrap_or_default();
    let rows: Vec<Vec<String>> = (0..height).map(|row| (0..width).map(|col| cell(row, col)).collect()).collect();
    let cell_width =
        board.column_labels.iter().chain(rows.iter().flatten()).map(|text| text.chars().count()).max().unwrap_or(1);
    // Without row names there is no column of them to leave room for.
    let margin = |name: &str, width: usize| if width == 0 { String::new() } else { format!("{name:>width$} ") };
    let label_width = (0..height).map(|row| row_name(row).chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    if !board.column_labels.is_empty() {
        out += (margin("", label_width) + &pad(&board.column_labels, cell_width)).trim_end();
        out += "\n";
    }
    for (row, cells) in (0..).zip(&rows) {
        out += &format!("{}{}\n", margin(&row_name(row), label_width), pad(cells, cell_width));
    }
    out
}

/// Items left-aligned in columns of `width`, one space apart, with no trailing spaces.
fn pad(items: &[String], width: usize) -> String {
    items.iter().map(|item| format!("{item:<width$}")).collect::<Vec<_>>().join(" ").trim_end().to_owned()
}

/// One character for a cell (see the module's documentation).
fn symbol(seats: &SeatNames, cell: &pb::BoardCell) -> char {
    let chess = |letter: char| if cell.owner == 1 { letter.to_ascii_uppercase() } else { letter };
    match pb::Piece::try_from(cell.piece) {
        Ok(pb::Piece::Unspecified) => '.',
        Ok(pb::Piece::Void) => ' ',
        Ok(pb::Piece::Wall) => '#',
        Ok(pb::Piece::Mark) => seats.initial(cell.owner),
        Ok(pb::Piece::Ship) => 'S',
        Ok(pb::Piece::Hit) => 'x',
        Ok(pb::Piece::Sunk) => 'X',
        Ok(pb::Piece::Miss) => 'o',
        Ok(pb::Piece::King) => chess('k'),
        Ok(pb::Piece::Queen) => chess('q'),
        Ok(pb::Piece::Rook) => chess('r'),
        Ok(pb::Piece::Bishop) => chess('b'),
        Ok(pb::Piece::Knight) => chess('n'),
        Ok(pb::Piece::Pawn) => chess('p'),
        // A piece added to the contract after this client: its owner's, as view.proto asks.
        Err(_) => seats.initial(cell.owner),
    }
}

/// A graph board on its drawing lattice, under lattice column letters and beside lattice
/// row numbers counted from the bottom (so a point's name, `d7`, reads off the drawing):
/// each point `.` when empty, else its occupant's initial, joined by `-` along a row, `|`
/// along a column and `\` or `/` along a diagonal; then the points' numbers.
fn lattice(seats: &SeatNames, graph: &pb::GraphBoard) -> String {
    if graph.width == 0 || graph.height == 0 {
        return String::new();
    }
    let (rows, cols) = (graph.height as usize * 2 - 1, graph.width as usize * 3 - 2);
    let mut canvas = vec![vec![' '; cols]; rows];
    let mut put = |row: usize, col: usize, mark: char| {
        if let Some(place) = canvas.get_mut(row).and_then(|line| line.get_mut(col)) {
            *place = mark;
        }
    };
    for edge in &graph.edges {
        let (Some(p), Some(q)) = (graph.points.get(edge.a as usize), graph.points.get(edge.b as usize)) else {
            continue;
        };
        let (x0, x1, y0, y1) =
            (p.x.min(q.x) as usize, p.x.max(q.x) as usize, p.y.min(q.y) as usize, p.y.max(q.y) as usize);
        if p.y == q.y {
            (x0 * 3..x1 * 3).for_each(|col| put(y0 * 2, col, '-'));
        } else if p.x == q.x {
            (y0 * 2..y1 * 2).for_each(|row| put(row, x0 * 3, '|'));
        } else if x1 - x0 == y1 - y0 {
            // A diagonal: one stroke between each pair of lattice rows it crosses.
            let falling = (p.x < q.x) == (p.y < q.y);
            for step in 0..y1 - y0 {
                let row = (y0 + step) * 2 + 1;
                if falling {
                    put(row, (x0 + step) * 3 + 1, '\\');
                } else {
                    put(row, (x1 - step) * 3 - 1, '/');
                }
            }
        }
    }
    for point in &graph.points {
        let mark = if point.occupant == 0 { '.' } else { seats.initial(point.occupant) };
        put(point.y as usize * 2, point.x as usize * 3, mark);
    }
    let label_width = graph.height.to_string().len();
    let header: String = (0..graph.width).map(|x| format!("{:<3}", column_name(x))).collect();
    let mut out = format!("{:label_width$} {}\n", "", header.trim_end());
    for (index, line) in canvas.iter().enumerate() {
        let text: String = line.iter().collect();
        let label = if index % 2 == 0 { (graph.height - index as u32 / 2).to_string() } else { String::new() };
        out += format!("{label:>label_width$} {text}").trim_end();
        out += "\n";
    }
    let names: Vec<String> =
        graph.points.iter().zip(0..).map(|(point, number)| format!("{number} {}", point.label)).collect();
    for (index, chunk) in names.chunks(12).enumerate() {
        out += &format!("{} {}\n", if index == 0 { "points:" } else { "       " }, chunk.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(names: &[&str]) -> SeatNames {
        SeatNames::new(names.iter().map(|name| (*name).to_owned()).collect())
    }

    /// A grid from rows of characters: `.` empty, `1`/`2` a seat's mark, ` ` void, `#` a
    /// wall, Battleship's `S`, `x`, `X`, `o`, and chess letters (upper case seat 1).
    fn board(rows: &[&str]) -> pb::GridBoard {
        let cells = rows
            .iter()
            .flat_map(|row| row.chars())
            .map(|c| {
                let (owner, piece) = match c {
                    '.' => (0, pb::Piece::Unspecified),
                    '1' | '2' => (c.to_digit(10).unwrap_or(0), pb::Piece::Mark),
                    ' ' => (0, pb::Piece::Void),
                    '#' => (0, pb::Piece::Wall),
                    'S' => (1, pb::Piece::Ship),
                    'x' => (1, pb::Piece::Hit),
                    'X' => (1, pb::Piece::Sunk),
                    'o' => (0, pb::Piece::Miss),
                    letter => {
                        let owner = if letter.is_ascii_uppercase() { 1 } else { 2 };
                        let piece = match letter.to_ascii_lowercase() {
                            'k' => pb::Piece::King,
                            'q' => pb::Piece::Queen,
                            'r' => pb::Piece::Rook,
                            'b' => pb::Piece::Bishop,
                            'n' => pb::Piece::Knight,
                            _ => pb::Piece::Pawn,
                        };
                        (owner, piece)
                    }
                };
                pb::BoardCell { owner, piece: piece as i32 }
            })
            .collect();
        let (width, height) = (rows[0].chars().count() as u32, rows.len() as u32);
        pb::GridBoard {
            width,
            height,
            cells,
            column_labels: (0..width).map(column_name).collect(),
            row_labels: (1..=height).map(|row| row.to_string()).collect(),
            cell_labels: Vec::new(),
        }
    }

    fn view(kind: pb::GameKind, board: pb::GridBoard) -> pb::View {
        pb::View { kind: kind as i32, board: Some(board), ..Default::default() }
    }

    #[test]
    fn a_grid_has_column_letters_row_numbers_and_a_seat_initial_per_piece() {
        let text = boards(&view(pb::GameKind::TicTacToe, board(&["...", ".1.", "..2"])), &names(&["X", "O"]));
        assert_eq!(text, "  a b c\n1 . . .\n2 . X .\n3 . . O\n");
    }

    #[test]
    fn a_board_shows_the_names_the_view_gives_its_columns_and_rows_and_no_others() {
        // Connect Four names its columns only, as its moves do ("column 3").
        let mut connect_four = board(&["....", "12.."]);
        connect_four.column_labels = ["1", "2", "3", "4"].map(String::from).to_vec();
        connect_four.row_labels.clear();
        let text = boards(&view(pb::GameKind::ConnectFour, connect_four), &names(&["Red", "Yellow"]));
        assert_eq!(text, "1 2 3 4\n. . . .\nR Y . .\n");
    }

    #[test]
    fn chess_counts_ranks_from_the_bottom_with_white_in_upper_case() {
        let rows = ["rnbqkbnr", "pppppppp", "........", "........", "....P...", "........", "PPPP.PPP", "RNBQKBNR"];
        let mut chess = board(&rows);
        chess.row_labels = (1..=8).rev().map(|rank: u32| rank.to_string()).collect();
        let text = boards(&view(pb::GameKind::Chess, chess), &names(&["White", "Black"]));
        assert!(text.starts_with("  a b c d e f g h\n8 r n b q k b n r\n7 p p p p p p p p\n"), "{text}");
        assert!(text.contains("\n4 . . . . P . . .\n"), "{text}");
        assert!(text.ends_with("\n1 R N B Q K B N R\n"), "{text}");
    }

    #[test]
    fn walls_and_the_grid_in_play_and_the_pieces_in_hand_are_shown() {
        let mut tic_tac_two = view(pb::GameKind::TicTacTwo, board(&["#..", ".1.", "..2"]));
        tic_tac_two.active_region = Some(pb::Region { top: 0, left: 1, height: 2, width: 2 });
        tic_tac_two.seat_in_hand = vec![3, 4];
        let text = boards(&tic_tac_two, &names(&["X", "O"]));
        assert!(text.starts_with("  a b c\n1 # . .\n"), "{text}");
        assert!(text.contains("grid in play: rows 1 to 2, columns b to c\n"), "{text}");
        assert!(text.ends_with("in hand: X (seat 1) 3, O (seat 2) 4\n"), "{text}");
    }

    #[test]
    fn peg_solitaire_leaves_void_cells_blank_and_numbers_its_holes() {
        let mut pegs = board(&[".  ", "11 ", "111"]);
        // Peg solitaire names holes, not rows and columns.
        pegs.cell_labels = ["1", "", "", "2", "3", "", "4", "5", "6"].map(String::from).to_vec();
        (pegs.column_labels, pegs.row_labels) = (Vec::new(), Vec::new());
        let text = boards(&view(pb::GameKind::PegSolitaire, pegs), &names(&["Player"]));
        assert_eq!(text, ".\no o\no o o\nholes, as moves number them:\n1\n2 3\n4 5 6\n");
    }

    #[test]
    fn battleship_draws_each_ocean_as_the_viewer_may_see_it() {
        let mut battleship = pb::View {
            kind: pb::GameKind::Battleship as i32,
            viewer_seat: 1,
            seat_boards: vec![board(&["SSx..", "....."]), board(&["o.X..", "....."])],
            ..Default::default()
        };
        let text = boards(&battleship, &names(&["Blue", "Red"]));
        assert!(
            text.starts_with("Blue (seat 1)'s ocean (your fleet, the other side's shots):\n  a b c d e\n1 S S x . .\n")
        );
        assert!(text.contains("Red (seat 2)'s ocean (your shots):\n  a b c d e\n1 o . X . .\n"), "{text}");
        battleship.viewer_seat = 0;
        assert!(boards(&battleship, &names(&["Blue", "Red"])).starts_with("Blue (seat 1)'s ocean:\n"));
    }

    #[test]
    fn a_graph_is_drawn_on_its_lattice_with_names_and_numbers_for_its_points() {
        // Three Men's Morris: a 3×3 lattice, rows, columns and both long diagonals.
        let points = (0..9).map(|i| pb::GraphPoint {
            x: i % 3,
            y: i / 3,
            occupant: [0, 0, 1, 0, 2, 0, 0, 0, 0][i as usize],
            label: format!("{}{}", column_name(i % 3), 3 - i / 3),
        });
        let mut edges = Vec::new();
        for i in 0..9u32 {
            if i % 3 < 2 {
                edges.push(pb::GraphEdge { a: i, b: i + 1 });
            }
            if i < 6 {
                edges.push(pb::GraphEdge { a: i, b: i + 3 });
            }
        }
        edges.extend([pb::GraphEdge { a: 0, b: 8 }, pb::GraphEdge { a: 2, b: 6 }]);
        let graph = pb::GraphBoard { width: 3, height: 3, points: points.collect(), edges, lines: Vec::new() };
        let morris = pb::View { kind: pb::GameKind::Morris as i32, graph: Some(graph), ..Default::default() };
        let text = boards(&morris, &names(&["White", "Black"]));
        let expected = "  a  b  c\n3 .--.--W\n  |\\ | /|\n2 .--B--.\n  | /|\\ |\n1 .--.--.\n";
        assert!(text.starts_with(expected), "{text}");
        assert!(text.ends_with("points: 0 a3, 1 b3, 2 c3, 3 a2, 4 b2, 5 c2, 6 a1, 7 b1, 8 c1\n"), "{text}");
    }

    #[test]
    fn cells_and_columns_are_named_like_a_spreadsheet() {
        assert_eq!(cell_name(&pb::Cell { row: 0, col: 0 }), "a1");
        assert_eq!(cell_name(&pb::Cell { row: 9, col: 27 }), "ab10");
        assert_eq!(column_name(25), "z");
    }

    #[test]
    fn an_unknown_piece_is_its_owners_and_a_short_board_is_not_a_panic() {
        let mut short = board(&["..", ".."]);
        short.cells[0] = pb::BoardCell { owner: 2, piece: 99 };
        short.cells.truncate(3);
        assert_eq!(boards(&view(pb::GameKind::Gomoku, short), &names(&["Black", "White"])), "  a b\n1 W .\n2 . ?\n");
    }
}
