"""A puzzle's solutions against a real server: the 15-hole triangle from its start (the peg
solitaire kind's default configuration) has 29,760, listed a page at a time in a fixed order;
one of them played move by move wins the game; who may ask, and the refusals."""

from __future__ import annotations

from contextlib import aclosing

import grpc
import pytest

from tabula_client import AsyncClient, Client, ErrorReason, TabulaError, pb

TRIANGLE_SOLUTIONS = "29760"
# 14 pegs on 15 holes, one jump a move, one peg left.
JUMPS = 13


def default_puzzle(client: Client) -> pb.CreateGameResponse:
    """A game of peg solitaire's default configuration: the triangle of 15, apex empty."""
    kind = next(kind for kind in client.list_game_kinds() if kind.name == "peg_solitaire")
    assert kind.default_config.peg_solitaire.board == pb.PegBoard.PEG_BOARD_TRIANGLE
    return client.create_game_from_config(kind.default_config)


def key(solution: pb.PuzzleSolution) -> bytes:
    return solution.SerializeToString(deterministic=True)


def test_the_triangle_from_its_start_has_29760_solutions(server: str) -> None:
    with Client(server) as client:
        created = default_puzzle(client)
        assert created.game.allow_hints, "peg solitaire allows hints unless asked not to"
        seat = client.with_credential(created.seat_tokens[0].token)
        page = seat.list_puzzle_solutions(created.game.game_id)
    assert (page.seq, page.solution_count, page.count_overflow) == (1, TRIANGLE_SOLUTIONS, False)
    assert len(page.solutions) == 50, "page_size 0 means 50"
    assert page.next_page_token and page.nodes > 0
    for solution in page.solutions:
        assert len(solution.moves) == len(solution.labels) == JUMPS
        assert all(move.HasField("move") for move in solution.moves), "each a jump, ready to submit"


def test_pages_chain_with_their_tokens_in_a_fixed_order(server: str) -> None:
    with Client(server) as client:
        created = default_puzzle(client)
        game_id = created.game.game_id
        seat = client.with_credential(created.seat_tokens[0].token)
        pages, token = [], ""
        for _ in range(4):
            page = seat.list_puzzle_solutions(game_id, page_size=5, page_token=token)
            assert page.solution_count == TRIANGLE_SOLUTIONS and len(page.solutions) == 5
            assert page.next_page_token and page.next_page_token != token
            pages.append(page)
            token = page.next_page_token
        chained = [key(solution) for page in pages for solution in page.solutions]
        assert len(set(chained)) == 20, "no solution listed twice"
        whole = seat.list_puzzle_solutions(game_id, page_size=20)
        assert [key(solution) for solution in whole.solutions] == chained, "the same solutions in the same order"
        assert seat.list_puzzle_solutions(game_id, page_size=5).solutions == pages[0].solutions, "and again"


def test_iterating_lists_every_solution_once_and_the_last_page_ends_it(server: str) -> None:
    with Client(server) as client:
        created = default_puzzle(client)
        game_id = created.game.game_id
        seat = client.with_credential(created.seat_tokens[0].token)
        every = [key(solution) for solution in seat.iter_puzzle_solutions(game_id, page_size=500)]
        assert len(every) == len(set(every)) == int(TRIANGLE_SOLUTIONS)

        # A few jumps on, fewer solutions: the pages, followed by hand, end with an empty token.
        for move in seat.list_puzzle_solutions(game_id, page_size=1).solutions[0].moves[:4]:
            seat.submit_move(game_id, move)
        pages, token = [], ""
        while True:
            page = seat.list_puzzle_solutions(game_id, page_size=50, page_token=token)
            pages.append(page)
            token = page.next_page_token
            if not token:
                break
        assert len(pages) > 1 and pages[-1].seq == 5
        by_hand = [key(solution) for page in pages for solution in page.solutions]
        assert len(by_hand) == int(pages[0].solution_count), "every page counted"
        assert 0 < len(pages[-1].solutions) <= 50
        assert [key(solution) for solution in seat.iter_puzzle_solutions(game_id, page_size=50)] == by_hand


def test_a_listed_solution_played_move_by_move_wins_the_game(server: str) -> None:
    with Client(server) as client:
        created = default_puzzle(client)
        game_id = created.game.game_id
        seat = client.with_credential(created.seat_tokens[0].token)
        solution = seat.list_puzzle_solutions(game_id, page_size=3).solutions[2]
        for seq, move in enumerate(solution.moves, start=1):  # the creation is seq 1
            answer = seat.submit_move(game_id, move, expected_seq=seq)
            assert answer.applied
        assert answer.status == pb.GameStatus.GAME_STATUS_FINISHED, "the last jump ends it"
        game = client.get_game(game_id)
        assert game.status == pb.GameStatus.GAME_STATUS_FINISHED
        assert (game.outcome.type, game.outcome.winner) == (pb.OutcomeType.OUTCOME_TYPE_WIN, 1)
        assert game.outcome.reason == pb.EndReason.END_REASON_SOLVED

        # Finished: anyone who may read it lists any of its positions.
        spectator = client.with_credential(None)
        start = spectator.list_puzzle_solutions(game_id, at_seq=1, page_size=3)
        assert (start.seq, start.solution_count) == (1, TRIANGLE_SOLUTIONS)
        assert start.solutions[2] == solution, "the same position, the same order"
        one_on = spectator.list_puzzle_solutions(game_id, at_seq=2, page_size=1)
        assert one_on.seq == 2 and 0 < int(one_on.solution_count) < int(TRIANGLE_SOLUTIONS)
        solved = spectator.list_puzzle_solutions(game_id)
        assert solved.solution_count == "1" and list(solved.solutions) == [pb.PuzzleSolution()], "the empty sequence"


