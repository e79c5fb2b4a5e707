// What a long command's run says of its effect, from the state read back and the state main saved
// before sending: only what the state reports, never an unreported change.
import { describe, expect, it } from 'vitest';
import { confirmedEffect } from '../../../electron/main/runs/confirmed-effect';
import type { VehicleState } from '../../../electron/shared/wire';

function state(patch: { limit?: number; valet?: boolean; lowPower?: boolean; window?: number } = {}) {
  return {
    state: 'online',
    charge_state: { charge_limit_soc: patch.limit ?? 80 },
    vehicle_state: {
      valet_mode: patch.valet ?? false,
      ...(patch.lowPower === undefined ? {} : { low_power_mode: patch.lowPower }),
      fd_window: 0,
      fp_window: 0,
      rd_window: 0,
      rp_window: patch.window ?? 0,
    },
  } as unknown as VehicleState;
}

describe("a long command's effect", () => {
  it('says what the value now is and what it was before', () => {
    const effect = confirmedEffect('set_charge_limit', { percent: 90 }, state({ limit: 90 }), null, state());
    expect(effect).toEqual({ value: 90, was: 80, text: 'now 90 %, was 80 %', confirmed: true, asOf: null });
    expect(confirmedEffect('set_charge_limit', { percent: 80 }, state(), null, state()).text).toBe(
      'now 80 %, as the last reading said',
    );
    // Nothing saved before: only what the car shows now.
    expect(confirmedEffect('set_charge_limit', { percent: 90 }, state({ limit: 90 }), null).text).toBe(
      'now 90 %',
    );
  });

  it('names a switch before and after', () => {
    expect(
      confirmedEffect('enable_valet', {}, state({ valet: true }), null, state({ valet: false })).text,
    ).toBe('now valet mode on, was valet mode off');
  });

  it('never claims a change the state does not show', () => {
    const asOf = '2026-11-25T10:00:00.000Z';
    expect(confirmedEffect('set_charge_limit', { percent: 90 }, state(), asOf, state())).toEqual({
      value: 80,
      was: 80,
      text: 'the car does not show the change yet: it reports 80 %',
      confirmed: false,
      asOf,
    });
    expect(confirmedEffect('enable_low_power_mode', {}, state(), null, state())).toMatchObject({
      text: 'the car does not report low power mode',
      confirmed: null,
    });
    expect(confirmedEffect('close_windows', {}, state({ window: 4 }), null, state()).text).toBe(
      'the car does not show the change yet: it reports a window open',
    );
  });
});
