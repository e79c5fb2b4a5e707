// The renderer's only door to main. Components import `garage` from here so tests can swap it.
import type { GarageApi } from '../../../electron/shared/ipc/api';

export function garageApi(): GarageApi {
  return window.garage;
}
