"""Views sent as changes: `apply_view_change` on hand-made changes and its refusals, and
against a real server, streams with `view_changes` hand out the views `include_views`
streams do, message by message, while the wire carries the first view whole and the rest
as changes."""

from __future__ import annotations

import asyncio

import pytest

from relay import Relay
from tabula_client import AsyncClient, Client, TabulaError, ViewChangeError, apply_view_change, pb


def grid(marks: dict[int, int]) -> pb.GridBoard:
    board = pb.GridBoard(width=3, height=2, column_labels=["a", "b", "c"])
    for index in range(6):
        board.cells.add(owner=marks.get(index, 0), piece=pb.Piece.PIECE_MARK if index in marks else 0)
    return board


def test_a_change_applies_its_cells_and_points_and_leaves_its_inputs_alone() -> None:
    earlier = pb.View(seq=3, to_act=[1], board=grid({0: 1}))
    earlier.seat_boards.append(grid({}))
    earlier.graph.points.add(x=0, y=0, occupant=0)
    change = pb.ViewChange(view=pb.View(seq=4, to_act=[2]))
    change.cells.add(seat_board=0, cell=pb.Cell(row=1, col=2), content=pb.BoardCell(owner=2, piece=pb.Piece.PIECE_MARK))
    change.cells.add(seat_board=1, cell=pb.Cell(row=0, col=1), content=pb.BoardCell(owner=1, piece=pb.Piece.PIECE_HIT))
    change.points.add(point=0, occupant=2)
    before = pb.View()
    before.CopyFrom(earlier)
    later = apply_view_change(earlier, change)
    assert earlier == before, "the earlier view is not modified"
    assert (later.seq, list(later.to_act)) == (4, [2])
    assert later.board.cells[5] == pb.BoardCell(owner=2, piece=pb.Piece.PIECE_MARK)
    assert later.seat_boards[0].cells[1] == pb.BoardCell(owner=1, piece=pb.Piece.PIECE_HIT)
    assert later.graph.points[0].occupant == 2
    assert list(later.board.column_labels) == ["a", "b", "c"]


def test_a_change_made_from_another_view_is_refused() -> None:
    earlier = pb.View(board=grid({}))
    off = pb.ViewChange(view=pb.View())
    off.cells.add(seat_board=0, cell=pb.Cell(row=2, col=0))
    with pytest.raises(ViewChangeError, match=r"cell \(2, 0\)") as refused:
        apply_view_change(earlier, off)
    assert (refused.value.board, refused.value.row, refused.value.col) == (0, 2, 0)
    seat = pb.ViewChange(view=pb.View())
    seat.cells.add(seat_board=2, cell=pb.Cell(row=0, col=0))
    with pytest.raises(ViewChangeError, match="board 2"):
        apply_view_change(earlier, seat)
    point = pb.ViewChange(view=pb.View())
    point.points.add(point=0, occupant=1)
    with pytest.raises(ViewChangeError, match="point 0"):
        apply_view_change(earlier, point)
    with pytest.raises(ViewChangeError, match="no view"):
        apply_view_change(earlier, pb.ViewChange())


