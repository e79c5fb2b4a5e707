// Telemetry templates in one wording: intervals in words and days as the locale writes them (never
// "3600 s" or "2026-12-01" beside "1 hour" and "Dec 1, 2026"); a roll-out's results say what every
// written car shared once and per car only the rest; an offline car is flagged in the plan with what
// happens to it; and from a vehicle's Telemetry tab a saved template is applied to that one car,
// through main's template run, after its differences and a confirmation.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import TemplateDryRunTable from '../../renderer/src/components/bulk/TemplateDryRunTable.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { formatDate } from '../../renderer/src/lib/format';
import { planRollout, type ConfigRead } from '../../renderer/src/lib/template-plan';
import { vehicleList } from '../../renderer/src/lib/stores';
import { installFakeRuns } from './fake-runs';
import { fleet, liveMeta, telemetry } from './fixtures';
import { glanced } from './glance-fixtures';

const HOURLY = {
  Gear: { interval_seconds: 3600 },
  Location: { interval_seconds: 10 },
};

describe('templates in one wording', () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  it('says intervals in words and an expiry day as the locale writes it in the dry run', () => {
    const [car] = fleet(1);
    const exp = Math.floor(Date.now() / 1000) + 10 * 86_400;
    const reads = new Map<string, ConfigRead>([
      [
        car!.vin,
        {
          ok: true,
          config: telemetry({ exp, fields: { Gear: { interval_seconds: 60 } } }),
          source: 'live',
          fetchedAt: liveMeta.fetchedAt,
        },
      ],
    ]);
    render(TemplateDryRunTable, {
      props: { plan: planRollout([car!], { fields: HOURLY }, reads, Date.now()), template: 'Hourly' },
    });
    const lines = within(screen.getByRole('list', { name: 'Differences of Car 100' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines[0]).toBe('Gear is every 1 minute on the car, every 1 hour in the template');
    expect(lines[1]).toBe('Location is missing (template: every 10 seconds)');
    expect(lines[2]).toContain(formatDate(new Date(exp * 1000)));
    expect(lines.join(' ')).not.toMatch(/\d+ s\b|\d{4}-\d{2}-\d{2}/);
  });

  it('flags a car main last saw offline in the plan, with what happens to it', () => {
    const now = Date.now();
    const gone = glanced(2, { sleep: 'offline' }, now, { nickname: 'Gone' });
    const [here] = fleet(1);
    const reads = new Map<string, ConfigRead>(
      [here!, gone].map((car) => [
        car.vin,
        { ok: true, config: telemetry({ fields: {} }), source: 'live', fetchedAt: liveMeta.fetchedAt },
      ]),
    );
    render(TemplateDryRunTable, {
      props: { plan: planRollout([here!, gone], { fields: HOURLY }, reads, now), template: 'Hourly' },
    });
    const [hereRow, goneRow] = screen.getAllByRole('row').slice(1);
    expect(within(goneRow!).getByText('Offline')).toBeTruthy();
    expect(
      within(goneRow!).getByText(
        /^Offline \(reported .+\): the service keeps the template for it, and the car adopts it when it next connects\.$/,
      ),
    ).toBeTruthy();
    expect(within(hereRow!).queryByText(/Offline/)).toBeNull();
  });

  it('says the changes every written car shared once, and per car only its own', async () => {
    const cars = fleet(3);
    const fake = installFakeRuns({
      'templates.list': () => ({ ok: true, value: [{ name: 'Hourly', fields: HOURLY, notes: '' }] }),
    });
    vehicleList.vehicles = cars;
    render(BulkActionsView);
    const run = fake.add(
      'template-rollout',
      cars.map((c) => c.vin),
    );
    const shared = [
      { kind: 'interval' as const, field: 'Gear', vehicleInterval: 5, templateInterval: 3600 },
      { kind: 'missing' as const, field: 'Location', templateInterval: 10 },
    ];
    fake.update(run.id, (r) => {
      r.template = { name: 'Hourly', fields: HOURLY };
      r.items.forEach((item, i) => {
        item.status = 'succeeded';
        item.message = 'Written (…); pending until the car adopts it.';
        item.changes =
          i === 2 ? [...shared, { kind: 'extra' as const, field: 'Odometer', vehicleInterval: 600 }] : shared;
      });
      r.state = 'completed';
      r.endedAt = new Date().toISOString();
    });
    const panel = screen.getByRole('region', { name: 'Apply a telemetry template' });
    const once = await within(panel).findByRole('list', { name: 'Changed on each of the 3 cars written' });
    expect(
      within(once)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Gear is every 5 seconds on the car, every 1 hour in the template',
      'Location is missing (template: every 10 seconds)',
    ]);
    const rows = within(within(panel).getByRole('table', { name: 'Bulk results' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[3]!.textContent)).toEqual([
      'Done: Written; pending until the car adopts it.',
      'Done: Written; pending until the car adopts it.',
      'Done: Written, and on this car also: Odometer is not in the template (car: every 10 minutes); pending until the car adopts it.',
    ]);
  });
});

describe('a template applied to one car from its Telemetry tab', () => {
  it('shows what changes, asks, starts main’s template run for that car alone and reads the car again', async () => {
    const [car] = fleet(1);
    vehicleList.loading = false;
    vehicleList.vehicles = [car!];
    let adopted = false;
    const fake = installFakeRuns({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({ fields: adopted ? HOURLY : { Gear: { interval_seconds: 5 } } }),
        ...liveMeta,
      }),
      'templates.list': () => ({ ok: true, value: [{ name: 'Hourly', fields: HOURLY, notes: '' }] }),
      'runs.startTemplateRollout': ([input]) => {
        const { items } = input as { items: { vin: string }[] };
        const run = fake.add(
          'template-rollout',
          items.map((i) => i.vin),
        );
        fake.update(run.id, (r) => (r.template = { name: 'Hourly', fields: HOURLY }));
        return { ok: true, value: fake.runs.get(run.id)! };
      },
    });
    render(TelemetryPanel, { props: { vehicle: car! } });
    await fireEvent.change(await screen.findByRole('combobox', { name: 'Template' }), {
      target: { value: 'Hourly' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Apply to this car' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply Hourly to Car 100?' });
    expect(
      within(within(dialog).getByRole('list', { name: 'What changes on Car 100' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Gear is every 5 seconds on the car, every 1 hour in the template',
      'Location is missing (template: every 10 seconds)',
    ]);
    // Nothing starts before the technician says yes.
    expect(fake.calls.some((c) => c.operation === 'runs.startTemplateRollout')).toBe(false);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Apply template' }));
    const start = fake.calls.find((c) => c.operation === 'runs.startTemplateRollout')!;
    expect(start.args[0]).toEqual({ template: 'Hourly', items: [{ vin: car!.vin }] });
    expect(fake.calls.some((c) => c.operation === 'vehicles.writeTelemetryConfig')).toBe(false);
    await screen.findByText('Applying Hourly to this car…');

    const reads = fake.calls.filter((c) => c.operation === 'vehicles.telemetryConfig').length;
    adopted = true;
    fake.update(fake.last().id, (r) => {
      Object.assign(r.items[0]!, {
        status: 'succeeded',
        message: 'Written (…); pending until the car adopts it.',
        changes: [
          { kind: 'interval', field: 'Gear', vehicleInterval: 5, templateInterval: 3600 },
          { kind: 'missing', field: 'Location', templateInterval: 10 },
        ],
      });
      r.state = 'completed';
      r.endedAt = new Date().toISOString();
    });
    await screen.findByText(
      'Hourly: Written (Gear is every 5 seconds on the car, every 1 hour in the template; Location is missing (template: every 10 seconds)); pending until the car adopts it.',
    );
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.operation === 'vehicles.telemetryConfig').length).toBeGreaterThan(
        reads,
      ),
    );
    await screen.findByText('Matches the template Hourly.');
  });
});
