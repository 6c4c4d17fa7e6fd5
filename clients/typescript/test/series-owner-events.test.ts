// A series on the owner's stream (`ownerEvents`): against a real server without keys, a
// best-of-3 tic-tac-toe series between two bots puts one SERIES_GAME_FINISHED per scored game
// and a final SERIES_FINISHED on the owner's stream, each with the game's `gameEnded` and the
// series' own event exactly as `seriesEvents` delivers it; other kinds carry no series event.
// And, over an in-process stand-in, that a kind filter is sent as it is, the series kinds and
// kinds this client does not name alike, and that `seriesEvent` arrives whole.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { create, equals } from "@bufbuild/protobuf";
import { type ConnectRouter, createRouterTransport } from "@connectrpc/connect";
import {
  botSeat,
  enumName,
  eventKind,
  type GameEvent,
  GameEventSchema,
  GameKind,
  GameService,
  type OwnerEvent,
  OwnerEventKind,
  OwnerEventKindSchema,
  OutcomeSchema,
  type SeriesEvent,
  SeriesEventSchema,
  seriesEventKind,
  type StreamOwnerEventsRequest,
  StreamOwnerEventsResponseSchema,
  TabulaClient,
} from "../src/index.js";
import { reader } from "./helpers.js";
import { useServer } from "./server.js";

const live = useServer(); // no keys: the owner's stream holds the games created without one

const SERIES_KINDS = [OwnerEventKind.SERIES_GAME_FINISHED, OwnerEventKind.SERIES_FINISHED];

/** How the owner's streams here are read: the first read starts as soon as the reader is made. */
const OWNER_STREAM = { name: "the owner's stream", eager: true };

/** A label of this test's own: a series' games carry its labels, and the owner's stream filters on them. */
function uniqueLabels(): Record<string, string> {
  return { suite: `series-owner-${randomBytes(6).toString("hex")}` };
}

/** The name of an owner event's kind, for messages. */
function kindName(event: OwnerEvent): string {
  return enumName(OwnerEventKindSchema, event.kind);
}

