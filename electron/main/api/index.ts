// Public surface of the API client.
export {
  createVehicleApiClient,
  DEFAULT_MAX_CONCURRENT,
  defaultReservedForReads,
  DEFAULT_TIMEOUTS,
  DEFAULT_USER_AGENT,
  type ApiClientOptions,
  type ApiTimeouts,
  type CommandOptions,
  type DrivesQuery,
  type FetchedImage,
  type ReleaseNotesQuery,
  type VehicleApiClient,
  type WorkshopCommandOptions,
} from './client';
export type { LimiterStats } from './limiter';
export type { RatePacerStats } from './rate-pacer';
export { MAX_BODY_BYTES } from './read-body';
