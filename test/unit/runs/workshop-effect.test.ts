// What a workshop command's run says of its effect, from the state read back: frunk and trunk from
// `ft`/`rt`, the waiting update from its status, nothing claimed for lights and horn, and a trunk
// (which opens when closed and closes when open) confirmed only against the state known before.
import { describe, expect, it } from 'vitest';
import { confirmedEffect } from '../../../electron/main/runs/confirmed-effect';
import type { VehicleState } from '../../../electron/shared/wire';

function state(patch: { ft?: number; rt?: number; update?: string; perc?: number } = {}): VehicleState {
  return {
    state: 'online',
    vehicle_state: {
      ...(patch.ft === undefined ? {} : { ft: patch.ft }),
      ...(patch.rt === undefined ? {} : { rt: patch.rt }),
      ...(patch.update === undefined
        ? {}
        : { software_update: { status: patch.update, install_perc: patch.perc ?? null } }),
    },
  } as unknown as VehicleState;
}

describe("a workshop command's effect", () => {
  it('reads the frunk from ft', () => {
    expect(confirmedEffect('activate_front_trunk', {}, state({ ft: 1 }), null, state({ ft: 0 }))).toEqual({
      value: null,
      text: 'now frunk open, was frunk closed',
      confirmed: true,
      asOf: null,
    });
    expect(confirmedEffect('activate_front_trunk', {}, state({ ft: 0 }), null)).toMatchObject({
      text: 'the car does not show the change yet: it reports frunk closed',
      confirmed: false,
    });
    expect(confirmedEffect('activate_front_trunk', {}, state(), null)).toMatchObject({
      text: 'the car does not report the frunk',
      confirmed: null,
    });
  });

  it('confirms the trunk only against what it was before', () => {
    expect(
      confirmedEffect('activate_rear_trunk', {}, state({ rt: 0 }), null, state({ rt: 1 })),
    ).toMatchObject({
      text: 'now trunk closed, was trunk open',
      confirmed: true,
    });
    expect(
      confirmedEffect('activate_rear_trunk', {}, state({ rt: 1 }), null, state({ rt: 1 })),
    ).toMatchObject({
      text: 'the car does not show the change yet: it reports trunk open',
      confirmed: false,
    });
    expect(confirmedEffect('activate_rear_trunk', {}, state({ rt: 1 }), null, null)).toMatchObject({
      text: 'the car reports trunk open (how it was before is not known)',
      confirmed: null,
    });
  });

  it('reads the waiting update from its status', () => {
    expect(
      confirmedEffect(
        'schedule_software_update',
        { inSeconds: 0 },
        state({ update: 'installing', perc: 10 }),
        null,
        state({ update: 'available' }),
      ),
    ).toMatchObject({ text: 'now update installing (10 %), was update available', confirmed: true });
    expect(
      confirmedEffect('schedule_software_update', { inSeconds: 60 }, state({ update: 'available' }), null),
    ).toMatchObject({
      text: 'the car does not show the change yet: it reports update available',
      confirmed: false,
    });
    expect(
      confirmedEffect(
        'cancel_software_update',
        {},
        state({ update: 'available' }),
        null,
        state({ update: 'scheduled' }),
      ),
    ).toMatchObject({ text: 'now update available, was update scheduled', confirmed: true });
    expect(
      confirmedEffect('cancel_software_update', {}, state({ update: 'installing' }), null),
    ).toMatchObject({
      confirmed: false,
    });
  });

  it('claims nothing for lights and horn', () => {
    for (const name of ['flash', 'honk'] as const) {
      const effect = confirmedEffect(name, {}, state(), null);
      expect(effect.confirmed).toBeNull();
      expect(effect.text).toMatch(/^the car's state does not show .*: check at the car$/);
    }
  });
});
