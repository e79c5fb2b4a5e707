// The job panel in each of its states: no job, an open job with its actions and effects, closing
// with warnings to confirm or undo, and a closed job. Main is scripted (fake-garage); the real
// handlers are covered by test/core/repair-order-job.test.ts.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import { connectStores, shop } from '../../renderer/src/lib/stores';
import type { Job, JobRecord, JobWarning } from '../../electron/shared/jobs/job-record';
import { jobFixture, openJobFixture, recordFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';

const car = vehicle(1, { vin: '5YJ3E1EA7KF000001' });
const openJob = openJobFixture;

const VALET: JobWarning = {
  id: 'valet',
  text: 'Valet mode is on; it was off at check-in.',
  undo: { command: 'disable_valet', value: null, label: 'Disable valet mode' },
};

describe('job panel', () => {
  it('without a job: says so and opens one with the repair order required', async () => {
    let jobs: Job[] = [];
    const fake = installFakeGarage({
      'jobs.list': () => ok(jobs),
      'jobs.open': () => {
        jobs = [openJob()];
        return ok(jobs[0]!);
      },
      'jobs.record': () => ok(recordFixture(0, openJob())),
    });
    render(JobPanel, { props: { vehicle: car } });
    expect(await screen.findByText('No job on this vehicle.')).toBeTruthy();
    const openButton = screen.getByRole('button', { name: 'Open job' }) as HTMLButtonElement;
    expect(openButton.disabled).toBe(true);
    await fireEvent.input(screen.getByRole('textbox', { name: 'Repair order' }), {
      target: { value: 'RO-4711' },
    });
    await fireEvent.input(screen.getByRole('textbox', { name: 'Complaint or notes' }), {
      target: { value: 'Charges to 80 %' },
    });
    await fireEvent.click(openButton);
    expect(await screen.findByRole('button', { name: 'Close job' })).toBeTruthy();
    expect(fake.calls.find((c) => c.operation === 'jobs.open')?.args).toEqual([
      car.vin,
      { repairOrder: 'RO-4711', complaint: 'Charges to 80 %' },
    ]);
  });

  it('open: shows the check-in, each action with the effect the car confirmed, and notes', async () => {
    installFakeGarage({
      'jobs.list': () => ok([openJob()]),
      'jobs.record': () => ok(recordFixture(1, openJob())),
    });
    render(JobPanel, { props: { vehicle: car } });
    const actions = await screen.findByRole('list', { name: 'Actions in this job' });
    expect(
      within(actions).getByText(/Set charge limit: success, charge limit 80 → 90 %, confirmed 10:01:00 UTC/),
    ).toBeTruthy();
    expect(screen.getByRole('row', { name: /charge limit 80 %/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /sleep state awake, as of/ })).toBeTruthy();
    // Who may drive it: known with its time, or unknown with the service's reason.
    expect(screen.getByRole('row', { name: /^drivers Ana Diaz, as of/ })).toBeTruthy();
    expect(
      screen.getByRole('row', { name: /^invitations unknown \(not read: the service refused it \(403\)\)/ }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Notes' })).getByText(/Dana Reyes: Latch replaced/),
    ).toBeTruthy();
    expect(screen.getByText('Status').nextElementSibling?.textContent).toBe('Open');
    expect(screen.queryByRole('button', { name: 'Open job' })).toBeNull();
  });

  it('closing with warnings: lists each with its undo, and closes once each is confirmed', async () => {
    let closed = false;
    const fake = installFakeGarage({
      'jobs.list': () => ok([closed ? jobFixture({ acknowledged: [VALET] }) : openJob()]),
      'jobs.record': () => ok(recordFixture(1, closed ? jobFixture() : openJob())),
      'jobs.close': ([, options]) => {
        const acknowledged = (options as { acknowledge?: string[] } | undefined)?.acknowledge ?? [];
        if (!acknowledged.includes('valet'))
          return ok({ status: 'needs-confirmation', job: openJob(), warnings: [VALET] });
        closed = true;
        return ok({ status: 'closed', job: jobFixture(), warnings: [VALET] });
      },
      'service.command': () => ok({ result: true, reason: '' }),
    });
    render(JobPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Close job' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/did not come in with/)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Undo: Disable valet mode' })).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm and close job' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await fireEvent.click(within(alert).getByRole('checkbox', { name: /Leave as it is: Valet mode is on/ }));
    expect(confirm.disabled).toBe(false);
    await fireEvent.click(confirm);
    expect(await screen.findByRole('button', { name: 'Reopen job' })).toBeTruthy();
    expect(fake.calls.filter((c) => c.operation === 'jobs.close').map((c) => c.args[1])).toEqual([
      undefined,
      { acknowledge: ['valet'] },
    ]);
  });

  it('closing with warnings: the undo sends the reversing command, then closes again', async () => {
    const fake = installFakeGarage({
      'jobs.list': () => ok([openJob()]),
      'jobs.record': () => ok(recordFixture(1, openJob())),
      'jobs.close': () => ok({ status: 'needs-confirmation', job: openJob(), warnings: [VALET] }),
      'service.command': () => ok({ result: true, reason: '' }),
    });
    render(JobPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Close job' }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Undo: Disable valet mode' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.operation === 'jobs.close')).toHaveLength(2));
    expect(fake.calls.find((c) => c.operation === 'service.command')?.args).toEqual([
      car.vin,
      'disable_valet',
      {},
    ]);
  });

  it('closed: shows the changes and what was confirmed, reopens, exports and verifies', async () => {
    const fake = installFakeGarage({
      'jobs.list': () => ok([jobFixture({ acknowledged: [VALET] })]),
      'jobs.record': () => ok(recordFixture(1)),
      'jobs.reopen': () => ok(openJob()),
      'jobs.exportPdf': () =>
        ok({ cancelled: false, path: '/tmp/ro.pdf', entries: 1, digest: 'a'.repeat(64) }),
      'jobs.verify': () =>
        ok({ ok: true, entries: 1, text: 'Verified: the record matches 1 audit entries.' }),
    });
    render(JobPanel, { props: { vehicle: car } });
    const changes = await screen.findByRole('list', { name: 'Changes between check-in and check-out' });
    expect(within(changes).getByText('charge limit: 80 % → 90 %')).toBeTruthy();
    expect(screen.getByText('Valet mode is on; it was off at check-in.')).toBeTruthy();
    expect(screen.getByText('Status').nextElementSibling?.textContent).toBe('Closed');
    await fireEvent.click(screen.getByRole('button', { name: 'Export PDF…' }));
    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'jobs.exportPdf')).toBe(true));
    await fireEvent.click(screen.getByRole('button', { name: 'Verify a record file…' }));
    expect(await screen.findByText('Verified: the record matches 1 audit entries.')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Reopen job' }));
    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'jobs.reopen')).toBe(true));
  });

  it("shop: names each action's technician, reads the job again when another's action arrives, and says when the shop's log was not read", async () => {
    const machineOnly = (count: number): JobRecord => {
      const record = recordFixture(count, openJob());
      return {
        ...record,
        actions: record.actions.map((action, i) => ({
          ...action,
          entry: { ...action.entry, technician: i === 0 ? 'Ana' : 'Ben', machine: `bay-${i + 1}` },
        })),
        coverage: {
          scope: 'machine',
          complete: false,
          text: "Only this machine's actions: the shop database is not reachable (offline), so other technicians' actions on this vehicle may be missing.",
        },
      };
    };
    let record = machineOnly(1);
    const fake = installFakeGarage({
      'jobs.list': () => ok([openJob()]),
      'jobs.record': () => ok(record),
    });
    const disconnect = connectStores(fake.api);
    render(JobPanel, { props: { vehicle: car } });
    const actions = await screen.findByRole('list', { name: 'Actions in this job' });
    expect(within(actions).getByText(/Ana, Set charge limit: success/)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(
      /^Only this machine's actions: the shop database is not reachable/,
    );

    // Ben's action reaches this machine (main's audit event): the job is read again and shows it.
    record = {
      ...machineOnly(2),
      coverage: { scope: 'shop', complete: true, text: "Every technician's actions." },
    };
    const entry = record.actions[1]!.entry;
    fake.emit({ type: 'audit.added', profileId: 'demo', vin: car.vin, id: entry.id, entry });
    expect(await within(actions).findByText(/Ben, Set charge limit: success/)).toBeTruthy();
    expect(within(actions).getByText(/Ana, Set charge limit: success/)).toBeTruthy();
    // The whole log was read: nothing to warn about.
    expect(screen.queryByRole('note')).toBeNull();
    disconnect();
  });

  it('shop database away: says what is kept here and what waits, and locks closing but not notes', async () => {
    installFakeGarage({
      'jobs.list': () => ok([openJob()]),
      'jobs.record': () => ok(recordFixture(1, openJob())),
    });
    shop.applyStatus({ state: 'offline', pending: 0, error: null });
    render(JobPanel, { props: { vehicle: car } });
    expect(
      await screen.findByText(/^The shop database is not reachable\. A note, and what the car confirms/),
    ).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Close job' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await fireEvent.input(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Tyres checked' },
    });
    expect((screen.getByRole('button', { name: 'Add note' }) as HTMLButtonElement).disabled).toBe(false);

    // Back online, closing is offered again and the words go.
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Close job' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByText(/^The shop database is not reachable/)).toBeNull();
  });
});
