#!/usr/bin/env python3
"""Labels chess positions with Stockfish's evaluation, for `tabula tune chess`.

Reads positions one a line as `tabula tune chess-positions` writes them (a FEN, then
anything, such as the game's result in brackets) and writes each FEN with White's expected
score by Stockfish's evaluation at a fixed depth: `1 / (1 + 10^(-cp / 400))`, cp being
Stockfish's centipawns for White (a mate counts as 10,000). Game results are noisy labels
for a single position; an evaluation at a modest depth is much less so. A measurement
tool, not a test; it needs Stockfish and python-chess.

    python3 scripts/chess_label.py positions.txt labelled.txt --depth 8 --jobs 2
"""

import argparse
import shutil
import sys
import threading
import time

import chess
import chess.engine


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("positions", help="a file of positions, one a line, each a FEN first")
    parser.add_argument("out", help="where to write the labelled positions")
    parser.add_argument("--depth", type=int, default=8, help="Stockfish's search depth per position")
    parser.add_argument("--jobs", type=int, default=2, help="Stockfish processes at once")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    args = parser.parse_args()

    with open(args.positions) as source:
        fens = [" ".join(line.split()[:6]) for line in source if line.strip()]
    labels = [None] * len(fens)
    done = [0]
    lock = threading.Lock()
    started = time.monotonic()

    def label(part):
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        try:
            for index in range(part, len(fens), args.jobs):
                info = engine.analyse(chess.Board(fens[index]), chess.engine.Limit(depth=args.depth))
                cp = info["score"].white().score(mate_score=10_000)
                labels[index] = 1 / (1 + 10 ** (-cp / 400))
                with lock:
                    done[0] += 1
                    if done[0] % 10_000 == 0:
                        print(f"{done[0]} of {len(fens)}, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        finally:
            engine.quit()

    workers = [threading.Thread(target=label, args=(part,)) for part in range(args.jobs)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    with open(args.out, "w") as out:
        for fen, score in zip(fens, labels):
            out.write(f"{fen} [{score:.3f}]\n")
    print(f"{args.out}: {len(fens)} positions at depth {args.depth}, {time.monotonic() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
