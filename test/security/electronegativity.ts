// `npm run security`: Doyensec's electronegativity over what ships (out/ and package.json).
// Fails on any finding above LOW that is not suppressed below, on a stale suppression (one that
// matched nothing, so the list cannot rot), and on any file the scanner could not parse.
//
// Two adaptations, both for determinism rather than leniency:
//   - electronegativity 1.10.3 walks the AST with an old estraverse that throws "Unknown node type
//     ClassPrivateProperty" on `#private` class fields, and then silently skips the file (which
//     made its navigation and permission checks report false alarms on main). It therefore scans a
//     copy of out/ lowered to ES2019 by esbuild: same calls, same arguments, no
//     private-field syntax.
//   - It fetches translations from GitHub on every start; `got` is stubbed so the gate never touches
//     the network. AvailableSecurityFixesGlobalCheck (which asks the network for Electron releases)
//     is the one check excluded; `npm audit`/Dependabot cover that ground.
// Needs `npm run build` first. Exit code 0 when clean, 1 otherwise.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

/** The severity names electronegativity uses, lowest first. */
const SEVERITIES = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
const MAX_ALLOWED = SEVERITIES.indexOf('LOW');

interface Suppression {
  check: string;
  /** Path relative to the scanned folder, e.g. out/main/index.js. */
  file: string;
  /** A substring of the flagged code: the suppression covers that call only, not the whole file. */
  sample: string;
  reason: string;
}

const SUPPRESSIONS: readonly Suppression[] = [
  {
    check: 'CONTEXT_ISOLATION_JS_CHECK',
    file: 'out/main/index.js',
    sample: 'new BrowserWindow(windowOptions(',
    reason:
      'The options come from windowOptions() (electron/main/app/window-options.ts), which the scanner ' +
      'cannot follow; it sets contextIsolation: true, asserted by test/unit/app/window-options.test.ts.',
  },
  {
    check: 'SANDBOX_JS_CHECK',
    file: 'out/main/index.js',
    sample: 'new BrowserWindow(windowOptions(',
    reason:
      'windowOptions() sets sandbox: true (test/unit/app/window-options.test.ts) and electron/main/index.ts ' +
      'calls app.enableSandbox() before any window exists.',
  },
  {
    check: 'AUXCLICK_JS_CHECK',
    file: 'out/main/index.js',
    sample: 'new BrowserWindow(windowOptions(',
    reason:
      "windowOptions() sets disableBlinkFeatures: 'Auxclick' (asserted by test/unit/app/window-options.test.ts), " +
      'which the scanner cannot follow; and setWindowOpenHandler denies every window anyway ' +
      '(electron/main/app/navigation-policy.ts, test/unit/security/navigation-policy.test.ts).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'out/main/index.js',
    sample: 'shell.openExternal(decision.openExternally)',
    reason:
      'Only URLs that externalLink() accepts reach openExternal: https, no credentials, at most 2048 ' +
      'characters (electron/main/app/navigation-policy.ts, test/unit/security/navigation-policy.test.ts).',
  },
];

interface Issue {
  id: string;
  file: string;
  sample?: string;
  severity: { name: string; value: number };
  confidence: { name: string };
  location: { line: number; column: number };
  manualReview?: boolean;
  description?: string;
}

type Run = (
  options: Record<string, unknown>,
  forCli: boolean,
) => Promise<{ issues: Issue[]; errors: { file: string; message: string; tolerable: boolean }[] }>;

/** Replaces the `got` electronegativity's i18n loads with one that fails at once, offline. */
function stubTranslationsFetch(): void {
  const electronegativityDir = path.dirname(require.resolve('@doyensec/electronegativity/package.json'));
  const gotPath = require.resolve('got', { paths: [electronegativityDir] });
  const failing = () => Promise.reject(new Error('network disabled for the security gate'));
  require.cache[gotPath] = {
    id: gotPath,
    filename: gotPath,
    loaded: true,
    exports: failing,
  } as NodeJS.Module;
}

async function jsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** out/ and package.json, copied, with every script lowered to ES2019 (see the header). */
async function stage(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-security-'));
  await cp(path.join(repoRoot, 'out'), path.join(dir, 'out'), { recursive: true });
  await cp(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
  for (const file of await jsFiles(path.join(dir, 'out'))) {
    const source = await readFile(file, 'utf8');
    // esbuild lowers private methods that call `super` correctly (TypeScript's transpiler emits them
    // into a computed key where `super` is a syntax error, e.g. Svelte's reactive Map).
    const lowered = await transform(source, {
      sourcefile: file,
      target: 'es2019',
      format: file.endsWith('.cjs') ? 'cjs' : 'esm',
    });
    await writeFile(file, lowered.code);
  }
  return dir;
}

function matches(suppression: Suppression, issue: Issue): boolean {
  return (
    suppression.check === issue.id &&
    suppression.file === issue.file.split(path.sep).join('/') &&
    (issue.sample ?? '').includes(suppression.sample)
  );
}

async function main(): Promise<number> {
  if (!existsSync(path.join(repoRoot, 'out/main/index.js'))) {
    console.error('security: out/ is missing; run `npm run build` first.');
    return 1;
  }
  stubTranslationsFetch();
  const run = require('@doyensec/electronegativity') as Run;
  const scanned = await stage();
  try {
    const result = await run(
      {
        input: scanned,
        isRelative: true,
        customScan: [],
        excludeFromScan: EXCLUDED_CHECKS,
        parserPlugins: [],
      },
      false,
    );

    const failures: string[] = [];
    for (const error of result.errors) {
      failures.push(`could not scan ${path.relative(scanned, error.file)}: ${error.message}`);
    }
    const used = new Set<Suppression>();
    for (const issue of result.issues) {
      const where = `${issue.file}:${issue.location.line}:${issue.location.column}`;
      const label = `${issue.severity.name} ${issue.id} (${issue.confidence.name}) ${where}`;
      const severity = SEVERITIES.indexOf(issue.severity.name as (typeof SEVERITIES)[number]);
      const suppression = SUPPRESSIONS.find((candidate) => matches(candidate, issue));
      if (suppression) {
        used.add(suppression);
        console.log(`security: suppressed ${label}\n  reason: ${suppression.reason}`);
      } else if (severity === -1 || severity > MAX_ALLOWED) {
        failures.push(
          `${label}\n  ${(issue.sample ?? '').trim().slice(0, 160)}\n  ${issue.description ?? ''}`,
        );
      } else {
        console.log(
          `security: allowed ${label}${issue.manualReview ? ' (manual review: see SECURITY.md)' : ''}`,
        );
      }
    }
    for (const suppression of SUPPRESSIONS) {
      if (!used.has(suppression))
        failures.push(`stale suppression ${suppression.check} ${suppression.file}: matched nothing`);
    }

    for (const failure of failures) console.error(`security: FAIL ${failure}`);
    console.log(
      `security: ${result.issues.length} findings, ${used.size} suppressed, ${failures.length} failures ` +
        `(excluded: ${EXCLUDED_CHECKS.join(', ')})`,
    );
    return failures.length === 0 ? 0 : 1;
  } finally {
    await rm(scanned, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('security: electronegativity failed:', error);
    process.exit(1);
  },
);
