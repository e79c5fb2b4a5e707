// Beside a command in German: an effect the car does not show yet says when the car last reported
// ("(Stand …)"), and an outcome its opposite command overtook says so ("… wurde danach um … gesendet"),
// both from the catalogs in the window's language, with the time in the window's locale.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import { installFakeGarage, type Responder, type Responders } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';
import { carState, stateAnswer, statusAnswers } from './vehicle-state-fixtures';

const car = vehicle(1, { nickname: 'Loaner' });
const common: Responders = {
  'service.command': () => ({ ok: true, value: { result: true } }),
  ...statusAnswers.awake,
  ...emptyGarage,
};

function states(...answers: ReturnType<typeof carState>[]): Responder<'vehicles.state'> {
  let i = 0;
  return () => stateAnswer(answers[Math.min(i++, answers.length - 1)]!);
}

function row(label: string): HTMLElement {
  return screen.getByRole('button', { name: label }).closest('.command') as HTMLElement;
}

/** Presses "Valet-Modus einschalten" and confirms it in its dialog. */
async function enableValet(): Promise<void> {
  const label = 'Valet-Modus einschalten';
  await fireEvent.click(screen.getByRole('button', { name: label }));
  await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: label }));
}

describe('a command’s outcome in German', () => {
  beforeEach(() => applyLanguage({ language: 'de', formatLocale: 'de-DE' }));
  afterEach(() => resetLanguage());

  it('an effect the car does not show yet says as of when, in German', async () => {
    installFakeGarage({ 'vehicles.state': states(carState({ valet: false })), ...common });
    render(CommandsPanel, { props: { vehicle: car } });
    await enableValet();
    const detail = await within(row('Valet-Modus einschalten')).findByText(/\(Stand \d\d:\d\d:\d\d\)$/);
    expect(detail.textContent).not.toMatch(/as of/);
  });

  it('an outcome its opposite command overtook says it was sent after, in German', async () => {
    installFakeGarage({
      'vehicles.state': states(
        carState({ valet: false }),
        carState({ valet: true }),
        carState({ valet: false }),
      ),
      ...common,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await enableValet();
    await within(row('Valet-Modus einschalten')).findByText('Erfolg');
    await fireEvent.click(screen.getByRole('button', { name: 'Valet-Modus ausschalten' }));
    const enable = row('Valet-Modus einschalten');
    const overtaken = await within(enable).findByText(
      /^„Valet-Modus ausschalten“ wurde danach um \d\d:\d\d:\d\d gesendet$/,
    );
    expect(overtaken).toBeTruthy();
    expect(within(enable).queryByText(/was sent after it/)).toBeNull();
  });
});
