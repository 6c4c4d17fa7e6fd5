#!/usr/bin/env python3
"""Plays two builds of Tabula's chess engine (`tabula uci`) against each other.

A measurement tool, not a test, beside `chess_match.py` (whose openings, game loop and
Elo arithmetic it shares; it needs python-chess). Each opening of `--openings` is played
once with each colour, `--jobs` games at a time, at a fixed time or node count per move.
It prints each game as it ends and then the new build's wins, draws and losses, its score
and the Elo difference with its 95% error bar.

    python3 scripts/chess_selfplay.py NEW_TABULA BASE_TABULA --movetime 0.04 --games 140 --jobs 2
"""

import argparse
import os
import queue
import threading

import chess
import chess.engine

from chess_match import HERE, elo_with_error, play_game, read_openings


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("new", help="the tabula binary under test")
    parser.add_argument("base", help="the tabula binary it is measured against")
    parser.add_argument("--movetime", type=float, default=0.04, help="seconds per move for both engines")
    parser.add_argument("--nodes", type=int, help="nodes per move instead of a time")
    parser.add_argument("--games", type=int, default=70, help="games in all (default 70: each opening twice)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--max-plies", type=int, default=300, help="a game this long is a draw")
    parser.add_argument("--openings", default=os.path.join(HERE, "chess_openings.txt"))
    parser.add_argument("--new-threads", type=int, default=1, help="threads the new build searches on (UCI Threads)")
    parser.add_argument("--new-eval-file", help="a network for the new build to evaluate with (UCI EvalFile)")
    parser.add_argument("--base-eval-file", help="a network for the base build to evaluate with (UCI EvalFile)")
    args = parser.parse_args()

    openings = read_openings(args.openings)
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.movetime)
    games = queue.Queue()
    for number in range(args.games):
        games.put(number)
    lock = threading.Lock()
    tally = {1.0: 0, 0.5: 0, 0.0: 0}

    def play_games():
        new = chess.engine.SimpleEngine.popen_uci([args.new, "uci"])
        base = chess.engine.SimpleEngine.popen_uci([args.base, "uci"])
        if args.new_threads > 1:
            new.configure({"Threads": args.new_threads})
        if args.new_eval_file:
            new.configure({"EvalFile": os.path.abspath(args.new_eval_file)})
        if args.base_eval_file:
            base.configure({"EvalFile": os.path.abspath(args.base_eval_file)})
        try:
            while True:
                try:
                    number = games.get_nowait()
                except queue.Empty:
                    return
                moves, name = openings[(number // 2) % len(openings)]
                new_white = number % 2 == 0
                result, reason, board = play_game(new, base, moves, new_white, (limit, limit), args.max_plies, number)
                with lock:
                    tally[result] += 1
                    colour = "White" if new_white else "Black"
                    print(f"game {number + 1}: {name}, new build {colour}: {result} ({reason}, {board.ply()} plies); "
                          f"so far +{tally[1.0]} ={tally[0.5]} -{tally[0.0]}", flush=True)
        finally:
            new.quit()
            base.quit()

    players = [threading.Thread(target=play_games) for _ in range(args.jobs)]
    for player in players:
        player.start()
    for player in players:
        player.join()
    wins, draws, losses = tally[1.0], tally[0.5], tally[0.0]
    difference, error = elo_with_error(wins, draws, losses)
    score = (wins + draws / 2) / max(1, wins + draws + losses)
    print(f"new against base: {wins}-{draws}-{losses}, score {score:.1%}, Elo {difference:+.0f} ± {error:.0f}")


if __name__ == "__main__":
    main()
