// The list's badge means only "offline: a saved copy stood in for a failed read".
import { describe, expect, it } from 'vitest';
import { createVehicleStatusBook } from '../../../electron/main/services/vehicle-status';

const VIN = '5YJ3E1EA0PF000001';

describe('vehicle status book', () => {
  it('marks a vehicle only when a saved copy stood in for a failed read; a live answer clears it', () => {
    const book = createVehicleStatusBook();
    book.noteRead('p', VIN, 'live', '2026-11-21T10:00:00.000Z');
    // A recent copy served on purpose (no failure) says nothing new about the service.
    book.noteRead('p', VIN, 'cache', '2026-11-21T10:00:00.000Z');
    expect(book.get('p', VIN)).toMatchObject({
      lastSource: 'live',
      lastFetchedAt: '2026-11-21T10:00:00.000Z',
    });

    book.noteRead('p', VIN, 'cache', '2026-11-20T09:00:00.000Z', { kind: 'network', message: 'refused' });
    expect(book.get('p', VIN)).toMatchObject({
      lastSource: 'cache',
      lastFetchedAt: '2026-11-20T09:00:00.000Z',
    });

    book.noteRead('p', VIN, 'live', '2026-11-21T10:05:00.000Z');
    expect(book.get('p', VIN).lastSource).toBe('live');
  });

  it('leaves an unread vehicle unmarked when the first answer is a recent saved copy', () => {
    const book = createVehicleStatusBook();
    book.noteRead('p', VIN, 'cache', '2026-11-21T10:00:00.000Z');
    expect(book.get('p', VIN).lastSource).toBeNull();
  });
});
