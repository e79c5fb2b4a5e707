// The technician's distance unit for the vehicle view; the service reports miles.
import { preferences } from './stores';

export function distanceUnit(): 'km' | 'mi' {
  return preferences.distanceUnit;
}
