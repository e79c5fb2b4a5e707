// An installed app (app.isPackaged) ignores VG_DEMO_SIMULATOR: the shipped bundle, booted as
// installed with the variable set, runs the demo as it ships and says so in its log.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../support/launch';
import { passes, waitFor } from '../support/wait-for';

let app: LaunchedApp;
beforeAll(async () => {
  app = await launchApp({ demo: { vehicles: 3, wakeDelayMs: 10 }, packaged: true });
});
afterAll(async () => {
  await app?.close();
});

it('runs the shipped demo fleet and logs that the variable was ignored', async () => {
  expect(process.env['VG_DEMO_SIMULATOR']).toContain('--vehicles 3');
  expect(app.simulator.vins).toHaveLength(12);
  const listed = await app.page.evaluate(() => window.garage.vehicles.list());
  expect(listed.ok && listed.value).toHaveLength(12);

  const logs = app.electron.app.getPath('logs');
  const logged = async () => {
    const files = await readdir(logs).catch(() => [] as string[]);
    const texts = await Promise.all(files.map((name) => readFile(path.join(logs, name), 'utf8')));
    return texts.join('\n');
  };
  await waitFor(
    passes(async () => expect(await logged()).toContain('VG_DEMO_SIMULATOR is ignored by an installed app')),
    'the log line saying the setting is ignored',
    { timeoutMs: 10_000 },
  );
});
