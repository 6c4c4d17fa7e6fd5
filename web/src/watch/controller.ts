// A game's page without its drawing: what the event stream has told (each event with the
// view after it), the seat's legal moves and the clicks made toward one, and the calls that
// act, all through the TypeScript client. It touches no DOM: after every change it asks
// for a redraw, and the view draws from what it holds.
import { type Game, type GameConfig, type GameEvent, type GameKindInfo, GameKind, GameStatus, type LegalMove, type Move, type TabulaClient, type View } from "@tabula/client/web";
import { clientAs, errorText, gameKinds, isPermanent, requestId } from "../api.js";
import { gameHref } from "../route.js";
import { rememberSeats, seatLinks, serviceKey } from "../store.js";
import { click, matches, type Selection, stepsOf, type Target } from "../play/steps.js";
import { typedMove } from "../play/typed.js";
import { Seats } from "../words.js";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import { serverSkewMs } from "./clock.js";
import { describe, type HistoryLine, markUndone } from "./history.js";

const IDLE: Selection = { state: "idle" };

export class WatchController {
  // What the stream has told so far; the view reads these, only the controller sets them.
  /** The views of the positions seen, by seq. */
  readonly views = new Map<number, View>();
  readonly lines: HistoryLine[] = [];
  latest: View | undefined;
  config: GameConfig | undefined;
  seatCount = 0;
  kind: GameKindInfo | undefined;
  seats = new Seats([]);
  ended = false;
  /** A past position being looked at (a seq), or undefined for the live game. */
  shown: number | undefined;
  /** The seat's legal moves, for the position of seq `legalSeq`. */
  legal: LegalMove[] = [];
  legalSeq = -1;
  selection: Selection = IDLE;
  /** A move is on its way to the server. */
  busy = false;
  /** The game as GetGame told it when the page opened (its players, bots, options). */
  game: Game | undefined;
  /** The board drawn turned half round from how its seat sees it. */
  flipped = false;
  /** The engine's suggestion for the position of seq `hintSeq`, asked for by the seat. */
  hint: Move | undefined;
  hintSeq = -1;
  /** The move chosen ahead, while the other seat is to move: clicks (from, to) or a typed name. */
  premove: { clicks: Target[]; typed?: string } | undefined;
  problem = "";
  streamNote = "Connecting…";
  /**
   * How far this browser's clock is ahead of the server's, in ms: clock readings carry the
   * server's time of reading, and a running clock counts down from then.
   */
  skewMs = 0;

  readonly #client: TabulaClient;
  readonly #abort = new AbortController();
  // The seats the server's engine plays, as the game says.
  #bots: number[] = [];
  // The seq whose legal moves are being asked for, so that one position is asked about once.
  #legalAsked = -1;
  #legalSoon = false;
  #reconnecting = false;

  constructor(
    readonly gameId: string,
    readonly token: string | undefined,
    private readonly redraw: () => void,
  ) {
    this.#client = clientAs(token);
  }

  start(): void {
    void this.#run();
  }

  /** Stops the stream and every call in flight. */
  dispose(): void {
    this.#abort.abort();
  }

  /** The position drawn: the one looked at, or the live one. */
  get viewShown(): View | undefined {
    return this.shown !== undefined ? (this.views.get(this.shown) ?? this.latest) : this.latest;
  }

  /** The seat this page plays (0: a spectator). */
  get viewer(): number {
    return this.latest?.viewerSeat ?? 0;
  }

  /** Whether this page plays a seat that a person plays (not the server's bot). */
  get playsSeat(): boolean {
    return this.viewer > 0 && !!this.token && !this.#bots.includes(this.viewer);
  }

  get myTurn(): boolean {
    const latest = this.latest;
    return !!latest && latest.status === GameStatus.IN_PROGRESS && this.playsSeat && latest.toAct.includes(this.viewer);
  }

