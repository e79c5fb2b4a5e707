// What a vehicle's row and header say of its open repair-order job: the badge main's job.changed
// event carries, so the renderer's store updates from the event without asking again.
import type { Job } from './job-record';

export interface OpenJobBadge {
  id: string;
  repairOrder: string;
  technician: string;
  openedAt: string;
}

export function badgeOf(job: Job): OpenJobBadge {
  const period = job.periods[job.periods.length - 1]!;
  return { id: job.id, repairOrder: job.repairOrder, technician: job.technician, openedAt: period.openedAt };
}
