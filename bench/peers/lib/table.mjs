// The report: one Markdown table, a row per load, figure and system, each with its
// median over the rounds, its ratio to Colyseus's and boardgame.io's, and every round.

import { median } from './stats.mjs';

const format = (value) => {
  if (!Number.isFinite(value)) return 'n/a';
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
};

const ratio = (value, peer) => {
  if (!Number.isFinite(value) || !Number.isFinite(peer) || peer === 0) return 'n/a';
  const quotient = value / peer;
  return `${quotient >= 10 ? quotient.toFixed(1) : quotient.toFixed(2)}×`;
};

/**
 * `results`: [{ load, label, system, primary, figures: [{...per round}] }]. A peer's
 * ratio uses its primary row for the same load (the idiomatic way to use that system).
 */
export function markdownTable(results, figuresByLoad) {
  const lines = [
    '| Load | Figure | System | Median | ÷ Colyseus | ÷ boardgame.io | Rounds |',
    '| --- | --- | --- | ---: | ---: | ---: | --- |',
  ];
  for (const [load, figures] of Object.entries(figuresByLoad)) {
    const rows = results.filter((result) => result.load === load);
    if (rows.length === 0) continue;
    const peer = (system, figure) => {
      const row = rows.find((r) => r.system === system && r.primary);
      return row ? median(row.rounds.map((round) => round?.[figure])) : NaN;
    };
    for (const figure of figures) {
      for (const row of rows) {
        const values = row.rounds.map((round) => round?.[figure]);
        if (values.every((value) => value === undefined)) continue;
        const value = median(values);
        lines.push(
          `| ${load} | ${figure} | ${row.label} | ${format(value)} | ${ratio(value, peer('colyseus', figure))} | ${ratio(value, peer('boardgameio', figure))} | ${values.map(format).join(', ')} |`,
        );
      }
    }
  }
  return lines.join('\n');
}
