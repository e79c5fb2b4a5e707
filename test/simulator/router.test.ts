// The router's table is the simulator's dispatch: every operation both sides name has exactly one
// row, and a path's methods, its 405 and its parameters come from the rows.
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from '../../electron/shared/wire';
import { matchRoute, ROUTES } from '../../electron/main/simulator/router';

describe('the simulator router', () => {
  it('has one row per operation the client and the simulator name, and no other', () => {
    expect(ROUTES.map((row) => row.route).sort()).toEqual([...ROUTE_NAMES].sort());
  });

  it('chooses the row by path and method, and names what a path allows', () => {
    expect(matchRoute('/V1/plate', 'GET')).toMatchObject({
      route: 'plate_read',
      vin: 'V1',
      allow: ['GET', 'POST'],
    });
    expect(matchRoute('/V1/plate', 'POST')).toMatchObject({ route: 'plate', allow: ['GET', 'POST'] });
    // A method the path does not take: the path's GET row, for the 405.
    expect(matchRoute('/V1/plate', 'PUT')).toMatchObject({ route: 'plate_read' });
    expect(matchRoute('/V1/fleet_telemetry_config', 'PUT')).toMatchObject({
      route: 'fleet_telemetry_config',
      allow: ['GET', 'POST', 'DELETE'],
    });
    expect(matchRoute('/V1/invitations', 'POST')).toMatchObject({ route: 'invitation_create' });
    expect(matchRoute('/vehicles', 'GET')).toMatchObject({ route: 'vehicles', vin: null });
  });

  it('reads the parameters in the path, and refuses paths no row fits', () => {
    expect(matchRoute('/V1/command/honk_horn', 'GET')).toMatchObject({
      route: 'command',
      command: 'honk_horn',
    });
    expect(matchRoute('/V1/release_notes', 'GET')).toMatchObject({ route: 'release_notes', version: '' });
    expect(matchRoute('/V1/release_notes/', 'GET')).toMatchObject({ version: '' });
    expect(matchRoute('/V1/release_notes/2026.14.3', 'GET')).toMatchObject({ version: '2026.14.3' });
    expect(matchRoute('/V1/release_notes/%E0%A4%A', 'GET')).toMatchObject({ version: null });
    expect(matchRoute('/V1/drivers/42/delete', 'POST')).toMatchObject({ route: 'driver_delete', id: '42' });
    for (const path of ['/', '/V1', '//status', '/V1/command/', '/V1/nothing', '/V1/drives/x', 'V1/status']) {
      expect(matchRoute(path, 'GET'), path).toBeNull();
    }
  });
});
