// "Copy diagnostics": a plain-text report for a support ticket: versions, platform, keychain
// backend, the active profile's kind (never its token), where data and logs live, recent errors.
// Built from injected facts so it runs under Node in tests; the whole text passes through
// redactSecrets as a last net.
import type { ShopView } from '../../shared/shop';
import type { Profile } from '../../shared/types';
import type { CrashDumpFacts } from './crash-dumps';
import type { RecentErrors } from './recent-errors';
import { redactSecrets } from './redact';

export interface RuntimeFacts {
  name: string;
  version: string;
  platform: string;
  arch: string;
  /** e.g. os.release(); optional. */
  osRelease?: string;
  /** process.versions' electron, chrome and node entries. */
  versions: { electron?: string; chrome?: string; node?: string };
}

export type ProfileFacts = Pick<Profile, 'name' | 'baseUrl' | 'demo' | 'hasToken'>;

export interface DiagnosticsSources {
  runtime: RuntimeFacts;
  /** keychainBackendFor(process.platform) unless the vault knows better. */
  keychainBackend: string;
  /** Why the keychain cannot work (its module did not load), or null. */
  keychainProblem?: () => string | null;
  dataDir: string;
  logFile: string | null;
  updateFeedConfigured: boolean;
  activeProfile: () => Promise<ProfileFacts | null> | ProfileFacts | null;
  recentErrors: RecentErrors;
  /** The active profile's shop connection, or null in solo mode. */
  shop?: () => Promise<ShopView | null>;
  /** How the active profile's service is reached: through which proxy, decided by what. */
  proxy?: () => Promise<ProxyFacts | null>;
  /** The crash dumps on this machine. */
  crashDumps?: () => Promise<CrashDumpFacts | null>;
  now?: () => Date;
}

export interface ProxyFacts {
  /** "host:port" of the proxy (never its credentials), or null for a direct connection. */
  proxy: string | null;
  source: 'setting' | 'environment' | 'system' | 'loopback' | 'none';
}

export interface Diagnostics {
  text(): Promise<string>;
}

/** The OS credential store keytar talks to on each platform. */
export function keychainBackendFor(platform: string): string {
  switch (platform) {
    case 'darwin':
      return 'macOS Keychain';
    case 'win32':
      return 'Windows Credential Manager';
    case 'linux':
    case 'freebsd':
    case 'openbsd':
      return 'libsecret (Secret Service)';
    default:
      return `unknown (${platform})`;
  }
}

/** Scheme and host only: a base URL's path or query could carry more than support needs. */
function originOnly(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(unparseable URL)';
  }
}

const PROXY_SOURCES: Record<ProxyFacts['source'], string> = {
  setting: "the app's setting (Settings → Network)",
  environment: 'HTTPS_PROXY / HTTP_PROXY',
  system: "the system's proxy settings",
  loopback: 'this machine, always direct',
  none: 'no proxy configured',
};

function describeProxy(facts: ProxyFacts | null): string {
  if (!facts) return 'unknown';
  return `${facts.proxy ? `through ${facts.proxy}` : 'direct'} (${PROXY_SOURCES[facts.source]})`;
}

/** Where the shop's database is, from its fields or its URL: never the password a URL may carry. */
function shopTarget(connection: ShopView['connection']): string {
  let { host, port, database, user } = connection;
  let sslmode: string | undefined = connection.sslmode;
  if (connection.url) {
    try {
      const url = new URL(connection.url);
      host ??= url.hostname;
      port ??= url.port ? Number(url.port) : undefined;
      database ??= decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined;
      user ??= decodeURIComponent(url.username) || undefined;
      sslmode ??= url.searchParams.get('sslmode') ?? undefined;
    } catch {
      return 'a connection URL that does not parse';
    }
  }
  const ca = connection.caFile ? `, CA file ${connection.caFile}` : '';
  return `${host ?? '?'}:${port ?? 5432}/${database ?? '?'} as ${user ?? '?'}, TLS ${sslmode ?? 'default'}${ca}`;
}

