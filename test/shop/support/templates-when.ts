// Waits, on main's "templates changed" events, until a core lists templates that `accept` takes:
// a change another machine made reaches this one's copy once the shop has it, which takes an upload
// and a notification, and an earlier notification may still be on its way.
import type { TelemetryTemplate } from '../../../electron/shared/telemetry-template';
import type { CoreHarness } from '../../support/core-harness';

export async function templatesWhen(
  h: CoreHarness,
  accept: (templates: TelemetryTemplate[]) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<TelemetryTemplate[]> {
  let wake = () => {};
  const unsubscribe = h.core.events.subscribe((event) => {
    if (event.type === 'settings.changed' && event.what === 'templates') wake();
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), timeoutMs);
  });
  try {
    let last: TelemetryTemplate[] | string = 'nothing listed';
    for (;;) {
      const changed = new Promise<void>((resolve) => (wake = resolve));
      const listed = await h.garage.templates.list();
      last = listed.ok ? listed.value : listed.error.message;
      if (listed.ok && accept(listed.value)) return listed.value;
      await Promise.race([changed, timedOut]).catch((error: Error) => {
        throw new Error(`${error.message}; last listed: ${JSON.stringify(last)}`);
      });
    }
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}

export const names = (templates: readonly TelemetryTemplate[]) => templates.map((t) => t.name);
