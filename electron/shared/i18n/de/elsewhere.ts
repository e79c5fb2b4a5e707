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
  'carNotice.alertTitle': '{name}: eine Warnung ist aufgetreten',
  'carNotice.tyreTitle': '{name}: Reifendruck niedrig',
  'carNotice.tyreBody':
    '{count, plural, one {Das Fahrzeug meldet einen Reifen mit niedrigem Druck} other {Das Fahrzeug meldet Reifen mit niedrigem Druck}}: {tyres}.',
  'carNotice.front_left': 'vorne links',
  'carNotice.front_right': 'vorne rechts',
  'carNotice.rear_left': 'hinten links',
  'carNotice.rear_right': 'hinten rechts',
  'fact.climate': 'die Klimaanlage',
} satisfies Record<keyof typeof en, string>;
