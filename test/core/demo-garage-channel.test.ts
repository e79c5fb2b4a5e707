// The demo garage announces its simulator on a diagnostics channel, for in-process observers (the
// end-to-end harness drives the shipped bundle's simulator through it).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { expect, it } from 'vitest';
import type { DemoGarage } from '../../electron/main/services/demo-garage';
import { DEMO_GARAGE_CHANNEL } from '../../electron/main/services/demo-garage-channel';
import { startCoreHarness } from '../support/core-harness';

it('publishes the running demo garage once, with the simulator the core uses', async () => {
  const seen: DemoGarage[] = [];
  const onDemo = (message: unknown) => seen.push(message as DemoGarage);
  subscribe(DEMO_GARAGE_CHANNEL, onDemo);
  const h = await startCoreHarness();
  try {
    expect(seen).toHaveLength(1);
    expect(seen[0]!.simulator).toBe(h.simulator);
    expect(seen[0]!.endpoint.baseUrl).toBe(h.simulator.baseUrl);
    // Already seeded into the demo profile's garage when it is announced.
    const listed = await h.garage.vehicles.list();
    expect(listed.ok && listed.value.map((v) => v.vin).sort()).toEqual([...h.simulator.vins].sort());
  } finally {
    unsubscribe(DEMO_GARAGE_CHANNEL, onDemo);
    await h.close();
  }
});
