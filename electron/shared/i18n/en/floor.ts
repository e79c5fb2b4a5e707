// Words of a day on the floor: one vehicle's state said once, commands that would change nothing,
// units as the technician chose them (renderer/src/components/vehicle and the garage list).
export const floor = {
  'floor.beforeOffline': 'Values below are from before it went out of reach',
  'floor.alertsFleetNone': 'Not seen lately elsewhere in the fleet',
  'floor.speedLimitOff': 'Not limited now: speed-limit mode is off (the limit kept for it is {value})',
};
