// The service never says when a firmware alert cleared; main keeps what its own reads saw, per car
// and profile, through real HTTP to the simulator: an alert listed in one read and gone from the next
// ended between the two, a read that failed ends nothing, and the car's telemetry configuration, once
// cached, says which audiences its alerts stream to.
import { afterEach, expect, it } from 'vitest';
import { sightingOf } from '../../electron/shared/alert-sightings';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

it('says an alert the car cleared ended between the read that last listed it and the first without it', async () => {
  const h = await startCoreHarness();
  harnesses.push(h);
  const vin = h.simulator.vins[1]!;
  const read = async () => {
    const answer = await h.garage.vehicles.firmwareAlerts(vin, { refresh: true });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer;
  };
  const old = h.simulator.vehicleState(vin).firmwareAlerts;
  const washer = {
    at: Math.floor(Date.now() / 1000) - 600,
    name: 'VCFRONT_a361_washerFluidLow',
    description: 'Washer fluid low',
    recentFleetCount: 3,
  };
  h.simulator.setVehicleState(vin, { firmwareAlerts: [...old, washer] });
  const first = await read();
  expect(first.source).toBe('live');
  // No configuration read yet: the audience is not said.
  expect(first.alertAudiences).toBeNull();
  expect(sightingOf(first.alertSightings!, washer.name, washer.at)).toMatchObject({
    firstSeenAt: first.fetchedAt,
    lastSeenAt: first.fetchedAt,
    goneAt: null,
  });

  // The car clears it; a read that fails in between says nothing of it.
  h.simulator.setVehicleState(vin, { firmwareAlerts: old });
  h.simulator.injectFault({ fault: 'status500', route: 'firmware_alerts', vin });
  const failed = await read();
  h.simulator.clearFaults();
  expect(failed).toMatchObject({ source: 'cache', stale: { kind: 'server_error' } });
  expect(sightingOf(failed.alertSightings!, washer.name, washer.at)?.goneAt).toBeNull();

  const config = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
  if (!config.ok) throw new Error(config.error.message);
  const cleared = await read();
  expect(cleared.value.results.map((alert) => alert.name)).not.toContain(washer.name);
  expect(sightingOf(cleared.alertSightings!, washer.name, washer.at)).toMatchObject({
    lastSeenAt: first.fetchedAt,
    goneAt: cleared.fetchedAt,
  });
  expect(cleared.alertAudiences).toEqual({
    types: config.value.config.alert_types,
    fetchedAt: config.fetchedAt,
  });

  // The same name fired again later is a new alert, still active.
  const again = { ...washer, at: washer.at + 300 };
  h.simulator.setVehicleState(vin, { firmwareAlerts: [...old, again] });
  const refired = await read();
  expect(sightingOf(refired.alertSightings!, washer.name, again.at)?.goneAt).toBeNull();
  expect(sightingOf(refired.alertSightings!, washer.name, washer.at)?.goneAt).toBe(cleared.fetchedAt);
}, 60_000);
