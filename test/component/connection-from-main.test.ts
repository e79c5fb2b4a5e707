// Whether the service answers is main's to say: its connection.changed event alone turns the
// header's offline badge and the tabs' notices on and off, both ways. Nothing the window itself
// reads or sends (a dropped connection, a timeout) changes them: no component or store reports
// reachability, and another profile's word is not this one's.
import { render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AppHeader from '../../renderer/src/components/shell/AppHeader.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import { connection, connectStores, vehicleList, vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const profile = { id: 'p1', name: 'Demo', active: true, demo: true, hasToken: true, baseUrl: '' };
const car = vehicle(1, { nickname: 'Loaner' });
const dropped = { ok: false as const, error: { kind: 'network' as const, message: 'connect ECONNREFUSED' } };

const badge = () => screen.queryByText('Offline: service unreachable');
const notice = () => screen.queryByText('Commands are disabled: the service cannot be reached.');
const button = () => screen.getByRole('button', { name: 'Close windows' }) as HTMLButtonElement;

describe("the service's reachability, as main tells it", () => {
  it("follows main's event alone, online to offline and back, and the window's own failures decide nothing", async () => {
    const fake = installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [profile] }),
      'vehicles.list': () => ({ ok: true, value: [car] }),
      'vehicles.state': () => dropped,
      'vehicles.telemetryConfig': () => dropped,
    });
    const disconnect = connectStores(fake.api);
    await vehicleList.load();
    render(AppHeader);
    render(CommandsPanel, { props: { vehicle: car } });

    // Reads the window makes fail for want of a connection: said where they were asked, but the
    // service's reachability is not the window's to decide.
    expect((await vehicleStates.load(car.vin))?.ok).toBe(false);
    await connection.check(car.vin);
    expect(badge()).toBeNull();
    expect(notice()).toBeNull();
    expect(button().disabled).toBe(false);

    fake.emit({
      type: 'connection.changed',
      profileId: 'p1',
      online: false,
      message: 'connect ECONNREFUSED',
    });
    await waitFor(() => expect(badge()).toBeTruthy());
    expect(notice()).toBeTruthy();
    expect(screen.getByText(/^Seen at .+: connect ECONNREFUSED\.$/)).toBeTruthy();
    expect(button().disabled).toBe(true);

    // Another profile's service answering says nothing about this one's.
    fake.emit({ type: 'connection.changed', profileId: 'other', online: true, message: null });
    expect(badge()).toBeTruthy();

    fake.emit({ type: 'connection.changed', profileId: 'p1', online: true, message: null });
    await waitFor(() => expect(badge()).toBeNull());
    expect(notice()).toBeNull();
    expect(button().disabled).toBe(false);
    disconnect();
  });
});
