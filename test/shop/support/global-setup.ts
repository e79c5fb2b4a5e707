// Vitest global setup for the shop tests: a throwaway superuser for this run (pg-admin.ts), handed
// to the test files; teardown drops every database and role the run made.
import type { TestProject } from 'vitest/node';
import { createRunAdmin, dropRun, type PgAdmin } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdmin: PgAdmin;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const admin = createRunAdmin();
  project.provide('pgAdmin', admin);
  return () => dropRun(admin);
}
