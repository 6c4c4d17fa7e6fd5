/**
 * Seats the server's own engine plays, for the `bots` option of the `createGameFrom...` calls:
 * `client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", { bots: [botSeat(2, 1)] })`.
 */
import { create } from "@bufbuild/protobuf";
import { durationFromMs } from "@bufbuild/protobuf/wkt";
import { type BotSeat, BotSeatSchema } from "./gen/tabula/v1/game_pb.js";

/**
 * The engine plays `seat` (from 1) at `level`, from 1 (the weakest: a random legal move) to the
 * kind's `GameKindInfo.maxBotLevel`, thinking at most `moveTimeMs` milliseconds per move
 * (absent or 0: the server's default of 1 second; at most 10 seconds). The engine moves as
 * soon as the seat is to act; its events carry the actor `{ case: "engine", value: seat }`.
 */
export function botSeat(seat: number, level: number, moveTimeMs?: number): BotSeat {
  return create(BotSeatSchema, {
    seat,
    level,
    moveTime: moveTimeMs === undefined ? undefined : durationFromMs(moveTimeMs),
  });
}
