// Where the car is, in the shipped app: the Overview's Location card names the place the simulator
// reports and shows the service's map of it by its words for a screen reader, without waking the car.
import { describe, expect, it } from 'vitest';
import { locationSchema } from '../../electron/shared/history-wire';
import { call } from '../simulator/client';
import { waitFor } from '../support/wait-for';
import { openVehicleTab, seriousAxeViolations, useGarageApp, WIDE } from './garage-support';

describe('the location card on the Overview (demo)', () => {
  const app = useGarageApp({}, WIDE);

  it('names the place and shows its map, the car left asleep', async () => {
    const vin = app.simulator.vehicles().find((v) => v.sleepState === 'asleep')!.vin;
    const where = locationSchema.parse((await call(app.simulator, 'GET', `/${vin}/location`)).json);
    app.simulator.clearRequests();
    const card = (await openVehicleTab(app, vin, 'Overview')).getByRole('region', { name: 'Location' });
    if (where.address) await card.getByText(where.address, { exact: true }).first().waitFor();
    const map = card.getByRole('img', { name: /^Map of where the vehicle was last reported/ });
    await map.waitFor();
    // The picture arrived and was decoded: a 480 px wide PNG.
    await waitFor(
      async () => (await map.evaluate((img) => (img as HTMLImageElement).naturalWidth)) === 480,
      'the map decoded at 480 px wide',
    );
    const asked = app.simulator.requests.filter((r) => r.vin === vin && r.route === 'map');
    expect(asked.map((r) => r.query)).toEqual([{ width: '480', height: '240' }]);
    expect(app.simulator.vehicleState(vin).sleepState).toBe('asleep');
    expect(await seriousAxeViolations(app.page)).toEqual([]);
  });
});