test("a best-of-3 series between bots puts each scored game and its end on the owner's stream, with the series' own events", async () => {
  const client = live.client;
  const labels = uniqueLabels();
  const signal = AbortSignal.timeout(50_000);
  // Opened before the series exists: its entries arrive live.
  const owner = reader(client.ownerEvents({ kinds: SERIES_KINDS, labels, signal }), OWNER_STREAM);

  const created = await client.createSeriesFromPreset(GameKind.TIC_TAC_TOE, "classic", {
    bestOf: 3,
    bots: [botSeat(1, 1), botSeat(2, 1)],
    labels,
  });
  const seriesId = created.series!.seriesId;

  const seriesEvents: SeriesEvent[] = [];
  for await (const event of client.seriesEvents(seriesId, 0n, { signal })) seriesEvents.push(event);
  const finished = seriesEvents.filter((e) => e.kind.case === "gameFinished");
  const end = seriesEvents.at(-1)!;
  assert.ok(end.kind.case === "seriesFinished", `the series' stream ends with ${seriesEventKind(end)}`);
  assert.ok(finished.length >= 2 && finished.length <= 3, `${finished.length} games scored`);

  const entries: OwnerEvent[] = [];
  for (let i = 0; i <= finished.length; i++) entries.push(await owner.next(`entry ${i + 1} of the series`));
  assert.deepEqual(
    entries.map(kindName),
    [...finished.map(() => "OWNER_EVENT_KIND_SERIES_GAME_FINISHED"), "OWNER_EVENT_KIND_SERIES_FINISHED"],
    "one SERIES_GAME_FINISHED per scored game, then SERIES_FINISHED",
  );
  for (let i = 1; i < entries.length; i++) {
    assert.ok(entries[i].cursor > entries[i - 1].cursor, `cursors increase: ${entries.map((e) => e.cursor)}`);
  }

  for (const [i, scored] of finished.entries()) {
    const entry = entries[i];
    assert.ok(scored.kind.case === "gameFinished");
    const game = scored.kind.value;
    assert.ok(entry.seriesEvent !== undefined, `entry ${i + 1} has its series event`);
    assert.ok(
      equals(SeriesEventSchema, entry.seriesEvent, scored),
      `entry ${i + 1}'s series event is the series stream's gameFinished of game ${game.number}`,
    );
    const ended = entry.gameEvent;
    assert.ok(ended?.kind.case === "gameEnded", `entry ${i + 1}'s game event is ${ended && eventKind(ended)}`);
    assert.equal(ended.gameId, game.gameId, `entry ${i + 1}'s game event is game ${game.number}'s`);
    const outcome = ended.kind.value.outcome;
    assert.ok(outcome && game.outcome && equals(OutcomeSchema, outcome, game.outcome), "the series scored the game's result");

    // The game's own stream ends with that very event, as a spectator sees it.
    const gameEvents: GameEvent[] = [];
    for await (const event of client.events(game.gameId, 0n, { signal })) gameEvents.push(event);
    const own = gameEvents.filter((e) => e.kind.case === "gameEnded").at(-1);
    assert.ok(own !== undefined && equals(GameEventSchema, ended, own), `game ${game.number}'s gameEnded as its stream has it`);
  }

  const last = entries.at(-1)!;
  assert.ok(last.seriesEvent !== undefined, "SERIES_FINISHED has its series event");
  assert.ok(equals(SeriesEventSchema, last.seriesEvent, end), "SERIES_FINISHED's series event is the series' seriesFinished");
  assert.ok(last.gameEvent?.kind.case === "gameEnded", "SERIES_FINISHED's game event is a gameEnded");
  const deciding = finished.at(-1)!;
  assert.ok(deciding.kind.case === "gameFinished");
  assert.equal(last.gameEvent.gameId, deciding.kind.value.gameId, "of the game that decided the series");
  assert.ok(equals(GameEventSchema, last.gameEvent, entries.at(-2)!.gameEvent!), "the same gameEnded as that game's SERIES_GAME_FINISHED");
  assert.ok(entries.every((e) => e.seriesEvent!.seriesId === seriesId), "every entry names the series");

  // The same games' GAME_ENDED entries carry no series event.
  const plain = reader(client.ownerEvents({ kinds: [OwnerEventKind.GAME_ENDED], labels, signal }), OWNER_STREAM);
  for (const [i, scored] of finished.entries()) {
    const entry = await plain.next(`the GAME_ENDED of game ${i + 1}`);
    assert.equal(entry.kind, OwnerEventKind.GAME_ENDED);
    assert.equal(entry.gameEvent?.gameId, scored.kind.case === "gameFinished" ? scored.kind.value.gameId : undefined);
    assert.equal(entry.seriesEvent, undefined, "a GAME_ENDED has no series event");
  }
});

test("ownerEvents sends the series kinds (and any kind it does not name) as its filter, and yields seriesEvent whole", async () => {
  const requests: StreamOwnerEventsRequest[] = [];
  const seriesEvent = create(SeriesEventSchema, {
    seriesId: "s1",
    seq: 7n,
    kind: { case: "seriesFinished", value: { winner: 2, points: [0.5, 1.5] } },
  });
  const transport = createRouterTransport((router: ConnectRouter) =>
    router.service(GameService, {
      async *streamOwnerEvents(request) {
        requests.push(request);
        yield create(StreamOwnerEventsResponseSchema, {
          event: {
            cursor: 4n,
            kind: OwnerEventKind.SERIES_FINISHED,
            gameEvent: { gameId: "g2", seq: 9n, kind: { case: "gameEnded", value: {} } },
            seriesEvent,
          },
        });
        yield create(StreamOwnerEventsResponseSchema, { event: { cursor: 6n, kind: 99 as OwnerEventKind } });
      },
    }),
  );
  const client = new TabulaClient(transport);
  const kinds = [...SERIES_KINDS, 99 as OwnerEventKind];
  const events: OwnerEvent[] = [];
  for await (const event of client.ownerEvents({ kinds })) events.push(event);
  assert.deepEqual(requests.map((r) => r.kinds), [[11, 12, 99]], "the kinds go out as their numbers");
  assert.deepEqual(events.map(kindName), ["OWNER_EVENT_KIND_SERIES_FINISHED", "unknown(99)"]);
  assert.ok(equals(SeriesEventSchema, events[0].seriesEvent!, seriesEvent));
  assert.equal(events[0].gameEvent?.gameId, "g2");
  assert.equal(events[1].seriesEvent, undefined);
});
