// The fleet view's order of a garage of 1,000 cars: its rows made from every car's battery health and
// the fleet status, then sorted, exactly as the view's derived value does on each change (fleetRows
// and sortFleetRows), worst packs first and then by name. Budget: ≤ 16 ms (one frame), median.
import type { FleetBatteryHealth, FleetStatus } from '../../electron/shared/fleet-wire';
import { decodeVin, vinWithCheckDigit } from '../../electron/shared/vin';
import { unknownGlance } from '../../electron/shared/vehicle-values';
import type { VehicleEntry } from '../../electron/shared/types';
import { fleetRows, sortFleetRows, WORST_FIRST } from '../../renderer/src/lib/fleet-rows';
import { median, p95, report, round } from './lib';

const quick = process.argv.includes('--quick');
const CARS = 1000;
const REPS = quick ? 15 : 51;

const vehicles: VehicleEntry[] = Array.from({ length: CARS }, (_, i) => {
  const vin = vinWithCheckDigit(`5YJ3E1EA0PF${String(100_000 + i).padStart(6, '0')}`);
  return {
    vin,
    nickname: i % 3 === 0 ? null : `Car ${i}`,
    addedAt: '2026-01-01T00:00:00.000Z',
    decoded: decodeVin(vin, 2026),
    warnings: [],
    plate: null,
    model: ['Model 3', 'Model Y', 'Model S', 'Model X'][i % 4]!,
    status: { lastSource: null, lastFetchedAt: null, lastCommand: null },
    glance: unknownGlance(),
  };
});
// A pseudo-random spread of packs (some unknown), and one car in five not paired.
const health: FleetBatteryHealth = {
  results: vehicles
    .filter((_, i) => i % 17 !== 0)
    .map((vehicle, i) => ({
      vin: vehicle.vin,
      odometer: (i * 7919) % 150_000,
      capacity: 60 + ((i * 31) % 150) / 10,
      original_capacity: 75,
      health_percent: 80 + ((i * 7919) % 2000) / 100,
    })),
};
const status: FleetStatus = {
  response: {
    key_paired_vins: vehicles.filter((_, i) => i % 5 !== 0).map((v) => v.vin),
    unpaired_vins: vehicles.filter((_, i) => i % 5 === 0).map((v) => v.vin),
    vehicle_info: Object.fromEntries(
      vehicles.map((v, i) => [
        v.vin,
        {
          firmware_version: '2025.44.25',
          vehicle_command_protocol_required: i % 2 === 0,
          fleet_telemetry_version: '1.1.0',
          total_number_of_keys: 3,
        },
      ]),
    ),
  },
};
const nameOf = (vehicle: VehicleEntry) => vehicle.nickname ?? vehicle.vin;

const times: number[] = [];
let first = '';
for (let rep = 0; rep < REPS + 3; rep++) {
  const started = performance.now();
  const sorted = sortFleetRows(fleetRows(vehicles, health, status, nameOf), WORST_FIRST);
  const ms = performance.now() - started;
  first = sorted[0]!.vin;
  // The first three warm the JIT up.
  if (rep >= 3) times.push(ms);
}
if (!first) throw new Error('nothing sorted');
const value = median(times);
report([
  {
    name: `fleet view: ${CARS} cars' battery health joined and sorted, worst first`,
    value: round(value, 2),
    unit: 'ms',
    p95: round(p95(times), 2),
    budget: '≤ 16 ms',
    pass: value <= 16,
    detail: `median of ${REPS} after 3 warm-up; fleetRows + sortFleetRows as the fleet view derives them`,
  },
]);
