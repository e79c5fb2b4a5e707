// Item 7: updates. The update service drives electron-updater's real NsisUpdater (its
// GenericProvider reads and parses the feed, its semver logic decides) against a generic feed served
// on 127.0.0.1. What is replaced, because Electron is not running: the app adapter (version, paths)
// and the HTTP executor (Electron's `net` → Node's http). Not exercised here: the download, the
// sha512 and signature checks, and the restart, which need a packaged app on each OS.
import { HttpExecutor } from 'builder-util-runtime';
import { NsisUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import http, { type ClientRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTimeFeedUrl, normalizeFeedUrl } from '../../../electron/main/updates/feed-url';
import { createUpdateService, type UpdaterLike } from '../../../electron/main/updates/update-service';
import { createUpdateSchedule } from '../../../electron/main/updates/update-schedule';

const NOTES = '<img src=x onerror=alert(1)><a href="javascript:alert(1)">Fixes</a>';

function feedYaml(version: string): string {
  const file = `Vehicle-Garage-Setup-${version}-x64.exe`;
  const sha512 = Buffer.alloc(64, 7).toString('base64');
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512}`,
    '    size: 1000',
    `path: ${file}`,
    `sha512: ${sha512}`,
    `releaseName: Vehicle Garage ${version}`,
    `releaseNotes: '${NOTES}'`,
    "releaseDate: '2026-05-01T00:00:00.000Z'",
    '',
  ].join('\n');
}

class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: http.RequestOptions, callback: (response: unknown) => void): ClientRequest {
    return http.request(options, callback);
  }
}

/** electron-updater's Windows updater with Node stand-ins for Electron's app and net modules. */
class FeedTestUpdater extends NsisUpdater {
  constructor(app: AppAdapter) {
    super(null, app);
    this.logger = null;
    (this as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new NodeHttpExecutor();
  }
}

interface Feed {
  url: string;
  requests: string[];
  latest: string;
  status: number;
  close(): Promise<void>;
}

async function serveFeed(): Promise<Feed> {
  const feed = { requests: [] as string[], latest: '0.2.0', status: 200 };
  const server = http.createServer((request, response) => {
    feed.requests.push(request.url ?? '');
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    if (feed.status !== 200) return void response.writeHead(feed.status).end('broken');
    // latest.yml (Windows), latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml: one feed.
    if (/^\/garage\/latest(-[a-z0-9-]+)?\.yml$/.test(pathname)) {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(feedYaml(feed.latest));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(feed, {
    url: `http://127.0.0.1:${port}/garage/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

describe('update service with electron-updater against a 127.0.0.1 feed', () => {
  let feed: Feed;
  let dataDir: string;
  let updaters: FeedTestUpdater[];

  const appAdapter = (version: string): AppAdapter => ({
    version,
    name: 'Vehicle Garage',
    isPackaged: true,
    appUpdateConfigPath: path.join(dataDir, 'app-update.yml'),
    userDataPath: dataDir,
    baseCachePath: dataDir,
    whenReady: async () => {},
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  });

  const service = (version = '0.1.0') =>
    createUpdateService({
      feedUrl: normalizeFeedUrl(feed.url),
      currentVersion: version,
      createUpdater: () => {
        const updater = new FeedTestUpdater(appAdapter(version));
        updaters.push(updater);
        return updater;
      },
    });

  beforeEach(async () => {
    feed = await serveFeed();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-updates-'));
    updaters = [];
  });
  afterEach(async () => {
    await feed.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds a newer version and tells the technician, downloading nothing', async () => {
    const updates = service('0.1.0');
    const status = await updates.check();
    expect(status).toEqual({
      state: 'available',
      currentVersion: '0.1.0',
      availableVersion: '0.2.0',
      releaseName: 'Vehicle Garage 0.2.0',
      // Passed on as text; the renderer shows it inert (the UI's own test covers the rendering).
      releaseNotes: NOTES,
    });
    expect(updaters).toHaveLength(1);
    expect(updaters[0]!.autoDownload).toBe(false);
    expect(updaters[0]!.autoInstallOnAppQuit).toBe(false);
    // Only the channel file was read: no installer was fetched.
    expect(feed.requests.length).toBeGreaterThan(0);
    expect(feed.requests.every((url) => /\/garage\/latest[^/]*\.yml/.test(url))).toBe(true);
  });

  it('reports no update when the feed has the running version', async () => {
    feed.latest = '0.1.0';
    expect(await service('0.1.0').check()).toEqual({ state: 'not-available', currentVersion: '0.1.0' });
  });

  it('never installs without consent', async () => {
    const updates = service('0.1.0');
    await updates.check();
    const updater = updaters[0]!;
    const download = vi.spyOn(updater, 'downloadUpdate').mockResolvedValue([]);
    const install = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => {});
    for (const consent of [undefined, false, 'true', 1, {}]) {
      await expect(updates.install({ consent })).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
    }
    expect(download).not.toHaveBeenCalled();
    expect(install).not.toHaveBeenCalled();
    expect(updates.status().state).toBe('available');
    expect(feed.requests.some((url) => url.endsWith('.exe'))).toBe(false);

    // With consent: download, then restart into the new version.
    const status = await updates.install({ consent: true });
    expect(download).toHaveBeenCalledOnce();
    expect(install).toHaveBeenCalledWith(false, true);
    expect(status.state).toBe('downloaded');
  });

  it('refuses to install when no update was found', async () => {
    feed.latest = '0.1.0';
    const updates = service('0.1.0');
    await updates.check();
    const install = vi.spyOn(updaters[0]!, 'quitAndInstall').mockImplementation(() => {});
    await expect(updates.install({ consent: true })).rejects.toMatchObject({ info: { kind: 'rejected' } });
    expect(install).not.toHaveBeenCalled();
  });

  describe("main's scheduled checks", () => {
    /** Timers the test fires by hand, and a clock it moves. */
    function manualTime() {
      let at = Date.parse('2026-11-28T08:00:00.000Z');
      const pending = new Map<number, () => void>();
      let next = 1;
      return {
        now: () => new Date(at),
        advance: (ms: number) => (at += ms),
        timers: {
          set: (run: () => void, _ms: number) => {
            pending.set(next, run);
            return next++;
          },
          clear: (handle: unknown) => void pending.delete(handle as number),
        },
        fireAll: () => {
          const due = [...pending.values()];
          pending.clear();
          for (const run of due) run();
        },
        armed: () => pending.size,
      };
    }
    const feedReads = () => feed.requests.filter((url) => url.includes('latest')).length;

    it('checks at start, on the interval and when the computer wakes (not twice in a quarter hour), telling each change', async () => {
      const time = manualTime();
      const told: string[] = [];
      const updates = createUpdateService({
        feedUrl: normalizeFeedUrl(feed.url),
        currentVersion: '0.1.0',
        createUpdater: () => new FeedTestUpdater(appAdapter('0.1.0')),
        onStatus: (status) => told.push(status.state),
      });
      const schedule = createUpdateSchedule({
        updates,
        mode: () => 'notify',
        now: time.now,
        timers: time.timers,
      });
      schedule.start();
      await schedule.idle();
      expect(updates.status()).toMatchObject({
        state: 'available',
        availableVersion: '0.2.0',
        releaseNotes: NOTES,
      });
      expect(told).toEqual(['available']);
      const afterStart = feedReads();
      expect(afterStart).toBeGreaterThan(0);
      expect(time.armed()).toBe(1);

      // Woken ten minutes later: no second look; an hour later: one.
      time.advance(10 * 60_000);
      schedule.resumed();
      await schedule.idle();
      expect(feedReads()).toBe(afterStart);
      time.advance(60 * 60_000);
      schedule.resumed();
      await schedule.idle();
      expect(feedReads()).toBeGreaterThan(afterStart);

      // The interval: a newer release appears, the next check tells it.
      feed.latest = '0.3.0';
      time.fireAll();
      await schedule.idle();
      expect(updates.status().availableVersion).toBe('0.3.0');
      expect(told).toEqual(['available', 'available']);
      schedule.stop();
      expect(time.armed()).toBe(0);
    });

    it('downloads a found update in the background when asked to, and installs only on consent', async () => {
      const time = manualTime();
      let updater: FeedTestUpdater | null = null;
      const updates = createUpdateService({
        feedUrl: normalizeFeedUrl(feed.url),
        currentVersion: '0.1.0',
        createUpdater: () => {
          updater = new FeedTestUpdater(appAdapter('0.1.0'));
          vi.spyOn(updater, 'downloadUpdate').mockResolvedValue([]);
          vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => {});
          return updater;
        },
      });
      const schedule = createUpdateSchedule({
        updates,
        mode: () => 'download',
        now: time.now,
        timers: time.timers,
      });
      schedule.start();
      await schedule.idle();
      expect(updates.status().state).toBe('downloaded');
      expect(updater!.downloadUpdate).toHaveBeenCalledOnce();
      expect(updater!.quitAndInstall).not.toHaveBeenCalled();
      await updates.install({ consent: true });
      expect(updater!.downloadUpdate).toHaveBeenCalledOnce();
      expect(updater!.quitAndInstall).toHaveBeenCalledWith(false, true);
    });

    it('makes no request while off, and looks at once when turned on', async () => {
      const time = manualTime();
      let mode: 'off' | 'notify' = 'off';
      const updates = service('0.1.0');
      const schedule = createUpdateSchedule({
        updates,
        mode: () => mode,
        now: time.now,
        timers: time.timers,
      });
      schedule.start();
      schedule.resumed();
      await schedule.idle();
      expect(feed.requests).toEqual([]);
      expect(time.armed()).toBe(0);
      mode = 'notify';
      schedule.settingsChanged();
      await schedule.idle();
      expect(updates.status().state).toBe('available');
      expect(time.armed()).toBe(1);
    });
  });

  it('turns a broken feed into an error status', async () => {
    feed.status = 500;
    const status = await service('0.1.0').check();
    expect(status.state).toBe('error');
    expect(status.message).toMatch(/update feed could not be read/);
  });
});

