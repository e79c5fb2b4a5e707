// Response shapes of the Vehicle Management Service (shared/interface/vehicle-management-service.md).
// The client validates every response against these; the simulator is tested against them too.
import { z } from 'zod';
import { VEHICLE_READ_ROUTES, type VehicleReadRoute } from './vehicle-reads';

export const telemetryFieldSchema = z.object({ interval_seconds: z.number().int() });

export const telemetryConfigSchema = z.object({
  synced: z.boolean(),
  config: z.object({
    hostname: z.string(),
    ca: z.string(),
    exp: z.number().int(),
    port: z.number().int(),
    fields: z.record(z.string(), telemetryFieldSchema),
    alert_types: z.array(z.string()),
  }),
  update_available: z.boolean(),
});
export type TelemetryConfig = z.infer<typeof telemetryConfigSchema>;

export const releaseNoteSchema = z.object({
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string(),
  customer_version: z.string(),
  image_url: z.string().nullable(),
  light_image_url: z.string().nullable(),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

export const releaseNotesSchema = z.object({
  deployed_version: z.string(),
  staged_version: z.string().nullable(),
  release_notes: z.array(releaseNoteSchema),
});
export type ReleaseNotes = z.infer<typeof releaseNotesSchema>;

/**
 * Commands, set_tag and plate answer this; `reason` is what the public service adds on failure,
 * `woke` whether the vehicle had to be woken for a command.
 */
export const commandResultSchema = z.object({
  result: z.boolean(),
  reason: z.string().optional(),
  woke: z.boolean().optional(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

// ---------------------------------------------------------------------------------------------
// The public operations beyond the twelve (shared/interface/public-api-beyond.md). Objects strip
// unknown fields (zod's default): only what is declared here ever leaves the API client, so the
// account's `tokens` and anything else a state object carries are dropped at the edge. Fields a
// real car may omit are optional and nullable; the app shows them as unknown.

/** Optional and nullable: absent or null both mean "the service did not say". */
const maybe = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
/** Section timestamps are Unix milliseconds. */
const sectionTimestamp = maybe(z.number());

export const SLEEP_STATUSES = ['asleep', 'waiting_for_sleep', 'awake'] as const;
export type SleepStatus = (typeof SLEEP_STATUSES)[number];

/** `GET /{vin}/status`: cheap, never wakes the vehicle. */
export const vehicleStatusSchema = z.object({ status: z.enum(SLEEP_STATUSES) });
export type VehicleStatusAnswer = z.infer<typeof vehicleStatusSchema>;

export const VEHICLE_STATES = ['online', 'asleep', 'offline'] as const;
export type VehicleOnlineState = (typeof VEHICLE_STATES)[number];

export const chargeStateSchema = z.object({
  timestamp: sectionTimestamp,
  battery_level: maybe(z.number()),
  /** Miles. */
  battery_range: maybe(z.number()),
  charging_state: maybe(z.string()),
  charge_limit_soc: maybe(z.number()),
  charge_limit_soc_min: maybe(z.number()),
  charge_limit_soc_max: maybe(z.number()),
  charge_current_request: maybe(z.number()),
  /** The vehicle's own maximum, amps. */
  charge_current_request_max: maybe(z.number()),
  charger_actual_current: maybe(z.number()),
  charge_port_door_open: maybe(z.boolean()),
  charge_port_latch: maybe(z.string()),
});

export const climateStateSchema = z.object({
  timestamp: sectionTimestamp,
  inside_temp: maybe(z.number()),
  outside_temp: maybe(z.number()),
  /** °C. */
  driver_temp_setting: maybe(z.number()),
  min_avail_temp: maybe(z.number()),
  max_avail_temp: maybe(z.number()),
  is_climate_on: maybe(z.boolean()),
});

export const softwareUpdateSchema = z.object({
  /** "", "available", "scheduled", "downloading", "installing", … */
  status: maybe(z.string()),
  version: maybe(z.string()),
  download_perc: maybe(z.number()),
  install_perc: maybe(z.number()),
  expected_duration_sec: maybe(z.number()),
});

export const speedLimitModeSchema = z.object({
  active: maybe(z.boolean()),
  pin_code_set: maybe(z.boolean()),
  min_limit_mph: maybe(z.number()),
  max_limit_mph: maybe(z.number()),
  current_limit_mph: maybe(z.number()),
});

export const vehicleStateSectionSchema = z.object({
  timestamp: sectionTimestamp,
  /** "2026.14.3 fae2af490933": version, space, build hash. */
  car_version: maybe(z.string()),
  /** Miles. */
  odometer: maybe(z.number()),
  locked: maybe(z.boolean()),
  sentry_mode: maybe(z.boolean()),
  valet_mode: maybe(z.boolean()),
  /** Keyless driving is on: the car may be driven away without a key until it times out. */
  remote_start: maybe(z.boolean()),
  /** Not in the published description: unknown unless the service answers it. */
  low_power_mode: maybe(z.boolean()),
  /** Not in the published description either (the telemetry signal is GuestModeEnabled). */
  guest_mode_enabled: maybe(z.boolean()),
  /** Front and rear trunk: 0 closed, otherwise open. */
  ft: maybe(z.number()),
  rt: maybe(z.number()),
  /** 0 = closed. */
  fd_window: maybe(z.number()),
  fp_window: maybe(z.number()),
  rd_window: maybe(z.number()),
  rp_window: maybe(z.number()),
  software_update: maybe(softwareUpdateSchema),
  speed_limit_mode: maybe(speedLimitModeSchema),
  /** Bar. */
  tpms_pressure_fl: maybe(z.number()),
  tpms_pressure_fr: maybe(z.number()),
  tpms_pressure_rl: maybe(z.number()),
  tpms_pressure_rr: maybe(z.number()),
});

export const driveStateSchema = z.object({
  timestamp: sectionTimestamp,
  shift_state: maybe(z.string()),
  latitude: maybe(z.number()),
  longitude: maybe(z.number()),
});

export const vehicleConfigSchema = z.object({
  timestamp: sectionTimestamp,
  /** models, model3, modelx, modely, cybertruck. */
  car_type: maybe(z.string()),
  trim_badging: maybe(z.string()),
  exterior_color: maybe(z.string()),
  charge_port_type: maybe(z.string()),
});

/**
 * `GET /{vin}/state` and `last_state`. A live read of a sleeping vehicle answers only
 * `{"state": "asleep"}`, so everything but `state` is optional.
 */
export const vehicleStateSchema = z.object({
  vin: z.string().max(64).optional(),
  display_name: maybe(z.string()),
  state: z.enum(VEHICLE_STATES),
  in_service: maybe(z.boolean()),
  api_version: maybe(z.number()),
  charge_state: maybe(chargeStateSchema),
  climate_state: maybe(climateStateSchema),
  vehicle_state: maybe(vehicleStateSectionSchema),
  drive_state: maybe(driveStateSchema),
  vehicle_config: maybe(vehicleConfigSchema),
});
export type VehicleState = z.infer<typeof vehicleStateSchema>;

/** `GET /{vin}/plate`: the plate as the service knows it. */
export const plateReadSchema = z.object({ result: z.string().nullable() });
export type PlateRead = z.infer<typeof plateReadSchema>;

export const driveSchema = z.object({
  id: z.number().int(),
  /** Unix seconds. */
  started_at: z.number(),
  ended_at: z.number(),
  starting_location: maybe(z.string()),
  ending_location: maybe(z.string()),
  starting_latitude: maybe(z.number()),
  starting_longitude: maybe(z.number()),
  ending_latitude: maybe(z.number()),
  ending_longitude: maybe(z.number()),
  starting_battery: maybe(z.number()),
  ending_battery: maybe(z.number()),
  /** In the `distance_format` asked for (miles by default). */
  odometer_distance: maybe(z.number()),
  average_speed: maybe(z.number()),
  max_speed: maybe(z.number()),
  /** kWh. */
  energy_used: maybe(z.number()),
  rated_range_used: maybe(z.number()),
  tag: maybe(z.string()),
});
export type Drive = z.infer<typeof driveSchema>;

/** `GET /{vin}/drives`: newest first. */
export const drivesSchema = z.object({ results: z.array(driveSchema) });
export type DrivesList = z.infer<typeof drivesSchema>;

export const firmwareAlertSchema = z.object({
  /** Unix seconds. */
  timestamp: z.number(),
  /** e.g. VCFRONT_a361_washerFluidLowMomentary. */
  name: z.string(),
  description: maybe(z.string()),
  recent_fleet_count: maybe(z.number().int()),
});
export type FirmwareAlert = z.infer<typeof firmwareAlertSchema>;

export const firmwareAlertsSchema = z.object({ results: z.array(firmwareAlertSchema) });
export type FirmwareAlerts = z.infer<typeof firmwareAlertsSchema>;

/** `GET /{vin}/tire_pressure`: bar, null when unknown; statuses such as "low". */
export const tirePressureSchema = z.object({
  front_left: maybe(z.number()),
  front_right: maybe(z.number()),
  rear_left: maybe(z.number()),
  rear_right: maybe(z.number()),
  front_left_status: maybe(z.string()),
  front_right_status: maybe(z.string()),
  rear_left_status: maybe(z.string()),
  rear_right_status: maybe(z.string()),
  /** Unix seconds. */
  timestamp: maybe(z.number()),
});
export type TirePressure = z.infer<typeof tirePressureSchema>;

/** `GET /vehicles`: `last_state` is the state object; its `tokens` are never declared, so dropped. */
export const accountVehicleSchema = z.object({
  vin: z.string().max(64),
  is_active: maybe(z.boolean()),
  last_state: maybe(vehicleStateSchema),
});
export type AccountVehicle = z.infer<typeof accountVehicleSchema>;

export const accountVehiclesSchema = z.object({ results: z.array(accountVehicleSchema) });
export type AccountVehicles = z.infer<typeof accountVehiclesSchema>;

/** `POST /{vin}/wake`: true once awake, false after the service's timeout. */
export const wakeResultSchema = z.object({ result: z.boolean() });
export type WakeResult = z.infer<typeof wakeResultSchema>;

// The version rule lives with the other input rules (zod-free, so the renderer imports it too).
export { SOFTWARE_VERSION_RE } from './input-rules';

/**
 * The service's operations as both sides name them (the client's requests, the simulator's routes
 * and faults): `plate` is `POST /{vin}/plate`, `plate_read` is `GET /{vin}/plate`. The access
 * operations (shared/interface/public-api-access.md): `drivers` is `GET /{vin}/drivers`,
 * `driver_delete` `POST /{vin}/drivers/{id}/delete`, `invitations` `GET /{vin}/invitations`,
 * `invitation_create` `POST /{vin}/invitations`, `invitation_revoke`
 * `POST /{vin}/invitations/{id}/revoke`, `fleet_telemetry_config_write` `POST` and
 * `fleet_telemetry_config_delete` `DELETE /{vin}/fleet_telemetry_config`. Workshop and guest-mode
 * commands are `command`.
 */
export const ROUTE_NAMES = [
  'release_notes',
  'set_tag',
  'plate',
  'command',
  'vehicles',
  'state',
  'wake',
  'drivers',
  'driver_delete',
  'invitations',
  'invitation_create',
  'invitation_revoke',
  'fleet_telemetry_config_write',
  'fleet_telemetry_config_delete',
  // The account's reads: every car's battery health (`GET /battery_health`) and the Fleet API's
  // `POST /api/1/vehicles/fleet_status` sent through the service.
  'fleet_battery_health',
  'fleet_status',
  // `POST /{vin}/charges/{id}/set_cost`: a charging session's cost.
  'set_charge_cost',
  // The reads of one vehicle that are a GET of what the service keeps (vehicle-reads.ts).
  ...VEHICLE_READ_ROUTES,
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number] | VehicleReadRoute;
