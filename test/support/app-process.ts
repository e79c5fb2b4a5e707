// One app booted by launchApp() in a process of its own, for tests that need two machines at once
// (the stand-in, like Electron, runs one app per process). Started by launchAppProcess()
// (launch-process.ts) under the stand-in; it reports, over the fork channel, what the test needs to
// reach the app from outside: its data folder, keychain service and the demo garage's VINs. Its
// Chromium listens on the debugging port it was given, where the test drives the window. "close"
// quits the app through its own quit chain; a lost parent does too.
import { launchApp, type DemoOptions, type LaunchedApp } from './launch';

export type FromAppProcess =
  | { type: 'ready'; dataDir: string; keychainService: string; vins: string[] }
  | { type: 'failed'; error: string }
  | { type: 'closed' };

const demo = process.env['VG_APP_PROCESS_DEMO']
  ? (JSON.parse(process.env['VG_APP_PROCESS_DEMO']) as DemoOptions)
  : undefined;

let app: LaunchedApp | null = null;
let closing: Promise<void> | null = null;
const close = () =>
  (closing ??= (async () => {
    await app?.close().catch(() => undefined);
  })());

process.on('message', (message: { type: string }) => {
  if (message.type !== 'close') return;
  void close().then(() => {
    process.send?.({ type: 'closed' } satisfies FromAppProcess);
    process.exit(0);
  });
});
process.on('disconnect', () => void close().then(() => process.exit(0)));

try {
  app = await launchApp(demo ? { demo } : {});
  process.send!({
    type: 'ready',
    dataDir: app.dataDir,
    keychainService: app.keychainService,
    vins: app.simulator.vins,
  } satisfies FromAppProcess);
} catch (error) {
  process.send!({
    type: 'failed',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies FromAppProcess);
  process.exit(1);
}
