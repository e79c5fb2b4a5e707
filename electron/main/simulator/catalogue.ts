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
