// What the search of every vehicle's history says when it stopped at its bound before the log's
// start (renderer/src/components/vehicle/history/AllVehiclesSearch.svelte).
export const searchBound = {
  'searchBound.foundThenStopped': '{found} {stopped}',
  'searchBound.stopped':
    'Only the newest {examined, plural, one {# entry was} other {# entries were}} searched, back to {time}; older entries were not.',
};
