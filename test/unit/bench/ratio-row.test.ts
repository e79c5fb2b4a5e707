// Benchmark verdicts on a noisy machine: a ratio is reported with its bootstrap interval, and a row is
// over budget only when the whole interval is; repeated rounds stop once the ratio is stable.
import { describe, expect, it } from 'vitest';
import { interleave, ratioInterval, ratioRow } from '../../../test/bench/lib';

/** n samples spread evenly around `centre` by ±`spread` (deterministic). */
function samples(centre: number, spread: number, n = 400): number[] {
  return Array.from({ length: n }, (_, i) => centre + spread * (((i * 37) % n) / (n - 1) - 0.5) * 2);
}

describe('ratioRow', () => {
  it('reports the ratio of the medians inside its interval', () => {
    const row = ratioRow('r', samples(2, 0.5), samples(1, 0.2), { max: 3 });
    expect(row.ratio).toBeCloseTo(2, 2);
    expect(row.ratioLow!).toBeLessThan(row.ratio!);
    expect(row.ratioHigh!).toBeGreaterThan(row.ratio!);
    expect(row).toMatchObject({ pass: true, marginal: false });
  });

  it('does not fail a row whose budget is inside the interval, and marks it', () => {
    // Median ratio 2.11 against a budget of 2, but with a spread that cannot tell them apart.
    const row = ratioRow('noisy', samples(2.11, 1.6, 60), samples(1, 0.6, 60), { max: 2 });
    expect(row.ratio!).toBeGreaterThan(2);
    expect(row.ratioLow!).toBeLessThan(2);
    expect(row).toMatchObject({ pass: true, marginal: true });
  });

  it('fails a row whose whole interval is over budget (and under a minimum)', () => {
    expect(ratioRow('slow', samples(2.6, 0.2), samples(1, 0.05), { max: 2 })).toMatchObject({
      pass: false,
      marginal: false,
    });
    expect(ratioRow('rps', samples(0.3, 0.02), samples(1, 0.05), { min: 0.5 }).pass).toBe(false);
  });

  it('gives a narrower interval for more samples of the same spread', () => {
    const few = ratioInterval(samples(2, 1, 40), samples(1, 0.5, 40));
    const many = ratioInterval(samples(2, 1, 2000), samples(1, 0.5, 2000));
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });
});

describe('interleave', () => {
  it('adds rounds while the ratio is unstable, up to maxRounds', async () => {
    let calls = 0;
    const noisy = () => new Promise<void>((r) => setTimeout(r, (calls++ * 7919) % 5));
    const [a] = await interleave(
      [
        { name: 'a', run: noisy },
        { name: 'b', run: () => Promise.resolve() },
      ],
      { warmup: 0, rounds: 2, batch: 3, maxRounds: 6, stableWithin: 0.0001 },
    );
    expect(a).toHaveLength(6 * 3);
  });

  it('stops after the planned rounds when the ratio is already stable', async () => {
    const fixed = () => new Promise<void>((r) => setTimeout(r, 2));
    const [a] = await interleave(
      [
        { name: 'a', run: fixed },
        { name: 'b', run: fixed },
      ],
      { warmup: 0, rounds: 2, batch: 5, maxRounds: 10, stableWithin: 1000 },
    );
    expect(a).toHaveLength(2 * 5);
  });
});
