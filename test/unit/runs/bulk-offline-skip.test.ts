// Main skips a car it knows is offline when a bulk run starts, whatever the window planned: a forged
// or out-of-date renderer cannot send to it.
import { describe, expect, it } from 'vitest';
import { offlineSkip } from '../../../electron/shared/offline-skip';
import { unknownGlance } from '../../../electron/shared/vehicle-values';
import type { VehicleGlance } from '../../../electron/shared/types';
import { createRunStarts } from '../../../electron/main/runs/run-starts';
import type { BulkItemInput, RunManager } from '../../../electron/main/runs/run-manager';

const NOW = Date.parse('2026-11-25T12:00:00Z');

function glanceSeen(value: 'offline' | 'awake' | 'asleep', minutesAgo: number): VehicleGlance {
  return {
    ...unknownGlance(),
    sleep: {
      value,
      asOf: new Date(NOW - minutesAgo * 60_000).toISOString(),
      source: 'status',
      fromCache: false,
    },
  };
}

describe("main's own offline check of a bulk run", () => {
  it('marks a car last reported offline as skipped, keeps the others and the window’s own skips', async () => {
    let started: BulkItemInput[] = [];
    const runs = {
      startBulkCommand: async (_ctx: unknown, input: { items: BulkItemInput[] }) => {
        started = input.items;
        return { id: 'r1' };
      },
    } as unknown as RunManager;
    const glances: Record<string, VehicleGlance> = {
      OFF: glanceSeen('offline', 300),
      UP: glanceSeen('awake', 1),
      NEVER: unknownGlance(),
    };
    const starts = createRunStarts({
      runs,
      glanceOf: (_profile, vin) => glances[vin] ?? unknownGlance(),
      now: () => new Date(NOW),
    });
    const result = await starts.bulkCommand({ profileId: 'p1' } as never, {
      command: { name: 'close_windows', options: {} },
      items: [
        { vin: 'OFF' }, // a window that did not skip it (forged, or planned before the sighting)
        { vin: 'UP' },
        { vin: 'NEVER' },
        { vin: 'OWN', skip: { reason: 'out of range', message: 'This vehicle accepts 50 to 90 %.' } },
      ],
    });
    expect(result).toMatchObject({ id: 'r1' });
    expect(started.map((item) => [item.vin, item.skip?.reason ?? null])).toEqual([
      ['OFF', 'offline'],
      ['UP', null],
      ['NEVER', null],
      ['OWN', 'out of range'],
    ]);
    expect(started[0]!.skip!.message).toBe(
      'Offline (reported 5 hours ago): the service cannot reach it. Refresh its state to include it.',
    );
  });

  it('lifts the skip once a later reading finds the car awake', () => {
    expect(offlineSkip(glanceSeen('awake', 0), NOW)).toBeNull();
    expect(offlineSkip(glanceSeen('offline', 0), NOW)?.reason).toBe('offline');
  });
});
