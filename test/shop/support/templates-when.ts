// Waits, on main's "templates changed" events, until a core lists templates that `accept` takes:
// a change another machine made reaches this one's copy once the shop has it, which takes an upload
// and a notification, and an earlier notification may still be on its way.
import type { TelemetryTemplate } from '../../../electron/shared/telemetry-template';
import type { CoreHarness } from '../../support/core-harness';
import { waitFor } from '../../support/wait-for';

export async function templatesWhen(
  h: CoreHarness,
  accept: (templates: TelemetryTemplate[]) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<TelemetryTemplate[]> {
  let last: TelemetryTemplate[] | string = 'nothing listed';
  try {
    return await waitFor(
      async () => {
        const listed = await h.garage.templates.list();
        last = listed.ok ? listed.value : listed.error.message;
        return listed.ok && accept(listed.value) ? listed.value : null;
      },
      what,
      {
        timeoutMs,
        wakeOn: (wake) =>
          h.core.events.subscribe((event) => {
            if (event.type === 'settings.changed' && event.what === 'templates') wake();
          }),
      },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; last listed: ${JSON.stringify(last)}`);
  }
}

export const names = (templates: readonly TelemetryTemplate[]) => templates.map((t) => t.name);
