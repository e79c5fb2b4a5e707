// A reading an app shared with the shop: what the board shows of a car, and what the live listener
// brings with a reading's change (its own file, so both can name it without importing each other).
import type { ReadingValues } from '../../shared/shop-board';

export interface ShopReading {
  vin: string;
  /** When the values describe the car (the service's time for them). */
  readAt: string;
  source: string;
  values: ReadingValues;
  technician: string;
  machine: string;
}
