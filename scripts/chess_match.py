#!/usr/bin/env python3
"""Plays Tabula's chess engine (`tabula uci`) against Stockfish at several Skill Levels.

A measurement tool, not a test: it needs Stockfish (Debian's `stockfish` package puts it
in /usr/games) and python-chess (`pip install chess`). For each Skill Level it plays
`--games` games at a fixed time per move, each opening of `--openings` once with each
colour from the `--first-opening`th on (openings cycle if there are more games than
openings), and adjudicates nothing but by the rules: a game ends when python-chess's
`board.is_game_over(claim_draw=True)` says so (checkmate, stalemate, insufficient
material, a claimable threefold repetition or fifty-move draw), or as a draw after
`--max-plies` plies. It prints each game as it ends, then a table per level: games,
wins/draws/losses from Tabula's side, the score, and the Elo difference with its 95%
error bar.

    python3 scripts/chess_match.py --engine target/release/tabula --levels 5 --games 100
    python3 scripts/chess_match.py --games 2 --levels 0      # a smoke test

`--engine-movetime` gives Tabula a time of its own (Stockfish keeps `--movetime`), to
measure how its score grows with thinking time against the same opponent.
"""

import argparse
import math
import os
import shutil
import sys
import time

import chess
import chess.engine
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))


def read_openings(path):
    """The opening lines of `path`: UCI moves, one line each, '#' starting a comment."""
    openings = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            text, _, name = line.partition("#")
            moves = text.split()
            if not moves:
                continue
            board = chess.Board()
            for move in moves:
                board.push_uci(move)  # raises on an illegal line: better now than mid-match
            openings.append((moves, name.strip() or f"line {number}"))
    if not openings:
        sys.exit(f"no openings in {path}")
    return openings


