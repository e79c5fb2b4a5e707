// Deutsch: die Karte, wo ein Fahrzeug steht, und die Übersichtskarte mit seiner Adresse.
export const locationCard = {
  'api.doing.map': 'Lesen der Karte zum Standort des Fahrzeugs',
  'api.notPng': 'Der Dienst hat auf „{doing}“ mit etwas geantwortet, das kein PNG-Bild ist.',
  'location.title': 'Standort',
  'location.reading': 'Standort des Fahrzeugs wird gelesen…',
  'location.address': 'Adresse',
  'location.place': 'Gespeicherter Ort',
  'location.coordinates': 'Koordinaten',
  'location.coordinatesValue': '{latitude}, {longitude}',
  'location.unknown': 'Der Dienst weiß nicht, wo dieses Fahrzeug steht.',
  'location.noPlace': 'keiner',
  'location.mapAlt': 'Karte des zuletzt gemeldeten Standorts: {where}',
  'location.mapAltNowhere': 'Karte des zuletzt gemeldeten Standorts',
  'location.mapUnavailable': 'Keine Karte: {reason}',
};
