import type { boardSort as en } from '../en/board-sort';

export const boardSort = {
  'boardSort.reversed.name': 'Name, Z bis A',
  'boardSort.reversed.jobAge': 'Am kürzesten offener Auftrag',
  'boardSort.reversed.battery': 'Höchster Akkustand',
  'boardSort.reversed.lastAction': 'Älteste Aktion',
  'boardSort.reversed.claimSince': 'Zuletzt beansprucht',
  'boardSort.by.vehicle': 'Nach Fahrzeug sortieren',
  'boardSort.by.claim': 'Nach Beanspruchung sortieren',
  'boardSort.by.job': 'Nach offenem Auftrag sortieren',
  'boardSort.by.state': 'Nach Akkustand sortieren',
  'boardSort.by.lastAction': 'Nach letzter Aktion sortieren',
} satisfies Record<keyof typeof en, string>;
