// Deutsch: was main sagt, wenn die Werkstatt-Datenbank auf einen früheren Stand zurückgesetzt wurde
// und dieser Computer die verlorenen Einträge aus seinem eigenen Protokoll erneut gesendet hat.
import type { mainRestore as en } from '../en/main-restore';

export const mainRestore = {
  'mainRestore.resent':
    'Die Werkstatt-Datenbank wurde auf einen früheren Stand zurückgesetzt: {count, plural, one {# Eintrag} other {# Einträge}}, die dieser Computer gesendet hatte, {count, plural, one {fehlte darin und wurde} other {fehlten darin und wurden}} erneut gesendet.',
  'mainRestore.refused':
    'Die Werkstatt-Datenbank wurde auf einen früheren Stand zurückgesetzt: {count, plural, one {# Eintrag} other {# Einträge}}, die dieser Computer gesendet hatte, {count, plural, one {konnte} other {konnten}} nicht erneut gesendet werden ({reason}); {count, plural, one {er bleibt} other {sie bleiben}} im Protokoll dieses Computers.',
} satisfies Record<keyof typeof en, string>;
