// The answers of the two reads that span the whole account rather than one car: every car's battery
// health (`GET /battery_health`) and the readiness of a list of cars for signed commands (the Fleet
// API's `POST /api/1/vehicles/fleet_status`, sent through the service), as the public service sends
// them (shared/interface/public-api-history.md). Neither reaches a car.
import { z } from 'zod';

const maybe = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** One car's pack: ranges and odometer in the distance format asked for, capacities in kWh. */
export const fleetBatteryHealthRowSchema = z.object({
  vin: z.string().max(64),
  plate: maybe(z.string()),
  odometer: maybe(z.number()),
  max_range: maybe(z.number()),
  max_ideal_range: maybe(z.number()),
  capacity: maybe(z.number()),
  original_capacity: maybe(z.number()),
  degradation_percent: maybe(z.number()),
  health_percent: maybe(z.number()),
});
export const fleetBatteryHealthSchema = z.object({ results: z.array(fleetBatteryHealthRowSchema) });
export type FleetBatteryHealth = z.output<typeof fleetBatteryHealthSchema>;

/** What the Fleet API says of one car's readiness. */
export const fleetVehicleInfoSchema = z.object({
  firmware_version: maybe(z.string()),
  /** The car refuses commands that are not signed. */
  vehicle_command_protocol_required: maybe(z.boolean()),
  discounted_device_data: maybe(z.boolean()),
  fleet_telemetry_version: maybe(z.string()),
  total_number_of_keys: maybe(z.number().int()),
  safety_screen_streaming_toggle_enabled: maybe(z.boolean()),
});

/**
 * `POST /api/1/vehicles/fleet_status`: a VIN in neither list is unknown (not "unpaired"), as the
 * Fleet API may leave one out.
 */
export const fleetStatusSchema = z.object({
  response: z.object({
    key_paired_vins: z.array(z.string().max(64)),
    unpaired_vins: z.array(z.string().max(64)),
    vehicle_info: z.record(z.string().max(64), fleetVehicleInfoSchema),
  }),
});
export type FleetStatus = z.output<typeof fleetStatusSchema>;
