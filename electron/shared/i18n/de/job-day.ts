import type { jobDay as en } from '../en/job-day';

export const jobDay = {
  'jobDay.aged': '{when}, bei {side, select, checkIn {der Annahme} other {der Rückgabe}} {age}',
  'jobDay.speedLimit':
    'Die Höchstgeschwindigkeit ist {now, number} {unit}; bei der Annahme war sie {was, number} {unit}.',
  'jobDay.cell': '{value}, {note}',
  'jobDay.unnamedDriver': 'Fahrer ohne Namen (ID {id})',
  'jobDay.customer': 'Kunde',
  'jobDay.saveStory': 'Ursache und Abhilfe speichern',
  'jobDay.storySaved': 'Ursache und Abhilfe zum Auftrag {repairOrder} gespeichert',
  'jobDay.closedStory':
    'Der Auftrag ist abgeschlossen: Öffnen Sie ihn wieder, um Ursache oder Abhilfe zu ändern.',
  'jobDay.storyHint':
    'Wird beim Speichern zum Auftrag gelegt; auch beim Abschließen wird übernommen, was hier steht.',
  'jobDay.shopTitle': 'Werkstatt auf dem Auftrag',
  'jobDay.shopLead':
    'Steht im Kopf jedes Auftrags, den dieser Computer als PDF exportiert, sofern der Auftrag nicht selbst eine Werkstatt nennt.',
  'jobDay.shopName': 'Name der Werkstatt',
  'jobDay.shopAddress': 'Anschrift der Werkstatt',
  'jobDay.shopSave': 'Werkstattangaben speichern',
  'jobDay.shopSaved': 'Die Werkstattangaben für den Auftrag wurden gespeichert.',
  'jobDay.shopNameTooLong': 'Der Name der Werkstatt ist länger als {max, number} Zeichen.',
  'jobDay.shopAddressTooLong': 'Die Anschrift der Werkstatt ist länger als {max, number} Zeichen.',
  'jobDay.shopAddressLines': 'Die Anschrift der Werkstatt hat mehr als {max, number} Zeilen.',
} satisfies Record<keyof typeof en, string>;
