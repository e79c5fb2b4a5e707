// Shop mode in the window: the Shop settings form's states (solo, shop with its fields, the name it
// requires, the write-only password, "Test connection" naming what it found or why not, the offer to
// upload on joining) and claims (the mark, claim with a note, the loser told who has it, release,
// take over, and a confirm by name before a command to a car another technician holds).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClaimView, ShopView } from '../../electron/shared/shop';
import ShopSettings from '../../renderer/src/components/settings/ShopSettings.svelte';
import ClaimBar from '../../renderer/src/components/vehicle/ClaimBar.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import HistoryPanel from '../../renderer/src/components/vehicle/history/HistoryPanel.svelte';
import ToastRegion from '../../renderer/src/components/common/ToastRegion.svelte';
import { shop, vehicleList } from '../../renderer/src/lib/stores';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const profile = {
  id: 'p1',
  name: 'Workshop',
  baseUrl: 'https://api.example',
  demo: false,
  hasToken: true,
  active: true,
};
const solo: ShopView = {
  profileId: 'p1',
  mode: 'solo',
  connection: {},
  technician: '',
  machine: 'bay-1',
  hasPassword: false,
  status: { state: 'solo', pending: 0, error: null },
};
const car = vehicle(1, { nickname: 'Loaner' });
const anaClaim: ClaimView = {
  vin: car.vin,
  claimedBy: 'Ana',
  machine: 'bay-1',
  note: 'brakes',
  since: '2026-11-25T09:00:00.000Z',
  expiresAt: '2026-11-25T17:00:00.000Z',
  expired: false,
  mine: false,
};

beforeEach(() => {
  vehicleList.loading = false;
});

