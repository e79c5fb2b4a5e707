// The shop's telemetry templates kept in the data folder: <data>/telemetry-templates.json, written
// atomically. `TemplateStore` is the port: a shop's database can hold the templates instead, behind
// the same four methods. A damaged file is set aside and the list starts empty (reported).
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/result';
import { checkTemplate, type TelemetryTemplate } from '../../shared/telemetry-template';
import { readJsonFile, writeFileAtomic, type AtomicFs, type OnCorrupt } from './atomic-file';
import { createSerial } from './serial';
import { tm } from '../i18n/main-words';

export const TEMPLATES_FILE = 'telemetry-templates.json';
export const TEMPLATES_MAX = 500;

export interface TemplateStore {
  /** By name, case-insensitively sorted. */
  list(): Promise<TelemetryTemplate[]>;
  /** Creates or replaces the template of that name (names compare case-insensitively). */
  save(template: TelemetryTemplate): Promise<TelemetryTemplate>;
  /** `not_found` when no template has that name. */
  remove(name: string): Promise<void>;
}

// Each template is checked again on load with the same rules as on save: the file can be edited.
const fileSchema = z.object({
  version: z.literal(1),
  templates: z.array(
    z.unknown().transform((value, ctx) => {
      const checked = checkTemplate(value, tm);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: 'custom', message: checked.problems.join('; ') });
      return z.NEVER;
    }),
  ),
});

const key = (name: string) => name.trim().toLocaleLowerCase('en');

/** The file-backed store; `replace` rewrites the whole list at once (a copy following its source). */
export interface LocalTemplateStore extends TemplateStore {
  replace(templates: readonly TelemetryTemplate[]): Promise<void>;
}

export function createLocalTemplateStore(options: {
  dataDir: string;
  now?: () => Date;
  onCorrupt?: OnCorrupt;
  fs?: AtomicFs;
}): LocalTemplateStore {
  const path = join(options.dataDir, TEMPLATES_FILE);
  // One change at a time: read, change, write atomically.
  const serial = createSerial();

  async function load(): Promise<TelemetryTemplate[]> {
    const read = await readJsonFile(path, fileSchema, options);
    return read.status === 'ok' ? read.value.templates : [];
  }

  async function store(templates: TelemetryTemplate[]): Promise<void> {
    const sorted = [...templates].sort((a, b) => key(a.name).localeCompare(key(b.name)));
    await writeFileAtomic(path, JSON.stringify({ version: 1, templates: sorted }, null, 1) + '\n', {
      fs: options.fs,
    });
  }

  return {
    list: () => serial(async () => (await load()).sort((a, b) => key(a.name).localeCompare(key(b.name)))),

    save: (template) =>
      serial(async () => {
        const all = await load();
        const others = all.filter((t) => key(t.name) !== key(template.name));
        if (others.length >= TEMPLATES_MAX) {
          throw new AppError('invalid_input', tm('errors.templatesMax', { max: TEMPLATES_MAX }));
        }
        await store([...others, template]);
        return template;
      }),

    remove: (name) =>
      serial(async () => {
        const all = await load();
        const others = all.filter((t) => key(t.name) !== key(name));
        if (others.length === all.length) {
          throw new AppError('not_found', tm('errors.noTemplateNamed', { name: name.slice(0, 80) }));
        }
        await store(others);
      }),

    replace: (templates) => serial(() => store([...templates])),
  };
}
