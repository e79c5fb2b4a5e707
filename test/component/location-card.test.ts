// The Overview's location card: the address, the account's saved place and the coordinates in the
// window's digits, the service's map beside them with words for a screen reader, each read with its
// own age; "not known" when the service has no position, and why when there is no map.
import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import LocationCard from '../../renderer/src/components/vehicle/overview/LocationCard.svelte';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';

const car = vehicle(1);
const card = () => screen.getByRole('region', { name: 'Location' });
/** An 8 × 4 PNG as the simulator draws one. */
const MAP =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAIUlEQVR4nGN48+IeBP0HAziXAS76WNL8saQ5XI6QBKZRACeUUp1VfXIjAAAAAElFTkSuQmCC';

const answer = <T>(value: T, agoMs = 0, source: 'live' | 'cache' = 'live') => ({
  ok: true as const,
  value,
  source,
  fetchedAt: new Date(Date.now() - agoMs).toISOString(),
});

describe('the location card', () => {
  it('names the place, its saved name and coordinates, and shows the map with its own age', async () => {
    const { calls } = installFakeGarage({
      'vehicles.location': () =>
        answer({
          latitude: 37.4419,
          longitude: -122.143,
          address: '1 Main St, Palo Alto',
          saved_location: 'Home',
        }),
      'vehicles.map': () => answer({ contentType: 'image/png', data: MAP }, 3 * 3600_000, 'cache'),
      ...emptyGarage,
    });
    render(LocationCard, { props: { vehicle: car } });
    const facts = within(card());
    expect(await facts.findByText('1 Main St, Palo Alto')).toBeTruthy();
    expect(facts.getByText('Home')).toBeTruthy();
    expect(facts.getByText('37.44190, -122.14300')).toBeTruthy();
    const map = await facts.findByRole('img', {
      name: 'Map of where the vehicle was last reported: 1 Main St, Palo Alto',
    });
    expect(map.getAttribute('src')).toBe(`data:image/png;base64,${MAP}`);
    // The map is a saved copy three hours old, the place was read just now: each says so.
    expect(facts.getByText(/Saved copy, 3 hours old/)).toBeTruthy();
    const [vin, options] = calls.find((call) => call.operation === 'vehicles.map')!.args as [string, unknown];
    expect(vin).toBe(car.vin);
    expect(options).toEqual({ width: 480, height: 240, refresh: false });
  });

  it('says the position is not known, and why there is no map', async () => {
    installFakeGarage({
      'vehicles.location': () =>
        answer({ latitude: null, longitude: null, address: null, saved_location: null }),
      'vehicles.map': () => ({
        ok: false,
        error: { kind: 'not_found', message: 'The service has no map of this vehicle.' },
      }),
      ...emptyGarage,
    });
    render(LocationCard, { props: { vehicle: car } });
    const facts = within(card());
    expect(await facts.findByText('The service does not know where this vehicle is.')).toBeTruthy();
    expect(await facts.findByText('No map: The service has no map of this vehicle.')).toBeTruthy();
    expect(facts.queryByRole('img')).toBeNull();
  });
});
