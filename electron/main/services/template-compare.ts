// Which vehicles of the active profile's garage differ from a telemetry template, judged on the
// telemetry configuration last read (the offline cache): never a request per vehicle. A vehicle
// whose configuration was never read is listed as unknown, not as matching.
import { AppError } from '../../shared/result';
import { compareToTemplate } from '../../shared/telemetry-template';
import type { TelemetryConfig } from '../../shared/wire';
import type { OfflineCache } from '../storage/cache/offline-cache';
import type { GarageStore } from '../storage/garage-store';
import type { TemplateStore } from '../storage/template-store';
import { tm } from '../i18n/main-words';

export interface GarageTemplateComparison {
  template: string;
  /** VINs whose last read configuration differs (fields, not synced, expiring). */
  differs: string[];
  /** VINs with no configuration read yet: not compared. */
  unknown: string[];
}

export async function compareGarageToTemplate(deps: {
  templates: TemplateStore;
  garage: Pick<GarageStore, 'list'>;
  cache: Pick<OfflineCache, 'get'>;
  profileId: string;
  name: string;
  now: () => Date;
}): Promise<GarageTemplateComparison> {
  const wanted = deps.name.trim().toLocaleLowerCase('en');
  const template = (await deps.templates.list()).find((t) => t.name.toLocaleLowerCase('en') === wanted);
  if (!template)
    throw new AppError('not_found', tm('errors.noTemplateNamed', { name: deps.name.slice(0, 80) }));
  const differs: string[] = [];
  const unknown: string[] = [];
  const at = deps.now().getTime();
  for (const { vin } of await deps.garage.list(deps.profileId)) {
    const cached = await deps.cache
      .get({ kind: 'telemetry', profileId: deps.profileId, vin, variant: '' })
      .catch(() => null);
    if (cached === null) unknown.push(vin);
    else if (!compareToTemplate(cached.value as TelemetryConfig, template, at).matches) differs.push(vin);
  }
  return { template: template.name, differs, unknown };
}
