import type { overviewWords as en } from '../en/overview-words';

export const overviewWords = {
  'vinRegion.northAmerica': 'Nordamerika',
  'vinRegion.oceania': 'Ozeanien',
  'vinRegion.southAmerica': 'Südamerika',
  'vinRegion.africa': 'Afrika',
  'vinRegion.asia': 'Asien',
  'vinRegion.europe': 'Europa',
  'tyreStatus.normal': 'Normal',
  'tyreStatus.low': 'Niedrig',
  'tyreStatus.unknown': 'Unbekannt',
} satisfies Record<keyof typeof en, string>;
