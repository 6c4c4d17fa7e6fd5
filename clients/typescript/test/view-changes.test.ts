// Views sent as changes (`viewChanges`): `applyViewChange` on hand-made changes and its
// refusals; against a real server, games with a grid (Reversi, chess), seat boards
// (Battleship) and a graph (Morris) followed with `includeViews` and with
// `viewChanges` give the same views message by message, while the wire carries the first view
// whole and the rest as changes; a stream resumed after a dropped connection starts from a
// whole view again. And, over an in-process service, what the option sends, that the views
// handed out are the caller's, and a change that does not apply.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clone, create, equals, type MessageInitShape } from "@bufbuild/protobuf";
import { type ConnectRouter, createRouterTransport, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import {
  applyViewChange,
  BoardCellSchema,
  Code,
  type CreateGameResponse,
  type EventOptions,
  GameKind,
  GameService,
  type GridBoard,
  GridBoardSchema,
  moves,
  Piece,
  type StreamEventsRequest,
  type StreamEventsResponse,
  StreamEventsResponseSchema,
  TabulaError,
  type View,
  VIEW_CHANGE_MISMATCH,
  type ViewChange,
  ViewChangeSchema,
  ViewSchema,
} from "../src/index.js";
import * as web from "../src/web.js";
import { seatClients } from "./helpers.js";
import { startRelay, useServer } from "./server.js";

const live = useServer();

// ---- applyViewChange, offline ----

/** A `width` x `height` grid with a mark of `owner` at each `[index, owner]`. */
function grid(width: number, height: number, marks: [number, number][] = []): GridBoard {
  const cells = Array.from({ length: width * height }, () => ({}));
  const board = create(GridBoardSchema, { width, height, cells, columnLabels: ["a", "b", "c"] });
  for (const [index, owner] of marks) board.cells[index] = create(BoardCellSchema, { owner, piece: Piece.MARK });
  return board;
}

const view = (init: MessageInitShape<typeof ViewSchema>) => create(ViewSchema, init);
const change = (init: MessageInitShape<typeof ViewChangeSchema>) => create(ViewChangeSchema, init);

/** A predicate for `assert.throws`: VIEW_CHANGE_MISMATCH with this message and metadata. */
function mismatch(message: string, metadata: Record<string, string>) {
  return (error: unknown) => {
    assert.ok(error instanceof TabulaError, String(error));
    assert.deepEqual([error.code, error.reason, error.message], [Code.DataLoss, VIEW_CHANGE_MISMATCH, message]);
    assert.deepEqual(error.metadata, metadata);
    return true;
  };
}

test("the web entry offers applyViewChange too", () => {
  assert.equal(web.applyViewChange, applyViewChange);
  assert.equal(web.VIEW_CHANGE_MISMATCH, "VIEW_CHANGE_MISMATCH");
});

test("a change of one cell applies to the earlier view, which it leaves as it was", () => {
  const earlier = view({ gameId: "g", seq: 3n, toAct: [1], moveCount: 2, board: grid(3, 2, [[0, 1]]) });
  const later = view({ gameId: "g", seq: 4n, toAct: [2], moveCount: 3, board: grid(3, 2, [[0, 1], [5, 2]]) });
  const made = change({
    view: { gameId: "g", seq: 4n, toAct: [2], moveCount: 3 },
    cells: [{ seatBoard: 0, cell: { row: 1, col: 2 }, content: { owner: 2, piece: Piece.MARK } }],
  });
  const [earlierBefore, madeBefore] = [clone(ViewSchema, earlier), clone(ViewChangeSchema, made)];
  const applied = applyViewChange(earlier, made);
  assert.ok(equals(ViewSchema, applied, later), "the later view exactly");
  assert.ok(equals(ViewSchema, earlier, earlierBefore), "the earlier view is left as it was");
  assert.ok(equals(ViewChangeSchema, made, madeBefore), "the change is left as it was");
  // The answer shares nothing with its arguments.
  applied.board!.cells[0].owner = 9;
  applied.board!.cells[5].owner = 9;
  applied.toAct.push(7);
  assert.ok(equals(ViewSchema, earlier, earlierBefore));
  assert.ok(equals(ViewChangeSchema, made, madeBefore));
  // A cell without content is emptied; a change without cells keeps the board.
  const emptied = applyViewChange(earlier, change({ view: { seq: 4n }, cells: [{ seatBoard: 0, cell: {} }] }));
  assert.ok(equals(ViewSchema, emptied, view({ seq: 4n, board: grid(3, 2) })));
  assert.ok(equals(ViewSchema, applyViewChange(earlier, change({ view: {} })), view({ board: grid(3, 2, [[0, 1]]) })));
});

test("a board the change carries replaces the earlier one whole", () => {
  const earlier = view({ board: grid(3, 2) });
  const relabelled = grid(3, 2, [[1, 1]]);
  relabelled.columnLabels[0] = "z";
  const later = view({ board: relabelled });
  assert.ok(equals(ViewSchema, applyViewChange(earlier, change({ view: later })), later));
  const wider = view({ board: grid(4, 2, [[7, 2]]) });
  assert.ok(equals(ViewSchema, applyViewChange(earlier, change({ view: wider })), wider));
});

test("seat boards' cells and graph points change in place", () => {
  const graph = (occupants: number[]) => ({
    width: 3,
    height: 1,
    points: occupants.map((occupant, x) => ({ x, y: 0, occupant, label: `p${x}` })),
  });
  const earlier = view({ seatBoards: [grid(2, 2), grid(2, 2, [[3, 2]])], graph: graph([0, 1, 0]) });
  const later = view({ seatBoards: [grid(2, 2, [[2, 1]]), grid(2, 2, [[3, 2]])], graph: graph([2, 0, 0]) });
  const made = change({
    view: {},
    cells: [{ seatBoard: 1, cell: { row: 1, col: 0 }, content: { owner: 1, piece: Piece.MARK } }],
    points: [{ point: 0, occupant: 2 }, { point: 1, occupant: 0 }],
  });
  const earlierBefore = clone(ViewSchema, earlier);
  const applied = applyViewChange(earlier, made);
  assert.ok(equals(ViewSchema, applied, later));
  applied.graph!.points[2].occupant = 5;
  applied.seatBoards[1].cells[0].owner = 5;
  assert.ok(equals(ViewSchema, earlier, earlierBefore), "the earlier view is left as it was");
  // Seat boards the change carries replace the earlier ones, all of them.
  const three = view({ seatBoards: [grid(1, 1), grid(1, 1), grid(1, 1)], graph: graph([0, 0, 0]) });
  assert.ok(equals(ViewSchema, applyViewChange(earlier, change({ view: three })), three));
});

test("a change naming a board, cell or point the earlier view lacks is refused", () => {
  const earlier = view({ board: grid(3, 2) });
  const at = (seatBoard: number, row: number, col: number) => change({ view: {}, cells: [{ seatBoard, cell: { row, col } }] });
  assert.throws(
    () => applyViewChange(earlier, at(0, 2, 0)),
    mismatch("the view change names cell (2, 0), off board 0", { seat_board: "0", row: "2", col: "0" }),
  );
  // Off the board by its column, though row * width + col is a cell of it.
  assert.throws(
    () => applyViewChange(earlier, at(0, 0, 3)),
    mismatch("the view change names cell (0, 3), off board 0", { seat_board: "0", row: "0", col: "3" }),
  );
  assert.throws(
    () => applyViewChange(earlier, at(2, 0, 0)),
    mismatch("the view change names board 2, which the earlier view does not have", { seat_board: "2" }),
  );
  assert.throws(
    () => applyViewChange(view({}), at(0, 0, 0)),
    mismatch("the view change names board 0, which the earlier view does not have", { seat_board: "0" }),
  );
  assert.throws(
    () => applyViewChange(earlier, change({ view: {}, points: [{ point: 0, occupant: 1 }] })),
    mismatch("the view change names point 0, which the earlier view's graph does not have", { point: "0" }),
  );
  const graphed = view({ graph: { width: 1, height: 1, points: [{ x: 0, y: 0 }] } });
  assert.throws(
    () => applyViewChange(graphed, change({ view: {}, points: [{ point: 1, occupant: 1 }] })),
    mismatch("the view change names point 1, which the earlier view's graph does not have", { point: "1" }),
  );
  assert.throws(() => applyViewChange(earlier, change({})), mismatch("the view change carries no view", {}));
  assert.ok(equals(ViewSchema, earlier, view({ board: grid(3, 2) })), "a refusal leaves the view as it was");
});

// ---- against a real server ----

/** A client whose every StreamEvents response, as it came off the wire, is recorded: one list per stream. */
function tappedClient(address: string): { client: web.TabulaClient; wire: StreamEventsResponse[][] } {
  const wire: StreamEventsResponse[][] = [];
  const tap: Interceptor = (next) => async (request) => {
    const response = await next(request);
    if (!response.stream || request.method.name !== "StreamEvents") return response;
    const messages: StreamEventsResponse[] = [];
    wire.push(messages);
    const recorded = async function* () {
      for await (const message of response.message) {
        messages.push(clone(StreamEventsResponseSchema, message as StreamEventsResponse));
        yield message;
      }
    };
    return { ...response, message: recorded() };
  };
  const baseUrl = `http://${address}`;
  const sessions = new Http2SessionManager(baseUrl);
  const transport = createGrpcTransport({ baseUrl, sessionManager: sessions, interceptors: [tap] });
  return { client: new web.TabulaClient(transport, { onClose: () => sessions.abort() }), wire };
}

/** Plays `plies` moves, each the seat to act's `pick` of its legal moves. */
async function play(created: CreateGameResponse, plies: number, pick = (count: number, ply: number) => (ply * 7) % count) {
  const gameId = created.game!.gameId;
  const seats = seatClients(live.client, created);
  for (let ply = 0; ply < plies; ply++) {
    const { toAct } = await live.client.getView(gameId);
    const seat = seats[toAct[0] - 1];
    const legal = await seat.listLegalMoves(gameId);
    assert.ok(legal.moves.length > 0, `seat ${toAct[0]} has a move at ply ${ply}`);
    await seat.submitMove(gameId, legal.moves[pick(legal.moves.length, ply)].move!, { expectedSeq: legal.seq });
  }
}

/** The views the stream carried with its first `count` events, checked to be the events'. */
async function views(reader: web.TabulaClient, gameId: string, count: number, options: EventOptions): Promise<View[]> {
  const stream = reader.events(gameId, 0n, { ...options, signal: AbortSignal.timeout(15_000) });
  const seen: View[] = [];
  for await (const event of stream) {
    assert.equal(stream.lastView?.seq, event.seq, `the view of event ${event.seq}`);
    seen.push(stream.lastView!);
    if (seen.length >= count) break;
  }
  assert.equal(seen.length, count, "the stream carried every event");
  return seen;
}

/** The first message of each stream carried a whole view and no change, every later one a change and no view. */
function assertChangesOnTheWire(wire: StreamEventsResponse[][], what: string) {
  // A stream cut before its first message carried nothing.
  const carried = wire.filter((messages) => messages.length > 0);
  assert.ok(carried.length > 0, `${what}: a stream carried messages`);
  for (const [n, messages] of carried.entries()) {
    const [first, ...rest] = messages;
    assert.ok(first.view !== undefined && first.viewChange === undefined, `${what}: stream ${n}'s first view is whole`);
    for (const message of rest) {
      assert.ok(message.view === undefined, `${what}: no whole view at seq ${message.event?.seq}`);
      assert.ok(message.viewChange?.view !== undefined, `${what}: a change at seq ${message.event?.seq}`);
    }
  }
}

/** Follows the game as each reader with `includeViews` and with `viewChanges`: the same views, message by message. */
async function sameViews(created: CreateGameResponse, readers: [string, string | undefined][]) {
  const gameId = created.game!.gameId;
  const count = Number((await live.client.getView(gameId)).seq);
  for (const [name, credential] of readers) {
    const whole = await views(live.client.withCredential(credential), gameId, count, { includeViews: true });
    const tapped = tappedClient(live.server.address);
    try {
      const changed = await views(tapped.client.withCredential(credential), gameId, count, { viewChanges: true });
      assert.equal(changed.length, whole.length);
      for (const [i, view] of changed.entries()) {
        assert.ok(equals(ViewSchema, view, whole[i]), `${name}: the view at seq ${i + 1} is the one includeViews carried`);
      }
      assertChangesOnTheWire(tapped.wire, name);
      const changes = tapped.wire.flat().slice(1).map((m) => m.viewChange!);
      assert.equal(changes.length, count - 1);
      assert.ok(
        changes.some((c) => c.cells.length + c.points.length > 0),
        `${name}: some change carried cells or points`,
      );
    } finally {
      tapped.client.close();
    }
  }
}

test("Reversi and chess followed with view changes give the views includeViews gives", async () => {
  for (const [kind, preset, plies] of [[GameKind.REVERSI, "othello", 12], [GameKind.CHESS, "standard", 10]] as const) {
    const created = await live.client.createGameFromPreset(kind, preset);
    await play(created, plies);
    await sameViews(created, [[`${preset}: a spectator`, undefined], [`${preset}: seat 1`, created.seatTokens[0].token]]);
    // Such a game's boards keep their shape: every change after the first view carries no board.
    const tapped = tappedClient(live.server.address);
    try {
      await views(tapped.client, created.game!.gameId, plies + 1, { viewChanges: true });
      for (const message of tapped.wire[0].slice(1)) {
        const carried = message.viewChange!.view!;
        assert.ok(carried.board === undefined && carried.graph === undefined && carried.seatBoards.length === 0);
        assert.ok(message.viewChange!.cells.length <= 20, `${preset}: a move changes a few cells, not the board`);
      }
    } finally {
      tapped.client.close();
    }
  }
});

test("Battleship's seat boards follow with view changes too, for a spectator and each seat", async () => {
  const battleship = await live.client.createGameFromConfig({
    game: { case: "battleship", value: { width: 6, height: 6, fleet: [3, 2] } },
  });
  const gameId = battleship.game!.gameId;
  const [blue, red] = seatClients(live.client, battleship);
  await blue.submitMove(gameId, moves.placeFleet([moves.ship(0, 0, 3), moves.ship(2, 0, 2)]));
  await red.submitMove(gameId, moves.placeShip(moves.ship(5, 3, 3)));
  await red.submitMove(gameId, moves.placeShip(moves.ship(0, 5, 2, true)));
  await blue.submitMove(gameId, moves.ready());
  await red.submitMove(gameId, moves.ready());
  await blue.submitMove(gameId, moves.shot(5, 4));
  await red.submitMove(gameId, moves.shot(4, 4));
  await blue.submitMove(gameId, moves.shot(3, 3));
  await sameViews(battleship, [
    ["battleship: a spectator", undefined],
    ["battleship: blue", battleship.seatTokens[0].token],
    ["battleship: red", battleship.seatTokens[1].token],
  ]);
});

test("Morris's graph points follow with view changes too", async () => {
  const morris = await live.client.createGameFromPreset(GameKind.MORRIS, "nine");
  await play(morris, 10);
  await sameViews(morris, [["morris: a spectator", undefined], ["morris: seat 2", morris.seatTokens[1].token]]);
});

test("a stream with view changes resumes after a disconnect from a whole view again", async () => {
  const relay = await startRelay(live.server.address);
  const tapped = tappedClient(relay.address);
  try {
    const created = await live.client.createGameFromPreset(GameKind.REVERSI, "othello");
    const gameId = created.game!.gameId;
    await play(created, 3); // seqs 2 to 4
    const stream = tapped.client.events(gameId, 0n, { viewChanges: true, signal: AbortSignal.timeout(15_000) });
    const seen: View[] = [];
    for await (const event of stream) {
      assert.equal(stream.lastView?.seq, event.seq);
      seen.push(stream.lastView!);
      if (event.seq === 4n) {
        relay.cutAll();
        // Played while the follower is disconnected: the resumed stream brings them.
        await play(created, 4, (count, ply) => (ply * 3) % count);
      }
      if (event.seq === 8n) break;
    }
    assert.deepEqual(seen.map((v) => v.seq), [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]);
    assert.ok(tapped.wire.filter((messages) => messages.length > 0).length >= 2, "the stream was reopened");
    assertChangesOnTheWire(tapped.wire, "resumed");
    const resumed = tapped.wire.filter((messages) => messages.length > 0).at(-1)!;
    assert.equal(resumed[0].event?.seq, 5n, "the resumed stream starts after the last event, with its view whole");
    for (const [i, view] of seen.entries()) {
      const past = await live.client.getView(gameId, { atSeq: BigInt(i + 1) });
      assert.ok(equals(ViewSchema, view, past), `the view at seq ${i + 1} is the game as it stood then`);
    }
  } finally {
    tapped.client.close();
    await relay.close();
  }
});

// ---- over an in-process service ----

/** A StreamEvents service answering each stream with `answer(request)`, recording the requests. */
function standIn(answer: (request: StreamEventsRequest) => MessageInitShape<typeof StreamEventsResponseSchema>[]) {
  const requests: StreamEventsRequest[] = [];
  const transport = createRouterTransport((router: ConnectRouter) =>
    router.service(GameService, {
      async *streamEvents(request: StreamEventsRequest) {
        requests.push(request);
        for (const message of answer(request)) yield create(StreamEventsResponseSchema, message);
      },
    }),
  );
  return { client: new web.TabulaClient(transport), requests };
}

const event = (seq: bigint) => ({ seq, kind: { case: "moveApplied" as const, value: { seat: 1 } } });

test("viewChanges asks for views as changes; includeViews alone does not", async () => {
  const { client, requests } = standIn(() => []);
  const options: [EventOptions, boolean, boolean][] = [
    [{ viewChanges: true }, true, true],
    [{ viewChanges: true, includeViews: false }, true, true],
    [{ includeViews: true }, true, false],
    [{ viewChanges: false }, false, false],
    [{}, false, false],
  ];
  for (const [option] of options) for await (const _ of client.events("g", 0n, option)) assert.fail("no event");
  assert.deepEqual(
    requests.map((r) => [r.includeViews, r.viewChanges]),
    options.map(([, includeViews, viewChanges]) => [includeViews, viewChanges]),
  );
});

test("an event stream hands out whole views, and refuses a change that does not apply", async () => {
  const board = grid(3, 2);
  const good = standIn(() => [
    { event: event(1n), view: { seq: 1n, board } },
    { event: event(2n), viewChange: { view: { seq: 2n }, cells: [{ cell: { row: 1, col: 1 }, content: { owner: 1, piece: Piece.MARK } }] } },
    { event: event(3n), viewChange: { view: { seq: 3n }, cells: [{ cell: { row: 0, col: 0 }, content: { owner: 2, piece: Piece.MARK } }] } },
  ]);
  const stream = good.client.events("g", 0n, { viewChanges: true });
  const seen: View[] = [];
  for await (const _ of stream) {
    seen.push(clone(ViewSchema, stream.lastView!));
    stream.lastView!.board!.cells[2].owner = 7; // the caller's copy: the next change is not made from it
  }
  assert.deepEqual(seen.map((v) => v.seq), [1n, 2n, 3n]);
  assert.ok(equals(ViewSchema, seen[2], view({ seq: 3n, board: grid(3, 2, [[0, 2], [4, 1]]) })));

  const refused = async (messages: MessageInitShape<typeof StreamEventsResponseSchema>[], message: string) => {
    const { client } = standIn(() => messages);
    const seqs: bigint[] = [];
    await assert.rejects(
      (async () => {
        for await (const e of client.events("g", 0n, { viewChanges: true, onReconnect: () => assert.fail("no resume") })) {
          seqs.push(e.seq);
        }
      })(),
      (error: unknown) => {
        assert.ok(error instanceof TabulaError, String(error));
        assert.deepEqual([error.code, error.reason, error.message], [Code.DataLoss, VIEW_CHANGE_MISMATCH, message]);
        return true;
      },
    );
    return seqs;
  };
  const offBoard: ViewChange = change({ view: { seq: 2n }, cells: [{ cell: { row: 5, col: 0 } }] });
  assert.deepEqual(
    await refused([{ event: event(1n), view: { seq: 1n, board } }, { event: event(2n), viewChange: offBoard }], "the view change names cell (5, 0), off board 0"),
    [1n],
  );
  assert.deepEqual(
    await refused([{ event: event(1n), viewChange: { view: { seq: 1n } } }], "a view change came before any whole view"),
    [],
  );
});