function describeShop(view: ShopView | null): string[] {
  if (!view || view.mode !== 'shop') return ['Shop: solo (no shop database)'];
  const error = view.status.error
    ? `, last error: ${view.status.error.kind}: ${view.status.error.message}`
    : '';
  return [
    `Shop: ${shopTarget(view.connection)}; technician ${view.technician || '?'} on ${view.machine || 'this machine'}`,
    `Shop connection: ${view.status.state}, ${view.status.pending} waiting to upload${error}`,
  ];
}

function describeCrashDumps(facts: CrashDumpFacts | null): string {
  if (!facts) return 'Crash dumps: unknown';
  const newest = facts.newest ? `, newest ${facts.newest}` : '';
  return `Crash dumps: ${facts.count}${newest} in ${facts.folder} (kept on this machine, removed after 30 days)`;
}

function describeProfile(profile: ProfileFacts | null): string {
  if (!profile) return 'none';
  if (profile.demo) return 'demo (built-in simulator)';
  return `custom, ${originOnly(profile.baseUrl)}, token ${profile.hasToken ? 'stored in keychain' : 'not set'}`;
}

export function formatDiagnostics(facts: {
  runtime: RuntimeFacts;
  keychainBackend: string;
  keychainProblem?: string | null;
  dataDir: string;
  logFile: string | null;
  updateFeedConfigured: boolean;
  profile: ProfileFacts | null;
  errors: readonly { at: string; message: string }[];
  generatedAt: Date;
  shop?: ShopView | null;
  proxy?: ProxyFacts | null;
  crashDumps?: CrashDumpFacts | null;
}): string {
  const { runtime } = facts;
  const lines = [
    `${runtime.name} ${runtime.version} diagnostics`,
    `Generated: ${facts.generatedAt.toISOString()}`,
    `Platform: ${runtime.platform} ${runtime.arch}${runtime.osRelease ? ` (${runtime.osRelease})` : ''}`,
    `Electron: ${runtime.versions.electron ?? 'n/a'}, Chrome: ${runtime.versions.chrome ?? 'n/a'}, Node: ${runtime.versions.node ?? 'n/a'}`,
    `Keychain: ${facts.keychainBackend}${facts.keychainProblem ? `, NOT AVAILABLE: ${facts.keychainProblem}` : ''}`,
    `Active profile: ${describeProfile(facts.profile)}`,
    `Network: ${describeProxy(facts.proxy ?? null)}`,
    ...describeShop(facts.shop ?? null),
    `Updates: ${facts.updateFeedConfigured ? 'feed configured' : 'no feed configured (updates off)'}`,
    `Data folder: ${facts.dataDir}`,
    `Log file: ${facts.logFile ?? 'n/a'}`,
    describeCrashDumps(facts.crashDumps ?? null),
    '',
    `Recent errors (${facts.errors.length}):`,
    ...(facts.errors.length === 0
      ? ['  none']
      : facts.errors.map((error) => `  ${error.at} ${error.message}`)),
  ];
  return redactSecrets(lines.join('\n') + '\n');
}

/** The keychain's problem, if any; a failing probe must not cost the rest of the report either. */
function keychainProblem(sources: DiagnosticsSources): string | null {
  try {
    return sources.keychainProblem?.() ?? null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function createDiagnostics(sources: DiagnosticsSources): Diagnostics {
  const now = sources.now ?? (() => new Date());
  return {
    async text() {
      // A failing profile lookup must not cost the technician the rest of the report.
      const profile = await Promise.resolve()
        .then(() => sources.activeProfile())
        .catch(() => null);
      // Each part on its own: one that fails leaves the rest of the report.
      const [shop, proxy, crashDumps] = await Promise.all([
        Promise.resolve()
          .then(() => sources.shop?.() ?? null)
          .catch(() => null),
        Promise.resolve()
          .then(() => sources.proxy?.() ?? null)
          .catch(() => null),
        Promise.resolve()
          .then(() => sources.crashDumps?.() ?? null)
          .catch(() => null),
      ]);
      return formatDiagnostics({
        runtime: sources.runtime,
        keychainBackend: sources.keychainBackend,
        keychainProblem: keychainProblem(sources),
        dataDir: sources.dataDir,
        logFile: sources.logFile,
        updateFeedConfigured: sources.updateFeedConfigured,
        profile,
        errors: sources.recentErrors.list(),
        generatedAt: now(),
        shop,
        proxy,
        crashDumps,
      });
    },
  };
}
