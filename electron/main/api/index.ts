// Public surface of the API client (issue 4).
export {
  createVehicleApiClient,
  DEFAULT_MAX_CONCURRENT,
  DEFAULT_TIMEOUTS,
  DEFAULT_USER_AGENT,
  type ApiClientOptions,
  type ApiTimeouts,
  type CommandOptions,
  type DrivesQuery,
  type FetchedImage,
  type ReleaseNotesQuery,
  type VehicleApiClient,
} from './client';
export type { LimiterStats } from './limiter';
export type { RatePacerStats } from './rate-pacer';
export { MAX_BODY_BYTES } from './read-body';