def elo(score):
    """The Elo difference that a score (0..1, exclusive) corresponds to."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_with_error(wins, draws, losses):
    """Elo difference and the half-width of its 95% interval, from the score's standard
    error over games (each game scores 1, 1/2 or 0); infinite at a score of 0 or 1."""
    games = wins + draws + losses
    score = (wins + draws / 2) / games
    if score <= 0.0 or score >= 1.0:
        return (math.inf if score >= 1.0 else -math.inf), math.inf
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / games
    error = 1.96 * math.sqrt(variance / games)
    low, high = max(score - error, 1e-9), min(score + error, 1 - 1e-9)
    return elo(score), (elo(high) - elo(low)) / 2


def play_game(ours, theirs, opening, tabula_white, limits, max_plies, game_id):
    """One game from `opening`, each engine with its limit (`limits`: Tabula's, then
    Stockfish's); returns (result for Tabula: 1, 0.5 or 0, reason, board)."""
    board = chess.Board()
    for move in opening:
        board.push_uci(move)
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        tabula_to_move = (board.turn == chess.WHITE) == tabula_white
        engine = ours if tabula_to_move else theirs
        played = engine.play(board, limits[0] if tabula_to_move else limits[1], game=game_id)
        if played.move is None:
            raise RuntimeError(f"no move from {'Tabula' if engine is ours else 'Stockfish'} in {board.fen()}")
        board.push(played.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return 0.5, f"move cap ({max_plies} plies)", board
    reason = outcome.termination.name.lower().replace("_", " ")
    if outcome.winner is None:
        return 0.5, reason, board
    return (1.0 if (outcome.winner == chess.WHITE) == tabula_white else 0.0), reason, board


def write_pgn(path, board, opening_name, level, tabula_white, result_text, reason):
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"Tabula vs Stockfish Skill Level {level}"
    game.headers["White"] = "Tabula" if tabula_white else f"Stockfish level {level}"
    game.headers["Black"] = f"Stockfish level {level}" if tabula_white else "Tabula"
    game.headers["Result"] = result_text
    game.headers["Opening"] = opening_name
    game.headers["Termination"] = reason
    with open(path, "a", encoding="utf-8") as out:
        print(game, file=out, end="\n\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "tabula"),
                        help="the tabula binary (run as `ENGINE uci`); default target/release/tabula")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--levels", type=int, nargs="+", default=[0, 5, 10, 15], help="Stockfish Skill Levels")
    parser.add_argument("--games", type=int, default=70, help="games per level (default 70: each opening twice)")
    parser.add_argument("--movetime", type=float, default=0.1, help="seconds per move for both engines")
    parser.add_argument("--engine-movetime", type=float,
                        help="seconds per move for Tabula alone (default: --movetime)")
    parser.add_argument("--first-opening", type=int, default=1,
                        help="start from this opening (1 for the file's first), so that runs side by side "
                             "can play different ones")
    parser.add_argument("--max-plies", type=int, default=300, help="a game this long is a draw")
    parser.add_argument("--openings", default=os.path.join(HERE, "chess_openings.txt"))
    parser.add_argument("--hash", type=int, default=16, help="MiB of hash table for each engine")
    parser.add_argument("--engine-threads", type=int, default=1,
                        help="threads Tabula searches on (its UCI option Threads); Stockfish keeps one")
    parser.add_argument("--engine-eval-file", help="a network for Tabula to evaluate with (its UCI option EvalFile)")
    parser.add_argument("--engine-contempt", type=int, default=0,
                        help="centipawns Tabula scores a draw below zero (its UCI option Contempt)")
    parser.add_argument("--pgn", help="append every game to this PGN file")
    args = parser.parse_args()

    openings = read_openings(args.openings)
    if not 1 <= args.first_opening <= len(openings):
        sys.exit(f"--first-opening must be 1 to {len(openings)}, the openings in {args.openings}")
    engine_movetime = args.movetime if args.engine_movetime is None else args.engine_movetime
    if min(engine_movetime, args.movetime) <= 0:
        sys.exit("move times must be above 0 seconds")
    limits = (chess.engine.Limit(time=engine_movetime), chess.engine.Limit(time=args.movetime))
    times = f"{engine_movetime * 1000:.0f} ms per move for Tabula, {args.movetime * 1000:.0f} for Stockfish"
    if engine_movetime == args.movetime:
        times = f"{args.movetime * 1000:.0f} ms per move"
    print(f"Tabula ({args.engine}) against Stockfish ({args.stockfish}); {args.games} games per level, "
          f"{times}, {len(openings)} openings from number {args.first_opening}, draw after {args.max_plies} plies",
          flush=True)
    table = []
    for level in args.levels:
        ours = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"])
        theirs = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        try:
            ours.configure({"Hash": args.hash, **({"Threads": args.engine_threads} if args.engine_threads > 1 else {}),
                            **({"EvalFile": os.path.abspath(args.engine_eval_file)} if args.engine_eval_file else {}),
                            **({"Contempt": args.engine_contempt} if args.engine_contempt else {})})
            theirs.configure({"Hash": args.hash, "Threads": 1, "Skill Level": level})
            tally = {1.0: 0, 0.5: 0, 0.0: 0}
            started = time.monotonic()
            for index in range(args.games):
                moves, name = openings[(args.first_opening - 1 + index // 2) % len(openings)]
                tabula_white = index % 2 == 0
                result, reason, board = play_game(ours, theirs, moves, tabula_white, limits, args.max_plies, index)
                tally[result] += 1
                score_text = {1.0: "win", 0.5: "draw", 0.0: "loss"}[result]
                result_text = board.result(claim_draw=True) if reason[:4] != "move" else "1/2-1/2"
                print(f"level {level} game {index + 1}/{args.games}: {name}, Tabula {'White' if tabula_white else 'Black'}: "
                      f"{score_text} ({reason}, {board.ply()} plies) | +{tally[1.0]} ={tally[0.5]} -{tally[0.0]}",
                      flush=True)
                if args.pgn:
                    write_pgn(args.pgn, board, name, level, tabula_white, result_text, reason)
            table.append((level, tally[1.0], tally[0.5], tally[0.0], time.monotonic() - started))
        finally:
            ours.quit()
            theirs.quit()

    print()
    print(f"Tabula against Stockfish, {times} (results from Tabula's side)")
    print("| Skill Level | games | wins | draws | losses | score | Elo difference (95%) |")
    print("|---|---|---|---|---|---|---|")
    for level, wins, draws, losses, _ in table:
        games = wins + draws + losses
        score = (wins + draws / 2) / games
        difference, error = elo_with_error(wins, draws, losses)
        elo_text = f"{difference:+.0f} ± {error:.0f}" if math.isfinite(error) else ("+inf" if score >= 1 else "-inf")
        print(f"| {level} | {games} | {wins} | {draws} | {losses} | {100 * score:.1f}% | {elo_text} |")


if __name__ == "__main__":
    main()
