// The shop's (or this computer's) telemetry templates as the views that offer them ask for them:
// listed when a view opens and again when main says they changed, saved, renamed, deleted, and the
// garage compared with one. Main keeps them; each view holds the list it shows.
import type { ErrorInfo, Result } from '../../../electron/shared/result';
import type { TelemetryFields } from '../../../electron/shared/telemetry-rules';
import type { TelemetryTemplate } from '../../../electron/shared/telemetry-template';
import { mainApi } from './main-api';

/** The templates, or null when main could not list them (the view keeps what it shows). */
export async function listTemplates(): Promise<TelemetryTemplate[] | null> {
  const result = await mainApi().templates.list();
  return result.ok ? result.value : null;
}

/** Creates or replaces the template of that name. */
export function saveTemplate(template: {
  name: string;
  fields: TelemetryFields;
  notes: string;
}): Promise<Result<TelemetryTemplate>> {
  return mainApi().templates.save(template);
}

export function removeTemplate(name: string): Promise<Result<null>> {
  return mainApi().templates.remove(name);
}

const key = (text: string) => text.trim().toLocaleLowerCase('en');

/**
 * Saves an edited template; renamed, the old name goes once the new one is safely saved.
 * `oldNameKept`: why the old name could not be removed, when it could not.
 */
export async function saveEditedTemplate(
  original: string,
  edited: { name: string; fields: TelemetryFields; notes: string },
): Promise<Result<{ saved: TelemetryTemplate; oldNameKept: ErrorInfo | null }>> {
  const saved = await saveTemplate(edited);
  if (!saved.ok) return saved;
  let oldNameKept: ErrorInfo | null = null;
  if (key(saved.value.name) !== key(original)) {
    const removed = await removeTemplate(original);
    if (!removed.ok) oldNameKept = removed.error;
  }
  return { ok: true, value: { saved: saved.value, oldNameKept } };
}

export interface GarageDiff {
  template: string;
  /** VINs whose last read configuration differs from the template. */
  differs: Set<string>;
  /** Vehicles never read, so not compared. */
  unknown: number;
}

/**
 * Which vehicles of the garage differ from a template, on their last read configuration (main
 * compares; no request per vehicle). Not compared at all, every one of `garageSize` is unknown.
 */
export async function compareGarage(template: string, garageSize: number): Promise<GarageDiff> {
  const result = await mainApi().templates.compareGarage(template);
  return result.ok
    ? { template, differs: new Set(result.value.differs), unknown: result.value.unknown.length }
    : { template, differs: new Set(), unknown: garageSize };
}
