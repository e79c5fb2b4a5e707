// English: the map of where a car is, and the Overview card that shows it with its address.
export const locationCard = {
  'api.doing.map': 'reading the map of where the vehicle is',
  'api.notPng': 'The service answered {doing} with something that is not a PNG picture.',
  'location.title': 'Location',
  'location.reading': 'Reading where the vehicle is…',
  'location.address': 'Address',
  'location.place': 'Saved place',
  'location.coordinates': 'Coordinates',
  'location.coordinatesValue': '{latitude}, {longitude}',
  'location.unknown': 'The service does not know where this vehicle is.',
  'location.noPlace': 'none',
  'location.mapAlt': 'Map of where the vehicle was last reported: {where}',
  'location.mapAltNowhere': 'Map of where the vehicle was last reported',
  'location.mapUnavailable': 'No map: {reason}',
};
