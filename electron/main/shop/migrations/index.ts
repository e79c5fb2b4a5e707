// The shop schema's versions, oldest first. A migration is never edited once released: a change
// is a new file with the next version.
import { initial } from './001-initial';
import { jobDetails } from './002-job-details';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [initial, jobDetails];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
