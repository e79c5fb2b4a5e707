// A read of one vehicle is declared once, in the vehicle reads table: its IPC operation, argument
// schema, client endpoint, request, offline cache kind and freshness, and simulator route all come
// from its row. These fail when a derived piece drifts from the table.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../electron/main/api/endpoints';
import { vehicleReadRequest } from '../../../electron/main/api/requests';
import { matchRoute } from '../../../electron/main/simulator/router';
import { CACHED_VALUES, READ_KINDS } from '../../../electron/main/storage/cache/cached-values';
import { OPERATIONS } from '../../../electron/shared/ipc/operations';
import { ARG_SCHEMAS } from '../../../electron/shared/ipc/schemas';
import { VEHICLE_READ_SCHEMAS } from '../../../electron/shared/vehicle-read-schemas';
import { readVariant, VEHICLE_READ_NAMES, VEHICLE_READS } from '../../../electron/shared/vehicle-reads';
import { ROUTE_NAMES } from '../../../electron/shared/wire';

const VIN = '5YJ3E1EA7KF317000';

describe('the vehicle reads table', () => {
  it.each(VEHICLE_READ_NAMES)('%s: every piece comes from its row', (name) => {
    const row = VEHICLE_READS[name];
    expect(OPERATIONS[`vehicles.${name}`]).toEqual({ kind: 'read' });
    expect(ARG_SCHEMAS[`vehicles.${name}`].safeParse([VIN, { refresh: true }]).success).toBe(true);
    expect(ENDPOINTS[name].label).toBe(row.label);
    expect(ENDPOINTS[name].schema).toBe(VEHICLE_READ_SCHEMAS[name].answer);
    expect(READ_KINDS).toContain(row.cacheKind);
    expect(CACHED_VALUES[row.cacheKind as keyof typeof CACHED_VALUES]).toEqual({
      schema: VEHICLE_READ_SCHEMAS[name].answer,
      freshForMs: row.freshForMs,
    });
    expect(ROUTE_NAMES).toContain(row.route);
    const request = vehicleReadRequest(name, VIN);
    expect(request).toMatchObject({ route: row.route, method: 'GET', requestClass: 'read', body: null });
    expect(matchRoute(request.path, 'GET')).toMatchObject({ route: row.route, vin: VIN });
  });

  it('refuses options a read does not take, at the IPC edge', () => {
    expect(ARG_SCHEMAS['vehicles.status'].safeParse([VIN, { from: 1 }]).success).toBe(false);
    expect(ARG_SCHEMAS['vehicles.drives'].safeParse([VIN, { from: 1_600_000_000, to: 1 }]).success).toBe(
      false,
    );
  });

  it('sends only the options given, under the service names, in the row order', () => {
    const drives = vehicleReadRequest('drives', VIN, {
      timezone: 'Europe/Berlin',
      excludeTag: true,
      tag: 'Business',
      from: 1_700_000_000,
    });
    expect(drives.path).toBe(`/${VIN}/drives`);
    expect(drives.query).toEqual([
      ['from', '1700000000'],
      ['tag', 'Business'],
      ['exclude_tag', 'true'],
      ['timezone', 'Europe/Berlin'],
    ]);
  });

  it('keys a cached answer by its options in the row order, whatever order they came in', () => {
    expect(readVariant('tirePressure', {})).toBe('');
    const variant = readVariant('drives', { tag: 'Business', from: 1 });
    expect(variant).toBe(readVariant('drives', { from: 1, tag: 'Business' }));
    // The drives' entries keep the key they had before the table existed: the filters' values in
    // their order, null for each one not given.
    expect(variant).toBe(JSON.stringify([1, null, 'Business', null, null, null, null, null]));
  });
});
