// The shop's migrations as a DBA meets them: the plain files of electron/main/shop/sql/, applied by
// hand with psql as the database owner, leave the schema the app would have made (the app then
// applies nothing), and a file applied twice, or out of turn, is refused with the version it wants.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../electron/main/shop/migrations/index';
import { openShop } from '../../electron/main/shop/shop-db';
import { createTestDatabase, pgAdmin, type Login } from './support/pg';

const run = promisify(execFile);
const SQL_DIR = fileURLToPath(new URL('../../electron/main/shop/sql/', import.meta.url));
const FILES = MIGRATIONS.map((m) => `${String(m.version).padStart(3, '0')}-${m.name}.sql`);

/** `psql --single-transaction -f file` as `login`, as docs/shop.md tells a DBA. */
function psqlFile(login: Login, file: string) {
  const { host, port, database, user } = login.settings;
  return run(
    'psql',
    [
      '-X',
      '-q',
      '--single-transaction',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      host!,
      '-p',
      String(port),
      '-U',
      user!,
      '-d',
      database!,
      '-f',
      `${SQL_DIR}${file}`,
    ],
    { env: { ...process.env, PGPASSWORD: login.password } },
  );
}

/** The schema as pg_dump prints it, with the database's own name taken out. */
async function schemaOf(name: string): Promise<string> {
  const admin = pgAdmin();
  const { stdout } = await run(
    'pg_dump',
    ['--schema-only', '--no-owner', '-h', admin.host, '-p', String(admin.port), '-U', admin.user, '-d', name],
    { env: { ...process.env, PGPASSWORD: admin.password }, maxBuffer: 16 * 1024 * 1024 },
  );
  // pg_dump's \restrict key is new on every run.
  return stdout
    .split(name)
    .join('<db>')
    .replace(/^\\(un)?restrict .*$/gm, '');
}

describe('the shop migration files applied by hand', () => {
  it('make the schema the app makes, and the app then applies nothing', async () => {
    const byHand = await createTestDatabase('by_hand');
    for (const file of FILES) await psqlFile(byHand.owner, file);
    const byApp = await createTestDatabase('by_app');
    const made = await openShop({ settings: byApp.owner.settings, getPassword: byApp.owner.getPassword });
    await made.close();
    const found = await openShop({ settings: byHand.owner.settings, getPassword: byHand.owner.getPassword });
    try {
      expect(found.migration).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length, applied: [] });
    } finally {
      await found.close();
    }
    const versions = await byHand.query<{ version: number; name: string; applied_by: string }>(
      'SELECT version, name, applied_by FROM shop_schema_version ORDER BY version',
    );
    expect(versions.rows).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version, name: m.name, applied_by: byHand.owner.settings.user })),
    );
    expect(await schemaOf(byHand.name)).toBe(await schemaOf(byApp.name));
  });

  it('refuses a file applied twice or out of turn, naming the versions, and changes nothing', async () => {
    const db = await createTestDatabase('by_hand_twice');
    await psqlFile(db.owner, FILES[0]!);
    const twice = await psqlFile(db.owner, FILES[0]!).catch((error: { stderr: string }) => error);
    expect(String((twice as { stderr: string }).stderr)).toContain(
      'This file brings the shop schema from version 0 to 1; the database is at version 1.',
    );
    const skipped = await psqlFile(db.owner, FILES[2]!).catch((error: { stderr: string }) => error);
    expect(String((skipped as { stderr: string }).stderr)).toContain(
      'This file brings the shop schema from version 2 to 3; the database is at version 1.',
    );
    const versions = await db.query('SELECT max(version) AS v FROM shop_schema_version');
    expect(versions.rows[0]!['v']).toBe(1);
  });
});
