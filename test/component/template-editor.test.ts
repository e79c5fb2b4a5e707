// Editing a saved telemetry template field by field from the Telemetry tab: add a field (a typo gets
// the closest known name and blocks saving until fixed), remove one, change an interval (below 1 s is
// refused), rename it and change its notes; Save sends the template once, and a rename removes the
// old name only after the new one is saved. A name another template has is refused.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import type { TelemetryTemplate } from '../../electron/shared/telemetry-template';
import { connectStores } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { liveMeta, telemetry, vehicle } from './fixtures';

const car = vehicle(1);

function templatesMain(initial: TelemetryTemplate[]) {
  let templates = structuredClone(initial);
  const fake = installFakeGarage({
    'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...liveMeta }),
    'templates.list': () => ({ ok: true, value: structuredClone(templates) }),
    'templates.save': ([template]) => {
      const saved = template as TelemetryTemplate;
      templates = [...templates.filter((t) => t.name.toLowerCase() !== saved.name.toLowerCase()), saved];
      return { ok: true, value: saved };
    },
    'templates.remove': ([name]) => {
      templates = templates.filter((t) => t.name !== name);
      return { ok: true, value: null };
    },
  });
  return { fake, templates: () => templates };
}

const FLEET: TelemetryTemplate = {
  name: 'Fleet',
  fields: { Gear: { interval_seconds: 10 }, Odometer: { interval_seconds: 600 } },
  notes: 'Lot cars',
};

async function openEditor() {
  render(TelemetryPanel, { props: { vehicle: car } });
  await fireEvent.change(await screen.findByRole('combobox', { name: 'Template' }), {
    target: { value: 'Fleet' },
  });
  await fireEvent.click(screen.getByRole('button', { name: 'Edit template' }));
  return screen.getByRole('region', { name: 'Edit template Fleet' });
}

describe('template editor', () => {
  it('adds, fixes, removes and re-times fields, renames, and saves once with the old name removed after', async () => {
    const { fake, templates } = templatesMain([FLEET]);
    const editor = await openEditor();
    const save = within(editor).getByRole('button', { name: 'Save template' }) as HTMLButtonElement;

    await fireEvent.click(within(editor).getByRole('button', { name: 'Add field' }));
    await fireEvent.input(within(editor).getByRole('combobox', { name: 'Field name 3' }), {
      target: { value: 'Locaton' },
    });
    expect(within(editor).getByRole('alert').textContent).toContain(
      "Unknown telemetry field 'Locaton'; did you mean 'Location'?",
    );
    expect(save.disabled).toBe(true);
    await fireEvent.click(within(editor).getByRole('button', { name: 'Use Location' }));
    await fireEvent.input(
      within(editor).getByRole('spinbutton', { name: 'Interval of Location in seconds' }),
      {
        target: { value: '0' },
      },
    );
    expect(save.disabled).toBe(true);
    await fireEvent.input(
      within(editor).getByRole('spinbutton', { name: 'Interval of Location in seconds' }),
      {
        target: { value: '15' },
      },
    );
    await fireEvent.input(within(editor).getByRole('spinbutton', { name: 'Interval of Gear in seconds' }), {
      target: { value: '5' },
    });
    await fireEvent.click(within(editor).getByRole('button', { name: 'Remove field Odometer' }));
    await fireEvent.input(within(editor).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Fleet 2027' },
    });
    await fireEvent.input(within(editor).getByRole('textbox', { name: 'Notes' }), {
      target: { value: 'Lot cars, from 2027' },
    });
    expect(save.disabled).toBe(false);
    await fireEvent.click(save);

    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'templates.remove')).toBe(true));
    const writes = fake.calls.filter(
      (c) => c.operation === 'templates.save' || c.operation === 'templates.remove',
    );
    expect(writes.map((c) => [c.operation, c.args])).toEqual([
      [
        'templates.save',
        [
          {
            name: 'Fleet 2027',
            fields: { Gear: { interval_seconds: 5 }, Location: { interval_seconds: 15 } },
            notes: 'Lot cars, from 2027',
          },
        ],
      ],
      ['templates.remove', ['Fleet']],
    ]);
    expect(templates().map((t) => t.name)).toEqual(['Fleet 2027']);
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Edit template/ })).toBeNull());
  });

  it('refuses the name of another template and an empty field list; Cancel sends nothing', async () => {
    const { fake } = templatesMain([
      FLEET,
      { name: 'Yard', fields: { Gear: { interval_seconds: 1 } }, notes: '' },
    ]);
    const editor = await openEditor();
    const save = within(editor).getByRole('button', { name: 'Save template' }) as HTMLButtonElement;
    await fireEvent.input(within(editor).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'yard' },
    });
    expect(within(editor).getByRole('alert').textContent).toBe('Another template is named yard.');
    expect(save.disabled).toBe(true);
    await fireEvent.input(within(editor).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Fleet' },
    });
    await fireEvent.click(within(editor).getByRole('button', { name: 'Remove field Gear' }));
    await fireEvent.click(within(editor).getByRole('button', { name: 'Remove field Odometer' }));
    expect(save.disabled).toBe(true);
    await fireEvent.click(within(editor).getByRole('button', { name: 'Cancel editing' }));
    expect(
      fake.calls.some((c) => c.operation === 'templates.save' || c.operation === 'templates.remove'),
    ).toBe(false);
  });

  it('reads the templates again when main says they changed (another technician, in shop mode)', async () => {
    const { fake } = templatesMain([FLEET]);
    const disconnect = connectStores(fake.api);
    try {
      render(TelemetryPanel, { props: { vehicle: car } });
      const select = await screen.findByRole('combobox', { name: 'Template' });
      expect(within(select).queryByRole('option', { name: 'Yard' })).toBeNull();
      // Another machine saved "Yard"; main hears it from the shop's database and tells the window.
      await fake.api.templates.save({ name: 'Yard', fields: { Gear: { interval_seconds: 1 } }, notes: '' });
      fake.emit({ type: 'settings.changed', what: 'templates' });
      await within(select).findByRole('option', { name: 'Yard' });
      expect(fake.calls.filter((c) => c.operation === 'profiles.list')).toHaveLength(0);
    } finally {
      disconnect();
    }
  });
});
