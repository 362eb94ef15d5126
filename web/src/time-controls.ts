// The time controls a player picks from (a game clock, or days per move), as the create
// form and the seeks offer them, and how a chosen one goes into a request.

import type { ClockOptions } from "./generated/contract";

export const TIME_CONTROLS: { label: string; value: string }[] = [
  { label: "No clock", value: "" },
  { label: "1 + 0 bullet", value: "60000+0" },
  { label: "3 + 2 blitz", value: "180000+2000" },
  { label: "5 + 3 blitz", value: "300000+3000" },
  { label: "10 + 5 rapid", value: "600000+5000" },
  { label: "15 + 10 rapid", value: "900000+10000" },
  { label: "30 + 0 classical", value: "1800000+0" },
  ...[1, 2, 3, 5, 7, 14].map((days) => ({
    label: `${days} ${days === 1 ? "day" : "days"} per move`,
    value: `days:${days}`,
  })),
];

/** A chosen value as the request's `clock` or `days_per_move` (neither for "No clock"). */
export function timeControl(value: string): { clock?: ClockOptions; days_per_move?: number } {
  if (!value) return {};
  if (value.startsWith("days:")) return { days_per_move: Number(value.slice(5)) };
  const [initial, increment] = value.split("+").map(Number);
  return { clock: { initial_ms: initial, increment_ms: increment } };
}

/** "5 + 3", "3 days per move", "no clock". */
export function describeTime(clock: ClockOptions | null | undefined, days: number | null | undefined): string {
  if (clock) return `${clock.initial_ms / 60000} + ${clock.increment_ms / 1000}`;
  if (days) return `${days} ${days === 1 ? "day" : "days"} per move`;
  return "no clock";
}
