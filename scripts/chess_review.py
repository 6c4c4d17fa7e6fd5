#!/usr/bin/env python3
"""Where Tabula's chess engine loses: the games of `chess_match.py --pgn` scored move by move.

A measurement tool, not a test: it needs Stockfish and python-chess, as `chess_match.py`
does. Stockfish at full strength scores every position after the opening line's plies
(`--skip-plies`) at `--nodes` nodes. A move's loss is the fall of that score, from the
mover's side, from the position before it to the position after it; scores are capped
at 1000 cp and a mate counts as 1000, so one lost game weighs no more than a piece
or so. The phase is the opening up to move 12, then the middlegame while the pieces
other than pawns and kings are worth more than 26 (knight and bishop 3, rook 5, queen
9; 62 at the start), then the endgame.

It prints each game as it is scored (the best score Tabula reached, the first of its
moves that lost 150 cp or more), then for each side the average loss a move by phase
and the counts of mistakes (100 to 299 cp) and blunders (300 cp or more).

With `--engine` and `--recheck`, each of Tabula's mistakes and blunders made from a
position not already decided (Stockfish's score within 300 cp) is asked of the engine
again, afresh, at each of the `--recheck` times, and its new move scored the same way:
what a longer search mends is depth, what it does not is the evaluation.

    python3 scripts/chess_match.py --games 50 --levels 10 --pgn games.pgn
    python3 scripts/chess_review.py games.pgn --engine target/release/tabula --recheck 0.1 1.0
"""

import argparse
import sys

import chess
import chess.engine
import chess.pgn

CAP = 1000
PHASES = ("opening", "middlegame", "endgame")
PIECE_WORTH = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
MISTAKE, BLUNDER, UNDECIDED = 100, 300, 300


def phase_of(board):
    if board.fullmove_number <= 12:
        return "opening"
    worth = sum(len(board.pieces(role, colour)) * value for role, value in PIECE_WORTH.items() for colour in chess.COLORS)
    return "middlegame" if worth > 26 else "endgame"


def capped(score):
    return max(-CAP, min(CAP, score))


def score_to_move(stockfish, board, limit):
    """Stockfish's score of `board` for the side to move, capped."""
    return capped(stockfish.analyse(board, limit)["score"].relative.score(mate_score=CAP))


def score_after(stockfish, board, limit):
    """The score of `board` for the side that just moved: the result if the game is over."""
    if board.is_game_over(claim_draw=True):
        winner = board.outcome(claim_draw=True).winner
        return 0 if winner is None else (CAP if winner != board.turn else -CAP)
    return -score_to_move(stockfish, board, limit)


def review_game(stockfish, game, limit, skip_plies):
    """Each scored move of `game`: (position before, move, mover is Tabula, loss, score before).

    Every position is analysed once: the score after a move is the next one's before."""
    tabula_white = game.headers["White"] == "Tabula"
    board = game.board()
    played = []
    for ply, move in enumerate(game.mainline_moves()):
        if ply >= skip_plies:
            before = score_to_move(stockfish, board, limit)
            played.append((board.copy(stack=False), move, before))
        board.push(move)
    final = score_after(stockfish, board, limit)
    moves = []
    for index, (position, move, before) in enumerate(played):
        after = -played[index + 1][2] if index + 1 < len(played) else final
        mover_is_tabula = position.turn == (chess.WHITE if tabula_white else chess.BLACK)
        moves.append((position, move, mover_is_tabula, max(0, before - after), before))
    return tabula_white, moves


def side_summary(name, losses):
    every = [loss for phase in PHASES for loss in losses.get(phase, [])]
    parts = [f"{phase} {sum(values) / len(values):.0f} over {len(values)}"
             for phase in PHASES if (values := losses.get(phase))]
    mistakes = sum(1 for loss in every if MISTAKE <= loss < BLUNDER)
    blunders = sum(1 for loss in every if loss >= BLUNDER)
    return (f"{name}: {sum(every) / max(1, len(every)):.1f} cp lost a move ({'; '.join(parts)}), "
            f"{mistakes} mistakes and {blunders} blunders in {len(every)} moves")


def recheck(engine_path, stockfish, errors, times, limit):
    """Asks the engine each of `errors` again at each of `times`; prints what still loses."""
    engine = chess.engine.SimpleEngine.popen_uci([engine_path, "uci"])
    still = {(time, phase): 0 for time in times for phase in PHASES}
    asked = {phase: 0 for phase in PHASES}
    try:
        for number, (position, played, loss, before) in enumerate(errors, 1):
            phase = phase_of(position)
            asked[phase] += 1
            answers = []
            for time in times:
                move = engine.play(position, chess.engine.Limit(time=time), game=object()).move
                board = position.copy(stack=False)
                board.push(move)
                new_loss = max(0, before - score_after(stockfish, board, limit))
                still[(time, phase)] += new_loss >= MISTAKE
                answers.append(f"{time} s: {position.san(move)} loses {new_loss}")
            print(f"{number}/{len(errors)} {phase} {position.fen()}: played {position.san(played)} losing {loss}; "
                  + ", ".join(answers), flush=True)
    finally:
        engine.quit()
    for time in times:
        parts = [f"{phase} {still[(time, phase)]} of {asked[phase]}" for phase in PHASES if asked[phase]]
        print(f"asked again at {time} s, still losing {MISTAKE} cp or more: {'; '.join(parts)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="+", help="PGN files written by chess_match.py --pgn")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=100_000, help="Stockfish's nodes a position")
    parser.add_argument("--skip-plies", type=int, default=8, help="plies of the opening line left unscored")
    parser.add_argument("--engine", help="Tabula's binary, to ask its mistakes again")
    parser.add_argument("--recheck", type=float, nargs="+", default=[], help="seconds a move to ask them at")
    args = parser.parse_args()
    if args.recheck and not args.engine:
        parser.error("--recheck needs --engine")

    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    limit = chess.engine.Limit(nodes=args.nodes)
    losses = {True: {}, False: {}}
    errors = []
    games = 0
    try:
        for path in args.pgn:
            with open(path, encoding="utf-8") as handle:
                while (game := chess.pgn.read_game(handle)) is not None:
                    games += 1
                    tabula_white, moves = review_game(stockfish, game, limit, args.skip_plies)
                    first_error, best = None, -CAP
                    for position, move, is_tabula, loss, before in moves:
                        losses[is_tabula].setdefault(phase_of(position), []).append(loss)
                        if not is_tabula:
                            continue
                        best = max(best, before)
                        if loss >= MISTAKE and abs(before) < UNDECIDED:
                            errors.append((position, move, loss, before))
                            if first_error is None and loss >= 150:
                                first_error = f"move {position.fullmove_number} {position.san(move)} lost {loss}"
                    print(f"game {games} ({game.headers['Result']}, Tabula {'White' if tabula_white else 'Black'}): "
                          f"best score for Tabula {best:+d}; first loss of 150 cp or more: {first_error or 'none'}",
                          flush=True)
        print(f"{games} games, Stockfish at {args.nodes} nodes a position, cp lost a move by phase:")
        print(side_summary("Tabula", losses[True]))
        print(side_summary("its opponent", losses[False]))
        if args.recheck:
            print(f"{len(errors)} of Tabula's mistakes and blunders from undecided positions, asked again:")
            recheck(args.engine, stockfish, errors, args.recheck, limit)
    finally:
        stockfish.quit()


if __name__ == "__main__":
    sys.exit(main())
