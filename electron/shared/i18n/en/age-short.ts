// The short form of a reading's source and age, for a garage row (renderer/src/lib/format.ts
// dataAge makes it beside the long form, from the same age). The age itself is Intl's short units.
export const ageShort = {
  'ageShort.old': '{age} old',
  'ageShort.unknown': 'age unknown',
  'ageShort.saved': 'Saved · {age}',
  'ageShort.offline': 'Offline · {age}',
  'ageShort.underMinute': 'under {minute}',
};
