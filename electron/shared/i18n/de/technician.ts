import type { technician as en } from '../en/technician';

export const technician = {
  'technician.label': 'Techniker',
  'technician.typed':
    'Auf diesem Computer für den nächsten Auftrag, die nächste Notiz und den nächsten Abschluss gespeichert.',
  'technician.fromShop': 'Leer: {name}, Ihr Name in der Werkstatt.',
  'technician.fromSystem': 'Leer: {name}, der Benutzer dieses Computers.',
  'technician.notRead': 'Leer: Ihr Name in der Werkstatt oder der Benutzer dieses Computers.',
} satisfies Record<keyof typeof en, string>;