def play(client: Client, game_id: str, tokens: list[str], moves_wanted: int) -> int:
    """Plays the middle legal move of whoever acts, `moves_wanted` times; the last seq."""
    seq = 1
    for _ in range(moves_wanted):
        view = client.get_view(game_id)
        if not view.to_act:
            break
        seat = client.with_credential(tokens[view.to_act[0] - 1])
        legal = seat.list_legal_moves(game_id).moves
        seq = seat.submit_move(game_id, legal[len(legal) // 2].move).seq
    return seq


@pytest.mark.parametrize(("kind", "preset"), [("reversi", "othello"), ("chess", "standard"), ("morris", "nine")])
def test_streams_of_view_changes_hand_out_the_whole_views(server: str, kind: str, preset: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset(kind, preset)
        game_id, tokens = created.game.game_id, [t.token for t in created.seat_tokens]
        last = play(client, game_id, tokens, 12)
        for viewer in (client, client.with_credential(tokens[1])):
            whole: list[pb.View] = []
            with viewer.events(game_id, include_views=True) as stream:
                for event in stream:
                    assert stream.last_view is not None
                    whole.append(stream.last_view)
                    if event.seq == last:
                        break
            applied: list[pb.View] = []
            with viewer.events(game_id, view_changes=True) as stream:
                for event in stream:
                    assert stream.last_view is not None
                    applied.append(stream.last_view)
                    if event.seq == last:
                        break
            assert applied == whole
            # On the wire: the first view whole, then changes, no board in them.
            raw = viewer.stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id, view_changes=True))
            wire = [response for _, response in zip(range(last), raw)]
            raw.cancel()
            assert wire[0].HasField("view") and not wire[0].HasField("view_change")
            for response in wire[1:]:
                assert response.HasField("view_change") and not response.HasField("view")
                assert not response.view_change.view.HasField("board")
                assert not response.view_change.view.HasField("graph")


def test_an_async_stream_of_view_changes_hands_out_the_whole_views(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("reversi", "othello")
        game_id = created.game.game_id
        last = play(client, game_id, [t.token for t in created.seat_tokens], 8)
        expected = [client.get_view(game_id, at_seq=seq) for seq in range(1, last + 1)]

    async def follow() -> list[pb.View]:
        views: list[pb.View] = []
        async with AsyncClient(server) as client, client.events(game_id, view_changes=True) as stream:
            async for event in stream:
                assert stream.last_view is not None
                views.append(stream.last_view)
                if event.seq == last:
                    break
        return views

    followed = asyncio.run(follow())
    assert [(v.seq, v.board) for v in followed] == [(v.seq, v.board) for v in expected]


async def play_async(client: AsyncClient, game_id: str, tokens: list[str], moves_wanted: int) -> int:
    """`play`, awaited."""
    seq = 1
    for _ in range(moves_wanted):
        view = await client.get_view(game_id)
        if not view.to_act:
            break
        seat = client.with_credential(tokens[view.to_act[0] - 1])
        legal = (await seat.list_legal_moves(game_id)).moves
        seq = (await seat.submit_move(game_id, legal[len(legal) // 2].move)).seq
    return seq


def recording_requests(monkeypatch: pytest.MonkeyPatch) -> list[pb.StreamEventsRequest]:
    """The requests the event streams open (and reopen) their calls with, as they are made."""
    from tabula_client import _common

    made: list[pb.StreamEventsRequest] = []
    original = _common.stream_request

    def recorded(game_id: str, after_seq: int, include_views: bool, view_changes: bool = False) -> pb.StreamEventsRequest:
        made.append(original(game_id, after_seq, include_views, view_changes))
        return made[-1]

    monkeypatch.setattr(_common, "stream_request", recorded)
    return made


def test_a_resumed_stream_of_view_changes_starts_again_from_a_whole_view(
    server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    relay = Relay(server)
    try:
        with Client(server) as direct, Client(relay.address) as relayed:
            created = direct.create_game_from_preset("reversi", "othello")
            game_id, tokens = created.game.game_id, [t.token for t in created.seat_tokens]
            play(direct, game_id, tokens, 2)
            requests = recording_requests(monkeypatch)
            stream = relayed.events(game_id, view_changes=True)
            followed: list[pb.View] = []
            last = 0
            with stream:
                for event in stream:
                    assert stream.last_view is not None
                    followed.append(stream.last_view)
                    if event.seq == 2:
                        relay.cut_all()
                        # Played while the follower is disconnected: its resumed call starts
                        # from the view after the last event it had, sent whole.
                        last = play(direct, game_id, tokens, 5)
                    elif event.seq == last:
                        break
            assert last > 3
            assert [view.seq for view in followed] == list(range(1, last + 1))
            assert followed == [direct.get_view(game_id, at_seq=seq) for seq in range(1, last + 1)]
            assert len(requests) >= 2 and requests[0].after_seq == 0 and requests[-1].after_seq >= 2
            assert all(request.view_changes and request.include_views for request in requests)
    finally:
        relay.close()


async def test_a_resumed_async_stream_of_view_changes_starts_again_from_a_whole_view(
    server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    relay = Relay(server)
    try:
        async with AsyncClient(server) as direct, AsyncClient(relay.address) as relayed:
            created = await direct.create_game_from_preset("chess", "standard")
            game_id, tokens = created.game.game_id, [t.token for t in created.seat_tokens]
            await play_async(direct, game_id, tokens, 2)
            requests = recording_requests(monkeypatch)
            followed: list[pb.View] = []
            last = 0
            async with relayed.events(game_id, view_changes=True) as stream:
                async for event in stream:
                    assert stream.last_view is not None
                    followed.append(stream.last_view)
                    if event.seq == 2:
                        relay.cut_all()
                        last = await play_async(direct, game_id, tokens, 5)
                    elif event.seq == last:
                        break
            assert last > 3
            assert [view.seq for view in followed] == list(range(1, last + 1))
            assert followed == [await direct.get_view(game_id, at_seq=seq) for seq in range(1, last + 1)]
            assert len(requests) >= 2 and requests[0].after_seq == 0 and requests[-1].after_seq >= 2
            assert all(request.view_changes and request.include_views for request in requests)
    finally:
        relay.close()


def test_a_change_before_any_whole_view_ends_the_stream() -> None:
    from tabula_client import _common

    response = pb.StreamEventsResponse(event=pb.GameEvent(seq=5), view_change=pb.ViewChange(view=pb.View()))
    with pytest.raises(TabulaError) as refused:
        _common.next_view("g", None, response)
    assert refused.value.reason == "VIEW_CHANGE_MISMATCH" and refused.value.metadata == {"seq": "5"}
