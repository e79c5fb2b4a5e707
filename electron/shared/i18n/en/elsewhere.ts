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
  'jobPrint.notOpened': 'The repair order was printed to {path}, but it could not be opened to print: {why}',
  'jobTab.print': 'Print repair order',
  'jobTab.printOpened':
    'Opened the repair order ({count, plural, one {# entry} other {# entries}}) in the PDF viewer: print it from there.',
  'carNotice.alertTitle': '{name}: an alert started',
  'carNotice.tyreTitle': '{name}: tyre pressure low',
  'carNotice.tyreBody':
    '{count, plural, one {The car reports a low tyre} other {The car reports low tyres}}: {tyres}.',
  'carNotice.front_left': 'front left',
  'carNotice.front_right': 'front right',
  'carNotice.rear_left': 'rear left',
  'carNotice.rear_right': 'rear right',
  'fact.climate': 'the climate',
};
