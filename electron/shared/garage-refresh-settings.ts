// What "Refresh garage" reads besides each vehicle's state, kept by main so the refresh main starts
// by itself (at start-up, on a profile switch) reads what the technician chose, not only what the
// window would ask for.

export interface GarageRefreshSettings {
  /** Also each vehicle's firmware alerts, tyres and telemetry configuration: 4 requests a vehicle, not 1. */
  alertsAndCertificates: boolean;
}

/** Until the technician chooses: one request a vehicle, within the service's rate limit. */
export const DEFAULT_GARAGE_REFRESH: GarageRefreshSettings = { alertsAndCertificates: false };
