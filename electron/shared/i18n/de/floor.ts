import type { floor as en } from '../en/floor';

export const floor = {
  'floor.beforeOffline': 'Die Werte unten stammen von vor dem Verbindungsverlust',
} satisfies Record<keyof typeof en, string>;
