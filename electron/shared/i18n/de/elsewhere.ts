// Klima an und aus, Befehlsfelder in den Einheiten des Technikers, Fahrzeugwarnungen als Benachrichtigung.
import type { elsewhere as en } from '../en/elsewhere';

export const elsewhere = {
  'command.start_climate': 'Klimaanlage an',
  'command.stop_climate': 'Klimaanlage aus',
  'workshop.climate': 'Klimaanlage',
  'fact.climateOn': 'Klimaanlage an',
  'fact.climateOff': 'Klimaanlage aus',
  'commandsTab.currentIn': 'Aktuell {value} ({service})',
  'commandsTab.sentIn': '{value} {unit} wird als {service} gesendet',
  'jobPrint.notOpened':
    'Der Auftrag wurde nach {path} gedruckt, konnte aber nicht zum Drucken geöffnet werden: {why}',
  'jobTab.print': 'Auftrag drucken',
  'jobTab.printOpened':
    'Der Auftrag ({count, plural, one {# Eintrag} other {# Einträge}}) ist im PDF-Betrachter geöffnet: von dort drucken.',
  'fact.climate': 'die Klimaanlage',
} satisfies Record<keyof typeof en, string>;
