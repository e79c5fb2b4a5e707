// The demo garage: the embedded simulator on 127.0.0.1 with a random token that lives only in
// memory, and its fleet seeded into the demo profile's garage on first launch.
import { randomBytes } from 'node:crypto';
import { startSimulator, type Simulator, type SimulatorOptions } from '../simulator';
import type { GarageStore } from '../storage/garage-store';
import { demoGarageChannel } from './demo-garage-channel';
import { DEMO_PROFILE_ID } from '../storage/profile-id';

export interface DemoGarage {
  simulator: Simulator;
  endpoint: { baseUrl: string; token: string };
  knownModels: Map<string, string>;
}

export async function startDemoGarage(
  garage: GarageStore,
  options: SimulatorOptions = {},
): Promise<DemoGarage> {
  const simulator = await startSimulator({
    token: randomBytes(32).toString('hex'),
    ...options,
    host: '127.0.0.1',
  });
  const fleet = simulator.vehicles();
  await garage.seed(
    DEMO_PROFILE_ID,
    fleet.map((vehicle) => ({ vin: vehicle.vin, nickname: vehicle.displayName, plate: vehicle.plate })),
  );
  const demo: DemoGarage = {
    simulator,
    endpoint: { baseUrl: simulator.baseUrl, token: simulator.token },
    knownModels: new Map(fleet.map((vehicle) => [vehicle.vin, `${vehicle.modelName} (${vehicle.year})`])),
  };
  if (demoGarageChannel.hasSubscribers) demoGarageChannel.publish(demo);
  return demo;
}

/** The demo garage, or none when its simulator cannot start (said once): the app runs on without it. */
export async function startDemoGarageOrNone(
  garage: GarageStore,
  options: SimulatorOptions | false,
  onProblem: (message: string, error: unknown) => void,
): Promise<DemoGarage | null> {
  if (options === false) return null;
  try {
    return await startDemoGarage(garage, options);
  } catch (error) {
    onProblem('The demo simulator could not start', error);
    return null;
  }
}
