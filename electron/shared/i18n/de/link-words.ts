import type { linkWords as en } from '../en/link-words';

export const linkWords = {
  'link.garage': '{named, select, true {dieser Garage ({name})} other {dieser Garage}}',
  'link.notALink': 'Ein Link konnte nicht geöffnet werden: Es ist kein vehicle-garage://-Link.',
  'link.unknownKind':
    'Ein Link konnte nicht geöffnet werden: „{shown}“ ist nichts, was Vehicle Garage öffnet. Links nennen ein Fahrzeug (vehicle-garage://vehicle/FIN) oder einen Auftrag (vehicle-garage://job/Auftragsnummer).',
  'link.malformedVin': 'Ein Link konnte nicht geöffnet werden: „{shown}“ ist keine FIN ({problem}).',
  'link.vinLength': 'sie braucht {length, number} Zeichen',
  'link.malformedRepairOrder':
    'Ein Link konnte nicht geöffnet werden: Seine Auftragsnummer ist leer, zu lang oder nicht einzeilig.',
  'link.unknownVehicle':
    'Ein Link nennt das Fahrzeug {shown}, das nicht in {garage} ist. Fügen Sie es der Garage hinzu oder wechseln Sie zu dem Profil, das es enthält.',
  'link.unknownJob':
    'Ein Link nennt die Auftragsnummer „{shown}“, aber in {garage} gibt es keinen Auftrag damit.',
} satisfies Record<keyof typeof en, string>;
