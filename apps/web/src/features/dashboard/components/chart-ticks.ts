import { shortMonthName } from '@portal/contract/format';

/** The width of the value axis Recharts draws at its default size, and the least gap between labels. */
export const Y_AXIS_WIDTH = 60;
const MIN_TICK_GAP = 5;
/** A generous average width of a character of the 11 px axis labels. */
const CHAR_WIDTH = 6.5;

/** The width a month's label is counted at (generous: no two labels overlap). */
export function monthLabelWidth(month: string): number {
  return shortMonthName(month).length * CHAR_WIDTH;
}

/**
 * The months whose label is drawn on a chart `plotWidth` pixels wide: every `step`-th counted from the
 * last month (always shown), so no two labels overlap, as Recharts' 'preserveEnd' picks them.
 */
export function monthTicks(months: string[], plotWidth: number): string[] {
  if (months.length === 0) return [];
  const label = Math.max(...months.map(monthLabelWidth)) + MIN_TICK_GAP;
  const slot = plotWidth / months.length;
  const step = Math.max(1, Math.ceil(label / slot));
  return months.filter((_, i) => (months.length - 1 - i) % step === 0);
}
