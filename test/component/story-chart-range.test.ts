// A story chart's x range: points spread over time span exactly their range; every point at one
// time (an alert fired once) spans three days either side, not the years uPlot would stretch it to.
import { describe, expect, it } from 'vitest';
import { chartXRange } from '../../renderer/src/lib/story/chart-range';

const FIRED = Date.UTC(2026, 10, 28, 23, 24) / 1000;

describe('a story chart’s x range', () => {
  it('spans three days either side of a single time, so its dates stay around it', () => {
    const [from, to] = chartXRange([FIRED], true)!;
    expect(new Date(from * 1000).toISOString()).toBe('2026-11-25T23:24:00.000Z');
    expect(new Date(to * 1000).toISOString()).toBe('2026-12-01T23:24:00.000Z');
  });

  it('spans exactly the points when they differ, and one unit either side of one plain number', () => {
    expect(chartXRange([FIRED - 3600, FIRED - 60, FIRED], true)).toEqual([FIRED - 3600, FIRED]);
    expect(chartXRange([12_000, 12_000], false)).toEqual([11_999, 12_001]);
    expect(chartXRange([], true)).toBeNull();
  });
});
