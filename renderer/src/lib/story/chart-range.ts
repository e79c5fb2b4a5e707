// The x range a story chart spans. With every point at one x (an alert fired once in the range),
// uPlot's own range for a time axis stretches over years around it, so the chart's dates would say
// the alert came years from when it did; a day either side keeps the point where its date is.

/** A day in Unix seconds, the charts' time unit; one unit for a plain number axis. */
const ONE_POINT_PAD = { time: 86_400, plain: 1 } as const;

export function chartXRange(min: number, max: number, time: boolean): [number, number] {
  if (min !== max) return [min, max];
  const pad = time ? ONE_POINT_PAD.time : ONE_POINT_PAD.plain;
  return [min - pad, max + pad];
}
