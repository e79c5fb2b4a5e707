// Was die Suche im Verlauf aller Fahrzeuge sagt, wenn sie an ihrer Grenze vor dem Anfang des
// Protokolls aufgehört hat.
export const searchBound = {
  'searchBound.foundThenStopped': '{found} {stopped}',
  'searchBound.stopped':
    'Durchsucht {examined, plural, one {wurde nur der neueste Eintrag} other {wurden nur die neuesten # Einträge}}, bis zurück zum {time}; ältere Einträge nicht.',
};