def test_who_may_ask_and_what_is_refused(server: str) -> None:
    with Client(server) as client:
        created = default_puzzle(client)
        game_id = created.game.game_id
        seat = client.with_credential(created.seat_tokens[0].token)
        for asker in (client, client.with_credential(None)):
            with pytest.raises(TabulaError) as stands:
                asker.list_puzzle_solutions(game_id)
            assert (stands.value.code, stands.value.reason) == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_REQUIRED")
            assert stands.value.error_reason == ErrorReason.ERROR_REASON_SEAT_REQUIRED
        # A page token of a position the game has moved on from.
        first = seat.list_puzzle_solutions(game_id, page_size=2)
        seat.submit_move(game_id, first.solutions[0].moves[0])
        with pytest.raises(TabulaError) as stale:
            seat.list_puzzle_solutions(game_id, page_size=2, page_token=first.next_page_token)
        assert (stale.value.code, stale.value.reason) == (grpc.StatusCode.ABORTED, "STALE_SEQ")
        assert stale.value.error_reason == ErrorReason.ERROR_REASON_STALE_SEQ
        again = seat.list_puzzle_solutions(game_id, page_size=2)
        assert again.seq == 2 and [len(solution.moves) for solution in again.solutions] == [JUMPS - 1] * 2
        named = seat.list_puzzle_solutions(game_id, at_seq=2, page_size=2)
        assert named.solutions == again.solutions, "the current position, named by its seq"
        with pytest.raises(TabulaError) as finished_only:
            seat.list_puzzle_solutions(game_id, at_seq=1)
        assert finished_only.value.error_reason == ErrorReason.ERROR_REASON_GAME_NOT_FINISHED

        triangle = pb.GameConfig(peg_solitaire=pb.PegSolitaireConfig())
        no_hints = client.create_game_from_config(triangle, allow_hints=False)
        with pytest.raises(TabulaError) as disabled:
            client.with_credential(no_hints.seat_tokens[0].token).list_puzzle_solutions(no_hints.game.game_id)
        assert disabled.value.error_reason == ErrorReason.ERROR_REASON_HINTS_DISABLED

        board = client.create_game_from_preset("tic_tac_toe", "classic", allow_hints=True)
        x = client.with_credential(board.seat_tokens[0].token)
        with pytest.raises(TabulaError) as not_a_puzzle:
            x.list_puzzle_solutions(board.game.game_id)
        assert (not_a_puzzle.value.code, not_a_puzzle.value.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "UNSUPPORTED_BY_GAME",
        )
        with pytest.raises(TabulaError) as not_iterable:
            next(x.iter_puzzle_solutions(board.game.game_id))
        assert not_iterable.value.error_reason == ErrorReason.ERROR_REASON_UNSUPPORTED_BY_GAME


def test_a_count_beyond_the_servers_bound_is_refused(server: str) -> None:
    with Client(server) as client:
        created = client.create_game_from_preset("peg_solitaire", "english")
        seat = client.with_credential(created.seat_tokens[0].token)
        with pytest.raises(TabulaError) as bounded:
            seat.list_puzzle_solutions(created.game.game_id)
    assert (bounded.value.code, bounded.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "SEARCH_LIMIT_REACHED")
    assert bounded.value.error_reason == ErrorReason.ERROR_REASON_SEARCH_LIMIT_REACHED
    assert int(bounded.value.metadata["nodes"]) > 0


async def test_the_async_client_lists_and_iterates_solutions(server: str) -> None:
    async with AsyncClient(server) as client:
        created = await client.create_game_from_config(pb.GameConfig(peg_solitaire=pb.PegSolitaireConfig()))
        game_id = created.game.game_id
        seat = client.with_credential(created.seat_tokens[0].token)
        page = await seat.list_puzzle_solutions(game_id, page_size=120)
        assert page.solution_count == TRIANGLE_SOLUTIONS and len(page.solutions) == 120

        iterated: list[pb.PuzzleSolution] = []
        async with aclosing(seat.iter_puzzle_solutions(game_id, page_size=50)) as solutions:
            async for solution in solutions:
                iterated.append(solution)
                if len(iterated) == 120:
                    break
        assert iterated == list(page.solutions), "three pages of 50 (the last in part) in the same order"

        with pytest.raises(TabulaError) as spectator:
            await client.list_puzzle_solutions(game_id)
        assert spectator.value.error_reason == ErrorReason.ERROR_REASON_SEAT_REQUIRED
        for move in page.solutions[0].moves:
            await seat.submit_move(game_id, move)
        assert (await client.get_game(game_id)).outcome.type == pb.OutcomeType.OUTCOME_TYPE_WIN
        # The position after the twelfth jump (seq 13): the last jump is its one solution.
        rest = [solution async for solution in client.iter_puzzle_solutions(game_id, at_seq=JUMPS)]
        assert len(rest) == 1 and list(rest[0].moves) == list(page.solutions[0].moves[-1:])
        no_game = client.iter_puzzle_solutions("no-such-game")
        with pytest.raises(TabulaError) as missing:
            await anext(no_game)
        assert missing.value.error_reason == ErrorReason.ERROR_REASON_GAME_NOT_FOUND
