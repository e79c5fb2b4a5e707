// The public operations beyond the twelve (vehicle list, status, state, wake, plate read, drives,
// firmware alerts, tyres), after routing, auth and the VIN lookup have been done by server.ts.
// None of the reads wakes a vehicle; only `use_cache=false` asks an awake one live.
import type { CommandRunner } from './command-runner';
import { drivesFilter, drivesView } from './drives';
import { error, json, rawJson, type Reply } from './reply';
import type { Scheduler } from './scheduler';
import { boolParam } from './validation';
import type { VehicleRuntime } from './vehicle-runtime';

/** `GET /vehicles`: `last_state` is the cached state object, `tokens` and all, as the real one. */
export function vehicles(fleet: Iterable<VehicleRuntime>, query: Record<string, string>, now: number): Reply {
  const onlyActive = boolParam(query, 'only_active', false);
  if (!onlyActive.ok) return error(400, onlyActive.error);
  const parts: string[] = [];
  for (const vehicle of fleet) {
    const { vin, active } = vehicle.state;
    if (onlyActive.value && !active) continue;
    // Concatenated, not re-serialised: a 1,000-vehicle account answers from the cached state JSON.
    parts.push(
      `{"vin":${JSON.stringify(vin)},"is_active":${active},"last_state":${vehicle.cachedStateJson(now)}}`,
    );
  }
  return rawJson(200, `{"results":[${parts.join(',')}]}`);
}

export function status(vehicle: VehicleRuntime): Reply {
  return json(200, { status: vehicle.status() });
}

const ASLEEP = '{"state":"asleep"}';

/**
 * `use_cache=true` (default) never wakes: current while awake, as of falling asleep otherwise.
 * `use_cache=false` asks the vehicle: `{"state":"asleep"}` when it sleeps, 408 when offline.
 */
export function state(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const useCache = boolParam(query, 'use_cache', true);
  if (!useCache.ok) return error(400, useCache.error);
  if (useCache.value) return rawJson(200, vehicle.cachedStateJson());
  vehicle.settle();
  const { sleepState, vin } = vehicle.state;
  if (sleepState === 'asleep') return rawJson(200, ASLEEP);
  if (sleepState === 'offline') return error(408, `Vehicle ${vin} is offline and did not answer`);
  return rawJson(200, vehicle.liveStateJson());
}

/**
 * `POST /{vin}/wake`: true once awake (an asleep vehicle takes the wake delay); an offline vehicle
 * is tried for `timeoutMs`, then false, unless it came back meanwhile.
 */
export async function wake(
  vehicle: VehicleRuntime,
  runner: CommandRunner,
  scheduler: Scheduler,
  timeoutMs: number,
): Promise<Reply> {
  if (vehicle.state.sleepState === 'offline') {
    await scheduler.delay(timeoutMs);
    if (vehicle.state.sleepState === 'offline') return json(200, { result: false });
  }
  await runner.wake(vehicle);
  vehicle.active();
  return json(200, { result: true });
}

export function plateRead(vehicle: VehicleRuntime): Reply {
  return json(200, { result: vehicle.state.plate });
}

export function drives(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const filter = drivesFilter(query);
  if (!filter.ok) return error(400, filter.error);
  return json(200, drivesView(vehicle.state.drives, filter.value));
}

export function firmwareAlerts(vehicle: VehicleRuntime): Reply {
  const results = [...vehicle.state.firmwareAlerts]
    .sort((a, b) => b.at - a.at)
    .map((a) => ({
      timestamp: a.at,
      name: a.name,
      description: a.description,
      recent_fleet_count: a.recentFleetCount,
    }));
  return json(200, { results });
}
