// The Overview's words for what the service and a VIN report in codes: where a car was built (the
// ISO 3780 regions, electron/shared/vin-words.ts) and each tyre's status (lib/vehicle-words.ts).
export const overviewWords = {
  'vinRegion.northAmerica': 'North America',
  'vinRegion.oceania': 'Oceania',
  'vinRegion.southAmerica': 'South America',
  'vinRegion.africa': 'Africa',
  'vinRegion.asia': 'Asia',
  'vinRegion.europe': 'Europe',
  'tyreStatus.normal': 'Normal',
  'tyreStatus.low': 'Low',
  'tyreStatus.unknown': 'Unknown',
};
