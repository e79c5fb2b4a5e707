// A shop's telemetry configuration template (name, fields with intervals, notes) and how a vehicle's
// configuration compares to it: fields missing from the car, extra on the car, at another interval,
// a configuration the car has not adopted yet, a signed configuration expiring or expired. Pure: the
// vehicle view, the garage filter "differs from template" and the template run's dry run all use it.
import { RECOMMENDED_INTERVAL_SECONDS, RECOMMENDED_TELEMETRY_FIELDS } from './telemetry-fields';
import {
  classifyExpiry,
  fieldProblems,
  fieldWarnings,
  type ExpiryStatus,
  type FieldWarning,
  type TelemetryFields,
} from './telemetry-rules';
import { english, type Say } from './i18n/english';
import type { TelemetryConfig } from './wire';

export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_NOTES_MAX = 2000;

export interface TelemetryTemplate {
  /** 1..80 characters, trimmed. */
  name: string;
  /** At least one known field, each at a whole interval of at least 1 s. */
  fields: TelemetryFields;
  /** Free text for the shop, at most 2000 characters. */
  notes: string;
}

export type TemplateCheck =
  { ok: true; value: TelemetryTemplate; warnings: FieldWarning[] } | { ok: false; problems: string[] };

/**
 * Checks and normalises a template from anywhere (a form, a file, the shop's database): every
 * problem at once, so the technician can fix them together. Warnings (no Gear, no Location) do not
 * refuse it. Problems are in `say`'s language.
 */
export function checkTemplate(input: unknown, say: Say = english): TemplateCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, problems: [say('templateProblem.notObject')] };
  }
  const raw = input as Record<string, unknown>;
  const problems: string[] = [];
  const name = typeof raw['name'] === 'string' ? raw['name'].trim() : null;
  if (name === null) problems.push(say('templateProblem.nameText'));
  else if (name.length === 0 || name.length > TEMPLATE_NAME_MAX) {
    problems.push(say('templateProblem.nameLength', { max: TEMPLATE_NAME_MAX }));
  }
  const notes = raw['notes'] === undefined || raw['notes'] === null ? '' : raw['notes'];
  if (typeof notes !== 'string') problems.push(say('templateProblem.notesText'));
  else if (notes.length > TEMPLATE_NOTES_MAX)
    problems.push(say('templateProblem.notesLength', { max: String(TEMPLATE_NOTES_MAX) }));
  const rawFields = raw['fields'];
  const fields: TelemetryFields = {};
  if (typeof rawFields !== 'object' || rawFields === null || Array.isArray(rawFields)) {
    problems.push(say('templateProblem.fieldsShape'));
  } else {
    const entries = Object.entries(rawFields as Record<string, unknown>);
    if (entries.length === 0) {
      problems.push(say('templateProblem.noFields'));
    }
    problems.push(...fieldProblems(rawFields as Record<string, unknown>, say).map((p) => p.message));
    for (const [field, value] of entries) {
      const interval = (value as { interval_seconds?: unknown } | null)?.interval_seconds;
      if (typeof interval === 'number') fields[field] = { interval_seconds: interval };
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: { name: name as string, fields: sortedFields(fields), notes: notes as string },
    warnings: fieldWarnings(fields),
  };
}

/** The service's recommended configuration as a template (what "Reset to recommended" writes). */
export function recommendedTemplate(name = 'Recommended'): TelemetryTemplate {
  const fields: TelemetryFields = {};
  for (const field of RECOMMENDED_TELEMETRY_FIELDS)
    fields[field] = { interval_seconds: RECOMMENDED_INTERVAL_SECONDS };
  return { name, fields, notes: 'The service’s recommended fields, each every 60 s.' };
}

/** The body of `POST /{vin}/fleet_telemetry_config` that applies the template. */
export function templateWriteBody(template: Pick<TelemetryTemplate, 'fields'>): { fields: TelemetryFields } {
  return { fields: sortedFields(template.fields) };
}

function sortedFields(fields: TelemetryFields): TelemetryFields {
  const out: TelemetryFields = {};
  for (const name of Object.keys(fields).sort()) {
    out[name] = { interval_seconds: (fields[name] as { interval_seconds: number }).interval_seconds };
  }
  return out;
}

