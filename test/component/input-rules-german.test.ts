// The window's fields refuse a value in the window's language, and the Commands tab names its
// buttons in it: the words come from the German catalog, not English pieces inside German screens.
import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TagField from '../../renderer/src/components/vehicle/plate-and-tags/TagField.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import WorkshopPanel from '../../renderer/src/components/vehicle/workshop/WorkshopPanel.svelte';
import { inActionWords } from '../../renderer/src/lib/errors';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

/** An awake car with valet mode off, as the command tabs read it. */
function awakeCar(): void {
  installFakeGarage({
    'vehicles.list': () => ({ ok: true, value: [] }),
    'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, source: 'live', fetchedAt: '' }),
    'vehicles.state': () => stateAnswer(carState({ valet: false })),
  });
}

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
    awakeCar();
    render(CommandsPanel, { props: { vehicle: vehicle(1, { nickname: 'Leihwagen' }) } });
    expect(screen.getByRole('button', { name: 'Valet-Modus einschalten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ladelimit einstellen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set charge limit' })).toBeNull();
  });

  it("names the Workshop tab's buttons and a command in a service message in German", () => {
    awakeCar();
    render(WorkshopPanel, { props: { vehicle: vehicle(1, { nickname: 'Leihwagen' }) } });
    expect(screen.getByRole('button', { name: 'Wächtermodus ein' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sentry mode on' })).toBeNull();
    expect(inActionWords('set_charging_amps failed')).toBe('„Ladestrom einstellen“ failed');
  });
});
