// The shop schema's versions, oldest first. A migration is never edited once released: a change
// is a new file with the next version.
import { initial } from './001-initial';
import { jobDetails } from './002-job-details';
import { templatesLive } from './003-templates-live';
import { templateChangeTimes } from './004-template-change-times';
import { auditRunAndBulk } from './005-audit-run-and-bulk';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  initial,
  jobDetails,
  templatesLive,
  templateChangeTimes,
  auditRunAndBulk,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
