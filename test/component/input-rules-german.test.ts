// The window's fields refuse a value in the window's language, and the Commands tab names its
// buttons in it: the words come from the German catalog, not English pieces inside German screens.
import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TagField from '../../renderer/src/components/vehicle/plate-and-tags/TagField.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

describe("a field's problem in German", () => {
  beforeEach(() => applyLanguage({ language: 'de', formatLocale: 'de-DE' }));
  afterEach(() => resetLanguage());

  it('says a tag is too long in German', () => {
    render(TagField, { props: { value: 'x'.repeat(65), label: 'Tag', touched: true, suggestions: [] } });
    expect(screen.getByText('Das Tag hat 65 Zeichen; höchstens 64')).toBeTruthy();
  });

  it('says it word for word in English', () => {
    resetLanguage();
    render(TagField, { props: { value: '\u0007', label: 'Tag', touched: true, suggestions: [] } });
    expect(screen.getByText('Tag may not contain control characters')).toBeTruthy();
  });

  it("names the Commands tab's buttons in German", () => {
    installFakeGarage({
      'vehicles.list': () => ({ ok: true, value: [] }),
      'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, source: 'live', fetchedAt: '' }),
      'vehicles.state': () => stateAnswer(carState({ valet: false })),
    });
    render(CommandsPanel, { props: { vehicle: vehicle(1, { nickname: 'Leihwagen' }) } });
    expect(screen.getByRole('button', { name: 'Valet-Modus einschalten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ladelimit einstellen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set charge limit' })).toBeNull();
  });
});