  /** Whether the live position is on the board with the seat's legal moves for it. */
  get movesListed(): boolean {
    return this.shown === undefined && this.myTurn && this.legalSeq === Number(this.latest?.seq ?? -1);
  }

  /** Whether a click on the board may make a move now. */
  get canClick(): boolean {
    return this.movesListed && !this.busy;
  }

  /** Resigning is for a person's seat in a game against someone: a puzzle has no one to resign to. */
  get canResign(): boolean {
    return this.shown === undefined && this.latest?.status === GameStatus.IN_PROGRESS && this.playsSeat && this.seatCount > 1;
  }

  /** The seqs of the positions held, in order, and where the one shown stands among them. */
  positions(): { seqs: number[]; index: number } {
    const seqs = [...this.views.keys()].sort((a, b) => a - b);
    return { seqs, index: seqs.indexOf(this.shown ?? seqs[seqs.length - 1] ?? 0) };
  }

  /** Shows the position after event `seq` (undefined: the live game), from the views already streamed or, failing that, GetView at that seq. */
  show(seq: number | undefined): void {
    this.shown = seq !== undefined && seq === Number(this.latest?.seq ?? -1) ? undefined : seq;
    this.selection = IDLE;
    const at = this.shown;
    if (at !== undefined && !this.views.has(at)) {
      this.#client
        .getView(this.gameId, { atSeq: BigInt(at), signal: this.#abort.signal })
        .then((view) => this.views.set(at, view))
        .catch((e: unknown) => (this.problem = errorText(e)))
        .finally(this.redraw);
    }
    this.redraw();
  }

  /** Shows the position `delta` steps from the one shown. */
  step(delta: number): void {
    const { seqs, index } = this.positions();
    const seq = seqs[index + delta];
    if (seq !== undefined) this.show(seq);
  }

  /** A click on a highlighted target: the move it completes is made, else the clicks so far are kept. */
  clickTarget(t: Target): void {
    this.problem = "";
    this.selection = click(this.legal, this.viewer, this.selection.state === "idle" ? [] : this.selection.clicks, t);
    if (this.selection.state === "complete" && this.selection.moves.length === 1) {
      void this.submit(this.selection.moves[0]!);
      return;
    }
    this.redraw();
  }

  cancelSelection(): void {
    this.selection = IDLE;
    this.redraw();
  }

  async submit(m: LegalMove): Promise<void> {
    const latest = this.latest;
    if (!latest || !m.move || this.busy) return;
    this.busy = true;
    this.problem = "";
    this.redraw();
    try {
      const r = await this.#client.submitMove(this.gameId, m.move, { expectedSeq: latest.seq, requestId: requestId(), signal: this.#abort.signal });
      // The stream brings the same view; taking it now makes the page answer at once.
      if (r.view && r.view.seq > (this.latest?.seq ?? 0n)) this.latest = r.view;
    } catch (e) {
      this.problem = errorText(e);
    } finally {
      this.busy = false;
      this.selection = IDLE;
    }
    this.redraw();
    void this.#refreshLegal();
  }

  /** Makes the move `text` names (typed), or says why not; whether a move was sent (or kept as a premove). */
  typed(text: string): boolean {
    if (!this.canClick) {
      if (this.canPremove && text.trim()) {
        this.premove = { typed: text.trim(), clicks: [] };
        this.problem = "";
        this.redraw();
        return true;
      }
      this.problem = "Wait for your turn: the move can be typed then.";
      this.redraw();
      return false;
    }
    const found = typedMove(this.legal, text);
    if (found.kind === "move") {
      void this.submit(found.move);
      return true;
    }
    this.problem =
      found.kind === "several"
        ? `“${text.trim()}” could be ${found.moves.map((m) => m.label).join(", ")}: type one of those.`
        : `No legal move is written “${text.trim()}”.`;
    this.redraw();
    return false;
  }

  /** The lengths of the ships the seat still has to place (Battleship), longest first. */
  get shipsOwed(): number[] {
    const lengths = new Set<number>();
    for (const m of this.legal) {
      const k = m.move?.kind;
      if (k?.case === "place" && k.value.target.case === "ship") lengths.add(k.value.target.value.length);
    }
    return [...lengths].sort((a, b) => b - a);
  }

  /**
   * Places the rest of the seat's fleet at random: one of the longest ships the server lists
   * at a time, each placement a move like any other, so that the server alone says where a
   * ship may go (and that the rest will still fit).
   */
  async placeFleetAtRandom(): Promise<void> {
    for (let placed = 0; placed < 64 && this.shipsOwed.length > 0 && !this.#abort.signal.aborted; placed++) {
      const longest = this.shipsOwed[0];
      const choices = this.legal.filter((m) => m.move?.kind.case === "place" && m.move.kind.value.target.case === "ship" && m.move.kind.value.target.value.length === longest);
      const choice = choices[Math.floor(Math.random() * choices.length)];
      if (!choice) return;
      await this.submit(choice);
      if (this.problem) return;
      await this.#legalListed(5_000);
    }
  }

  /** Resolves once the seat's legal moves are those of the position on the board (or it is not to act), or after `ms`. */
  async #legalListed(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until && this.myTurn && this.legalSeq !== Number(this.latest?.seq ?? -1)) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Whether the seat may choose its next move while the other seat thinks (chess). */
  get canPremove(): boolean {
    const latest = this.latest;
    return (
      this.kind?.kind === GameKind.CHESS &&
      this.shown === undefined &&
      this.playsSeat &&
      latest?.status === GameStatus.IN_PROGRESS &&
      !latest.toAct.includes(this.viewer) &&
      !this.busy
    );
  }

  /**
   * A click toward a premove: first one of the seat's own pieces, then any other square. The
   * page judges nothing: on the seat's turn the clicks are matched against the legal moves,
   * and dropped, said so, when they make none.
   */
  premoveClick(t: Target): void {
    const clicks = this.premove?.clicks.length === 1 ? [...this.premove.clicks, t] : [t];
    this.premove = { clicks };
    this.redraw();
  }

  cancelPremove(): void {
    this.premove = undefined;
    this.redraw();
  }

  /** Plays the premove, now that the seat's legal moves are listed, if it is one of them. */
  #playPremove(): void {
    const pre = this.premove;
    if (!pre || !this.movesListed) return;
    this.premove = undefined;
    let chosen: LegalMove | undefined;
    let said = "";
    if (pre.typed) {
      const found = typedMove(this.legal, pre.typed);
      chosen = found.kind === "move" ? found.move : undefined;
      said = pre.typed;
    } else if (pre.clicks.length === 2) {
      const fitting = this.legal.filter((m) => {
        const steps = stepsOf(m.move, this.viewer);
        return steps.length === 2 && steps.every((st, i) => matches(st, pre.clicks[i]!));
      });
      // A pawn's premove to the last rank makes a queen, as players expect.
      chosen = fitting.find((m) => /=Q/.test(m.label)) ?? fitting[0];
      said = "the premove";
    }
    if (chosen) {
      void this.submit(chosen);
      return;
    }
    this.problem = `${said === "the premove" ? "The premove" : `The premove “${said}”`} is not a legal move now: it was dropped.`;
    this.redraw();
  }

  /** A grid shift whose landing place is shown on the board (Tic-Tac-Two), while its button is pointed at. */
  shiftShown: { dRow: number; dCol: number } | undefined;

  previewShift(shift: { dRow: number; dCol: number } | undefined): void {
    if (shift?.dRow === this.shiftShown?.dRow && shift?.dCol === this.shiftShown?.dCol) return;
    this.shiftShown = shift;
    this.redraw();
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.redraw();
  }

  /** Whether the seat may ask the engine for a move now. */
  get canHint(): boolean {
    return this.movesListed && !!this.game?.allowHints;
  }

  /** Whether the seat may take back its last move now (the game allows it and none is asked). */
  get canTakeBack(): boolean {
    const latest = this.latest;
    return (
      this.shown === undefined &&
      latest?.status === GameStatus.IN_PROGRESS &&
      this.playsSeat &&
      !!this.config?.allowTakebacks &&
      latest.lastMove?.seat === this.viewer &&
      !latest.takebackRequest
    );
  }

  /** Whether the other seat asks to take back a move, for this seat to answer. */
  get takebackAsked(): boolean {
    const asked = this.latest?.takebackRequest ?? 0;
    return this.shown === undefined && this.playsSeat && asked > 0 && asked !== this.viewer;
  }

  /**
   * Whether this tab may ask for a rematch (a managing call): the game is over without one,
   * and the tab holds a service key or created the game (on a server without keys).
   */
  get canRematch(): boolean {
    return this.ended && (!!serviceKey() || seatLinks(this.gameId).length > 0) && !!this.game && !this.game.rematch;
  }

  async askHint(): Promise<void> {
    const seq = Number(this.latest?.seq ?? -1);
    await this.#act(async () => {
      const r = await this.#client.getHint(this.gameId, { signal: this.#abort.signal });
      this.hint = r.move;
      this.hintSeq = seq;
    });
  }

  takeBack(): Promise<void> {
    return this.#act(() => this.#client.takeBack(this.gameId, { signal: this.#abort.signal }));
  }

  answerTakeBack(accept: boolean): Promise<void> {
    return this.#act(() => this.#client.answerTakeBack(this.gameId, accept, { signal: this.#abort.signal }));
  }

  /** The game's PGN, as the server writes it. */
  exportPgn(): Promise<string> {
    return this.#client.exportPgn(this.gameId, { signal: this.#abort.signal });
  }

  /** Asks for the rematch with this tab's service key, and opens it as the seat this page played (now the other). */
  async rematch(): Promise<void> {
    await this.#act(async () => {
      const r = await clientAs(serviceKey()).createRematch(this.gameId, { signal: this.#abort.signal });
      const id = r.game?.gameId;
      if (!id) return;
      const bots = new Set(r.game?.bots.map((b) => b.seat));
      const people = r.seatTokens.filter((t) => !bots.has(t.seat));
      rememberSeats(id, people);
      // The seats are swapped in a rematch: this page's player now plays the other seat.
      const mine = people.find((t) => t.seat === (this.viewer === 1 ? 2 : 1)) ?? people[0];
      location.hash = gameHref(id, mine?.token);
    });
  }

  /** Runs a call for the seat, its refusal shown in words. */
  async #act(call: () => Promise<unknown>): Promise<void> {
    this.problem = "";
    try {
      await call();
    } catch (e) {
      if (!this.#abort.signal.aborted) this.problem = errorText(e);
    }
    this.redraw();
  }

  async resign(): Promise<void> {
    try {
      await this.#client.resign(this.gameId, { signal: this.#abort.signal });
    } catch (e) {
      this.problem = errorText(e);
      this.redraw();
    }
  }

  async #run(): Promise<void> {
    const signal = this.#abort.signal;
    try {
      const [kinds, game] = await Promise.all([gameKinds(), this.#client.getGame(this.gameId, { signal })]);
      this.game = game;
      this.kind = kinds.find((k) => k.kind === game.kind);
      this.#bots = game.bots.map((b) => b.seat);
      this.seats = Seats.of(this.kind, game.players, this.#bots);
      if (game.config?.clock) {
        // GetView reads the clocks at the time of the request: that tells the skew.
        const sentAt = Date.now();
        const view = await this.#client.getView(this.gameId, { signal });
        this.skewMs = serverSkewMs(sentAt, Date.now(), view) ?? 0;
      }
    } catch (e) {
      if (signal.aborted) return;
      this.problem = errorText(e);
      this.streamNote = "";
      this.redraw();
      if (isPermanent(e)) return;
    }
    await this.#follow();
  }

  /** Follows the game's events to its end, through every reconnection the client makes. */
  async #follow(): Promise<void> {
    const signal = this.#abort.signal;
    const stream = this.#client.events(this.gameId, 0n, {
      includeViews: true,
      signal,
      // A page stays open as long as its reader wants: it never gives up, and says so.
      retries: Infinity,
      onReconnect: (error) => {
        this.#reconnecting = true;
        this.problem = errorText(error);
        this.streamNote = "Reconnecting…";
        this.redraw();
      },
    });
    this.streamNote = "Live.";
    this.redraw();
    try {
      for await (const event of stream) {
        if (this.#reconnecting) {
          this.#reconnecting = false;
          this.problem = "";
          this.streamNote = "Live.";
        }
        this.#take(event, stream.lastView);
        this.redraw();
        this.#refreshLegalSoon();
      }
      if (signal.aborted) return;
      // The stream ends after the game's final event.
      this.streamNote = this.ended ? "The game is over." : "The stream ended.";
    } catch (e) {
      if (signal.aborted) return;
      this.problem = errorText(e);
      this.streamNote = "";
    }
    this.redraw();
  }

  /** Told of each move that happens while the page is open (not of the history read at first); `taking`: it took a piece. */
  onMoveArrived: ((taking: boolean) => void) | undefined;
  readonly #openedAt = Date.now();

  /** Whether `event` happened while the page was open: past the seq of the game as the page read it at first, or by time (through the clock skew, an estimate) when the game could not be read. */
  #arrived(event: GameEvent): boolean {
    if (this.game) return event.seq > this.game.seq;
    return event.time !== undefined && timestampMs(event.time) >= this.#openedAt - this.skewMs;
  }

  #take(event: GameEvent, view: View | undefined): void {
    if (event.kind.case === "moveApplied" && this.#arrived(event)) {
      this.onMoveArrived?.(/x/.test(event.kind.value.label));
    }
    if (event.kind.case === "gameCreated") {
      this.config = event.kind.value.config;
      this.seatCount = event.kind.value.seatCount;
      this.seats = Seats.of(this.kind, event.kind.value.players, this.#bots);
    }
    if (view) {
      this.views.set(Number(event.seq), view);
      if (!this.latest || view.seq >= this.latest.seq) this.latest = view;
    }
    markUndone(this.lines, event);
    this.lines.push(describe(event, this.seats, this.seatCount));
    if (event.kind.case === "gameEnded") this.ended = true;
    if (event.kind.case === "gameResumed") this.ended = false;
  }

  /** Asks for the legal moves once the events that arrived together are taken: a backlog asks about its last position only. */
  #refreshLegalSoon(): void {
    if (this.#legalSoon) return;
    this.#legalSoon = true;
    setTimeout(() => {
      this.#legalSoon = false;
      void this.#refreshLegal();
    }, 0);
  }

  /** Asks for the seat's legal moves whenever it is to act in a position not yet asked about. */
  async #refreshLegal(): Promise<void> {
    if (!this.latest || !this.myTurn) {
      this.legal = [];
      return;
    }
    const seq = Number(this.latest.seq);
    if (this.legalSeq === seq || this.#legalAsked === seq) return;
    this.#legalAsked = seq;
    try {
      const r = await this.#client.listLegalMoves(this.gameId, 0, { signal: this.#abort.signal });
      // Only the answer for the position now on the board counts.
      if (Number(r.seq) === Number(this.latest?.seq ?? -1)) {
        this.legal = r.moves;
        this.legalSeq = Number(r.seq);
        this.selection = IDLE;
        this.redraw();
        this.#playPremove();
      }
    } catch (e) {
      if (!this.#abort.signal.aborted) {
        this.problem = errorText(e);
        this.redraw();
      }
    } finally {
      if (this.#legalAsked === seq) this.#legalAsked = -1;
    }
  }
}
