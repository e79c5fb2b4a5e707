// A shop job's entries: one form whichever source an entry is read from (the shop's log, this
// machine's outbox or its own log), the shop's copy first, only the job's windows, and coverage that
// says what is missing when the shop's log cannot be read.
import { describe, expect, it } from 'vitest';
import { jobEntryOfShop, type ShopEntryFields } from '../../../electron/shared/jobs/shop-entry';
import { shopJobEntries } from '../../../electron/main/workspace/shop/job-entries';

const VIN = '5YJ3E1EA7KF000001';
const fields = (id: string, time: string, patch: Partial<ShopEntryFields> = {}): ShopEntryFields => ({
  id,
  time,
  vin: VIN,
  operation: 'command:enable_valet',
  params: {},
  outcome: 'success',
  technician: 'Ben',
  machine: 'bay-2',
  profileId: 'p-ben',
  ...patch,
});
const window = { from: '2026-11-25T10:00:00.000Z', to: '2026-11-25T11:00:00.000Z' };

describe('a shop entry in a job record', () => {
  it('has the form the shop stores: UTC milliseconds, whole milliseconds, no empty fields', () => {
    expect(
      jobEntryOfShop(
        fields('a', '2026-11-25T11:30:00+01:00', {
          durationMs: 340.6,
          reason: '',
          errorKind: null,
          params: null,
        }),
      ),
    ).toEqual({
      id: 'a',
      time: '2026-11-25T10:30:00.000Z',
      profileId: 'p-ben',
      profileName: 'Ben',
      vin: VIN,
      operation: 'command:enable_valet',
      params: {},
      outcome: 'success',
      durationMs: 341,
      technician: 'Ben',
      machine: 'bay-2',
    });
  });

  it('is no entry at all with an outcome this app never writes, or no time', () => {
    expect(jobEntryOfShop(fields('a', '2026-11-25T10:30:00Z', { outcome: 'maybe' }))).toBeNull();
    expect(jobEntryOfShop(fields('a', 'yesterday'))).toBeNull();
  });
});

describe("a shop job's entries", () => {
  it("takes the shop's copy first, adds what waits here, keeps to the windows, and is complete", async () => {
    const problems: string[] = [];
    const result = await shopJobEntries({
      vin: VIN,
      windows: [window],
      db: {
        vehicleEntriesBetween: async () => ({
          entries: [
            {
              ...fields('s', '2026-11-25T10:10:00.000Z', { technician: 'Ana' }),
              params: {},
              garageId: 'shop',
              dbRole: 'ana',
              receivedAt: '',
              seq: 1,
            },
          ],
          more: false,
        }),
      },
      why: '',
      waiting: async () => [
        fields('s', '2026-11-25T10:10:00.000Z', { technician: 'changed locally' }),
        fields('w', '2026-11-25T10:20:00.000Z'),
        fields('late', '2026-11-25T12:00:00.000Z'),
        fields('other', '2026-11-25T10:20:00.000Z', { vin: '5YJ3E1EA7KF000002' }),
        fields('bad', '2026-11-25T10:25:00.000Z', { outcome: 'maybe' }),
      ],
      local: async () => [fields('w', '2026-11-25T10:20:00.000Z', { technician: 'older name' })],
      onProblem: (message) => problems.push(message),
    });
    expect(result.entries.map((e) => `${e.id} ${e.technician}`)).toEqual(['s Ana', 'w Ben']);
    // The shop's row carries the database role; the record leaves it out (an outbox entry has none).
    expect(result.entries[0]).not.toHaveProperty('dbRole');
    expect(result.coverage).toEqual({
      scope: 'shop',
      complete: true,
      text: "Every technician's actions on this vehicle that reached the shop's audit log (1 of this machine's still waiting to be uploaded).",
    });
    expect(result.reason).toBeUndefined();
    expect(problems).toEqual(['Audit entry bad is left out of the job: its outcome "maybe" is unknown']);
  });

  it("says it holds this machine's actions only when the shop's log cannot be read", async () => {
    const failing = await shopJobEntries({
      vin: VIN,
      windows: [window],
      db: {
        vehicleEntriesBetween: async () => {
          throw new Error('connection reset');
        },
      },
      why: '',
      waiting: async () => [],
      local: async () => [fields('l', '2026-11-25T10:40:00.000Z')],
      onProblem: () => {},
    });
    expect(failing.entries.map((e) => e.id)).toEqual(['l']);
    expect(failing.reason).toBe('connection reset');
    expect(failing.coverage).toMatchObject({ scope: 'machine', complete: false });
    expect(failing.coverage.text).toMatch(
      /not reachable \(connection reset\), so other technicians' actions/,
    );

    const away = await shopJobEntries({
      vin: VIN,
      windows: [window],
      db: null,
      why: 'offline: connect ECONNREFUSED',
      waiting: async () => [],
      local: async () => [],
      onProblem: () => {},
    });
    expect(away).toMatchObject({ reason: 'offline: connect ECONNREFUSED', coverage: { complete: false } });
  });

  it("says so when the shop's log holds more than a job reads", async () => {
    const result = await shopJobEntries({
      vin: VIN,
      windows: [window],
      db: { vehicleEntriesBetween: async () => ({ entries: [], more: true }) },
      why: '',
      waiting: async () => [],
      local: async () => [],
      onProblem: () => {},
    });
    expect(result.coverage).toMatchObject({ scope: 'shop', complete: false });
    expect(result.coverage.text).toMatch(/more than 20,000 entries/);
  });
});
