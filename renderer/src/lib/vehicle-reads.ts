// The service's reads of one vehicle that a tab or a card shows, each with its loading state (a newer
// read wins over a slower older one). A panel makes the ones it shows and reads them when it wants;
// `vin` is asked at each read, so a read always goes to the vehicle the panel shows now.
import { batteryHealthYear } from '../../../electron/shared/history-reads';
import type { ReleaseNotesQuery } from '../../../electron/shared/ipc/api';
import { mainApi } from './main-api';
import { ServiceRead } from './service-read.svelte';

type Vin = () => string;

export const telemetryConfigRead = (vin: Vin) =>
  new ServiceRead((refresh) => mainApi().vehicles.telemetryConfig(vin(), { refresh }));

/** The release notes `query()` names (a version or the staged one, a language). */
export const releaseNotesRead = (vin: Vin, query: () => Omit<ReleaseNotesQuery, 'refresh'>) =>
  new ServiceRead((refresh) =>
    mainApi().vehicles.releaseNotes(vin(), { ...query(), ...(refresh ? { refresh: true } : {}) }),
  );

export const tyresRead = (vin: Vin) =>
  new ServiceRead((refresh) => mainApi().vehicles.tirePressure(vin(), { refresh }));

export const firmwareAlertsRead = (vin: Vin) =>
  new ServiceRead((refresh) => mainApi().vehicles.firmwareAlerts(vin(), { refresh }));

export const drivesRead = (vin: Vin) =>
  new ServiceRead((refresh) => mainApi().vehicles.drives(vin(), { refresh }));

/** The plate as the service holds it (not only what this app last set). */
export const plateRead = (vin: Vin) =>
  new ServiceRead((refresh) => mainApi().vehicles.plate(vin(), { refresh }));

/**
 * The pack's health over the last year, one measurement a day, in the same whole-day window main's
 * history refresh reads, so that refresh's copy is the one shown here.
 */
export const batteryHealthRead = (vin: Vin) =>
  new ServiceRead((refresh) =>
    mainApi().vehicles.batteryHealth(vin(), { ...batteryHealthYear(Date.now()), refresh }),
  );

/** Where the car was last reported, and the account's saved place there. */
export const locationRead = (vin: Vin) =>
  new ServiceRead((refresh) => mainApi().vehicles.location(vin(), { refresh }));

/** The size of the map a card asks for (it scales down to the card's width). */
export const CARD_MAP = { width: 480, height: 240 } as const;

/** The service's map of where the car was last reported, as a card shows it. */
export const mapRead = (vin: Vin) =>
  new ServiceRead((refresh) => mainApi().vehicles.map(vin(), { ...CARD_MAP, refresh }));
