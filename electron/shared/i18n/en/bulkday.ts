// Bulk actions after a run: sending again to cars that already succeeded only when the technician
// says so; a template's differences said once and per car only what is its own; an offline car in
// the template plan; applying a saved template to one car from its Telemetry tab.
export const bulkday = {
  'bulkAgain.confirmDone':
    '{done, number} of them already succeeded in the last run with this command and value, and {done, plural, one {gets} other {get}} it again.',
  'bulkAgain.confirmAll': 'Send to all {count, number} again',
};
