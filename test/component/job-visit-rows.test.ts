// The Job tab's facts of the car's visit: the pack, its health and where the car stood at check-in
// and check-out, and what happened while it was with the shop (alerts, software, charging with its
// cost), as rows of the one facts table, by their accessible names; an open job says the visit is
// said at close. And Settings → The car's visit: the lot and price kept by main, saved, and a
// mistake said before anything is sent.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ShopVisitSettings from '../../renderer/src/components/settings/ShopVisitSettings.svelte';
import type { ShopVisitSettings as Visit } from '../../electron/shared/shop-visit';
import { preferences } from '../../renderer/src/lib/stores';
import { openJobFixture, visitJobFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { ok } from './fixtures';
import { factRow, showJob } from './show-job';

const show = showJob;
const row = factRow;

describe("the Job tab's visit", () => {
  it('shows the pack, its health and where the car stood at both ends', async () => {
    preferences.setDistanceUnit('km');
    show(visitJobFixture());
    await screen.findByRole('table');
    expect(
      row(/^battery pack 64 %, 46\.1 kWh left, range 319 km, 398 V, modules 20\.5–21 °C, as of .* 78 %/),
    ).toBeTruthy();
    expect(
      row(/^battery health usable capacity 72\.4 kWh, range at 100 % 499 km, .*last answer kept offline/),
    ).toBeTruthy();
    expect(
      row(
        /^where the car stood off the shop's lot \(2\.4 km from its centre\): Rosenheimer .* on the shop's lot \(7 m from its centre\)/,
      ),
    ).toBeTruthy();
  });

  it('shows what happened during the visit, one row each, in the same table', async () => {
    show(visitJobFixture());
    const table = await screen.findByRole('table');
    expect(table.querySelector('th[scope="colgroup"]')?.textContent).toBe('During the visit');
    expect(row(/^software 2026\.14\.3 → 2026\.20\.1, changed during the visit$/)).toBeTruthy();
    expect(row(/^alerts raised UI_a020 \(raised /)).toBeTruthy();
    expect(row(/^alerts active throughout VCFRONT_a180 /)).toBeTruthy();
    expect(row(/^alerts cleared BMS_a066 /)).toBeTruthy();
    const sessions = screen.getAllByRole('row', { name: /^charging session / });
    expect(sessions.map((r) => r.textContent)).toEqual([
      expect.stringMatching(
        /10\.4 kWh from the charger, 9\.8 kWh into the pack, 64 → 75 %.*cost 3\.64, recorded on the service$/,
      ),
      expect.stringMatching(/cost 0\.74, could not be recorded on the service$/),
    ]);
    expect(
      row(/^charging in custody 2 sessions, 12\.5 kWh from the charger, cost 4\.38 at 0\.35 per kWh$/),
    ).toBeTruthy();
  });

  it('says of an open job that the visit is said when it closes', async () => {
    show(openJobFixture());
    await screen.findByRole('table');
    expect(row(/^Said when the job is closed\.$/)).toBeTruthy();
    expect(screen.queryByRole('row', { name: /^software .*changed/ })).toBeNull();
  });
});

describe("Settings → The car's visit", () => {
  it('shows what main keeps and saves the lot, the price and the opt-in, a decimal comma taken', async () => {
    let kept: Visit = {
      lot: { latitude: 37.4275, longitude: -121.9066, radiusM: 100 },
      pricePerKwh: null,
      recordCost: false,
    };
    const fake = installFakeGarage({
      'settings.shopVisit': () => ok(kept),
      'settings.setShopVisit': ([input]) => ok((kept = input)),
    });
    render(ShopVisitSettings);
    const latitude = screen.getByRole('textbox', { name: 'Lot latitude (degrees)' }) as HTMLInputElement;
    await waitFor(() => expect(latitude.value).toBe('37.4275'));
    await fireEvent.input(screen.getByRole('textbox', { name: 'Lot radius (metres)' }), {
      target: { value: '150' },
    });
    await fireEvent.input(screen.getByRole('textbox', { name: 'Price per kWh' }), {
      target: { value: '0,35' },
    });
    await fireEvent.click(screen.getByRole('checkbox', { name: /Record each session’s cost/ }));
    await fireEvent.click(screen.getByRole('button', { name: 'Save visit settings' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Saved/);
    expect(fake.calls.find((c) => c.operation === 'settings.setShopVisit')?.args).toEqual([
      { lot: { latitude: 37.4275, longitude: -121.9066, radiusM: 150 }, pricePerKwh: 0.35, recordCost: true },
    ]);
  });

  it('says a lot given in part, or costs recorded without a price, and sends nothing', async () => {
    const fake = installFakeGarage({
      'settings.shopVisit': () => ok({ lot: null, pricePerKwh: null, recordCost: false }),
      'settings.setShopVisit': ([input]) => ok(input),
    });
    render(ShopVisitSettings);
    await fireEvent.input(screen.getByRole('textbox', { name: 'Lot latitude (degrees)' }), {
      target: { value: '48.1' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Save visit settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Give the lot’s latitude, longitude and radius, or none of them.',
    );
    await fireEvent.input(screen.getByRole('textbox', { name: 'Lot latitude (degrees)' }), {
      target: { value: '' },
    });
    await fireEvent.click(screen.getByRole('checkbox', { name: /Record each session’s cost/ }));
    await fireEvent.click(screen.getByRole('button', { name: 'Save visit settings' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Set a price per kWh to record costs on the service.',
      ),
    );
    expect(fake.calls.filter((c) => c.operation === 'settings.setShopVisit')).toEqual([]);
  });
});
