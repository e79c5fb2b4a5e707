// The display language, `language.json` in the data folder: `{ "language": "system" }`. A damaged
// file is set aside and the system's language used.
import { join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_LANGUAGE_SETTINGS,
  LANGUAGE_CHOICES,
  type LanguageChoice,
  type LanguageSettings,
} from '../../shared/i18n/languages';
import { readJsonFile, writeFileAtomic, type OnCorrupt } from './atomic-file';

export const LANGUAGE_SETTINGS_FILE = 'language.json';

const fileSchema = z.object({
  language: z.enum(LANGUAGE_CHOICES as [LanguageChoice, ...LanguageChoice[]]),
});

export async function readLanguageSettings(
  dataDir: string,
  options: { onCorrupt?: OnCorrupt } = {},
): Promise<LanguageSettings> {
  const read = await readJsonFile(join(dataDir, LANGUAGE_SETTINGS_FILE), fileSchema, options);
  return read.status === 'ok' ? { language: read.value.language } : { ...DEFAULT_LANGUAGE_SETTINGS };
}

export async function writeLanguageSettings(dataDir: string, settings: LanguageSettings): Promise<void> {
  await writeFileAtomic(
    join(dataDir, LANGUAGE_SETTINGS_FILE),
    `${JSON.stringify({ language: settings.language }, null, 2)}\n`,
  );
}
