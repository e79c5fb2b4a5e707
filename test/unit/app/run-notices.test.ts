import { describe, expect, it } from 'vitest';
import { LONG_COMMAND_MS, runEndNotice, taskbarProgress } from '../../../electron/main/app/run-notices';
import { createRestartBudget, isCrash } from '../../../electron/main/app/restart-budget';
import { emptyCounts, newRunItem, type RunItem, type RunSnapshot } from '../../../electron/shared/runs';

const VIN = '5YJ3E1EA7KF000001';
const item = (status: RunItem['status'], vin = VIN, message: string | null = null): RunItem => ({
  ...newRunItem(vin),
  status,
  message,
});

function run(overrides: Partial<RunSnapshot>): RunSnapshot {
  return {
    id: 'run-1',
    kind: 'bulk-command',
    profileId: 'demo',
    profileName: 'Demo garage',
    title: 'Set charge limit to 80 %',
    state: 'running',
    startedAt: '2026-11-25T10:00:00.000Z',
    endedAt: null,
    template: null,
    command: null,
    alertsAndCertificates: false,
    retryOf: null,
    stoppedBecause: null,
    waitingUntil: null,
    summary: '',
    counts: emptyCounts(),
    revision: 1,
    items: [item('sending')],
    ...overrides,
  };
}

const bulkEnded = run({
  state: 'completed',
  endedAt: '2026-11-25T10:02:00.000Z',
  items: [item('succeeded'), item('succeeded'), item('failed'), item('skipped'), item('not-sent')],
});

describe('when a run ends', () => {
  it('notifies while the window is not focused, with the outcome counted, opening the run', () => {
    expect(runEndNotice(run({}), bulkEnded, false)).toEqual({
      title: 'Set charge limit to 80 % finished',
      body: '2 of 5 succeeded, 1 failed, 1 skipped, 1 not sent',
      target: { kind: 'open-run', runId: 'run-1' },
    });
  });

  it('stays quiet while the window is focused, while it runs, and for an end already seen', () => {
    expect(runEndNotice(run({}), bulkEnded, true)).toBeNull();
    expect(runEndNotice(undefined, run({ items: [item('succeeded'), item('sending')] }), false)).toBeNull();
    expect(runEndNotice(bulkEnded, { ...bulkEnded }, false)).toBeNull();
  });

  it('says a cancelled or failed run was not finished', () => {
    expect(runEndNotice(undefined, { ...bulkEnded, state: 'cancelled' }, false)?.title).toBe(
      'Set charge limit to 80 % cancelled',
    );
    expect(runEndNotice(undefined, { ...bulkEnded, state: 'failed' }, false)?.title).toBe(
      'Set charge limit to 80 % stopped with an error',
    );
  });

  it('never notifies a run the app started by itself (the read at start-up), however it ended', () => {
    const startup = run({
      kind: 'garage-refresh',
      title: 'Reading the garage at start-up (12 vehicles)',
      startedBy: 'app',
      state: 'completed',
      endedAt: '2026-11-25T10:02:00.000Z',
      items: [item('succeeded'), item('failed')],
    });
    expect(runEndNotice(run({ kind: 'garage-refresh', startedBy: 'app' }), startup, false)).toBeNull();
    expect(runEndNotice(undefined, { ...startup, state: 'failed' }, false)).toBeNull();
    // The same refresh asked for by the technician is told when it ends in the background.
    const { startedBy: _app, ...asked } = startup;
    expect(runEndNotice(undefined, { ...asked, title: 'Refresh garage (12 vehicles)' }, false)).toMatchObject(
      {
        title: 'Refresh garage (12 vehicles) finished',
      },
    );
  });

  it("notifies a single vehicle's command only when it was long, opening that vehicle", () => {
    const command = (seconds: number, status: RunItem['status'], message: string | null = null) =>
      run({
        kind: 'vehicle-command',
        title: 'Wake up',
        state: 'completed',
        endedAt: new Date(Date.parse('2026-11-25T10:00:00.000Z') + seconds * 1000).toISOString(),
        items: [item(status, VIN, message)],
      });
    expect(runEndNotice(undefined, command(LONG_COMMAND_MS / 1000 - 1, 'succeeded'), false)).toBeNull();
    expect(runEndNotice(undefined, command(45, 'succeeded'), false)).toEqual({
      title: 'Wake up: done',
      body: `${VIN}. The service reported it done.`,
      target: { kind: 'open-vehicle', profileId: 'demo', vin: VIN },
    });
    // With the state read back, the notice says what the car now shows.
    const confirmed = command(45, 'succeeded');
    confirmed.items[0]!.effect = { value: 80, text: 'now 80 %, was 90 %', confirmed: true, asOf: null };
    expect(runEndNotice(undefined, confirmed, false)?.body).toBe(`${VIN}. Done: now 80 %, was 90 %.`);
    expect(
      runEndNotice(undefined, command(45, 'failed', 'The vehicle did not wake up in 60 s.'), false),
    ).toMatchObject({
      title: 'Wake up: failed',
      body: `${VIN}. The vehicle did not wake up in 60 s.`,
    });
  });
});

describe('the taskbar progress', () => {
  it('is finished items over all items of the runs under way', () => {
    const a = run({ id: 'a', items: [item('succeeded'), item('failed'), item('sending'), item('queued')] });
    const b = run({ id: 'b', items: [item('skipped'), item('waiting')] });
    expect(taskbarProgress([a])).toBe(0.5);
    expect(taskbarProgress([a, b])).toBe(0.5);
    expect(taskbarProgress([a, bulkEnded])).toBe(0.5);
  });

  it('is gone (-1) when no run goes on, indeterminate (2) when the runs have no items yet', () => {
    expect(taskbarProgress([])).toBe(-1);
    expect(taskbarProgress([bulkEnded])).toBe(-1);
    expect(taskbarProgress([run({ items: [] })])).toBe(2);
  });
});

describe('restarting a crashed window', () => {
  it('allows three restarts in a minute, then none until the oldest is a minute old', () => {
    let now = 0;
    const budget = createRestartBudget({ max: 3, windowMs: 60_000, now: () => now });
    const first = budget.take();
    now = 10_000;
    const second = budget.take();
    now = 20_000;
    expect([first, second, budget.take()]).toEqual([true, true, true]);
    now = 59_999;
    expect(budget.take()).toBe(false);
    now = 60_000;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });

  it('counts every exit but a clean one as a crash', () => {
    expect(isCrash('clean-exit')).toBe(false);
    for (const reason of [
      'crashed',
      'killed',
      'oom',
      'abnormal-exit',
      'launch-failed',
      'integrity-failure',
    ]) {
      expect(isCrash(reason)).toBe(true);
    }
  });
});
