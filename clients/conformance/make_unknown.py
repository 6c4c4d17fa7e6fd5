"""Writes unknown.json: answers of a newer server that carry oneof arms and enum values this
contract does not define, with what every client must report for each (format in README.md).

Run it with the Python client installed (its test.sh makes clients/python/.venv):

    clients/python/.venv/bin/python clients/conformance/make_unknown.py > clients/conformance/unknown.json

The output is deterministic: fixed identifiers and times, no randomness.
"""

from __future__ import annotations

import base64
import json
import sys

from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from tabula_client._gen.tabula.v1 import (
    config_pb2,
    event_pb2,
    game_pb2,
    game_service_pb2,
    move_pb2,
    view_pb2,
)

#: A field number the contract uses in no message: a newer server's oneof arm or field.
NEW_FIELD = 1000
#: An enum number the contract defines in no enum.
NEW_VALUE = 999
GAME_ID = "g-newer-server"
START = 1735689600  # 2025-01-01T00:00:00Z


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def new_arm(message: Message) -> bytes:
    """`message` encoded with a length-delimited field NEW_FIELD appended: how a oneof arm
    added by a newer contract reaches this one (its content is a made-up message)."""
    content = b"\x08\x02\x12\x04note"  # {1: 2, 2: "note"}
    return message.SerializeToString() + varint(NEW_FIELD << 3 | 2) + varint(len(content)) + content


def with_new_arm(message: Message) -> Message:
    parsed = type(message).FromString(new_arm(message))
    assert parsed.SerializeToString() == new_arm(message), "the unknown arm survives a round trip"
    return parsed


def time(seconds: int) -> Timestamp:
    return Timestamp(seconds=START + seconds)


def rfc3339(seconds: int) -> str:
    return time(seconds).ToJsonString()


def encode(message: Message) -> str:
    return base64.b64encode(message.SerializeToString()).decode("ascii")


def unknown(path: str) -> dict[str, object]:
    return {"enum": path, "number": NEW_VALUE, "name": f"unknown({NEW_VALUE})"}


def event(seq: int, **kind: Message) -> event_pb2.GameEvent:
    return event_pb2.GameEvent(game_id=GAME_ID, seq=seq, time=time(seq), **kind)


def stream_entry() -> dict[str, object]:
    created = event(
        1,
        game_created=event_pb2.GameCreated(
            config=config_pb2.GameConfig(tic_tac_toe=config_pb2.TicTacToeConfig(size=3, win_length=3)), seat_count=2
        ),
    )
    newer_event = with_new_arm(event(2))
    newer_move = event(
        3, move_applied=event_pb2.MoveApplied(seat=1, move=with_new_arm(move_pb2.Move()), move_number=1)
    )
    ended = event(
        4, game_ended=event_pb2.GameEnded(outcome=game_pb2.Outcome(type=NEW_VALUE, winner=0, reason=NEW_VALUE))
    )
    responses = [game_service_pb2.StreamEventsResponse(event=e) for e in (created, newer_event, newer_move, ended)]
    return {
        "name": "an event stream: an event of a new kind, a move of a new kind, an ending with new enum values",
        "call": "StreamEvents",
        "responses": [encode(r) for r in responses],
        "break_after": 2,
        "expect": {
            "events": [
                {"seq": "1", "time": rfc3339(1), "kind": "game_created", "checks": []},
                {"seq": "2", "time": rfc3339(2), "kind": "unknown", "checks": []},
                {
                    "seq": "3",
                    "time": rfc3339(3),
                    "kind": "move_applied",
                    "checks": [{"move": "move_applied.move", "kind": "unknown"}],
                },
                {
                    "seq": "4",
                    "time": rfc3339(4),
                    "kind": "game_ended",
                    "checks": [unknown("game_ended.outcome.type"), unknown("game_ended.outcome.reason")],
                },
            ],
            "reopened_after": "2",
        },
    }


def newer_view(seq: int) -> view_pb2.View:
    view = view_pb2.View(
        game_id=GAME_ID,
        kind=NEW_VALUE,
        viewer_seat=1,
        board=view_pb2.GridBoard(width=2, height=1, cells=[view_pb2.BoardCell(owner=1, piece=NEW_VALUE), view_pb2.BoardCell()]),
        to_act=[2],
        status=game_pb2.GAME_STATUS_IN_PROGRESS,
        last_move=view_pb2.LastMove(seat=1, move=with_new_arm(move_pb2.Move()), notation="a1"),
        move_count=1,
        seq=seq,
        seat_phases=[NEW_VALUE, view_pb2.PHASE_PLACING],
        stage=NEW_VALUE,
    )
    # A new field of View itself, beside the known ones.
    return with_new_arm(view)


VIEW_CHECKS: list[dict[str, object]] = [
    unknown("kind"),
    {"enum": "status", "number": 1, "name": "GAME_STATUS_IN_PROGRESS"},
    unknown("stage"),
    unknown("seat_phases[0]"),
    {"enum": "seat_phases[1]", "number": 1, "name": "PHASE_PLACING"},
    unknown("board.cells[0].piece"),
    {"enum": "board.cells[1].piece", "number": 0, "name": "PIECE_UNSPECIFIED"},
    {"move": "last_move.move", "kind": "unknown"},
]


def view_entry() -> dict[str, object]:
    return {
        "name": "a view of a game of a new kind, in a new stage, with a new piece and a move of a new kind",
        "call": "GetView",
        "responses": [encode(game_service_pb2.GetViewResponse(view=newer_view(3)))],
        "expect": {"seq": "3", "checks": VIEW_CHECKS},
    }


def game_entry() -> dict[str, object]:
    game = game_pb2.Game(
        name=f"games/{GAME_ID}",
        game_id=GAME_ID,
        kind=NEW_VALUE,
        config=with_new_arm(config_pb2.GameConfig()),
        status=NEW_VALUE,
        outcome=game_pb2.Outcome(type=game_pb2.OUTCOME_TYPE_WIN, winner=1, reason=NEW_VALUE),
        seat_count=2,
        seq=9,
        move_count=7,
        create_time=time(0),
        update_time=time(9),
    )
    return {
        "name": "a game of a new kind (its configuration a new arm), in a new status, ended for a new reason",
        "call": "GetGame",
        "responses": [encode(game_service_pb2.GetGameResponse(game=game))],
        "expect": {
            "seq": "9",
            "checks": [
                unknown("kind"),
                unknown("status"),
                {"enum": "outcome.type", "number": 1, "name": "OUTCOME_TYPE_WIN"},
                unknown("outcome.reason"),
            ],
        },
    }


def submit_entry() -> dict[str, object]:
    placed = event(4, move_applied=event_pb2.MoveApplied(seat=2, move=move_pb2.Move(place=move_pb2.Place(column=2)), move_number=2))
    response = game_service_pb2.SubmitMoveResponse(applied=True, seq=5, events=[placed, with_new_arm(event(5))], view=newer_view(5))
    return {
        "name": "a move's answer: it produced a known event, then one of a new kind; the view has new values",
        "call": "SubmitMove",
        "responses": [encode(response)],
        "expect": {
            "seq": "5",
            "checks": [
                {"event": "events[0]", "kind": "move_applied"},
                {"move": "events[0].move_applied.move", "kind": "place"},
                {"event": "events[1]", "kind": "unknown"},
            ]
            + [{**check, **{key: f"view.{check[key]}" for key in ("enum", "move") if key in check}} for check in VIEW_CHECKS],
        },
    }


def main() -> None:
    fixture = {"version": 1, "entries": [stream_entry(), view_entry(), game_entry(), submit_entry()]}
    json.dump(fixture, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
