// The car's visit on the repair order (shared/jobs/visit-words.ts, visit-rows.ts): the pack, its
// health and where the car stood at check-in and check-out, what happened while it was with the
// shop, the chart beside its numbers, and the shop's lot and energy price in Settings.
export const visitRecord = {
  'visitRecord.amount': '{value} {unit}',
  'visitRecord.pack': 'battery pack',
  'visitRecord.packValue': '{level} %, {energy} left, range {range}, {voltage} V, modules {temperature}',
  'visitRecord.tempRange': '{min}–{max} °C',
  'visitRecord.packHealth': 'battery health',
  'visitRecord.packHealthValue': 'usable capacity {capacity}, range at 100 % {range}',
  'visitRecord.place': 'where the car stood',
  'visitRecord.placeValue':
    "{status, select, on {on the shop's lot ({distance} from its centre)} off {off the shop's lot ({distance} from its centre)} unknown {the shop's lot: no position to measure} other {the shop's lot is not set}}: {where}",
  'visitRecord.coordinates': '{latitude}, {longitude}',
  'visitRecord.noPosition': 'no position reported',
  'visitRecord.heading': 'During the visit',
  'visitRecord.notYet': 'Said when the job is closed.',
  'visitRecord.notRecorded': 'not recorded: the job was closed by an earlier version',
  'visitRecord.custody': 'in custody',
  'visitRecord.custodyValue': '{from} to {to}',
  'visitRecord.software': 'software',
  'visitRecord.softwareValue':
    '{updated, select, true {{before} → {after}, changed during the visit} other {{after}, not changed}}',
  'visitRecord.alerts':
    '{status, select, started {alerts raised} active {alerts active throughout} other {alerts cleared}}',
  'visitRecord.alertsUnknown': 'alerts',
  'visitRecord.alertsNotRead': 'unknown: the alerts were not read at check-in or at check-out',
  'visitRecord.alertItem': '{name} (raised {time})',
  'visitRecord.chargeLabel': 'charging session',
  'visitRecord.chargeValue':
    '{time}: {used} from the charger, {added} into the pack, {from} → {to} %, at {where}',
  'visitRecord.chargeCost':
    '{text}; cost {cost}{recorded, select, recorded {, recorded on the service} refused {, the service refused to record it} failed {, could not be recorded on the service} unconfirmed {, not written: the service’s sessions could not be read now, so whether it has the cost is not known} other {}}',
  'visitRecord.charges': 'charging in custody',
  'visitRecord.noCharges': 'none',
  'visitRecord.chargesTotalValue':
    '{count, plural, one {# session} other {# sessions}}, {energy} from the charger{priced, select, true {, cost {cost} at {price} per kWh} other {, no price per kWh set}}',
  'visitRecord.partVisit': 'what happened during the visit',
  'visitRecord.chartBattery': 'Battery during the visit',
  'visitRecord.chartCharging': 'Charging during the visit',
  'visitRecord.chartPoint': '{time}: {value}',
  'visitSettings.heading': "The car's visit",
  'visitSettings.lead':
    "Where the shop's lot is, so check-in and check-out say whether the car stood on it, and what a kWh costs the shop, so the charging while a car is in custody has its cost on the repair order.",
  'visitSettings.latitude': 'Lot latitude (degrees)',
  'visitSettings.longitude': 'Lot longitude (degrees)',
  'visitSettings.radius': 'Lot radius (metres)',
  'visitSettings.price': 'Price per kWh',
  'visitSettings.recordCost': 'Record each session’s cost on the service when a job closes',
  'visitSettings.save': 'Save visit settings',
  'visitSettings.saved': 'Saved: jobs closed from now on use these.',
  'visitSettings.lotIncomplete': 'Give the lot’s latitude, longitude and radius, or none of them.',
  'visitSettings.latitudeRange': 'The latitude is a number from −90 to 90.',
  'visitSettings.longitudeRange': 'The longitude is a number from −180 to 180.',
  'visitSettings.radiusRange': 'The radius is a number of metres from {min, number} to {max, number}.',
  'visitSettings.priceRange': 'The price per kWh is a number from 0 to {max, number}.',
  'visitSettings.costNeedsPrice': 'Set a price per kWh to record costs on the service.',
};
