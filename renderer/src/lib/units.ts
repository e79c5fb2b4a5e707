// The technician's distance unit for the vehicle view; the service reports miles.
import { preferences } from './preferences.svelte';

export function distanceUnit(): 'km' | 'mi' {
  const chosen = (preferences as unknown as { distanceUnit?: unknown }).distanceUnit;
  return chosen === 'km' ? 'km' : 'mi';
}
