// `POST /api/1/vehicles/fleet_status`, the Fleet API's readiness call as the service passes it
// through: for each VIN asked about, whether the key used for signed commands is paired on the car,
// and the car's firmware, whether it requires signed commands, its telemetry version and how many
// keys it has. Each demo car's pairing is seeded from its VIN; a VIN of no car of the account is in
// neither list, as the Fleet API may leave one out. It reads what is kept and reaches no car.
import { hashString } from './prng';
import { error, json, type Reply } from './reply';
import { jsonObject } from './validation';
import type { VehicleRuntime } from './vehicle-runtime';

/** The most VINs one request may name (the Fleet API's own limit is not published). */
export const FLEET_STATUS_MAX_VINS = 1000;

/** Salts this choice apart from every other seeded stream. */
const PAIRING_SALT = 0x510e527f;

/** About one demo car in five has not had the key paired. */
export function keyPaired(vin: string): boolean {
  return hashString(vin, PAIRING_SALT) % 5 !== 0;
}

export function fleetStatus(
  fleet: ReadonlyMap<string, VehicleRuntime>,
  body: string,
  contentType: string | undefined,
): Reply {
  if (!contentType?.toLowerCase().startsWith('application/json'))
    return error(415, 'Send the body as application/json');
  const parsed = jsonObject(body);
  if (!parsed.ok) return error(400, parsed.error);
  const { vins } = parsed.value;
  if (!Array.isArray(vins) || vins.some((vin) => typeof vin !== 'string'))
    return error(400, 'vins must be an array of VIN strings');
  if (vins.length === 0 || vins.length > FLEET_STATUS_MAX_VINS)
    return error(400, `vins must name 1 to ${FLEET_STATUS_MAX_VINS} vehicles`);
  const paired: string[] = [];
  const unpaired: string[] = [];
  const info: Record<string, unknown> = {};
  for (const vin of new Set(vins as string[])) {
    const vehicle = fleet.get(vin);
    if (vehicle === undefined) continue;
    const { state } = vehicle;
    (keyPaired(vin) ? paired : unpaired).push(vin);
    info[vin] = {
      firmware_version: state.deployedVersion,
      // Cars built from 2021 on refuse unsigned commands.
      vehicle_command_protocol_required: state.year >= 2021,
      discounted_device_data: false,
      fleet_telemetry_version: state.telemetry.synced ? '1.1.0' : '1.0.0',
      // The owner's phone and two key cards, and each driver's phone keys.
      total_number_of_keys: 3 + state.drivers.reduce((n, d) => n + d.activePubkeys.length, 0),
    };
  }
  return json(200, { response: { key_paired_vins: paired, unpaired_vins: unpaired, vehicle_info: info } });
}
