// The app's own observation of firmware alerts across its reads: an alert is its name with the time
// it fired; listed again it is seen again, gone from a later read it ended between the two reads.
import { describe, expect, it } from 'vitest';
import {
  endedUnlisted,
  MAX_SIGHTINGS,
  noteAlertRead,
  sightingOf,
} from '../../electron/shared/alert-sightings';

const washer = {
  name: 'VCFRONT_a361_washerFluidLow',
  timestamp: 1_700_000_000,
  description: 'Washer fluid low',
};
const door = { name: 'VCLEFT_a123_doorAjar', timestamp: 1_700_000_500, description: null };
const T1 = '2026-11-01T10:00:00.000Z';
const T2 = '2026-11-02T10:00:00.000Z';
const T3 = '2026-11-03T10:00:00.000Z';
const T4 = '2026-11-04T10:00:00.000Z';

describe('noteAlertRead', () => {
  it('sees an alert, sees it again, then says it ended between its last read and the first without it', () => {
    const first = noteAlertRead([], [washer, door], T1);
    expect(sightingOf(first, washer.name, washer.timestamp)).toEqual({
      name: washer.name,
      firedAt: washer.timestamp,
      description: 'Washer fluid low',
      firstSeenAt: T1,
      lastSeenAt: T1,
      goneAt: null,
    });
    const again = noteAlertRead(first, [washer, door], T2);
    expect(sightingOf(again, washer.name, washer.timestamp)).toMatchObject({
      firstSeenAt: T1,
      lastSeenAt: T2,
      goneAt: null,
    });
    const gone = noteAlertRead(again, [door], T3);
    expect(sightingOf(gone, washer.name, washer.timestamp)).toMatchObject({ lastSeenAt: T2, goneAt: T3 });
    expect(sightingOf(gone, door.name, door.timestamp)).toMatchObject({ lastSeenAt: T3, goneAt: null });
    // A later read still without it keeps the first read that missed it.
    const later = noteAlertRead(gone, [door], T4);
    expect(sightingOf(later, washer.name, washer.timestamp)).toMatchObject({ lastSeenAt: T2, goneAt: T3 });
    expect(endedUnlisted(later, [door])).toEqual([
      {
        name: washer.name,
        timestamp: washer.timestamp,
        description: 'Washer fluid low',
        recent_fleet_count: null,
      },
    ]);
  });

  it('takes the same name fired at a new time for a new alert, and ends the old firing', () => {
    const first = noteAlertRead([], [washer], T1);
    const refired = { ...washer, timestamp: washer.timestamp + 3600 };
    const after = noteAlertRead(first, [refired], T2);
    expect(after).toHaveLength(2);
    expect(sightingOf(after, washer.name, washer.timestamp)).toMatchObject({ lastSeenAt: T1, goneAt: T2 });
    expect(sightingOf(after, washer.name, refired.timestamp)).toMatchObject({
      firstSeenAt: T2,
      lastSeenAt: T2,
      goneAt: null,
    });
  });

  it('ends nothing when no read is noted: only answered reads are given to it', () => {
    // A failed read never reaches the rule (main passes only live answers); the sightings stand as
    // they were, and the next answered read decides.
    const first = noteAlertRead([], [washer], T1);
    const next = noteAlertRead(first, [washer], T3);
    expect(sightingOf(next, washer.name, washer.timestamp)).toMatchObject({ lastSeenAt: T3, goneAt: null });
  });

  it('keeps a bounded list, dropping the oldest ended alerts first', () => {
    let sightings = noteAlertRead([], [washer], T1);
    for (let i = 0; i < MAX_SIGHTINGS + 5; i++) {
      const at = new Date(Date.parse(T2) + i * 60_000).toISOString();
      sightings = noteAlertRead(sightings, [washer, { name: `ALERT_${i}`, timestamp: i }], at);
    }
    expect(sightings).toHaveLength(MAX_SIGHTINGS);
    expect(sightingOf(sightings, washer.name, washer.timestamp)?.goneAt).toBeNull();
    expect(sightingOf(sightings, 'ALERT_0', 0)).toBeUndefined();
  });
});
