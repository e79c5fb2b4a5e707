// The shop schema's versions, oldest first: the plain SQL files of ../sql/, as a DBA reads and
// applies them by hand, bundled into the app as text (Vite's `?raw`; test/support/sql-text.mjs
// teaches tsx the same). A migration is never edited once released: a change is a new file,
// NNN-name.sql with the next number, listed here (test/unit/shop/migration-files.test.ts holds the
// folder and this list to each other).
import initial from '../sql/001-initial.sql?raw';
import jobDetails from '../sql/002-job-details.sql?raw';
import templatesLive from '../sql/003-templates-live.sql?raw';
import templateChangeTimes from '../sql/004-template-change-times.sql?raw';
import auditRunAndBulk from '../sql/005-audit-run-and-bulk.sql?raw';
import claimOwners from '../sql/006-claim-owners.sql?raw';
import roles from '../sql/007-roles.sql?raw';
import policy from '../sql/008-policy.sql?raw';
import board from '../sql/009-board.sql?raw';
import requestCodes from '../sql/010-request-codes.sql?raw';
import approvalPlans from '../sql/011-approval-plans.sql?raw';
import restore from '../sql/012-restore.sql?raw';
import sharedReads from '../sql/013-shared-reads.sql?raw';
import restoreWrites from '../sql/014-restore-writes.sql?raw';
import askCheck from '../sql/015-ask-check.sql?raw';
import jobLineRoles from '../sql/016-job-line-roles.sql?raw';
import resendRules from '../sql/017-resend-rules.sql?raw';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The files, by name: each file's number is its version, the rest of its name the migration's. */
export const MIGRATION_FILES: Readonly<Record<string, string>> = {
  '001-initial.sql': initial,
  '002-job-details.sql': jobDetails,
  '003-templates-live.sql': templatesLive,
  '004-template-change-times.sql': templateChangeTimes,
  '005-audit-run-and-bulk.sql': auditRunAndBulk,
  '006-claim-owners.sql': claimOwners,
  '007-roles.sql': roles,
  '008-policy.sql': policy,
  '009-board.sql': board,
  '010-request-codes.sql': requestCodes,
  '011-approval-plans.sql': approvalPlans,
  '012-restore.sql': restore,
  '013-shared-reads.sql': sharedReads,
  '014-restore-writes.sql': restoreWrites,
  '015-ask-check.sql': askCheck,
  '016-job-line-roles.sql': jobLineRoles,
  '017-resend-rules.sql': resendRules,
};

const FILE_NAME = /^(\d{3})-([a-z0-9]+(?:-[a-z0-9]+)*)\.sql$/;

/** A file's migration; throws on a name that is not `NNN-name.sql`. */
export function migrationOf(file: string, sql: string): Migration {
  const match = FILE_NAME.exec(file);
  if (!match) throw new Error(`A shop migration file is named NNN-name.sql, not "${file}".`);
  return { version: Number(match[1]), name: match[2]!, sql };
}

export const MIGRATIONS: readonly Migration[] = Object.entries(MIGRATION_FILES)
  .map(([file, sql]) => migrationOf(file, sql))
  .sort((a, b) => a.version - b.version);

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
