// Waits until an app's window is told of a job change on a car that passes `test`.
import type { GarageEvent } from '../../../electron/shared/events';
import type { CoreHarness } from '../../support/core-harness';
import { matching, waitFor } from '../../support/wait-for';
import { coreEvents } from './join-shop';
import { SHOP_WAIT } from './wait';

export type JobChangedEvent = Extract<GarageEvent, { type: 'job.changed' }>;

export const jobEvent = (h: CoreHarness, vin: string, test: (e: JobChangedEvent) => boolean, what: string) =>
  waitFor(
    matching((e) => e.type === 'job.changed' && e.vin === vin && test(e)),
    what,
    {
      ...SHOP_WAIT,
      wakeOn: coreEvents(h),
    },
  ) as Promise<JobChangedEvent>;
