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
};
