// The search of every vehicle's history (the History tab's "All vehicles" search) and the IPC
// edge's refusals of its text.
export const historySearch = {
  'historySearch.heading': 'All vehicles',
  'historySearch.label': 'Search all vehicles’ history',
  'historySearch.hint': 'Action, VIN, vehicle name, technician or outcome, newest first.',
  'historySearch.submit': 'Search',
  'historySearch.searching': 'Searching…',
  'historySearch.clear': 'Clear search',
  'historySearch.caption': 'Entries of all vehicles matching “{text}”, newest first',
  'historySearch.found':
    '{count, plural, =0 {No entries of any vehicle match “{text}”.} one {# entry matches “{text}”.} other {# entries match “{text}”.}}',
  'historySearch.vehicle': 'Vehicle',
  'historySearch.vehicleGone': '{vin} (no longer in the garage)',
  'historySearch.textEmpty': 'Type something to search for.',
  'historySearch.textTooLong': 'A search is at most {max} characters.',
};
