// The renderer's only door to main (window.garage, built by the preload). Only the stores in lib/
// import it: components call stores, stores call main (lint refuses it in a component).
import type { GarageApi } from '../../../electron/shared/ipc/api';

export function mainApi(): GarageApi {
  return window.garage;
}
