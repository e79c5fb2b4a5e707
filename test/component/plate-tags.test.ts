import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import PlateAndTagsPanel from '../../renderer/src/components/vehicle/plate-and-tags/PlateAndTagsPanel.svelte';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';

const car = vehicle(1, { plate: null });

describe('plate and drive tags', () => {
  it('validates the plate as you type and sets it in capitals', async () => {
    const { calls } = installFakeGarage({
      'vehicles.setPlate': () => ({ ok: true, value: { result: true } }),
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: car } });
    const plate = screen.getByRole('textbox', { name: 'Plate' });
    await fireEvent.input(plate, { target: { value: 'AB$1' } });
    expect(
      screen.getByText('Plate may not contain “$”: use letters A–Z, digits, spaces and dashes'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Set plate' }) as HTMLButtonElement).disabled).toBe(true);
    // The real problem of a leading dash is named, not the character set it belongs to.
    await fireEvent.input(plate, { target: { value: '-AB12' } });
    expect(screen.getByText('Plate may not start with a dash')).toBeTruthy();
    await fireEvent.input(plate, { target: { value: 'abc 123' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set plate' }));
    expect(await screen.findByText('Plate set to ABC 123')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'vehicles.setPlate')?.args).toEqual([
      car.vin,
      { plate: 'ABC 123' },
    ]);
  });

  it('clears the plate with null', async () => {
    const { calls } = installFakeGarage({
      'vehicles.setPlate': () => ({ ok: true, value: { result: true } }),
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: vehicle(2, { plate: 'OLD 1' }) } });
    await fireEvent.click(screen.getByRole('button', { name: 'Clear plate' }));
    expect(await screen.findByText('Plate cleared')).toBeTruthy();
    // The emptied field is the intended result, not a mistake to flag.
    expect(screen.queryByText('Plate is empty')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Plate' }).getAttribute('aria-invalid')).toBe('false');
    expect(calls.find((c) => c.operation === 'vehicles.setPlate')?.args[1]).toEqual({ plate: null });
  });

  it('validates drive ids and the tag, then tags the drives', async () => {
    const { calls } = installFakeGarage({
      'vehicles.setDriveTag': () => ({ ok: true, value: { result: true } }),
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: car } });
    const drives = screen.getByRole('textbox', { name: 'Drive ids' });
    await fireEvent.input(drives, { target: { value: '10000,,10001' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Tag drives' }));
    expect(screen.getByText('Drive id 2 is empty (check the commas)')).toBeTruthy();
    expect(screen.getByText('Tag is empty')).toBeTruthy();
    await fireEvent.input(drives, { target: { value: '10000, 10001' } });
    expect(screen.getByText('2 drives')).toBeTruthy();
    await fireEvent.input(screen.getByRole('combobox', { name: 'Tag' }), { target: { value: 'Business' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Tag drives' }));
    expect(await screen.findByText('Tagged 2 drives “Business”')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'vehicles.setDriveTag')?.args).toEqual([
      car.vin,
      { drives: '10000,10001', tag: 'Business' },
    ]);
  });

  it('shows a refusal and an error next to the button', async () => {
    installFakeGarage({
      'vehicles.setPlate': () => ({ ok: true, value: { result: false, reason: 'plate not accepted' } }),
      'vehicles.setDriveTag': () => ({
        ok: false,
        error: { kind: 'not_found', message: 'Unknown drive', status: 404 },
      }),
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: car } });
    await fireEvent.input(screen.getByRole('textbox', { name: 'Plate' }), { target: { value: 'X1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set plate' }));
    expect(await screen.findByText('The vehicle did not do it: plate not accepted')).toBeTruthy();
    await fireEvent.input(screen.getByRole('textbox', { name: 'Drive ids' }), { target: { value: '1' } });
    await fireEvent.input(screen.getByRole('combobox', { name: 'Tag' }), { target: { value: 'Work' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Tag drives' }));
    expect(await screen.findByText(/Not found on the service. Unknown drive/)).toBeTruthy();
  });
});

describe('the plate the service holds', () => {
  it('shows the plate read from the service, not only what this app set', async () => {
    installFakeGarage({
      'vehicles.plate': () => ({
        ok: true,
        value: { result: 'SVC 77' },
        source: 'live',
        fetchedAt: new Date().toISOString(),
      }),
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: vehicle(7, { plate: null }) } });
    const line = await screen.findByText(/^Plate on the service:/);
    expect(line.textContent!.replace(/\s+/g, ' ')).toContain('Plate on the service: SVC 77');
  });

  it('says which plate a new one replaced', async () => {
    let plate: string | null = 'OLD 9';
    installFakeGarage({
      'vehicles.plate': () => ({
        ok: true,
        value: { result: plate },
        source: 'live',
        fetchedAt: new Date().toISOString(),
      }),
      'vehicles.setPlate': ([, input]) => {
        const previousPlate = plate;
        plate = (input as { plate: string | null }).plate;
        return { ok: true, value: { result: true, previousPlate } };
      },
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: vehicle(8, { plate: null }) } });
    await screen.findByText(/^Plate on the service:/);
    await fireEvent.input(screen.getByRole('textbox', { name: 'Plate' }), { target: { value: 'new 1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set plate' }));
    expect(await screen.findByText('Plate set to NEW 1, was OLD 9')).toBeTruthy();
    // The service is read again: the card shows the plate it now holds.
    await waitFor(() => expect(screen.getByText(/^Plate on the service:/).textContent).toContain('NEW 1'));
    await fireEvent.click(screen.getByRole('button', { name: 'Clear plate' }));
    expect(await screen.findByText('Plate cleared, was NEW 1')).toBeTruthy();
  });

  it('does not claim what was replaced when main could not read it', async () => {
    installFakeGarage({
      'vehicles.plate': () => ({ ok: false, error: { kind: 'network', message: 'No answer.' } }),
      'vehicles.setPlate': () => ({ ok: true, value: { result: true } }),
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: vehicle(9, { plate: 'APP 1' }) } });
    expect(await screen.findByText(/Could not read the plate from the service/)).toBeTruthy();
    await fireEvent.input(screen.getByRole('textbox', { name: 'Plate' }), { target: { value: 'X2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set plate' }));
    expect(await screen.findByText('Plate set to X2')).toBeTruthy();
  });
});
