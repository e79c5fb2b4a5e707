// What a tab writes to the service for one vehicle (plate, drive tags, telemetry configuration):
// main sends each once and audits it; the tab shows the answer.
import type { TelemetryFields } from '../../../electron/shared/telemetry-rules';
import { mainApi } from './main-api';

/** The technician confirmed writing to a car another technician has claimed (main records it). */
const overriding = (overrideClaim: boolean) => (overrideClaim ? { overrideClaim: true } : {});

/** Sets the licence plate, or clears it (`null`). */
export function setPlate(vin: string, plate: string | null, overrideClaim = false) {
  return mainApi().vehicles.setPlate(vin, { plate, ...overriding(overrideClaim) });
}

/** Tags drives (their ids, comma-separated) with one tag. */
export function tagDrives(vin: string, drives: string, tag: string) {
  return mainApi().vehicles.setDriveTag(vin, { drives, tag });
}

/** Writes the fields and intervals, or the recommended configuration. */
export function writeTelemetryConfig(
  vin: string,
  input: { fields: TelemetryFields } | { recommended: true },
) {
  return mainApi().vehicles.writeTelemetryConfig(vin, input);
}

/** Stops telemetry (the technician confirmed it). */
export function stopTelemetry(vin: string, overrideClaim = false) {
  return mainApi().vehicles.deleteTelemetryConfig(vin, { confirmed: true, ...overriding(overrideClaim) });
}
