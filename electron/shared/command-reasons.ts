// The reasons a vehicle gives for `result: false`, in words, for every place that tells them (a
// single command's outcome, a run's results): the code stays in brackets for support.
const REASONS: Record<string, string> = {
  not_supported: 'this vehicle does not support it',
  vehicle_unavailable: 'the vehicle was unavailable',
  timeout: 'the vehicle did not answer in time',
  could_not_wake_buses: 'the vehicle could not wake its systems',
};

export function reasonText(reason: string): string {
  const words = REASONS[reason];
  return words ? `${words} (${reason})` : reason.replace(/_/g, ' ');
}
