"""Plays a game of Connect Four on a Tabula server, then replays its events.
Usage: python quickstart.py [ADDRESS]  (or TABULA_ADDR; default 127.0.0.1:50051)"""

import os
import sys

from tabula_client import Client, TabulaError, event_kind, moves

address = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("TABULA_ADDR", "127.0.0.1:50051")

with Client(address) as client:  # credential="..." to act as a seat or service key; root_certificates=... for TLS
    game = client.create_game_from_preset("connect_four", "classic")
    game_id = game.game.game_id
    red, yellow = (client.with_credential(t.token) for t in game.seat_tokens)
    for seat, column in [(red, 3), (yellow, 3), (red, 4), (yellow, 4), (red, 5), (yellow, 5), (red, 6)]:
        seat.submit_move(game_id, moves.drop(column))  # every call takes timeout=SECONDS (default 30)
    with client.events(game_id, include_views=True) as stream:  # the whole history; ends with the game
        for event in stream:  # game_created, move_applied, ..., game_ended
            print(event.seq, event_kind(event), stream.last_view.to_act if stream.last_view else "")
    try:
        yellow.submit_move(game_id, moves.drop(0))
    except TabulaError as error:
        print(error.code, error.reason)  # StatusCode.FAILED_PRECONDITION GAME_OVER
