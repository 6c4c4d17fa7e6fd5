// A lobby's game, start to end, through a server restart: Alice and Bob seated by name in a new
// tic-tac-toe game, a third task following its events, a move refused on purpose and handled
// by its reason, and both seats played to the end (each takes its first legal move). After the
// third move it asks for the server to be stopped and started again on the same store, and plays
// on: reads and moves sent with a request id are retried by the client, and the event stream
// resumes by itself. Exits 0 only when every check held.
// Usage: node lobby.js [HOST:PORT]   (or TABULA_ADDR; default 127.0.0.1:50051)
import { ErrorReason, eventKind, GameKind, GameStatus, TabulaClient, TabulaError } from "@tabula/client";

const address = process.argv[2] ?? process.env.TABULA_ADDR ?? "127.0.0.1:50051";
const RESTART_AFTER_MOVES = 3;
const RESTART_WAIT_MS = 60_000;

const failures: string[] = [];
function check(held: boolean, what: string): void {
  console.log(`${held ? "ok" : "FAILED"}: ${what}`);
  if (!held) failures.push(what);
}

// The default retry policy, saying what it does.
const client = TabulaClient.connect({
  address,
  retry: { onRetry: (error, attempt, delayMs) => console.log(`retry: attempt ${attempt} in ${delayMs} ms after ${error.codeName}`) },
});

// Resolved when the event stream first loses the server.
let serverLost: () => void = () => {};
const lost = new Promise<void>((resolve) => (serverLost = resolve));

/** Waits until the follower has seen the server go away, for at most RESTART_WAIT_MS. */
async function serverWentAway(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the server was not restarted within ${RESTART_WAIT_MS / 1000} s`)), RESTART_WAIT_MS);
  });
  try {
    await Promise.race([lost, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The third task: follows every event of the game to its end, resuming on its own. */
async function follow(gameId: string): Promise<bigint[]> {
  const seqs: bigint[] = [];
  const stream = client.events(gameId, 0n, {
    onReconnect: (error, delayMs) => {
      console.log(`follower: stream lost (${error.codeName}), resuming after event ${stream.lastSeq} in ${delayMs} ms`);
      serverLost();
    },
  });
  for await (const event of stream) {
    seqs.push(event.seq);
    console.log(`follower: event ${event.seq} ${eventKind(event)}`);
  }
  return seqs;
}

try {
  const created = await client.createGameFromPreset(GameKind.TIC_TAC_TOE, "classic", {
    players: [
      { playerId: "alice", displayName: "Alice" },
      { playerId: "bob", displayName: "Bob" },
    ],
    requestId: `lobby-${Date.now()}`, // makes the creation safe to retry
  });
  const gameId = created.game.gameId;
  const names = created.game.players.map((p) => p.displayName);
  console.log(`created game ${gameId}: ${names.join(" against ")}`);
  const seats = new Map(created.seatTokens.map((t) => [t.seat, client.withCredential(t.token)]));
  const following = follow(gameId);

  // Bob moves before Alice on purpose (one of her legal moves): the server refuses, and says why.
  try {
    await seats.get(2)!.submitMove(gameId, (await client.listLegalMoves(gameId, 1)).moves[0].move);
    check(false, "Bob's early move was refused");
  } catch (error) {
    if (!(error instanceof TabulaError)) throw error;
    switch (error.errorReason) {
      case ErrorReason.NOT_YOUR_TURN:
        check(true, `Bob's early move was refused: ${error.reason}`);
        break;
      default:
        throw error;
    }
  }

  let view = await client.getView(gameId);
  let played = 0;
  while (view.status === GameStatus.IN_PROGRESS) {
    if (played === RESTART_AFTER_MOVES) {
      console.log("restart the server now: stop it and start it again on the same address and store");
      await serverWentAway();
      console.log("the server went away: playing on");
    }
    const seat = view.toAct[0];
    const player = seats.get(seat)!;
    const [first] = (await player.listLegalMoves(gameId)).moves;
    // A request id makes the move safe to retry: the server applies it at most once.
    const answer = await player.submitMove(gameId, first.move, { requestId: `${gameId}-${view.seq}` });
    console.log(`${names[seat - 1]} played ${first.label}`);
    view = answer.view;
    played += 1;
  }

  const seqs = await following;
  const outcome = view.outcome;
  console.log(`game over after ${played} moves: ${outcome?.winner ? `${names[outcome.winner - 1]} won` : "a draw"}`);
  check(played > RESTART_AFTER_MOVES, "the game went on after the restart");
  check(seqs.every((seq, i) => seq === BigInt(i + 1)), "the follower saw every event once, in order");
  check(seqs.at(-1) === view.seq, `the follower saw the game's last event, ${view.seq}`);
} finally {
  client.close();
}
console.log(failures.length === 0 ? "every check held" : `${failures.length} check(s) failed`);
process.exitCode = failures.length === 0 ? 0 : 1;
