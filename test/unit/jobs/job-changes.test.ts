// Warnings when the car leaves in a state it did not come in with, each with its undo, and the
// summary of what changed; an unknown value at either end is never taken for a change.
import { describe, expect, it } from 'vitest';
import { changesBetween, warningsBetween } from '../../../electron/main/jobs/job-changes';
import type { Snapshot } from '../../../electron/shared/jobs/job-record';
import { snapshotOf, stateAnswer } from '../../support/job-fixture';

const came = snapshotOf(stateAnswer({}));

describe('warnings at check-out', () => {
  it('none when the car leaves as it came', () => {
    expect(warningsBetween(came, snapshotOf(stateAnswer({})))).toEqual([]);
  });

  it('one per state the car did not come in with, with the command that undoes it where one does', () => {
    const left = snapshotOf(
      stateAnswer({
        valet: true,
        chargePortOpen: true,
        lowPower: true,
        sentry: false,
        chargeLimit: 95,
        speedLimitMph: 70,
      }),
    );
    const warnings = warningsBetween(came, left);
    expect(warnings.map((w) => [w.id, w.undo?.command ?? null, w.undo?.value ?? null])).toEqual([
      ['valet', 'disable_valet', null],
      ['chargePort', 'close_charge_port', null],
      ['lowPower', 'disable_low_power_mode', null],
      ['sentry', null, null],
      ['speedLimit', 'set_speed_limit', 85],
      ['chargeLimit', 'set_charge_limit', 80],
    ]);
    expect(warnings.find((w) => w.id === 'chargeLimit')?.undo?.label).toBe('Set charge limit to 80 %');
  });

  it('warns that speed limit mode was turned on, which no remote command turns off', () => {
    const [warning] = warningsBetween(came, snapshotOf(stateAnswer({ speedLimitActive: true })));
    expect(warning).toMatchObject({ id: 'speedLimit', undo: null });
  });

  it('does not warn about a value it could not read at check-in or at check-out', () => {
    const blind: Snapshot = {
      ...came,
      readings: Object.fromEntries(
        Object.keys(came.readings).map((name) => [name, { known: false, reason: 'not read: offline' }]),
      ) as Snapshot['readings'],
    };
    expect(warningsBetween(blind, snapshotOf(stateAnswer({ valet: true })))).toEqual([]);
    expect(warningsBetween(came, blind)).toEqual([]);
    expect(changesBetween(came, blind)).toContainEqual({
      reading: 'valet',
      label: 'valet mode',
      before: 'off',
      after: 'unknown',
    });
  });
});
