// jobs.*: repair-order jobs on the active profile's vehicles, their records and exports.
import { AppError, ok } from '../../../shared/result';
import type { JobExport } from '../../jobs/job-export';
import type { JobService } from '../../jobs/job-service';
import type { TechnicianView } from '../../../shared/technician';
import type { HandlerGroup } from './types';
import { tm } from '../../i18n/main-words';

type JobOperation =
  | 'jobs.open'
  | 'jobs.addNote'
  | 'jobs.close'
  | 'jobs.reopen'
  | 'jobs.describe'
  | 'jobs.get'
  | 'jobs.openFor'
  | 'jobs.list'
  | 'jobs.record'
  | 'jobs.exportJson'
  | 'jobs.exportPdf'
  | 'jobs.printPdf'
  | 'jobs.verify'
  | 'jobs.technician'
  | 'jobs.setTechnician';

export function jobHandlers(deps: {
  jobs: JobService;
  jobExport: JobExport;
  activeId: () => Promise<string>;
  /** Who the active profile's jobs credit when no name is given, and the name typed on this machine. */
  technician: { view(): Promise<TechnicianView>; set(name: string): Promise<TechnicianView> };
}): HandlerGroup<JobOperation> {
  const { jobs, jobExport, activeId } = deps;
  /** A job of another profile is not this window's to see or change. */
  const own = async (id: string) => {
    const job = await jobs.get(id);
    if (job.profileId !== (await activeId())) throw new AppError('not_found', tm('errors.noSuchJob'));
    return job;
  };
  return {
    'jobs.open': async (vin, input) => ok(await jobs.open(await activeId(), { vin, ...input })),
    'jobs.addNote': async (id, text, options) => (
      await own(id),
      ok(await jobs.addNote(id, text, options?.technician))
    ),
    'jobs.close': async (id, options) => (await own(id), ok(await jobs.close(id, options))),
    'jobs.reopen': async (id, options) => (await own(id), ok(await jobs.reopen(id, options?.technician))),
    'jobs.describe': async (id, said) => (await own(id), ok(await jobs.describe(id, said))),
    'jobs.get': async (id) => ok(await own(id)),
    'jobs.openFor': async (vin) => ok(await jobs.openFor(await activeId(), vin)),
    'jobs.list': async (query) => ok(await jobs.list({ ...query, profileId: await activeId() })),
    'jobs.record': async (id) => (await own(id), ok(await jobs.record(id))),
    'jobs.exportJson': async (id) => (await own(id), ok(await jobExport.toJson(id))),
    'jobs.exportPdf': async (id, options) => (await own(id), ok(await jobExport.toPdf(id, options))),
    'jobs.printPdf': async (id, options) => (await own(id), ok(await jobExport.print(id, options))),
    'jobs.verify': async () => ok(await jobExport.verifyChosen()),
    'jobs.technician': async () => ok(await deps.technician.view()),
    'jobs.setTechnician': async (name) => ok(await deps.technician.set(name)),
  };
}
