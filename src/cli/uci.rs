//! `tabula uci`: the chess engine as a UCI engine on standard input and output, for chess
//! GUIs and match tools.

use tabula::games::chess::engine::protocol;

/// Speaks UCI on standard input and output until `quit` or the end of the input.
pub fn run() -> Result<(), String> {
    let stdin = std::io::stdin();
    protocol::run(stdin.lock(), std::io::stdout()).map_err(|e| format!("reading standard input: {e}"))
}
