// "Apply template" in the bulk view: the dry run reads each picked car and shows what differs from
// the template (missing, extra, other interval); a car that already matches is listed as skipped and
// goes to main as such; a car that could not be read says why; the run is started in main with the
// template's name (main looks the fields up), and its per-car results follow main's events.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import TemplateDryRunTable from '../../renderer/src/components/bulk/TemplateDryRunTable.svelte';
import { planRollout, type ConfigRead } from '../../renderer/src/lib/template-plan';
import { vehicleList } from '../../renderer/src/lib/stores';
import { installFakeRuns } from './fake-runs';
import { fleet, liveMeta, telemetry } from './fixtures';

const FLEET = {
  BatteryLevel: { interval_seconds: 30 },
  Gear: { interval_seconds: 5 },
  Location: { interval_seconds: 10 },
};

function listLoaded() {
  vehicleList.loading = false;
}

describe('template dry run', () => {
  beforeEach(listLoaded);

  it('lists each car with its differences, the matching one as skipped, the unread one as not known', () => {
    const cars = fleet(3);
    const reads = new Map<string, ConfigRead>([
      // Location missing, Gear at another interval.
      [
        cars[0]!.vin,
        {
          ok: true,
          config: telemetry({
            fields: { BatteryLevel: { interval_seconds: 30 }, Gear: { interval_seconds: 1 } },
          }),
          source: 'live',
          fetchedAt: liveMeta.fetchedAt,
        },
      ],
      [
        cars[1]!.vin,
        { ok: true, config: telemetry({ fields: FLEET }), source: 'live', fetchedAt: liveMeta.fetchedAt },
      ],
      [cars[2]!.vin, { ok: false, message: 'The vehicle is offline.' }],
    ]);
    render(TemplateDryRunTable, {
      props: { plan: planRollout(cars, { fields: FLEET }, reads, Date.now()), template: 'Fleet' },
    });

    expect(screen.getByRole('status').textContent).toMatch(
      /Fleet on 3 vehicles: 1 will be written, 1 already matches and will be skipped, 1 not read yet/,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Will be written')).toBeTruthy();
    const diffs = within(rows[0]!).getByRole('list', { name: 'Differences of Car 100' });
    expect(
      within(diffs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Gear is every 1 second on the car, every 5 seconds in the template',
      'Location is missing (template: every 10 seconds)',
    ]);
    expect(within(rows[1]!).getByText('Already matches: skipped')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not known yet')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not read: The vehicle is offline.')).toBeTruthy();
  });

  it('reads the picked cars, starts the run in main with the matching car skipped, shows its results', async () => {
    const cars = fleet(3);
    const configs = new Map([
      [cars[0]!.vin, telemetry({ fields: { Gear: { interval_seconds: 5 } } })],
      [cars[1]!.vin, telemetry({ fields: FLEET })],
      [cars[2]!.vin, telemetry({ fields: { ...FLEET, Odometer: { interval_seconds: 60 } } })],
    ]);
    const fake = installFakeRuns({
      'templates.list': () => ({ ok: true, value: [{ name: 'Fleet', fields: FLEET, notes: '' }] }),
      'vehicles.telemetryConfig': ([vin]) => ({ ok: true, value: configs.get(vin)!, ...liveMeta }),
      'runs.startTemplateRollout': ([input]) => {
        const { items } = input as { items: { vin: string; skip?: { reason: string; message: string } }[] };
        const run = fake.add(
          'template-rollout',
          items.map((i) => i.vin),
        );
        fake.update(run.id, (r) => {
          r.title = 'Apply template “Fleet” to 3 vehicles';
          items.forEach((entry, i) => {
            if (entry.skip)
              Object.assign(r.items[i]!, {
                status: 'skipped',
                skipReason: entry.skip.reason,
                message: entry.skip.message,
              });
          });
        });
        return { ok: true, value: fake.runs.get(run.id)! };
      },
    });
    vehicleList.vehicles = cars;
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    const panel = screen.getByRole('region', { name: 'Apply a telemetry template' });
    await fireEvent.change(await within(panel).findByRole('combobox', { name: 'Template' }), {
      target: { value: 'Fleet' },
    });
    await fireEvent.click(within(panel).getByRole('button', { name: 'Check configurations' }));
    await within(panel).findByText(/2 will be written, 1 already matches and will be skipped/);
    expect(fake.calls.filter((c) => c.operation === 'vehicles.telemetryConfig')).toHaveLength(3);
    expect(fake.calls.some((c) => c.operation === 'vehicles.writeTelemetryConfig')).toBe(false);

    await fireEvent.click(within(panel).getByRole('button', { name: 'Apply template to 2 vehicles' }));
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply template' }));
    const start = fake.calls.find((c) => c.operation === 'runs.startTemplateRollout')!;
    expect(start.args[0]).toEqual({
      template: 'Fleet',
      items: [
        { vin: cars[0]!.vin },
        {
          vin: cars[1]!.vin,
          skip: { reason: 'already matching', message: 'Already matches the template: nothing written.' },
        },
        { vin: cars[2]!.vin },
      ],
    });
    const run = fake.last();
    fake.update(run.id, (r) => {
      Object.assign(r.items[0]!, {
        status: 'succeeded',
        message: 'Written (Location is missing (template: every 10 s)); pending until the car adopts it.',
      });
      Object.assign(r.items[2]!, {
        status: 'failed',
        message: 'The service did not write it: unsupported firmware.',
      });
      r.state = 'completed';
      r.endedAt = new Date().toISOString();
    });
    await waitFor(() =>
      expect(within(panel).getByText('The service did not write it: unsupported firmware.')).toBeTruthy(),
    );
    expect(within(panel).getByText(/^Done: Written/)).toBeTruthy();
    await fireEvent.click(within(panel).getByRole('button', { name: 'Retry the 1 not written' }));
    expect(fake.calls.filter((c) => c.operation === 'runs.retryFailed').map((c) => c.args)).toEqual([
      [run.id],
    ]);
  });
});

describe('workshop commands in bulk', () => {
  beforeEach(listLoaded);

  it('offers the workshop commands in the bulk view with the same dry run; unlock is confirmed first', async () => {
    const fake = installFakeRuns({});
    const cars = fleet(2);
    vehicleList.vehicles = cars;
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
      target: { value: 'unlock' },
    });
    expect(screen.getByText(/will be sent to 2 of 2 vehicles/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 2 vehicles' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('This changes what their owners experience.');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Run bulk action' }));
    const start = fake.calls.find((c) => c.operation === 'runs.startBulkCommand')!;
    expect((start.args[0] as { command: unknown }).command).toEqual({
      name: 'unlock',
      options: { waitForCompletion: true, maxAttempts: 3 },
    });
  });
});
