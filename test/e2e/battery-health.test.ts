// Battery health in the shipped app: the Overview's card shows the pack's latest measurement of the
// year as the simulator keeps it, without waking the car, and with the service stopped the same
// figures from the offline cache with their age.
import { beforeAll, describe, expect, it } from 'vitest';
import { batteryHealthSchema } from '../../electron/shared/vehicle-read-schemas';
import { call } from '../simulator/client';
import { openVehicleTab, seriousAxeViolations, useGarageApp, WIDE } from './garage-support';

describe('battery health on the Overview (demo)', () => {
  const app = useGarageApp({}, WIDE);
  let vin: string;
  let other: string;

  beforeAll(() => {
    const fleet = app.simulator.vehicles();
    vin = fleet.find((v) => v.sleepState === 'asleep')!.vin;
    other = fleet.find((v) => v.vin !== vin)!.vin;
  });

  const open = async (target: string) =>
    (await openVehicleTab(app, target, 'Overview')).getByRole('region', { name: 'Battery health' });

  it('shows the latest measurement of the year from the service, leaving the car asleep', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const answer = await call(app.simulator, 'GET', `/${vin}/battery_health?from=${nowS - 366 * 86_400}`);
    const kept = batteryHealthSchema.parse(answer.json);
    if (!('results' in kept)) throw new Error('expected the measurements');
    const latest = kept.results.at(-1)!;
    app.simulator.clearRequests();

    // Rounded as Intl rounds the decimal the service sent (75.55 is "75.6"), not as toFixed rounds
    // its binary neighbour ("75.5").
    const kwh = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const card = await open(vin);
    await card.getByText(`${kwh.format(latest.capacity)} kWh`, { exact: true }).waitFor();
    await card.getByText(`${Math.round(latest.max_range)} mi`, { exact: true }).waitFor();
    await card.getByText(/^Lost .+ kWh \(.+%\)$/).waitFor();
    await card.getByText(/^As of .+\s·\s(Live|Latest from the service, reading .+ old)/).waitFor();
    const asked = app.simulator.requests.filter((r) => r.vin === vin && r.route === 'battery_health');
    expect(asked).toHaveLength(1);
    expect(app.simulator.vehicleState(vin).sleepState).toBe('asleep');
    expect(await seriousAxeViolations(app.page)).toEqual([]);
  });

  it('with the service stopped, shows the same figures from the saved copy with their age', async () => {
    const card = await open(vin);
    const capacity = await card.getByText(/ kWh$/).first().textContent();
    await open(other);
    await app.simulator.stop();
    const again = await open(vin);
    await again.getByText(capacity!, { exact: true }).waitFor();
    // The age is the measurement's (taken at midnight UTC), said as the saved copy's.
    await again.getByText(/^As of .+\s·\sSaved copy, reading .+ old/).waitFor();
  });
});
