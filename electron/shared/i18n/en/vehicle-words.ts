// Words shared code says of vehicles, commands and their outcomes, in main and the window alike
// (electron/shared: command reasons, labels, facts).
export const vehicleWords = {
  'reason.not_supported': 'this vehicle does not support it ({code})',
  'reason.vehicle_unavailable': 'the vehicle was unavailable ({code})',
  'reason.timeout': 'the vehicle did not answer in time ({code})',
  'reason.could_not_wake_buses': 'the vehicle could not wake its systems ({code})',
  'drivers.unreadableRow': '{who}: {fields}',
  'drivers.idUnreadable': 'id unreadable',
  'drivers.driverId': 'driver {id}',
  'drivers.unreadable':
    "{count, plural, one {# driver the service listed could not be read ({which}) and is not shown} other {# drivers the service listed could not be read ({which}) and are not shown}}: check the car's drivers in the owner's app.",
};
