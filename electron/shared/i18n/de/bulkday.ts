import type { bulkday as en } from '../en/bulkday';

export const bulkday = {
  'bulkAgain.confirmDone':
    '{done, plural, one {# davon war} other {# davon waren}} im letzten Lauf mit diesem Befehl und Wert bereits erfolgreich und {done, plural, one {erhält} other {erhalten}} ihn erneut.',
  'bulkAgain.confirmAll': 'Erneut an alle {count, number} senden',
} satisfies Record<keyof typeof en, string>;
