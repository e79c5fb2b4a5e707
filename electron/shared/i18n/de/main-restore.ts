// Deutsch: was main sagt, wenn die Werkstatt-Datenbank auf einen früheren Stand zurückgesetzt wurde
// und dieser Computer die verlorenen Einträge aus seinem eigenen Protokoll erneut gesendet hat.
import type { mainRestore as en } from '../en/main-restore';

export const mainRestore = {
  'mainRestore.resent':
    'Die Werkstatt-Datenbank wurde auf einen früheren Stand zurückgesetzt: {count, plural, one {# Eintrag} other {# Einträge}}, die dieser Computer gesendet hatte, {count, plural, one {fehlte darin und wurde} other {fehlten darin und wurden}} erneut gesendet.',
  'mainRestore.refused':
    'Die Werkstatt-Datenbank wurde auf einen früheren Stand zurückgesetzt: {count, plural, one {# Eintrag} other {# Einträge}}, die dieser Computer gesendet hatte, {count, plural, one {konnte} other {konnten}} nicht erneut gesendet werden ({reason}); {count, plural, one {er bleibt} other {sie bleiben}} im Protokoll dieses Computers.',
  'mainRestore.noIdentity':
    'Die Werkstatt-Datenbank hat keine Kennung (die Tabelle shop_identity ist leer): die Administration der Werkstatt stellt diese Tabelle aus einer Sicherung der Werkstatt wieder her.',
  'mainRestore.otherShop':
    'Diese Datenbank ({database}) gehört zu einer anderen Werkstatt: ihre Kennung ist {found}, die Einträge dieses Computers gehören zur Werkstatt {shop}. Nichts von diesem Computer wurde an sie gesendet. Richten Sie dieses Profil wieder auf die Datenbank seiner Werkstatt (eine Wiederherstellung dieser Werkstatt behält ihre Kennung) oder legen Sie für diese Werkstatt ein neues Profil an.',
} satisfies Record<keyof typeof en, string>;
