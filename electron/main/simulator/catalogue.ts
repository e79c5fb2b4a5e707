// Model line-up and the names, colours and places a seeded fleet is drawn from. Tesla only, since the
// public service this simulates manages Teslas; VIN layout follows Tesla's (position 4 model line,
// 7 'E' electric, 10 year, 11 plant).

export interface ModelSpec {
  model: string;
  trim: string;
  /** VIN position 4. */
  line: string;
  /** VIN position 5 (body) and 8 (drive unit). */
  body: string;
  drive: string;
  maxAmps: 32 | 48;
  years: readonly [number, number];
  /** Factories by WMI + plant code (VIN position 11). */
  origins: readonly { wmi: string; plant: string }[];
  /** From this model year on, the car can close its windows remotely. */
  closeWindowsSince: number;
}

const US = [
  { wmi: '5YJ', plant: 'F' },
  { wmi: '7SA', plant: 'A' },
] as const;

// prettier-ignore
export const MODELS: readonly ModelSpec[] = [
  { model: 'Model 3', trim: 'Long Range', line: '3', body: 'E', drive: 'B', maxAmps: 48, years: [2019, 2026], origins: [{ wmi: '5YJ', plant: 'F' }, { wmi: 'LRW', plant: 'C' }], closeWindowsSince: 2019 },
  { model: 'Model 3', trim: 'Rear-Wheel Drive', line: '3', body: 'E', drive: 'A', maxAmps: 32, years: [2021, 2026], origins: [{ wmi: '5YJ', plant: 'F' }, { wmi: 'LRW', plant: 'C' }], closeWindowsSince: 2021 },
  { model: 'Model 3', trim: 'Performance', line: '3', body: 'E', drive: 'C', maxAmps: 48, years: [2019, 2026], origins: [{ wmi: '5YJ', plant: 'F' }], closeWindowsSince: 2019 },
  { model: 'Model Y', trim: 'Long Range', line: 'Y', body: 'G', drive: 'B', maxAmps: 48, years: [2020, 2026], origins: [...US, { wmi: 'XP7', plant: 'B' }, { wmi: 'LRW', plant: 'C' }], closeWindowsSince: 2020 },
  { model: 'Model Y', trim: 'Performance', line: 'Y', body: 'G', drive: 'C', maxAmps: 48, years: [2020, 2026], origins: [...US, { wmi: 'XP7', plant: 'B' }], closeWindowsSince: 2020 },
  { model: 'Model Y', trim: 'Standard', line: 'Y', body: 'G', drive: 'A', maxAmps: 32, years: [2023, 2026], origins: [{ wmi: '7SA', plant: 'A' }, { wmi: 'XP7', plant: 'B' }], closeWindowsSince: 2023 },
  { model: 'Model S', trim: 'Long Range', line: 'S', body: 'A', drive: 'B', maxAmps: 48, years: [2017, 2026], origins: [{ wmi: '5YJ', plant: 'F' }], closeWindowsSince: 2021 },
  { model: 'Model S', trim: 'Plaid', line: 'S', body: 'A', drive: 'D', maxAmps: 48, years: [2021, 2026], origins: [{ wmi: '5YJ', plant: 'F' }], closeWindowsSince: 2021 },
  { model: 'Model X', trim: 'Long Range', line: 'X', body: 'C', drive: 'B', maxAmps: 48, years: [2017, 2026], origins: [{ wmi: '5YJ', plant: 'F' }], closeWindowsSince: 2021 },
  { model: 'Cybertruck', trim: 'All-Wheel Drive', line: 'C', body: 'D', drive: 'D', maxAmps: 48, years: [2024, 2026], origins: [{ wmi: '7G2', plant: 'A' }], closeWindowsSince: 2030 },
];

// prettier-ignore
export const NICKNAMES: readonly string[] = [
  'Blue Thunder', 'Silver Arrow', 'Night Owl', 'Road Runner', 'Sparky', 'Ghost', 'Voltaire',
  'Red Baron', 'Stormbreaker', 'Pearl', 'Shadowfax', 'Nimbus', 'Falcon', 'Comet', 'Juniper',
  'Tesloid', 'The Fridge', 'Marigold', 'Kestrel', 'Atlas', 'Zephyr', 'Bolt', 'Luna', 'Orca',
];

