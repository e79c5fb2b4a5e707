// The run notifications adapter on the real event bus, against the stand-in's window and
// notifications: a run that ends while the window is in the background is announced, a click
// brings the window forward and opens that run, and the taskbar shows the runs' progress.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventBus } from '../../electron/main/events/event-bus';
import { emptyCounts, newRunItem, type RunSnapshot } from '../../electron/shared/runs';
import type { ShellRequest } from '../../electron/shared/shell-requests';
import { standin } from '../electron-standin/boot';
import type { BrowserWindow } from '../electron-standin/browser-window';
import { IMPORT_KEY } from '../electron-standin/key';

type Adapter = typeof import('../../electron/main/adapters/run-notifications');

const electron = standin();
let window: BrowserWindow;
let followRuns: Adapter['followRuns'];

beforeAll(async () => {
  // Node's own loader (tsx and the stand-in's resolve hook), as the bundle's `electron` is resolved:
  // the test runner's resolver would hand the adapter the npm package's binary path instead.
  const nativeImport = (globalThis as unknown as Record<symbol, (url: string) => Promise<Adapter>>)[
    IMPORT_KEY
  ]!;
  ({ followRuns } = await nativeImport(
    pathToFileURL(path.resolve('electron/main/adapters/run-notifications.ts')).href,
  ));
  window = new electron.BrowserWindow({ show: false });
});
afterAll(async () => {
  window.destroy();
  await electron.app.exited;
});

const VIN = '5YJ3E1EA7KF000001';
function snapshot(state: RunSnapshot['state'], done: number, endedAt: string | null = null): RunSnapshot {
  return {
    id: 'run-7',
    kind: 'bulk-command',
    profileId: 'demo',
    profileName: 'Demo garage',
    title: 'Close windows',
    state,
    startedAt: '2026-11-25T10:00:00.000Z',
    endedAt,
    command: null,
    template: null,
    alertsAndCertificates: false,
    retryOf: null,
    stoppedBecause: null,
    waitingUntil: null,
    summary: '',
    counts: emptyCounts(),
    revision: 1,
    items: Array.from({ length: 4 }, (_, i) => ({
      ...newRunItem(`${VIN.slice(0, -1)}${i}`),
      status: i < done ? 'succeeded' : 'sending',
    })),
  };
}

/** The run's event: every item in its first (`itemsComplete`), as main sends it. */
function told(run: RunSnapshot, itemsComplete = false) {
  const { items, ...summary } = run;
  return { type: 'run.changed', run: summary, items, itemsComplete } as const;
}

/** The adapter on a new bus, as main starts it; a click brings the window forward and is noted. */
function follow() {
  const bus = createEventBus();
  const opened: ShellRequest[] = [];
  const problems: unknown[] = [];
  const stop = followRuns({
    bus,
    window: () => window as never,
    open: (target) => {
      window.focus();
      opened.push(target);
    },
    onProblem: (_message, error) => problems.push(error),
  });
  return { bus, opened, problems, stop };
}

it('shows progress while a run goes on, and announces its end to a window in the background', () => {
  const { bus, opened, problems, stop } = follow();
  const { Notification } = electron;

  bus.emit(told(snapshot('running', 1), true));
  // A later event carries only the items that changed: the two that succeeded since.
  const { items, ...later } = snapshot('running', 3);
  bus.emit({ type: 'run.changed', run: later, items: items.slice(1, 3), itemsComplete: false });
  expect(window.progressBar.map((call) => call.progress)).toEqual([0.25, 0.75]);
  expect(Notification.shown).toEqual([]);

  bus.emit(told(snapshot('completed', 4, '2026-11-25T10:01:00.000Z')));
  expect(window.progressBar.at(-1)?.progress).toBe(-1);
  expect(Notification.shown.map((shown) => [shown.title, shown.body])).toEqual([
    ['Close windows finished', '4 of 4 succeeded'],
  ]);
  // The same end reported again is not a second notification.
  bus.emit(told(snapshot('completed', 4, '2026-11-25T10:01:00.000Z')));
  expect(Notification.shown).toHaveLength(1);

  Notification.shown[0]!.click();
  expect(opened).toEqual([{ kind: 'open-run', runId: 'run-7' }]);
  expect(window.isFocused()).toBe(true);

  // With the window in front, the next run's end shows on screen, not as a notification.
  bus.emit(told({ ...snapshot('running', 0), id: 'run-8' }, true));
  bus.emit(told({ ...snapshot('completed', 4, '2026-11-25T10:02:00.000Z'), id: 'run-8' }));
  expect(Notification.shown).toHaveLength(1);
  expect(problems).toEqual([]);
  stop();
});

it("announces a long single command's end with what the car now shows, and a click opens that vehicle", () => {
  window.blur();
  const { bus, opened, problems, stop } = follow();
  const { Notification } = electron;
  const shownBefore = Notification.shown.length;
  const command = (state: RunSnapshot['state'], seconds: number): RunSnapshot => {
    const base = snapshot(state, state === 'running' ? 0 : 1);
    const endedAt =
      state === 'running' ? null : new Date(Date.parse(base.startedAt) + seconds * 1000).toISOString();
    return {
      ...base,
      id: 'run-command',
      kind: 'vehicle-command',
      title: 'Set charge limit to 80 %',
      endedAt,
      items: [
        {
          ...base.items[0]!,
          vin: VIN,
          effect: { value: 80, text: 'now 80 %, was 90 %', confirmed: true, asOf: null },
        },
      ],
    };
  };

  // A command that ended within seconds is on screen when one looks: no notification.
  bus.emit(told({ ...command('running', 0), id: 'run-quick' }, true));
  bus.emit(told({ ...command('completed', 3), id: 'run-quick' }));
  expect(Notification.shown).toHaveLength(shownBefore);

  bus.emit(told(command('running', 0), true));
  bus.emit(told(command('completed', 40)));
  const shown = Notification.shown.slice(shownBefore);
  expect(shown.map((notice) => [notice.title, notice.body])).toEqual([
    ['Set charge limit to 80 %: done', `${VIN}. Done: now 80 %, was 90 %.`],
  ]);
  shown[0]!.click();
  expect(opened).toEqual([{ kind: 'open-vehicle', profileId: 'demo', vin: VIN }]);
  expect(window.isFocused()).toBe(true);
  expect(problems).toEqual([]);
  stop();
});

it('stays quiet when a read the app started by itself at start-up ends in the background', () => {
  window.blur();
  const { bus, problems, stop } = follow();
  const { Notification } = electron;
  const shownBefore = Notification.shown.length;
  const startup = (
    state: RunSnapshot['state'],
    done: number,
    endedAt: string | null = null,
  ): RunSnapshot => ({
    ...snapshot(state, done, endedAt),
    id: 'run-startup',
    kind: 'garage-refresh',
    title: 'Reading the garage at start-up (4 vehicles)',
    startedBy: 'app',
  });
  bus.emit(told(startup('running', 1), true));
  bus.emit(told(startup('completed', 4, '2026-11-25T10:01:00.000Z')));
  // The mark came through the events' path (summary without items) and kept the notice away.
  expect(Notification.shown).toHaveLength(shownBefore);
  expect(window.progressBar.at(-1)?.progress).toBe(-1);
  expect(problems).toEqual([]);
  stop();
});
