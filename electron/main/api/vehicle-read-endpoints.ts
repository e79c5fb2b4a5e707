// The client's endpoint for each row of the vehicle reads table (shared/vehicle-reads.ts): a GET of
// the row's path with its options under the service's names, checked against the row's answer
// schema and labelled in the row's words. Nothing here is written per read.
import type { ZodType } from 'zod';
import type { ReadQueryOf, ReadValueOf } from '../../shared/vehicle-read-schemas';
import { VEHICLE_READ_SCHEMAS } from '../../shared/vehicle-read-schemas';
import { VEHICLE_READ_NAMES, VEHICLE_READS, type VehicleReadName } from '../../shared/vehicle-reads';
import { row, vehicleRead, type EndpointRow } from './endpoint-row';
import { vehicleReadRequest } from './requests';

/** The client's arguments for a read: the VIN, and its options when it has any to send. */
type ReadArgs<Name extends VehicleReadName> = [keyof ReadQueryOf<Name>] extends [never]
  ? [vin: string]
  : [vin: string, options?: ReadQueryOf<Name>];

type VehicleReadEndpoints = {
  [Name in VehicleReadName]: EndpointRow<ReadArgs<Name>, ReadValueOf<Name>, ReadValueOf<Name>>;
};

function endpointOf(
  name: VehicleReadName,
): EndpointRow<[string, Readonly<Record<string, unknown>>?], unknown, unknown> {
  const schema: ZodType<unknown> = VEHICLE_READ_SCHEMAS[name].answer;
  return row({
    label: VEHICLE_READS[name].label,
    schema,
    prepare: (t, vin: string, options?: Readonly<Record<string, unknown>>) => {
      const call = vehicleRead(t, vin, vehicleReadRequest(name, vin, options));
      const { image } = VEHICLE_READS[name] as { image?: 'image/png' };
      return image ? { ...call, image } : call;
    },
  });
}

// Each row is built from its read's own entries; the collection is said to be the typed table once.
export const VEHICLE_READ_ENDPOINTS = Object.fromEntries(
  VEHICLE_READ_NAMES.map((name) => [name, endpointOf(name)]),
) as VehicleReadEndpoints;
