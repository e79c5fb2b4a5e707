// A colleague's read shared through the shop is worded as theirs, with its own age: "Read by Ana
// less than a minute ago" (ages step by the minute, as everywhere), with the role beside a typed
// name that is not it, and the reading's own age when the answer carries one; never "Live" (this
// app did not ask the service).
import { describe, expect, it } from 'vitest';
import { dataAge } from '../../renderer/src/lib/format';

const now = Date.parse('2026-11-25T10:00:00.000Z');
const at = (ms: number) => new Date(now - ms).toISOString();

describe("a colleague's shared read", () => {
  it('says who read it and how long ago, never live', () => {
    const age = dataAge(
      { source: 'cache', fetchedAt: at(40_000), readBy: { technician: 'Ana', role: 'Ana' } },
      now,
    );
    expect(age).toMatchObject({ kind: 'saved', text: 'Read by Ana less than a minute ago', old: false });
    expect(age.text).not.toMatch(/Live/);
  });

  it('names the role beside a typed name that is not it, and the reading’s own age', () => {
    const reading = at(3 * 60_000);
    expect(
      dataAge(
        { source: 'cache', fetchedAt: at(5_000), readBy: { technician: 'Ana', role: 'shop_ana' } },
        now,
        reading,
      ),
    ).toMatchObject({ kind: 'saved', text: 'Read by Ana (shop_ana), reading 3 minutes old' });
  });

  it('an offline copy stays an offline copy, whoever read it', () => {
    expect(
      dataAge(
        {
          source: 'cache',
          fetchedAt: at(40_000),
          stale: { kind: 'network', message: 'x' },
          readBy: { technician: 'Ana', role: 'Ana' },
        },
        now,
      ),
    ).toMatchObject({ kind: 'offline' });
  });
});
