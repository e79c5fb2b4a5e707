// Main's events, emitted where its state changes, through window.garage.events as the core harness
// delivers them (main's bus, copied as IPC copies): what each operation tells the renderer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let vin: string;
let profileId: string;
const seen: GarageEvent[] = [];

/** Resolves with the first event matching, already seen or still to come. */
function next<T extends GarageEvent['type']>(
  type: T,
  match: (event: Extract<GarageEvent, { type: T }>) => boolean = () => true,
): Promise<Extract<GarageEvent, { type: T }>> {
  return waitFor(
    () =>
      seen.find(
        (event): event is Extract<GarageEvent, { type: T }> => event.type === type && match(event as never),
      ),
    `a ${type} event`,
    { wakeOn: (wake) => h.garage.events.subscribe(() => wake()) },
  );
}

beforeAll(async () => {
  h = await startCoreHarness();
  h.garage.events.subscribe((event) => seen.push(event));
  vin = h.simulator.vins[0]!;
  h.simulator.setVehicleState(vin, { sleepState: 'awake' });
  const profiles = await h.garage.profiles.list();
  profileId = profiles.ok ? profiles.value.find((p) => p.active)!.id : '';
});
afterAll(() => h.close());
beforeEach(() => {
  seen.length = 0;
});

describe("main's events", () => {
  it("sends a vehicle's new entry after a read changed it, and the service's reachability", async () => {
    const first = await h.garage.vehicles.state(vin, { refresh: true });
    expect(first.ok).toBe(true);
    const changed = await next('vehicle.changed', (event) => event.vin === vin);
    expect(changed).toMatchObject({ profileId, vin, entry: { vin, status: { lastSource: 'live' } } });
    expect(changed.entry?.glance.sleep?.value).toBe('awake');
    expect(await next('connection.changed')).toMatchObject({ profileId, online: true });
  });

  it('sends the renamed entry, and the garage change and the removed entry on remove', async () => {
    await h.garage.vehicles.rename(vin, 'Bay 2');
    const renamed = await next('vehicle.changed', (event) => event.entry?.nickname === 'Bay 2');
    expect(renamed.vin).toBe(vin);

    const other = h.simulator.vins[1]!;
    await h.garage.vehicles.remove(other);
    await next('garage.changed');
    // Removing a vehicle is audited too: that entry is told on its own ('audit.added').
    expect(seen.some((e) => e.type === 'audit.added' && e.vin === other)).toBe(true);
    expect(
      seen
        .filter((e) => e.type === 'vehicle.changed' || e.type === 'garage.changed')
        .map((e) => [e.type, 'vin' in e ? e.vin : null]),
    ).toEqual([
      ['vehicle.changed', vin],
      ['vehicle.changed', other],
      ['garage.changed', null],
    ]);
    expect(seen.find((e) => e.type === 'vehicle.changed' && e.vin === other)).toMatchObject({ entry: null });
    await h.garage.vehicles.add({ vin: other });
  });

  it('tells of an audit entry with the command, and of the vehicle it changed', async () => {
    const sent = await sendCommand(h, vin, 'set_charge_limit', { percent: 77 });
    expect(sent.ok).toBe(true);
    const audited = await next('audit.added', (event) => event.vin === vin);
    expect(audited).toMatchObject({
      profileId,
      vin,
      entry: { operation: 'command:set_charge_limit', outcome: 'success' },
    });
    expect(audited.id).toBe(audited.entry.id);
    const changed = await next(
      'vehicle.changed',
      (event) => event.vin === vin && event.entry?.status.lastCommand !== null,
    );
    expect(changed.entry?.status.lastCommand).toMatchObject({ outcome: 'success' });
  });

  it('tells of a profile change', async () => {
    await h.garage.profiles.create({ name: 'Second shop' });
    expect(await next('settings.changed')).toEqual({ type: 'settings.changed', what: 'profiles' });
  });

  it('tells a template saved or removed in solo mode, as the shop tells its own', async () => {
    const template = { name: 'Solo fleet', fields: { Gear: { interval_seconds: 30 } }, notes: '' };
    expect(await h.garage.templates.save(template)).toMatchObject({ ok: true });
    expect(await next('settings.changed', (event) => event.what === 'templates')).toBeTruthy();
    seen.length = 0;
    expect(await h.garage.templates.remove(template.name)).toMatchObject({ ok: true });
    expect(await next('settings.changed', (event) => event.what === 'templates')).toBeTruthy();
  });

  it("tells the service's reachability both ways from commands and tests, not only from reads", async () => {
    expect((await h.garage.vehicles.state(vin, { refresh: true })).ok).toBe(true);
    seen.length = 0;
    h.simulator.injectFault({ fault: 'reset', route: 'command', times: 1 });
    const dropped = await sendCommand(h, vin, 'open_charge_port');
    expect(dropped).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(await next('connection.changed')).toMatchObject({ profileId, online: false });
    seen.length = 0;
    expect((await sendCommand(h, vin, 'open_charge_port')).ok).toBe(true);
    expect(await next('connection.changed')).toMatchObject({ profileId, online: true, message: null });
    seen.length = 0;
    // A read is tried again after a dropped connection: every try is dropped.
    const stopDropping = h.simulator.injectFault({ fault: 'reset', route: 'vehicles' });
    expect(await h.garage.profiles.testConnection(profileId)).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
    expect(await next('connection.changed')).toMatchObject({ profileId, online: false });
    stopDropping();
    seen.length = 0;
    expect((await h.garage.profiles.testConnection(profileId)).ok).toBe(true);
    expect(await next('connection.changed')).toMatchObject({ profileId, online: true });
    // The account's vehicle list (adding or importing vehicles) tells it too.
    seen.length = 0;
    const stopAgain = h.simulator.injectFault({ fault: 'reset', route: 'vehicles' });
    expect(await h.garage.account.vehicles()).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(await next('connection.changed')).toMatchObject({ profileId, online: false });
    stopAgain();
    seen.length = 0;
    expect((await h.garage.account.vehicles()).ok).toBe(true);
    expect(await next('connection.changed')).toMatchObject({ profileId, online: true });
  });
});
