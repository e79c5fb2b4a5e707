// The x range a story chart spans: from its first point to its last. With every point at one x (an
// alert fired once in the range), uPlot's own range for a time axis in seconds runs 1,000 days on
// from it (it adds a day counted in milliseconds), so the chart's dates would say the alert came
// years from when it did; three days either side keep the point where its date is, with a day per
// tick.

/** Three days in Unix seconds, the charts' time unit; one unit for a plain number axis. */
const ONE_POINT_PAD = { time: 3 * 86_400, plain: 1 } as const;

export function chartXRange(xs: readonly number[], time: boolean): [number, number] | null {
  if (xs.length === 0) return null;
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  if (min !== max) return [min, max];
  const pad = time ? ONE_POINT_PAD.time : ONE_POINT_PAD.plain;
  return [min - pad, max + pad];
}
