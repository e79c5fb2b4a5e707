// The fleet view: every car's battery health and readiness for signed commands; why a car is not
// ready and what to do, in the bulk plan, main's skip and the job's warning; the whole garage's
// history refresh.
export const fleetview = {
  'fleetReady.unpaired':
    'Key not paired: commands still go unsigned for now, but stop working once the car requires signed commands. Pair the partner key in the car.',
  'fleetReady.unpairedBlocks':
    'Key not paired: the car requires signed commands, so no command can work. Pair the partner key in the car.',
  'fleetReady.unknown':
    'Readiness unknown: the fleet status does not name this car. Check it is on the account, then refresh the fleet status.',
  'fleetReady.neverRead':
    'Readiness unknown: the fleet status has not been read yet. Open the Fleet view to read it.',
  'fleetReady.noKeys': 'No key paired on the car: pair a phone key or key card in the car first.',
  'fleetReady.noTelemetry':
    'No fleet telemetry: its history and live data do not reach the service. Write a telemetry configuration to it.',
  'fleetRuns.historyTitle': 'Refresh the history of {vehicles}',
  'fleetRuns.historyAgainTitle': 'Refresh the history again of {vehicles}',
  'fleetRuns.historyBusy':
    'The history of this garage is already being refreshed: wait for that run to end first.',
  'fleetView.tab': 'Fleet',
  'fleetView.title': 'Fleet',
  'fleetView.intro':
    'Battery health across the garage, the worst packs first, and whether each car takes signed commands. Neither read wakes a car.',
  'fleetView.refresh': 'Read again',
  'fleetView.refreshHistory': 'Refresh history of every vehicle',
  'fleetView.refreshHistoryHint':
    "Reads each car's battery health, charging sessions, parked periods and alerts again, within the service's limits, for the history views and offline use; no car is woken.",
  'fleetView.cancelHistory': 'Stop history refresh',
  'fleetView.retryHistory': 'Read again the vehicles not read',
  'fleetView.historyRun': 'History refresh',
  'fleetView.healthSource': 'Battery health: every car on the account',
  'fleetView.statusSource': "Readiness: the fleet status of the garage's cars",
  'fleetView.reading': 'Reading…',
  'fleetView.notReadyCount':
    '{count, plural, one {# vehicle is} other {# vehicles are}} not ready: its row says why and what to do.',
  'fleetView.empty': 'No vehicles in this garage yet.',
  'fleetView.caption': 'Battery health and readiness of each vehicle',
  'fleetView.vehicle': 'Vehicle',
  'fleetView.model': 'Model',
  'fleetView.year': 'Model year',
  'fleetView.odometer': 'Odometer',
  'fleetView.health': 'Battery health',
  'fleetView.capacity': 'Capacity',
  'fleetView.readiness': 'Readiness',
  'fleetView.keyPaired': 'Key paired',
  'fleetView.signed': 'Signed commands',
  'fleetView.firmware': 'Firmware',
  'fleetView.telemetry': 'Telemetry version',
  'fleetView.keys': 'Keys',
  'fleetView.yes': 'Yes',
  'fleetView.no': 'No',
  'fleetView.required': 'Required',
  'fleetView.notRequired': 'Not required',
  'fleetView.ready': 'Ready',
  'fleetView.notReady': 'Not ready',
  'fleetView.check': 'Check',
  'fleetView.jobWarning': 'Before this job: {why}',
};
