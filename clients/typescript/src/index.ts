/**
 * Client for the Tabula game service (tabula.v1) on Node.js: `TabulaClient.connect` opens a
 * connection over Node's HTTP/2; `new TabulaClient(transport)` runs over any Connect transport
 * (without Node, import the same from `@tabula/client/web`). Every message, schema and enum of
 * the contract (and google.rpc's error details) is re-exported from the generated code, and
 * `Code` and `ConnectError` from Connect; `moves` builds every move kind, `botSeat` a seat the
 * server's engine plays, `gameFromPreset`, `gameFromConfig`, `gameFromPgn` and
 * `gameFromSavedConfig` the requests of `batchCreateGames`, `clocks` time controls and a
 * seat's time left, `presenceConfig` a game's presence (`seatPresence` reads a seat's), and
 * `endingTakebackWindowMs` how long a game's ending move may still be taken back;
 * unary calls that fail with UNAVAILABLE are retried when safe to repeat (reads, and writes
 * with a request id: `DEFAULT_RETRY_POLICY`, the `retry` and `waitForReady` options);
 * failures reject with `TabulaError` (gRPC code, the server's stable reason, also as an
 * `ErrorReason` value in `errorReason`, the `BadRequest` field violations, message and
 * metadata); `enumName`, `eventKind`, `seriesEventKind`, `tournamentEventKind`, `actorKind`
 * and `moveKind` name what the server sent, `"unknown"` for what a newer server added. `events`
 * follows a game (with its views whole, or sent as changes it applies, `viewChanges`;
 * `applyViewChange` applies one), `seriesEvents` a series (several games between the same two
 * players, `createSeriesFrom...`), `tournamentEvents` a tournament (many players, round after
 * round of games the server pairs, `createTournamentFrom...`), `ownerEvents` every game the
 * calling service key owns (`OwnerEvent`s of the kinds of `OwnerEventKind`, numbered by the
 * key's own cursor; those of a series' games scored and of a series decided carry the series'
 * own event, `seriesEvent`, those of a tournament's boards, rounds and end its own,
 * `tournamentEvent`).
 * A game created with a `ratingPool` (`RatingPool.KIND`, `RatingPool.PRESET`) is rated: its
 * players' Glicko-2 ratings, read with `getPlayerRatings` and `listLeaderboard`.
 */
export * from "./web.js";
// Node's client, with `connect`, in place of the transport-agnostic one of the same name.
export { TabulaClient, type ConnectOptions, type TlsOptions } from "./node.js";
