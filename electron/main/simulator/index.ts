// Public API of the Vehicle Management Service simulator: a real HTTP server on 127.0.0.1 that the
// tests, the benchmark, the standalone CLI and the app's demo garage all talk to. Plain Node, no
// Electron. Release-note images under /_assets/ are served without auth, like a CDN.
import type { Simulator, SimulatorOptions } from './api';
import { SimulatorServer } from './server';

export type { FaultKind, FaultSpec, RecordedRequest, RouteName, Simulator, SimulatorOptions } from './api';
export type { ChargePortState, CommandRecord, Drive, SleepState, VehicleState, WindowState } from './types';
export { createFleet } from './fleet';
export { systemClock, type Clock, type ClockTimer } from './clock';
export { FAULT_KINDS, OVERSIZED_BYTES } from './faults';
export { MAX_BODY_BYTES } from './http-body';

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const simulator = new SimulatorServer(options);
  await simulator.listen();
  return simulator;
}
