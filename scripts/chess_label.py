#!/usr/bin/env python3
"""Labels chess positions with Stockfish's evaluation, for `tabula tune chess`.

Reads positions one a line as `tabula tune chess-positions` writes them (a FEN, then
anything, such as the game's result in brackets) and writes each FEN with White's expected
score by Stockfish's evaluation at a fixed depth: `1 / (1 + 10^(-cp / 400))`, cp being
Stockfish's centipawns for White (a mate counts as 10,000). Game results are noisy labels
for a single position; an evaluation at a modest depth is much less so. A measurement
tool, not a test; it needs Stockfish. It speaks UCI to Stockfish itself (`position fen`,
`go depth`, the last `score` before `bestmove`), which labels about 1.5 times as fast as
going through python-chess.

    python3 scripts/chess_label.py positions.txt labelled.txt --depth 8 --jobs 2
"""

import argparse
import shutil
import subprocess
import sys
import threading
import time


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
        engine = subprocess.Popen([args.stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)

        def ask(command):
            engine.stdin.write(command + "\n")
            engine.stdin.flush()

        try:
            ask("uci")
            ask("isready")
            while engine.stdout.readline().strip() != "readyok":
                pass
            for index in range(part, len(fens), args.jobs):
                ask(f"position fen {fens[index]}")
                ask(f"go depth {args.depth}")
                score = None
                for line in engine.stdout:
                    if line.startswith("bestmove"):
                        break
                    words = line.split()
                    if "score" in words:
                        at = words.index("score")
                        score = (words[at + 1], int(words[at + 2]))
                if score is None:
                    raise RuntimeError(f"Stockfish gave no score for {fens[index]}")
                kind, value = score
                cp = value if kind == "cp" else (10_000 if value > 0 else -10_000)
                if fens[index].split()[1] == "b":
                    cp = -cp
                labels[index] = 1 / (1 + 10 ** (-cp / 400))
                with lock:
                    done[0] += 1
                    if done[0] % 10_000 == 0:
                        print(f"{done[0]} of {len(fens)}, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        finally:
            ask("quit")
            engine.wait()

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
