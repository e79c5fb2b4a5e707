// The titles of the CSV exports' columns (the audit log, a vehicle's history, a run's results) and
// the words in their cells that main writes itself (electron/main/audit/audit-csv.ts, runs/run-export.ts).
export const csvColumns = {
  'csvColumn.localTime': 'Local time',
  'csvColumn.utcTime': 'UTC time',
  'csvColumn.profile': 'Profile',
  'csvColumn.vehicle': 'Vehicle',
  'csvColumn.vin': 'VIN',
  'csvColumn.plate': 'Plate',
  'csvColumn.model': 'Model',
  'csvColumn.action': 'Action',
  'csvColumn.values': 'Values',
  'csvColumn.outcome': 'Outcome',
  'csvColumn.effect': 'Confirmed effect',
  'csvColumn.reason': 'Reason',
  'csvColumn.duration': 'Duration (ms)',
  'csvColumn.run': 'Run',
  'csvColumn.operation': 'Operation',
  'csvColumn.profileId': 'Profile id',
  'csvColumn.entryId': 'Entry id',
  'csvColumn.skipped': 'Skipped',
  'csvColumn.errorKind': 'error: {kind}',
};
