// Settings → Shop on the repair order: the shop's name and address main keeps, shown, edited and
// saved; a refusal from main's edge said.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ShopIdentitySettings from '../../renderer/src/components/settings/ShopIdentitySettings.svelte';
import type { ShopIdentity } from '../../electron/shared/shop-identity';
import { installFakeGarage } from './fake-garage';
import { ok } from './fixtures';

describe('the shop on the repair order, in Settings', () => {
  it("shows what main keeps and saves the shop's name and address", async () => {
    let kept: ShopIdentity = { name: 'Reyes Motors', address: '12 Harbor Road' };
    const fake = installFakeGarage({
      'settings.shopIdentity': () => ok(kept),
      'settings.setShopIdentity': ([input]) => {
        kept = { name: input.name.trim(), address: input.address.trim() };
        return ok(kept);
      },
    });
    render(ShopIdentitySettings);
    const name = screen.getByRole('textbox', { name: 'Shop name' }) as HTMLInputElement;
    const address = screen.getByRole('textbox', { name: 'Shop address' }) as HTMLTextAreaElement;
    await waitFor(() => expect(name.value).toBe('Reyes Motors'));
    expect(address.tagName).toBe('TEXTAREA');
    const save = screen.getByRole('button', { name: 'Save shop details' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await fireEvent.input(address, { target: { value: '12 Harbor Road\nSpringfield, IL 62701 ' } });
    expect(save.disabled).toBe(false);
    await fireEvent.click(save);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Saved the shop details for the repair order.',
    );
    expect(fake.calls.find((c) => c.operation === 'settings.setShopIdentity')?.args).toEqual([
      { name: 'Reyes Motors', address: '12 Harbor Road\nSpringfield, IL 62701 ' },
    ]);
    expect(address.value).toBe('12 Harbor Road\nSpringfield, IL 62701');
    expect(save.disabled).toBe(true);
  });

  it("says main's refusal", async () => {
    installFakeGarage({
      'settings.shopIdentity': () => ok({ name: '', address: '' }),
      'settings.setShopIdentity': () => ({
        ok: false,
        error: { kind: 'invalid_input', message: 'The shop address has more than 6 lines.' },
      }),
    });
    render(ShopIdentitySettings);
    await fireEvent.input(screen.getByRole('textbox', { name: 'Shop name' }), { target: { value: 'Shop' } });
    const save = screen.getByRole('button', { name: 'Save shop details' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toMatch(/more than 6 lines/);
  });
});
