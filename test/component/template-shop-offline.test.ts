// The templates in the Telemetry tab while a shop profile's database is away: a line says the list
// is this computer's copy and that changes wait here (with the queue's count), and a save is
// confirmed as kept on this computer, not shown as an error. Online, neither is said.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import type { TelemetryTemplate } from '../../electron/shared/telemetry-template';
import { shop, toasts } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { liveMeta, telemetry, vehicle } from './fixtures';

const car = vehicle(1);

function templatesMain() {
  let templates: TelemetryTemplate[] = [];
  return installFakeGarage({
    'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...liveMeta }),
    'templates.list': () => ({ ok: true, value: structuredClone(templates) }),
    'templates.save': ([template]) => {
      templates = [...templates, template as TelemetryTemplate];
      return { ok: true, value: template as TelemetryTemplate };
    },
  });
}

async function saveAs(name: string) {
  render(TelemetryPanel, { props: { vehicle: car } });
  await fireEvent.input(await screen.findByRole('textbox', { name: 'Template name' }), {
    target: { value: name },
  });
  await fireEvent.click(screen.getByRole('button', { name: 'Save these fields as a template' }));
  await screen.findByRole('option', { name });
}

describe('templates while the shop database is away', () => {
  it('says the list is this computer’s copy and a save waits here, without an error', async () => {
    templatesMain();
    shop.applyStatus({ state: 'offline', pending: 3, error: { kind: 'unreachable', message: 'refused' } });
    await saveAs('Yard');
    const note = screen.getAllByRole('status').find((el) => el.textContent?.includes('shop database'));
    expect(note?.textContent).toBe(
      'The shop database is not reachable: these are the templates as this computer last read them, ' +
        'and changes are kept here until it is back (3 entries waiting for the shop database).',
    );
    expect(toasts.items.map((t) => [t.message, t.tone])).toEqual([
      ['Template Yard saved on this computer; it goes to the shop database when it is back', 'success'],
    ]);
  });

  it('online, says nothing more than that it saved', async () => {
    templatesMain();
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    await saveAs('Bay');
    expect(screen.queryByText(/shop database is not reachable/)).toBeNull();
    expect(toasts.items.map((t) => t.message)).toEqual(['Template Bay saved']);
  });
});
