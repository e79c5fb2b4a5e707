// The alerts timeline's ends and audiences: what this app saw across its own reads of the firmware
// alerts, and what the car's telemetry configuration says (renderer/src/lib/story/alert-seen-words.ts).
export const alertSeen = {
  'alertSeen.active': 'Still active (seen in this app’s read of {time})',
  'alertSeen.ended': 'Ended between {lastSeen} and {gone} (this app’s reads: last listed, then gone)',
  'alertSeen.audiences':
    'Audience: the service does not report it per alert; this car’s telemetry configuration (as of {time}) streams alerts to {types}.',
  'alertSeen.noAudiences':
    'Audience: the service does not report it per alert; this car’s telemetry configuration (as of {time}) streams alerts to no one.',
  'alertSeen.audienceUnknown': 'Audience not reported by the service.',
  'alertSeen.service': 'service',
  'alertSeen.customer': 'customer',
};
