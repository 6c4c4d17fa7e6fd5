// A game's status in words, and the filter that chooses games by it (the list and the console).
import { GameStatus } from "@tabula/client/web";
import { h } from "../dom.js";

export const STATUS_WORDS: Record<number, string> = {
  [GameStatus.IN_PROGRESS]: "in progress",
  [GameStatus.FINISHED]: "finished",
  [GameStatus.ARCHIVED]: "archived",
};

/** A choice of the statuses to list, `first` chosen at the start. */
export function statusFilter(id: string, first: GameStatus): HTMLSelectElement {
  const choices: [GameStatus, string][] = [
    [GameStatus.UNSPECIFIED, "in progress or finished"],
    [GameStatus.IN_PROGRESS, "in progress"],
    [GameStatus.FINISHED, "finished"],
    [GameStatus.ARCHIVED, "archived"],
  ];
  return h("select", { id, "aria-label": "Status" }, ...choices.map(([value, words]) => h("option", { value, selected: value === first }, words)));
}
