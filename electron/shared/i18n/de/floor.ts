import type { floor as en } from '../en/floor';

export const floor = {
  'floor.beforeOffline': 'Die Werte unten stammen von vor dem Verbindungsverlust',
  'floor.alertsFleetNone': 'In letzter Zeit sonst nirgends in der Flotte aufgetreten',
  'floor.speedLimitOff':
    'Derzeit nicht begrenzt: Der Geschwindigkeitsbegrenzungsmodus ist aus (dafür hinterlegt: {value})',
} satisfies Record<keyof typeof en, string>;
