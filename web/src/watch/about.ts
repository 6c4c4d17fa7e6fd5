// What the game is, in words for its heading: the preset it was made from, with the rules
// that preset plays, and each rated player's rating.
import { equals } from "@bufbuild/protobuf";
import { GameConfigSchema } from "@tabula/client/web";
import type { WatchController } from "./controller.js";

/** `classic: 7×6, four in a row`, when the game's configuration is one of its kind's presets; else `a configuration of its own`. */
export function presetWords(ctrl: WatchController): string {
  const config = ctrl.game?.config;
  if (!config || !ctrl.kind) return "";
  const preset = ctrl.kind.presets.find((p) => p.config && equals(GameConfigSchema, p.config, config));
  if (!preset) return "a configuration of its own";
  return preset.description ? `${preset.name}: ${preset.description}` : preset.name;
}

/** ` (1523)` for seat `index` (from 0) of a rated game, its rating when the game was made; else empty. */
export function ratingOf(ctrl: WatchController, index: number): string {
  const rating = ctrl.game?.rating?.before[index];
  return rating ? ` (${Math.round(rating.rating)}${rating.provisional ? "?" : ""})` : "";
}
