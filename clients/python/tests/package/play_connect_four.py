"""Plays a whole game of Connect Four through the installed `tabula-client` and checks every
answer: create from a preset, list the legal moves, submit both seats' moves until Red wins,
read the view, follow the event stream to its end. Exits 1 on any mismatch.
Usage: python play_connect_four.py [ADDRESS]  (or TABULA_ADDR)"""

from __future__ import annotations

import os
import sys
import threading

import tabula_client
from tabula_client import Client, event_kind, moves, pb

# Red fills the bottom row from column 3; Yellow stacks on top.
DROPS = [(0, 3), (1, 3), (0, 4), (1, 4), (0, 5), (1, 5), (0, 6)]


def main(address: str) -> list[str]:
    problems: list[str] = []

    def expect(ok: bool, what: str) -> None:
        if not ok:
            problems.append(what)

    with Client(address) as client:
        created = client.create_game_from_preset("connect_four", "classic")
        game_id = created.game.game_id
        expect([t.seat_name for t in created.seat_tokens] == ["Red", "Yellow"], f"seats {created.seat_tokens}")
        seats = [client.with_credential(t.token) for t in created.seat_tokens]
        seen: list[pb.GameEvent] = []
        with client.events(game_id) as stream:
            follower = threading.Thread(target=lambda: seen.extend(stream))
            follower.start()
            last = None
            for seat, column in DROPS:
                legal = seats[seat].list_legal_moves(game_id)
                expect(legal.seat == seat + 1, f"legal moves are for seat {legal.seat}")
                expect(moves.drop(column) in [m.move for m in legal.moves], f"drop({column}) is not legal")
                last = seats[seat].submit_move(game_id, moves.drop(column), expected_seq=legal.seq)
                expect(last.applied and last.seq == legal.seq + 1 + (column == 6), f"move answer {last}")
            follower.join(timeout=10)
            expect(not follower.is_alive(), "the event stream did not end with the game")
        view = client.get_view(game_id)
        expect(view.status == pb.GameStatus.GAME_STATUS_FINISHED, f"status {view.status}")
        expect(view.outcome.winner == 1 and view.move_count == 7, f"outcome {view.outcome}")
        expect(last is not None and last.view.seq == view.seq == 9, "the last move leads to the game's view")
        expect(last is not None and last.view.outcome == view.outcome, "the last move ends the game")
        kinds = [event_kind(e) for e in seen]
        expect(kinds == ["game_created"] + ["move_applied"] * 7 + ["game_ended"], f"events {kinds}")
        expect([e.seq for e in seen] == list(range(1, 10)), f"seqs {[e.seq for e in seen]}")
        expect(stream.last_seq == 9, f"last_seq {stream.last_seq}")
    return problems


if __name__ == "__main__":
    problems = main(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("TABULA_ADDR", "127.0.0.1:50051"))
    for problem in problems:
        print("mismatch:", problem, file=sys.stderr)
    print(f"tabula-client {tabula_client.__version__}: Connect Four played to a win, {len(problems)} mismatches")
    sys.exit(1 if problems else 0)