export type TemplateDifference =
  | { kind: 'missing'; field: string; templateInterval: number }
  | { kind: 'extra'; field: string; vehicleInterval: number }
  | { kind: 'interval'; field: string; vehicleInterval: number; templateInterval: number }
  | { kind: 'not_synced' }
  | { kind: 'expiring'; status: Exclude<ExpiryStatus, 'ok'>; expiresAt: number; daysLeft: number };

export interface TemplateComparison {
  /** Field differences by field name, then not synced, then expiring. */
  differences: TemplateDifference[];
  /** The car's fields and intervals are exactly the template's. */
  fieldsMatch: boolean;
  /** Nothing to show: fields match, adopted, not expiring within 30 days. */
  matches: boolean;
  /**
   * A write would change something: the fields differ, or the signed configuration is expiring or
   * expired (a write signs it anew). Not synced alone never needs a write: the car adopts the
   * configuration when it next connects; deleting and re-writing does not hurry it.
   */
  needsWrite: boolean;
}

/** How `config` (the car's, as read) compares to `template` at `now` (Unix ms). */
export function compareToTemplate(
  config: TelemetryConfig,
  template: Pick<TelemetryTemplate, 'fields'>,
  now: number,
): TemplateComparison {
  const differences: TemplateDifference[] = [];
  const car = config.config.fields;
  const wanted = template.fields;
  const names = [...new Set([...Object.keys(car), ...Object.keys(wanted)])].sort();
  for (const field of names) {
    const mine = Object.hasOwn(car, field) ? car[field]?.interval_seconds : undefined;
    const theirs = Object.hasOwn(wanted, field) ? wanted[field]?.interval_seconds : undefined;
    if (mine === undefined && theirs !== undefined)
      differences.push({ kind: 'missing', field, templateInterval: theirs });
    else if (theirs === undefined && mine !== undefined)
      differences.push({ kind: 'extra', field, vehicleInterval: mine });
    else if (mine !== undefined && theirs !== undefined && mine !== theirs) {
      differences.push({ kind: 'interval', field, vehicleInterval: mine, templateInterval: theirs });
    }
  }
  const fieldsMatch = differences.length === 0;
  if (!config.synced) differences.push({ kind: 'not_synced' });
  const expiry = classifyExpiry(config.config.exp, now);
  const expiring = expiry !== null && expiry.status !== 'ok';
  if (expiry !== null && expiry.status !== 'ok') {
    differences.push({
      kind: 'expiring',
      status: expiry.status,
      expiresAt: expiry.expiresAt,
      daysLeft: expiry.daysLeft,
    });
  }
  return {
    differences,
    fieldsMatch,
    matches: differences.length === 0,
    needsWrite: !fieldsMatch || expiring,
  };
}

/** For the garage filter "differs from template". */
export function differsFromTemplate(
  config: TelemetryConfig,
  template: Pick<TelemetryTemplate, 'fields'>,
  now: number,
): boolean {
  return !compareToTemplate(config, template, now).matches;
}

/** A day as 2026-05-04: the same everywhere, for words no locale was given for. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * One line per difference, for the vehicle view and the dry run: in `say`'s language, a day as
 * `day` writes it and an interval as `every` says it (the window passes t, its locale's date and
 * the interval in words, "every 1 hour"; main English, ISO days and seconds).
 */
export function differenceWords(
  say: Say = english,
  day: (ms: number) => string = isoDay,
  every: (seconds: number) => string = (seconds) => say('telemetry.every', { seconds }),
): (d: TemplateDifference) => string {
  return (d) => {
    switch (d.kind) {
      case 'missing':
        return say('telemetry.diffMissing', { field: d.field, every: every(d.templateInterval) });
      case 'extra':
        return say('telemetry.diffExtra', { field: d.field, every: every(d.vehicleInterval) });
      case 'interval':
        return say('telemetry.diffInterval', {
          field: d.field,
          car: every(d.vehicleInterval),
          template: every(d.templateInterval),
        });
      case 'not_synced':
        return say('telemetry.diffNotSynced');
      case 'expiring':
        return d.status === 'past'
          ? say('telemetry.diffExpired', { date: day(d.expiresAt) })
          : say('telemetry.diffExpiring', { date: day(d.expiresAt), days: d.daysLeft });
    }
  };
}

/** One line per difference in English with ISO days (main's run records, the simulator's tests). */
export const describeDifference = differenceWords();
