// The effect of an action comes from the state read after it, never from what was sent.
import { describe, expect, it } from 'vitest';
import { effectFromState, valueBefore } from '../../../electron/main/jobs/job-effects';
import { auditEntry, jobFixture, stateAnswer } from '../../support/job-fixture';

const at = Date.parse('2026-11-25T10:42:13.000Z');

describe('effects read back from the car', () => {
  it('confirmed, with the value before and the car time of the value after', () => {
    const effect = effectFromState(auditEntry(0), 80, { state: stateAnswer({ chargeLimit: 90, at }) });
    expect(effect).toEqual({
      status: 'confirmed',
      reading: 'chargeLimit',
      before: 80,
      after: 90,
      confirmedAt: '2026-11-25T10:42:13.000Z',
      text: 'charge limit 80 → 90 %, confirmed 10:42:13 UTC',
    });
  });

  it('not confirmed when the car shows another value, or could not be read', () => {
    expect(effectFromState(auditEntry(0), 80, { state: stateAnswer({ chargeLimit: 80, at }) })).toMatchObject(
      {
        status: 'not-confirmed',
        after: 80,
        text: 'not confirmed: the car reports charge limit 80 % (as of 10:42:13 UTC)',
      },
    );
    expect(
      effectFromState(auditEntry(0), 80, { reason: 'the state could not be read after it (timeout)' }),
    ).toMatchObject({
      status: 'not-confirmed',
      after: null,
      text: 'not confirmed: the state could not be read after it (timeout)',
    });
  });

  it('a failed action was not done; an action on nothing the state reports has nothing to confirm', () => {
    expect(
      effectFromState(auditEntry(0, { outcome: 'failed', reason: 'vehicle_unavailable' }), 80, {
        state: stateAnswer({}),
      }),
    ).toMatchObject({ status: 'not-applicable', text: 'not done: vehicle_unavailable' });
    expect(
      effectFromState(auditEntry(0, { operation: 'setPlate', params: { plate: 'AB 123' } }), null, {
        state: stateAnswer({}),
      }),
    ).toMatchObject({
      status: 'not-applicable',
    });
  });

  it('a workshop lock or sentry is confirmed from the state; lights and horn have nothing to confirm', () => {
    const sentryOff = auditEntry(0, {
      operation: 'command:disable_sentry',
      params: { waitForCompletion: true },
    });
    expect(effectFromState(sentryOff, true, { state: stateAnswer({ sentry: false, at }) })).toMatchObject({
      status: 'confirmed',
      reading: 'sentry',
      before: true,
      after: false,
    });
    expect(effectFromState(sentryOff, true, { state: stateAnswer({ sentry: true, at }) })).toMatchObject({
      status: 'not-confirmed',
    });
    // The fixture's car is locked: an unlock it still reports locked is not confirmed.
    const unlock = auditEntry(0, { operation: 'command:unlock', params: {} });
    expect(effectFromState(unlock, true, { state: stateAnswer({ at }) })).toMatchObject({
      status: 'not-confirmed',
      reading: 'locked',
    });
    expect(
      effectFromState(auditEntry(0, { operation: 'command:honk', params: {} }), null, {
        state: stateAnswer({}),
      }),
    ).toMatchObject({ status: 'not-applicable' });
  });

  it('the value before is the latest one read in the job, else the check-in value', () => {
    const job = jobFixture({ status: 'open', checkOut: null });
    expect(valueBefore(job, 'chargeLimit')).toBe(80);
    const effect = effectFromState(auditEntry(0), 80, { state: stateAnswer({ chargeLimit: 90, at }) });
    expect(valueBefore({ ...job, effects: { a: effect } }, 'chargeLimit')).toBe(90);
    expect(
      valueBefore(
        {
          ...job,
          checkIn: {
            ...job.checkIn,
            readings: { ...job.checkIn.readings, chargeLimit: { known: false, reason: 'x' } },
          },
        },
        'chargeLimit',
      ),
    ).toBeNull();
  });
});
