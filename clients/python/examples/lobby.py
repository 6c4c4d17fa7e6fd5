"""A lobby's game on a Tabula server from start to end, through a restart of the server.

Alice and Bob are seated at a game of tic-tac-toe; a spectator thread follows its events;
Bob tries to move out of turn and is told so by the refusal's reason; after two moves the
server is restarted, and the spectator's stream and the players' calls carry on by
themselves; both seats then play to the end.

Usage: python lobby.py [ADDRESS]  (or TABULA_ADDR; default 127.0.0.1:50051). When it prints
`restart the server now`, stop the server and start it again on the same store (a SQLite
file: `tabula serve --store sqlite:FILE`). Exits 0 when every step held, 1 otherwise.
"""

import os
import sys
import threading
import time
import uuid

import grpc

from tabula_client import Client, ErrorReason, EventStream, RetryPolicy, TabulaError, event_kind, moves, pb

address = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("TABULA_ADDR", "127.0.0.1:50051")
# A restart by hand takes a few seconds: retry what is safe to repeat for longer than the
# default policy (5 attempts, about 1.5 s); the waits double from 100 ms to 2 s, 15 s in all.
PATIENT = RetryPolicy(max_attempts=10)


def follow(stream: EventStream, seen: list[int], failures: list[TabulaError]) -> None:
    """The spectator: prints every event; the stream resumes after a restart on its own."""
    try:
        for event in stream:
            seen.append(event.seq)
            print(f"spectator: event {event.seq}, {event_kind(event)}", flush=True)
    except TabulaError as error:  # gave up: nothing answered for 30 s
        failures.append(error)


def wait_until_gone(client: Client, game_id: str, patience: float = 60.0) -> bool:
    """Asks without retrying until the server does not answer: the restart has begun."""
    give_up = time.monotonic() + patience
    while time.monotonic() < give_up:
        try:
            client.get_view(game_id, retry=False, timeout=1)
        except TabulaError as error:
            if error.code != grpc.StatusCode.UNAVAILABLE:
                raise
            return True
        time.sleep(0.05)
    return False


def play_a_move(seat: Client, name: str, game_id: str) -> pb.View:
    """The seat's first legal move; its request_id makes the move safe to retry."""
    legal = seat.list_legal_moves(game_id)
    choice = legal.moves[0]
    answer = seat.submit_move(game_id, choice.move, expected_seq=legal.seq, request_id=f"{game_id}-{legal.seq}")
    print(f"{name} plays {choice.label}", flush=True)
    return answer.view


def main() -> int:
    with Client(address, retry=PATIENT) as lobby:
        players = [
            pb.Player(player_id="u-alice", display_name="Alice"),
            pb.Player(player_id="u-bob", display_name="Bob"),
        ]
        created = lobby.create_game_from_preset("tic_tac_toe", "classic", players=players, request_id=str(uuid.uuid4()))
        game_id = created.game.game_id
        print(f"created game {game_id}: Alice (seat 1) against Bob (seat 2)", flush=True)
        seats = {token.seat: lobby.with_credential(token.token) for token in created.seat_tokens}
        names = {1: "Alice", 2: "Bob"}

        seen: list[int] = []
        failures: list[TabulaError] = []
        spectator = threading.Thread(target=follow, args=(lobby.events(game_id), seen, failures))
        spectator.start()

        try:
            seats[2].submit_move(game_id, moves.place_cell(1, 1))
            print("Bob moved out of turn: the server should have refused it")
            return 1
        except TabulaError as error:
            if error.error_reason != ErrorReason.ERROR_REASON_NOT_YOUR_TURN:
                raise
            print("Bob is refused: ERROR_REASON_NOT_YOUR_TURN, it is Alice's turn", flush=True)

        view = lobby.get_view(game_id)
        while view.status == pb.GameStatus.GAME_STATUS_IN_PROGRESS:
            seat = view.to_act[0]
            view = play_a_move(seats[seat], names[seat], game_id)
            if view.seq == 3:
                print("restart the server now", flush=True)
                if not wait_until_gone(lobby, game_id):
                    print("the server never went away")
                    return 1
                print("the server is gone: the next calls are retried until it is back", flush=True)

        winner = names.get(view.outcome.winner, "nobody")
        print(f"game over: {pb.OutcomeType.Name(view.outcome.type)}, {winner} wins", flush=True)
        spectator.join(timeout=30)
        newest = lobby.get_view(game_id).seq  # the game_ended after the last move
        if spectator.is_alive() or failures or seen != list(range(1, newest + 1)):
            print(f"the spectator missed something: saw {seen} of {newest} events, failures {failures}")
            return 1
        print(f"the spectator saw all {len(seen)} events, in order, once each, across the restart")
    print("every step held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
