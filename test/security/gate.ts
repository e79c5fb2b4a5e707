// `npm run security`: Electron's security checklist over what ships (out/, after `npm run build`),
// by the project's own checks (bundle-checks.ts). Fails on any finding not allowed below with its
// reason, and on an allowance that matched nothing. Offline and deterministic.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyAllowances, findInBundle, type Allowance, type BundleFile } from './bundle-checks';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ALLOWANCES: readonly Allowance[] = [
  {
    check: 'open-external',
    file: 'out/main/index.js',
    code: 'shell.openExternal(decision.openExternally)',
    reason:
      'Only URLs that externalLink() accepts reach openExternal: https, no credentials, at most 2048 ' +
      'characters (electron/main/app/navigation-policy.ts, test/unit/security/navigation-policy.test.ts).',
  },
];

async function bundleFiles(): Promise<BundleFile[]> {
  const out = path.join(repoRoot, 'out');
  const entries = await readdir(out, { withFileTypes: true, recursive: true });
  const files: BundleFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(c|m)?js$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({
      path: path.relative(repoRoot, full).split(path.sep).join('/'),
      text: await readFile(full, 'utf8'),
    });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

async function main(): Promise<number> {
  if (!existsSync(path.join(repoRoot, 'out/main/index.js'))) {
    console.error('security: out/ is missing; run `npm run build` first.');
    return 1;
  }
  const files = await bundleFiles();
  const indexPath = path.join(repoRoot, 'out/renderer/index.html');
  const indexHtml = existsSync(indexPath) ? await readFile(indexPath, 'utf8') : null;
  const { failures, allowed, stale } = applyAllowances(findInBundle(files, indexHtml), ALLOWANCES);
  for (const { finding, allowance } of allowed) {
    console.log(
      `security: allowed ${finding.check} (item ${finding.item}) ${finding.file}:${finding.line}\n  reason: ${allowance.reason}`,
    );
  }
  for (const finding of failures) {
    console.error(
      `security: FAIL ${finding.check} (checklist item ${finding.item || '-'}) ${finding.file}:${finding.line}: ${finding.message}\n  ${finding.code}`,
    );
  }
  for (const allowance of stale) {
    console.error(`security: FAIL stale allowance ${allowance.check} ${allowance.file}: matched nothing`);
  }
  console.log(
    `security: ${files.length} files checked, ${allowed.length} allowed, ${failures.length + stale.length} failures`,
  );
  return failures.length + stale.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('security: the check failed to run:', error);
    process.exit(1);
  },
);