// prettier-ignore
export const COLORS: readonly string[] = [
  'Pearl White', 'Solid Black', 'Midnight Silver', 'Deep Blue', 'Red Multi-Coat', 'Quicksilver',
  'Stealth Grey', 'Ultra Red', 'Midnight Cherry Red',
];

// prettier-ignore
export const PLACES: readonly string[] = [
  'Home', 'Office', 'Fremont Supercharger', 'Airport Parking', 'Service Center', 'Warehouse 4',
  'Customer Site', 'Downtown Garage', 'Train Station', 'Gym', 'School', 'Harbour Depot',
];

export const DRIVE_TAGS: readonly string[] = ['Business', 'Personal', 'Commute', 'Delivery'];

/** Telemetry field names seen in the interface, with intervals a fleet manager might choose. */
// prettier-ignore
export const TELEMETRY_FIELDS: readonly string[] = [
  'ACChargingPower', 'BatteryLevel', 'ChargeState', 'DCChargingPower', 'EnergyRemaining', 'Gear',
  'IdealBatteryRange', 'Location', 'Odometer', 'RatedRange', 'VehicleSpeed', 'InsideTemp',
];

export const TELEMETRY_INTERVALS: readonly number[] = [10, 30, 60, 300, 600, 1800, 3600];

/** Where each place is (around the Bay Area), so a drive's and a vehicle's coordinates agree. */
// prettier-ignore
export const PLACE_COORDS: Readonly<Record<string, readonly [number, number]>> = {
  'Home': [37.4419, -122.143], 'Office': [37.3875, -122.0575], 'Fremont Supercharger': [37.4946, -121.9446],
  'Airport Parking': [37.6213, -122.379], 'Service Center': [37.4275, -121.9066],
  'Warehouse 4': [37.4852, -122.2364], 'Customer Site': [37.3382, -121.8863],
  'Downtown Garage': [37.7897, -122.3972], 'Train Station': [37.4436, -122.1650], 'Gym': [37.4030, -122.1140],
  'School': [37.4249, -122.1661], 'Harbour Depot': [37.7955, -122.2799],
};

/** The public `vehicle_config.car_type` and `trim_badging` of each model and trim. */
export const CAR_TYPES: Readonly<Record<string, string>> = {
  'Model 3': 'model3',
  'Model Y': 'modely',
  'Model S': 'models',
  'Model X': 'modelx',
  Cybertruck: 'cybertruck',
};
// prettier-ignore
export const TRIM_BADGES: Readonly<Record<string, string>> = {
  'Long Range': '74d', 'Rear-Wheel Drive': '50', 'Performance': 'p74d', 'Standard': '62',
  'Plaid': 'plaid', 'All-Wheel Drive': 'awd',
};

/** Rated range at 100 %, miles, by model. */
export const FULL_RANGE_MILES: Readonly<Record<string, number>> = {
  'Model 3': 310,
  'Model Y': 300,
  'Model S': 400,
  'Model X': 330,
  Cybertruck: 320,
};

/** Firmware alerts a fleet raises: signal names as the vehicles report them. */
// prettier-ignore
export const FIRMWARE_ALERTS: readonly { name: string; description: string | null }[] = [
  { name: 'VCFRONT_a361_washerFluidLowMomentary', description: 'Washer fluid low' },
  { name: 'UMC_a022_vehicleSideFault', description: 'Charging stopped: vehicle-side fault' },
  { name: 'BMS_a066_SW_Over_Current', description: 'Battery current above limit' },
  { name: 'VCSEC_a229_keyFobBatteryLow', description: 'Key fob battery low' },
  { name: 'DI_a175_motorTempHigh', description: 'Drive unit temperature high' },
  { name: 'APP_w304_cameraBlocked', description: 'Camera view blocked or blinded' },
  { name: 'CP_a043_chargePortLatchFault', description: null },
  { name: 'VCLEFT_a084_frontDoorNotClosed', description: null },
];

/** The alert a low tyre raises. */
export const LOW_TYRE_ALERT = {
  name: 'VCFRONT_a180_tirePressureLow',
  description: 'Tire pressure low: check tires',
} as const;

/** Below this a tyre's status is "low" (bar). */
export const LOW_TYRE_BAR = 2.5;
