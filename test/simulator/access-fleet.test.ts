// The seeded fleet's drivers, invitations and guest mode (no HTTP), and the options and CLI flags of
// the access work: the driver token and the write, sync and install times.
import { describe, expect, it } from 'vitest';
import { createFleet, startSimulator } from '../../electron/main/simulator/index';
import { parseCliArgs, USAGE } from '../../electron/main/simulator/cli-args';

const NOW = Date.UTC(2026, 4, 1);

describe('drivers, invitations and guest mode in the seeded fleet', () => {
  it('are deterministic, with ids as strings of digits unique across the fleet', () => {
    expect(createFleet(6, 12, NOW)).toEqual(createFleet(6, 12, NOW));
    for (const seed of [1, 2, 3, 42, 1234]) {
      const fleet = createFleet(seed, 12, NOW);
      const ids = fleet.flatMap((v) => [
        ...v.drivers.map((d) => d.userId),
        ...v.invitations.map((i) => i.id),
      ]);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) {
        expect(id).toMatch(/^\d{16}$/);
        expect(Number.isSafeInteger(Number(id))).toBe(true);
      }
      // A hand-over case (two drivers, a pending invitation, guest mode on) and an accepted invitation.
      expect(
        fleet.some(
          (v) => v.drivers.length >= 2 && v.guestMode && v.invitations.some((i) => i.state === 'pending'),
        ),
      ).toBe(true);
      const accepted = fleet.flatMap((v) =>
        v.invitations.filter((i) => i.state === 'accepted').map((i) => [v, i] as const),
      );
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      for (const [v, i] of accepted) expect(v.drivers.map((d) => d.userId)).toContain(i.shareUserId);
      for (const v of fleet) {
        expect(
          v.drivers.length + v.invitations.filter((i) => i.state === 'pending').length,
        ).toBeLessThanOrEqual(5);
        expect([v.frunkOpen, v.trunkOpen, v.updateScheduledAt]).toEqual([false, false, null]);
      }
    }
  });
});

describe('options', () => {
  it('refuse a driver token equal to the owner’s or with spaces', async () => {
    await expect(startSimulator({ token: 'same', driverToken: 'same' })).rejects.toThrow(/differ/);
    await expect(startSimulator({ driverToken: 'a b' })).rejects.toThrow(/driverToken/);
    const sim = await startSimulator({ vehicles: 1 });
    expect(sim.driverToken).toBeNull();
    await sim.stop();
  });

  it('the CLI reads the driver token and the write, sync and install times', () => {
    expect(
      parseCliArgs([
        '--driver-token',
        'drv',
        '--config-write-delay=100',
        '--telemetry-sync-delay',
        '200',
        '--update-install',
        '3000',
      ]),
    ).toEqual({
      kind: 'run',
      options: {
        port: 8787,
        driverToken: 'drv',
        configWriteDelayMs: 100,
        telemetrySyncDelayMs: 200,
        updateInstallMs: 3000,
      },
    });
    expect(parseCliArgs(['--driver-token', ''])).toMatchObject({ kind: 'error', message: /--driver-token/ });
    expect(parseCliArgs(['--update-install', 'x'])).toMatchObject({
      kind: 'error',
      message: /--update-install/,
    });
    for (const flag of [
      '--driver-token',
      '--config-write-delay',
      '--telemetry-sync-delay',
      '--update-install',
    ]) {
      expect(USAGE).toContain(flag);
    }
  });
});