describe('update service without a feed', () => {
  it('is disabled and never creates, configures or calls an updater', async () => {
    const createUpdater = vi.fn<() => UpdaterLike>();
    const updates = createUpdateService({ feedUrl: null, currentVersion: '0.1.0', createUpdater });
    expect(await updates.check()).toEqual({ state: 'disabled', currentVersion: '0.1.0' });
    await expect(updates.install({ consent: true })).rejects.toMatchObject({ info: { kind: 'rejected' } });
    expect(createUpdater).not.toHaveBeenCalled();
  });

  it('has no feed in a build without VG_UPDATE_FEED_URL (and none under Node)', () => {
    expect(buildTimeFeedUrl()).toBeNull();
  });

  it('accepts only https feeds, or http on the loopback interface', () => {
    expect(normalizeFeedUrl('https://updates.example.com/garage/')).toBe(
      'https://updates.example.com/garage/',
    );
    expect(normalizeFeedUrl('http://127.0.0.1:8080/feed')).toBe('http://127.0.0.1:8080/feed');
    for (const bad of [
      '',
      '  ',
      'http://updates.example.com/',
      'file:///tmp/feed',
      'https://u:p@x.example/',
      'nonsense',
    ]) {
      expect(normalizeFeedUrl(bad), bad).toBeNull();
    }
  });
});
