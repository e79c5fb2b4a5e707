// The change feeds in main: changes noted in a burst become one event per vehicle, an entry that did
// not change sends nothing, a removed vehicle says so at once, and the connection is told only when
// it turns.
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../electron/main/events/event-bus';
import { createConnectionFeed, createVehicleChangeFeed } from '../../../electron/main/events/change-feeds';
import type { GarageEvent } from '../../../electron/shared/events';
import type { VehicleEntry } from '../../../electron/shared/types';

function setup() {
  const bus = createEventBus();
  const events: GarageEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const nicknames = new Map<string, string | null>([
    ['A', null],
    ['B', null],
  ]);
  const asked: string[][] = [];
  const feed = createVehicleChangeFeed({
    bus,
    entries: async (_profileId, vins) => {
      asked.push([...vins]);
      return [...nicknames]
        .filter(([vin]) => vins.has(vin))
        .map(([vin, nickname]) => ({ vin, nickname }) as VehicleEntry);
    },
  });
  return { bus, events, nicknames, asked, feed };
}

describe('vehicle change feed', () => {
  it('builds one entry per vehicle for a burst of changes, and sends only what changed', async () => {
    const { events, nicknames, asked, feed } = setup();
    feed.note('p', 'A');
    feed.note('p', 'A');
    feed.note('p', 'B');
    await feed.flush();
    expect(asked).toEqual([['A', 'B']]);
    expect(events.map((e) => e.type === 'vehicle.changed' && e.vin)).toEqual(['A', 'B']);

    // Noted again with nothing changed: no event. Then one real change: one event.
    feed.note('p', 'A');
    feed.note('p', 'B');
    await feed.flush();
    expect(events).toHaveLength(2);
    nicknames.set('B', 'Bay 3');
    feed.note('p', 'A');
    feed.note('p', 'B');
    await feed.flush();
    expect(events.slice(2)).toEqual([
      { type: 'vehicle.changed', profileId: 'p', vin: 'B', entry: { vin: 'B', nickname: 'Bay 3' } },
    ]);
  });

  it('says at once when a vehicle left the garage, and sends its entry again if it comes back', async () => {
    const { events, feed } = setup();
    feed.note('p', 'A');
    await feed.flush();
    feed.removed('p', 'A');
    expect(events.at(-1)).toEqual({ type: 'vehicle.changed', profileId: 'p', vin: 'A', entry: null });
    feed.note('p', 'A');
    await feed.flush();
    expect(events.map((e) => e.type === 'vehicle.changed' && e.entry?.vin)).toEqual(['A', undefined, 'A']);
  });

  it('sends on its own after a short batching delay', async () => {
    const { bus, events, feed } = setup();
    const arrived = new Promise<GarageEvent>((resolve) => bus.subscribe(resolve));
    feed.note('p', 'A');
    expect(events).toEqual([]);
    expect(await arrived).toMatchObject({ type: 'vehicle.changed', vin: 'A' });
  });
});

describe('connection feed', () => {
  it('tells when the service turns reachable or unreachable, not on every read', () => {
    const bus = createEventBus();
    const events: GarageEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const feed = createConnectionFeed(bus);
    feed.noteRead('p', 'live', undefined);
    feed.noteRead('p', 'live', undefined);
    // A copy served on purpose says nothing about the service.
    feed.noteRead('p', 'cache', undefined);
    // A copy served because the service was out of reach does; a refusal is still an answer.
    feed.noteRead('p', 'cache', { kind: 'unauthorized', message: 'Token refused.' });
    feed.noteRead('p', 'cache', { kind: 'network', message: 'No connection.' });
    feed.noteRead('p', 'cache', { kind: 'timeout', message: 'Timed out.' });
    feed.noteRead('p', 'live', undefined);
    expect(events).toEqual([
      { type: 'connection.changed', profileId: 'p', online: true, message: null },
      { type: 'connection.changed', profileId: 'p', online: false, message: 'No connection.' },
      { type: 'connection.changed', profileId: 'p', online: true, message: null },
    ]);
  });

  it('takes any outcome as evidence, both ways, per profile', () => {
    const bus = createEventBus();
    const events: GarageEvent[] = [];
    bus.subscribe((event) => events.push(event));
    const feed = createConnectionFeed(bus);
    feed.note('p', 'unreachable', 'Timed out.');
    // A failure before anything was sent says nothing; another profile is its own.
    feed.note('p', null, null);
    feed.note('q', 'answered', null);
    feed.note('p', 'unreachable', 'Still no connection.');
    feed.note('p', 'answered', null);
    expect(events).toEqual([
      { type: 'connection.changed', profileId: 'p', online: false, message: 'Timed out.' },
      { type: 'connection.changed', profileId: 'q', online: true, message: null },
      { type: 'connection.changed', profileId: 'p', online: true, message: null },
    ]);
  });
});
