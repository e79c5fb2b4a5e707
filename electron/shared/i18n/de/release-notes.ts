import type { releaseNotes as en } from '../en/release-notes';

export const releaseNotes = {
  'releaseNotes.for': 'Hinweise für',
  'releaseNotes.current': 'Aktuelle Version',
  'releaseNotes.staged': 'Bereitgestellte Version',
  'releaseNotes.specific': 'Eine bestimmte Version',
  'releaseNotes.version': 'Version',
  'releaseNotes.versionHint': 'Jahr.Zahl.Zahl, z. B. 2026.14.3',
  'releaseNotes.versionEmpty': 'Geben Sie eine Version wie 2026.14.3 ein',
  'releaseNotes.versionShape': 'Eine Version sieht aus wie 2026.14.3 (Jahr.Zahl.Zahl)',
  'releaseNotes.language': 'Sprache',
  'releaseNotes.languageOption': '{name} ({code})',
  'releaseNotes.show': 'Hinweise anzeigen',
  'releaseNotes.loading': 'Versionshinweise werden geladen…',
  'releaseNotes.shownWas': 'Die angezeigte Antwort gilt für Version {version}.',
  'releaseNotes.pressShow': 'Drücken Sie „Hinweise anzeigen“, um Version {version} zu laden.',
  'releaseNotes.theOneYouType': 'die eingegebene',
  'releaseNotes.what': 'die Versionshinweise',
  'releaseNotes.refresh': 'Versionshinweise aktualisieren',
  'releaseNotes.versions': 'Installiert <code>{deployed}</code> · Bereitgestellt <code>{staged}</code>',
  'releaseNotes.noneStaged': 'keine',
  'releaseNotes.empty': 'Keine Versionshinweise für diese Version',
  'releaseNotes.nothingStaged':
    'Auf diesem Fahrzeug ist keine Version bereitgestellt. Wählen Sie stattdessen „Aktuelle Version“.',
  'releaseNotes.tryAnother': 'Versuchen Sie eine andere Version oder Sprache.',
  'releaseNotes.noteVersion': 'Softwarestand <code>{version}</code>',
} satisfies Record<keyof typeof en, string>;
