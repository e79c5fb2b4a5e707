// What the app sends and keeps of the drivers and invitations, through the IPC handlers against the
// simulator over HTTP: an id with leading zeros still makes valid JSON, one driver row the app cannot
// read costs only that row (and says so), the list of invitations never carries their codes and
// links to the window, and a link that is not an https address on tesla.com is refused.
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../electron/main/simulator';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function core(demo: SimulatorOptions = {}): Promise<CoreHarness> {
  const h = await startCoreHarness({
    demo: { wakeDelayMs: 10, completionDelayMs: 5, flakiness: false, ...demo },
  });
  harnesses.push(h);
  return h;
}

function vinWhere(
  h: CoreHarness,
  test: (v: ReturnType<CoreHarness['simulator']['vehicleState']>) => boolean,
) {
  const vin = h.simulator.vins.find((v) => test(h.simulator.vehicleState(v)));
  if (!vin) throw new Error('no such vehicle in the demo fleet');
  return vin;
}

describe('drivers', () => {
  it('removes a driver named with leading zeros: the body is valid JSON with the same number', async () => {
    const h = await core();
    const vin = vinWhere(h, (v) => v.drivers.length > 0);
    const driver = h.simulator.vehicleState(vin).drivers[0]!;
    const removed = await h.garage.vehicles.removeDriver(vin, `000${driver.userId}`);
    expect(removed).toMatchObject({ ok: true, value: { result: true } });
    const sent = h.simulator.requests.find((r) => r.route === 'driver_delete')!;
    expect(JSON.parse(sent.body)).toEqual({ user_id: Number(driver.userId) });
    expect(sent.path).toBe(`/${vin}/drivers/${driver.userId}/delete`);
    expect(h.simulator.vehicleState(vin).drivers.map((d) => d.userId)).not.toContain(driver.userId);
  });

  it('a row the app cannot read is left out and named; the other drivers are listed', async () => {
    const h = await core();
    const vin = vinWhere(h, (v) => v.drivers.length > 0);
    const { drivers } = h.simulator.vehicleState(vin);
    // An id beyond any number's range: on the wire its `user_id` is not a finite number.
    const odd = { ...drivers[0]!, userId: '9'.repeat(400), myTeslaUniqueId: '7' };
    h.simulator.setVehicleState(vin, { drivers: [...drivers, odd] });
    const listed = await h.garage.vehicles.drivers(vin);
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.results.map((d) => d.user_id_s)).toEqual(drivers.map((d) => d.userId));
    expect(listed.value.unreadable).toEqual([{ id: null, fields: ['user_id', 'user_id_s'] }]);
  });
});

describe('invitations', () => {
  it('the list carries no code and no link; the invitation just made carries its link', async () => {
    const h = await core();
    const vin = vinWhere(h, (v) => v.invitations.some((i) => i.state === 'pending'));
    const listed = await h.garage.vehicles.invitations(vin);
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.results.length).toBeGreaterThan(0);
    const codes = h.simulator.vehicleState(vin).invitations.map((i) => i.code);
    for (const invitation of listed.value.results) {
      expect(invitation).not.toHaveProperty('code');
      expect(invitation).not.toHaveProperty('share_link');
    }
    for (const code of codes) expect(JSON.stringify(h.responses)).not.toContain(code);

    const made = await h.garage.vehicles.createInvitation(vinWhere(h, (v) => v.invitations.length === 0));
    if (!made.ok) throw new Error(made.error.message);
    expect(new URL(made.value.share_link).origin).toBe('https://www.tesla.com');
  });

  for (const base of [
    'javascript:alert(1)//',
    'file:///etc/passwd?',
    'https://evil.example/',
    'http://www.tesla.com/',
  ]) {
    it(`refuses a link that starts ${base} with a clear error, and never shows it`, async () => {
      const h = await core({ shareLinkBase: base });
      const vin = vinWhere(h, (v) => v.invitations.length === 0 && v.drivers.length < 5);
      const made = await h.garage.vehicles.createInvitation(vin);
      expect(made).toMatchObject({ ok: false, error: { kind: 'bad_response' } });
      if (made.ok) return;
      expect(made.error.message).toMatch(
        /^The invitation was made, but the link the service gave for it is refused \(/,
      );
      const created = h.simulator.vehicleState(vin).invitations[0]!;
      expect(made.error.message).toContain(`Revoke invitation ${created.id}`);
      expect(JSON.stringify(h.responses)).not.toContain(created.code);
    });
  }
});
