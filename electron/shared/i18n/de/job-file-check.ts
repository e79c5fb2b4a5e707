import type { jobFileCheck as en } from '../en/job-file-check';

export const jobFileCheck = {
  'jobFile.notVerified': 'Nicht bestätigt: {why}',
  'jobFile.unreadable': 'die Datei konnte nicht gelesen werden ({code}).',
  'jobFile.tooLarge': 'die Datei ist zu groß für einen Auftragsnachweis.',
  'jobFile.noRecord':
    'dieses PDF enthält keinen Auftragsnachweis (es wurde nicht von dieser Version der App exportiert).',
  'jobFile.notPdf': 'dieses PDF konnte nicht als solches gelesen werden ({problem}).',
  'jobFile.laterUpdate':
    'Nicht bestätigt: Dieses PDF wurde geändert, nachdem sein Nachweis angehängt wurde (eine spätere Aktualisierung fügt Teile wie Seiten hinzu oder ersetzt sie).',
  'jobFile.pagesChanged':
    'Nicht bestätigt: Die gedruckten Seiten dieses PDFs sind nicht die, an die sein Nachweis angehängt wurde; sie wurden nach dem Export geändert.',
  'jobFile.pagesNotChecked':
    '{verdict} Die gedruckten Seiten dieses PDFs werden nicht geprüft (es wurde von einer früheren Version exportiert): nur der angehängte Nachweis.',
} satisfies Record<keyof typeof en, string>;
