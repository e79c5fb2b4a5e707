// An alert the app saw listed and then gone within one minute says the two reads with their seconds,
// so its end is never "between 1:41 AM and 1:41 AM"; reads minutes apart keep the shorter form.
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertSighting } from '../../electron/shared/alert-sightings';
import { resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import { alertEndText } from '../../renderer/src/lib/story/alert-seen-words';

const sighting = (lastSeenAt: string, goneAt: string): AlertSighting => ({
  name: 'BMS_a066',
  firedAt: 1_795_900_000,
  description: null,
  firstSeenAt: lastSeenAt,
  lastSeenAt,
  goneAt,
});

describe("an alert's end between two reads", () => {
  afterEach(() => resetLanguage());

  it('says the seconds when both reads fall in one minute', () => {
    const text = alertEndText(sighting('2026-11-29T01:41:05.000Z', '2026-11-29T01:41:40.000Z'));
    const [lastSeen, gone] = text.match(/between (.+) and (.+) \(/)!.slice(1);
    expect(lastSeen).not.toBe(gone);
    expect(lastSeen).toMatch(/:05/);
    expect(gone).toMatch(/:40/);
  });

  it('keeps minutes when the reads are minutes apart', () => {
    const text = alertEndText(sighting('2026-11-29T01:41:05.000Z', '2026-11-29T01:47:40.000Z'));
    expect(text).not.toMatch(/:05|:40/);
    expect(text).toMatch(/^Ended between .+ and .+ \(this app’s reads: last listed, then gone\)$/);
  });
});