describe('Settings → Shop', () => {
  it('shows solo with no database fields, then the fields and the required name in shop mode', async () => {
    const { calls } = installFakeGarage({ 'shop.get': () => ({ ok: true, value: solo }) });
    render(ShopSettings, { props: { profile } });
    const soloRadio = (await screen.findByLabelText(/Solo/)) as HTMLInputElement;
    await waitFor(() => expect(soloRadio.checked).toBe(true));
    expect(screen.queryByLabelText('Host')).toBeNull();
    expect(screen.queryByLabelText(/Database password/)).toBeNull();

    await fireEvent.click(screen.getByLabelText(/Shop \(a shared/));
    expect(screen.getByLabelText('Host')).toBeTruthy();
    expect(screen.getByText(/Enter the technician's name/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save shop settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await fireEvent.input(screen.getByLabelText('Port'), { target: { value: '99999' } });
    expect(screen.getByText('The port is a number from 1 to 65535')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'shop.configure')).toBe(false);
  });

  it('saves the settings, offers the upload on joining, and uploads when accepted', async () => {
    const joined: ShopView = {
      ...solo,
      mode: 'shop',
      connection: { host: 'db.shop', database: 'garage', user: 'ana', sslmode: 'verify-full' },
      technician: 'Ana',
      status: { state: 'connecting', pending: 0, error: null },
    };
    const { calls } = installFakeGarage({
      'shop.get': () => ({ ok: true, value: solo }),
      'shop.configure': () => ({ ok: true, value: joined }),
      'shop.importLocal': () => ({
        ok: true,
        value: { vehiclesAdded: 3, entriesUploaded: 12, entriesWaiting: 0, templatesAdded: 0 },
      }),
    });
    render(ToastRegion);
    render(ShopSettings, { props: { profile } });
    await screen.findByLabelText(/Solo/);
    await fireEvent.click(screen.getByLabelText(/Shop \(a shared/));
    await fireEvent.input(screen.getByLabelText('Host'), { target: { value: 'db.shop' } });
    await fireEvent.input(screen.getByLabelText('Database'), { target: { value: 'garage' } });
    await fireEvent.input(screen.getByLabelText('Database user'), { target: { value: 'ana' } });
    await fireEvent.change(screen.getByLabelText('TLS (sslmode)'), { target: { value: 'verify-full' } });
    await fireEvent.input(screen.getByLabelText("Technician's name"), { target: { value: ' Ana ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save shop settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload this garage to the shop?' });
    expect(calls.find((c) => c.operation === 'shop.configure')?.args).toEqual([
      'p1',
      {
        mode: 'shop',
        connection: { host: 'db.shop', database: 'garage', user: 'ana', sslmode: 'verify-full' },
        technician: 'Ana',
        machine: 'bay-1',
      },
    ]);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Upload garage and history' }));
    expect(await screen.findByText('Uploaded 3 new vehicles and 12 history entries')).toBeTruthy();
  });

  it('takes the password write-only and says what "Test connection" found or why not', async () => {
    const shopView: ShopView = { ...solo, mode: 'shop', technician: 'Ana', connection: { host: 'db' } };
    let testAnswer: ResultOf<'shop.test'> = {
      ok: false,
      error: {
        kind: 'forbidden',
        message: "Signed in as ana, but this role has no access to the shop's tables.",
      },
    };
    const { calls } = installFakeGarage({
      'shop.get': () => ({ ok: true, value: shopView }),
      'shop.setPassword': () => ({ ok: true, value: { ...shopView, hasPassword: true } }),
      'shop.test': () => testAnswer,
    });
    render(ShopSettings, { props: { profile } });
    const password = (await screen.findByLabelText('Database password')) as HTMLInputElement;
    expect(password.type).toBe('password');
    await fireEvent.input(screen.getByLabelText('Host'), { target: { value: 'edited-host' } });
    await fireEvent.input(password, { target: { value: 's3cret-pass' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    const replaced = (await screen.findByLabelText('Replace database password')) as HTMLInputElement;
    expect(replaced.value).toBe('');
    expect(screen.getByText(/A password is stored in the system keychain/)).toBeTruthy();
    // Saving the password leaves the settings being edited as they were.
    expect((screen.getByLabelText('Host') as HTMLInputElement).value).toBe('edited-host');

    await fireEvent.click(screen.getByRole('button', { name: 'Test shop connection' }));
    expect(await screen.findByText(/Not connected at .*no access to the shop's tables/)).toBeTruthy();
    testAnswer = {
      ok: true,
      value: {
        serverVersion: '15.8',
        role: 'ana',
        schemaVersion: 3,
        appSchemaVersion: 3,
        canWriteAudit: true,
      },
    };
    await fireEvent.click(screen.getByRole('button', { name: 'Test shop connection' }));
    expect(await screen.findByText(/Connected at .* as ana to PostgreSQL 15.8; schema 3 of 3/)).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'shop.test')).toHaveLength(2);
  });

  it('tests the settings with the password typed in the form, not yet saved', async () => {
    const shopView: ShopView = { ...solo, mode: 'shop', technician: 'Ana', connection: { host: 'db' } };
    const { calls } = installFakeGarage({
      'shop.get': () => ({ ok: true, value: shopView }),
      'shop.test': () => ({ ok: false, error: { kind: 'unauthorized', message: 'Wrong password.' } }),
    });
    render(ShopSettings, { props: { profile } });
    const password = (await screen.findByLabelText('Database password')) as HTMLInputElement;
    await fireEvent.input(screen.getByLabelText('Host'), { target: { value: 'new-host' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Test shop connection' }));
    await screen.findByText(/Wrong password/);
    await fireEvent.input(password, { target: { value: 'typed-for-new-host' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Test shop connection' }));
    await waitFor(() => expect(calls.filter((c) => c.operation === 'shop.test')).toHaveLength(2));
    const [withoutTyped, withTyped] = calls.filter((c) => c.operation === 'shop.test');
    expect(withoutTyped!.args).toHaveLength(2);
    expect(withTyped!.args).toEqual(['p1', expect.objectContaining({ mode: 'shop' }), 'typed-for-new-host']);
    // Only tested: nothing was stored.
    expect(calls.some((c) => c.operation === 'shop.setPassword')).toBe(false);
  });

  it("takes the CA file from main's dialog, never typed", async () => {
    const shopView: ShopView = {
      ...solo,
      mode: 'shop',
      technician: 'Ana',
      connection: { host: 'db', sslmode: 'verify-full' },
    };
    const { calls } = installFakeGarage({
      'shop.get': () => ({ ok: true, value: shopView }),
      'shop.chooseCaFile': () => ({ ok: true, value: '/etc/ssl/shop-ca.pem' }),
      'shop.configure': () => ({ ok: true, value: shopView }),
    });
    render(ShopSettings, { props: { profile } });
    const field = (await screen.findByLabelText('CA file (verify-ca, verify-full)')) as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    await fireEvent.click(screen.getByRole('button', { name: 'Choose CA file…' }));
    await waitFor(() => expect(field.value).toBe('/etc/ssl/shop-ca.pem'));
    expect(calls.find((c) => c.operation === 'shop.chooseCaFile')?.args).toEqual(['p1']);
  });

  it("offers verify-full first, takes the client certificate and key from main's dialog, and saves the key's passphrase write-only", async () => {
    const shopView: ShopView = { ...solo, mode: 'shop', technician: 'Ana', connection: { host: 'db' } };
    const { calls } = installFakeGarage({
      'shop.get': () => ({ ok: true, value: shopView }),
      'shop.chooseClientFile': ([, which]) => ({ ok: true, value: `/home/ana/desk.${which}` }),
      'shop.setKeyPassphrase': () => ({ ok: true, value: { ...shopView, hasKeyPassphrase: true } }),
      'shop.configure': () => ({ ok: true, value: shopView }),
    });
    render(ShopSettings, { props: { profile } });
    const tls = (await screen.findByLabelText('TLS (sslmode)')) as HTMLSelectElement;
    expect(tls.value).toBe('verify-full');
    expect(screen.queryByLabelText("Client key's passphrase")).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Choose certificate…' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Choose key…' }));
    const cert = screen.getByLabelText(/Client certificate/) as HTMLInputElement;
    const key = screen.getByLabelText('Client key') as HTMLInputElement;
    await waitFor(() => expect(key.value).toBe('/home/ana/desk.key'));
    expect(cert.value).toBe('/home/ana/desk.cert');
    expect(cert.readOnly && key.readOnly).toBe(true);

    const passphrase = (await screen.findByLabelText("Client key's passphrase")) as HTMLInputElement;
    await fireEvent.input(passphrase, { target: { value: 'desk-7' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save passphrase' }));
    await screen.findByText(/A passphrase is stored in the system keychain/);
    expect(passphrase.value).toBe('');
    expect(calls.find((c) => c.operation === 'shop.setKeyPassphrase')?.args).toEqual(['p1', 'desk-7']);

    await fireEvent.click(screen.getByRole('button', { name: 'Save shop settings' }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'shop.configure')).toBe(true));
    expect(calls.find((c) => c.operation === 'shop.configure')?.args[1]).toMatchObject({
      connection: {
        sslmode: 'verify-full',
        clientCertFile: '/home/ana/desk.cert',
        clientKeyFile: '/home/ana/desk.key',
      },
    });
  });
});

describe('claims', () => {
  it('claims with a note, and tells the loser who has it', async () => {
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    let answer: ResultOf<'claims.claim'> = {
      ok: false,
      error: { kind: 'rejected', message: 'Ana has claimed this vehicle since 09:00 (brakes).' },
    };
    const { calls } = installFakeGarage({
      'claims.claim': () => answer,
      'claims.list': () => ({ ok: true, value: [] }),
      'shop.status': () => ({ ok: true, value: { state: 'online', pending: 0, error: null } }),
    });
    render(ToastRegion);
    render(ClaimBar, { props: { vin: car.vin, vehicleName: 'Loaner' } });
    expect(screen.getByText('Not claimed')).toBeTruthy();
    await fireEvent.input(screen.getByLabelText('Claim note'), { target: { value: 'tyres' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText(/Ana has claimed this vehicle/)).toBeTruthy();
    expect(calls.find((c) => c.operation === 'claims.claim')?.args).toEqual([car.vin, { note: 'tyres' }]);

    answer = { ok: true, value: { ...anaClaim, claimedBy: 'Ben', mine: true, note: null } };
    await fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByRole('button', { name: 'Release claim' })).toBeTruthy();
    expect(screen.getByText(/claimed by Ben since/)).toBeTruthy();
  });

  it("shows another's claim live, an expired one as expired, and takes over after a confirm", async () => {
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    const { calls } = installFakeGarage({
      'claims.takeOver': () => ({ ok: true, value: { ...anaClaim, claimedBy: 'Ben', mine: true } }),
      'claims.list': () => ({ ok: true, value: [anaClaim] }),
      'shop.status': () => ({ ok: true, value: { state: 'online', pending: 0, error: null } }),
    });
    render(ClaimBar, { props: { vin: car.vin, vehicleName: 'Loaner' } });
    // As main's claim.changed event brings it.
    shop.applyClaim(car.vin, anaClaim);
    expect(await screen.findByText(/claimed by Ana since .*: brakes/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.operation === 'claims.list')).toBe(true));
    await fireEvent.click(screen.getByRole('button', { name: 'Take over claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take over from Ana?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take over claim' }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'claims.takeOver')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Release claim' })).toBeTruthy();

    shop.applyClaim(car.vin, { ...anaClaim, expired: true });
    expect(await screen.findByText(/Claim expired: claimed by Ana/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeTruthy();
  });

  it('asks by name before a command to a car another technician holds, and sends with the override', async () => {
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    shop.applyClaim(car.vin, anaClaim);
    const { calls } = installFakeGarage({
      'service.command': () => ({ ok: true, value: { result: true } }),
      'vehicles.list': () => ({ ok: true, value: [] }),
      'vehicles.state': () => ({ ok: false, error: { kind: 'network', message: 'x' } }),
      'claims.list': () => ({ ok: true, value: [anaClaim] }),
      'shop.status': () => ({ ok: true, value: { state: 'online', pending: 0, error: null } }),
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    const asked = await screen.findByRole('dialog', { name: 'Claimed by Ana' });
    expect(within(asked).getByText(/has claimed Loaner since/)).toBeTruthy();
    await fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.operation === 'service.command')).toBe(false);

    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    const again = await screen.findByRole('dialog', { name: 'Claimed by Ana' });
    await fireEvent.click(within(again).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'service.command')).toBe(true));
    // The window starts the run with the technician's confirmation; main checks and records it.
    const sent = calls.find((c) => c.operation === 'runs.startVehicleCommand')!;
    expect(sent.args[0]).toBe(car.vin);
    expect(sent.args[1]).toBe('open_charge_port');
    expect(sent.args[2]).toMatchObject({ overrideClaim: true });
  });
});

describe("the shop's History", () => {
  const entry = (id: string, time: string, technician: string, dbRole: string) => ({
    id,
    time,
    vin: car.vin,
    operation: 'command:set_charge_limit',
    params: { percent: 80 },
    outcome: 'success',
    reason: null,
    errorKind: null,
    durationMs: 900,
    technician,
    machine: 'bay-1',
    dbRole,
  });

  it("shows every technician's entries with their names, the role when it differs, and older pages", async () => {
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    const first = [
      entry('00000000-0000-4000-8000-000000000002', '2026-11-25T10:00:00.000Z', 'Ana', 'garage_ana'),
      entry('00000000-0000-4000-8000-000000000001', '2026-11-25T09:00:00.000Z', 'ben', 'ben'),
    ];
    const second = [
      entry('00000000-0000-4000-8000-000000000000', '2026-11-24T09:00:00.000Z', 'Cleo', 'cleo'),
    ];
    const { calls } = installFakeGarage({
      'shop.history': (args) =>
        args[1] && (args[1] as { after?: unknown }).after
          ? { ok: true, value: { entries: second, next: null } }
          : { ok: true, value: { entries: first, next: { time: first[1]!.time, id: first[1]!.id } } },
      'claims.list': () => ({ ok: true, value: [] }),
      'shop.status': () => ({ ok: true, value: { state: 'online', pending: 0, error: null } }),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Ana (role garage_ana) on bay-1')).toBeTruthy();
    expect(screen.getByText('ben on bay-1')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'audit.list')).toBe(false);
    await fireEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText('Cleo (role cleo) on bay-1')).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'shop.history').at(-1)?.args[1]).toEqual({
      after: { time: first[1]!.time, id: first[1]!.id },
      limit: 100,
    });
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});
