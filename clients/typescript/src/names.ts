/**
 * Names for what a server sends, total over values this client does not know.
 *
 * A newer server may send an enum number or a oneof arm that this client's generated code
 * predates. Nothing here throws on them: an enum number without a name is shown as
 * `unknown(<number>)` (the message keeps the number), and a message whose oneof holds an
 * arm this client does not know (it reads as `case: undefined`) is of kind `"unknown"`.
 */
import type { DescEnum } from "@bufbuild/protobuf";
import type { Actor, GameEvent } from "./gen/tabula/v1/event_pb.js";
import type { Move } from "./gen/tabula/v1/move_pb.js";
import type { SeriesEvent } from "./gen/tabula/v1/series_pb.js";
import type { TournamentEvent } from "./gen/tabula/v1/tournament_pb.js";

/** The kind of an event or move whose oneof arm this client does not know. */
export const UNKNOWN = "unknown";

/**
 * The proto name of `value` in the enum `schema` (`GameKindSchema`, ...), for example
 * `GAME_KIND_CHESS`; `unknown(999)` for a number this client does not know. Unlike
 * `GameKind[value]`, which is `undefined` for such a number, this is always a string:
 * `enumName(GameKindSchema, view.kind)`.
 */
export function enumName(schema: DescEnum, value: number): string {
  return schema.value[value]?.name ?? `${UNKNOWN}(${value})`;
}

/** The arms of `GameEvent.kind`, and `"unknown"` for one added after this client. */
export type EventKind = NonNullable<GameEvent["kind"]["case"]> | typeof UNKNOWN;

/** The arms of `SeriesEvent.kind`, and `"unknown"` for one added after this client. */
export type SeriesEventKind = NonNullable<SeriesEvent["kind"]["case"]> | typeof UNKNOWN;

/** The arms of `TournamentEvent.kind`, and `"unknown"` for one added after this client. */
export type TournamentEventKind = NonNullable<TournamentEvent["kind"]["case"]> | typeof UNKNOWN;

/** The arms of `Actor.kind`, and `"unknown"` for one added after this client. */
export type ActorKind = NonNullable<Actor["kind"]["case"]> | typeof UNKNOWN;

/** The arms of `Move.kind`, and `"unknown"` for one added after this client. */
export type MoveKind = NonNullable<Move["kind"]["case"]> | typeof UNKNOWN;

/**
 * `event.kind.case` (`"gameCreated"`, `"moveApplied"`, `"gameAborted"`, `"gameAdjudicated"`,
 * `"timedOut"`, `"clockPaused"`, `"clockResumed"`, `"timeAdded"`, `"moveTakenBack"`,
 * `"takebackRequested"`, `"takebackDeclined"`, `"seatPresenceChanged"`, `"gameResumed"`,
 * ...), or `"unknown"` for an event of a kind added after this client: such an event still
 * has its `seq` and `time`, and event streams deliver it like any other.
 */
export function eventKind(event: GameEvent): EventKind {
  return event.kind.case ?? UNKNOWN;
}

/**
 * `event.kind.case` of a series' event: `"gameStarted"`, `"gameFinished"` or
 * `"seriesFinished"` (always the last), or `"unknown"` for an event of a kind added after this
 * client: such an event still has its `seq` and `time`, and `seriesEvents` delivers it like
 * any other.
 */
export function seriesEventKind(event: SeriesEvent): SeriesEventKind {
  return event.kind.case ?? UNKNOWN;
}

/**
 * `event.kind.case` of a tournament's event: `"roundPaired"`, `"boardFinished"`,
 * `"roundFinished"`, `"playerWithdrew"`, `"playerJoined"` or `"tournamentEnded"` (always the
 * last), or
 * `"unknown"` for an event of a kind added after this client: such an event still has its
 * `seq` and `time`, and `tournamentEvents` delivers it like any other.
 */
export function tournamentEventKind(event: TournamentEvent): TournamentEventKind {
  return event.kind.case ?? UNKNOWN;
}

/**
 * `actor.kind.case`: `"seat"` (a seat's own credential; the value is its number),
 * `"service"` (a service key; `value.keyName` is its public name, empty on a server without
 * keys), `"engine"` (the server's engine playing a bot seat; the value is that seat's number)
 * or `"clock"` (the game's clock: a `timedOut` event, or a move it played for a seat out of
 * time), or `"unknown"` for a kind of actor added after this client. Events of seats, service
 * keys, the engine and the clock carry one (`event.actor`); `gameCreated` and `gameEnded`
 * events carry none (`event.actor === undefined`), and `actorKind(undefined)` is `"unknown"` too.
 */
export function actorKind(actor: Actor | undefined): ActorKind {
  return actor?.kind.case ?? UNKNOWN;
}

/** `move.kind.case` (`"place"`, `"move"`, `"shot"`, ...), or `"unknown"` for a kind of move added after this client. */
export function moveKind(move: Move): MoveKind {
  return move.kind.case ?? UNKNOWN;
}
