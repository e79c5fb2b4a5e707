import type { transport as en } from '../en/transport';

export const transport = {
  'error.transport': 'Die App erreicht ihren Hauptprozess nicht. Starten Sie die App neu.',
} satisfies Record<keyof typeof en, string>;
