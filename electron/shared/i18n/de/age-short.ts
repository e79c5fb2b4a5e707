// Die Kurzform von Quelle und Alter einer Messung für eine Zeile der Fahrzeugliste
// (renderer/src/lib/format.ts dataAge bildet sie neben der Langform aus demselben Alter).
export const ageShort = {
  'ageShort.old': '{age} alt',
  'ageShort.unknown': 'Alter unbekannt',
  'ageShort.saved': 'Gespeichert · {age}',
  'ageShort.offline': 'Offline · {age}',
  'ageShort.underMinute': 'unter {minute}',
};
