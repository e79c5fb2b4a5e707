// Errors in plain words: said once, with the action's name rather than the wire operation's, and
// with "Open Settings" only when Settings can fix them.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import ErrorNotice from '../../renderer/src/components/common/ErrorNotice.svelte';
import { describeError, explain } from '../../renderer/src/lib/errors';
import { shell, vehicleList } from '../../renderer/src/lib/stores';

beforeEach(() => {
  vehicleList.loading = false;
});

describe('errors in plain words, said once', () => {
  it('shows only the service message when it already says what the headline says', () => {
    const offline = {
      kind: 'vehicle_offline' as const,
      message:
        'The vehicle is offline or asleep and could not be woken (408). Try again when it has connectivity.',
    };
    expect(explain(offline)).toEqual({ headline: offline.message, detail: null });
    expect(describeError(offline)).toBe(offline.message);
  });

  it('keeps the headline when the message adds something else', () => {
    expect(explain({ kind: 'not_found', message: 'Unknown drive' })).toEqual({
      headline: 'Not found on the service.',
      detail: 'Unknown drive',
    });
    expect(explain({ kind: 'network', message: 'Error: x\n    at foo (a.js:1:1)' }).detail).toBe('Error: x');
    expect(explain({ kind: 'internal', message: '    at foo (a.js:1:1)' }).detail).toBeNull();
  });
});

describe('errors that Settings fixes', () => {
  it('offers "Open Settings" for a refused token, and opens them', async () => {
    render(ErrorNotice, {
      props: {
        error: { kind: 'unauthorized', status: 401, message: 'The service refused the access token (401).' },
      },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(shell.view).toBe('settings');
  });

  it('offers no "Open Settings" for an error Settings cannot fix', () => {
    render(ErrorNotice, {
      props: { error: { kind: 'not_found', status: 404, message: 'Unknown VIN (404).' } },
    });
    expect(screen.queryByRole('button', { name: 'Open Settings' })).toBeNull();
  });
});

describe('error words', () => {
  it('says a rate limit once, not twice', () => {
    const text = describeError({
      kind: 'rate_limited',
      status: 429,
      retryAfterSeconds: 1,
      message: 'The service is limiting requests (429). Wait 1 s and try again.',
    });
    expect(text).toBe('The service is limiting requests (429). Wait 1 s and try again.');
  });

  it('names the action, not the wire operation', () => {
    const text = describeError({
      kind: 'rejected',
      status: 400,
      message: 'The service rejected set_charging_amps (400). The service said: "amps out of range".',
    });
    expect(text).not.toContain('set_charging_amps');
    expect(text).toContain('“Set charging amps”');
  });
});
