import type { recordRoles as en } from '../en/record-roles';

export const recordRoles = {
  'recordRoles.differs':
    'Eintrag {id} ({operation}, {time}) nennt die Rolle {role}, das Protokoll der Werkstatt aber {logged}.',
} satisfies Record<keyof typeof en, string>;
