// Climate on and off, command fields in the technician's own units, and car alerts raised as
// notifications: what a technician missed away from the car's own screens.
export const elsewhere = {
  'command.start_climate': 'Climate on',
  'command.stop_climate': 'Climate off',
  'workshop.climate': 'Climate',
  'fact.climateOn': 'climate on',
  'fact.climateOff': 'climate off',
  'commandsTab.currentIn': 'Current {value} ({service})',
  'commandsTab.sentIn': '{value} {unit} is sent as {service}',
  'fact.climate': 'the climate',
};
