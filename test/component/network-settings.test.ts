// Settings → Network: the three choices, a manual proxy's address checked as it is typed (the error
// says what is wrong and nothing is sent), credentials write-only (only "stored" comes back, the
// fields are emptied), and "Test connection" naming the host and proxy it reached, or why not.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { NetworkView } from '../../electron/shared/network-settings';
import NetworkSettings from '../../renderer/src/components/settings/NetworkSettings.svelte';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';

const system: NetworkView = { mode: 'system', proxyUrl: null, credentialsSet: false, problem: null };

/** Settings → Network with a manual proxy typed and "Test connection" pressed once. */
async function testUnderManualProxy(answer: () => ResultOf<'settings.testNetwork'>) {
  const fake = installFakeGarage({
    'settings.network': () => ({ ok: true, value: system }),
    'settings.testNetwork': answer,
  });
  render(NetworkSettings);
  await fireEvent.click(await screen.findByLabelText('Manual proxy'));
  await fireEvent.input(screen.getByLabelText('Proxy address'), { target: { value: 'proxy.corp:3128' } });
  await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  return fake;
}

describe('Settings → Network', () => {
  it('starts on the saved choice; a manual address is checked as typed and a bad one is not sent', async () => {
    const { calls } = installFakeGarage({ 'settings.network': () => ({ ok: true, value: system }) });
    render(NetworkSettings);
    const systemRadio = (await screen.findByLabelText("Use the system's proxy settings")) as HTMLInputElement;
    await waitFor(() => expect(systemRadio.checked).toBe(true));
    expect(screen.queryByLabelText('Proxy address')).toBeNull();

    await fireEvent.click(screen.getByLabelText('Manual proxy'));
    const address = screen.getByLabelText('Proxy address');
    await fireEvent.input(address, { target: { value: 'socks5://proxy.corp:1080' } });
    expect(screen.getByText('The proxy must be an http:// or https:// address, not socks5://')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await fireEvent.input(address, { target: { value: 'http://tech:pw@proxy.corp:3128' } });
    expect(screen.getByText(/user name and password in their own fields/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save network settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Test connection' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await fireEvent.input(address, { target: { value: 'proxy.corp:3128' } });
    await fireEvent.input(screen.getByLabelText('Proxy user name'), { target: { value: 'tech' } });
    expect(screen.getByText('Enter the proxy’s password')).toBeTruthy();
    expect(save.disabled).toBe(true);
    expect(calls.some((c) => c.operation === 'settings.setNetwork')).toBe(false);
  });

  it('saves a manual proxy with credentials, empties them, and shows only that they are stored', async () => {
    const saved: NetworkView = {
      mode: 'manual',
      proxyUrl: 'http://proxy.corp:3128',
      credentialsSet: true,
      problem: null,
    };
    const { calls } = installFakeGarage({
      'settings.network': () => ({ ok: true, value: system }),
      'settings.setNetwork': () => ({ ok: true, value: saved }),
    });
    render(NetworkSettings);
    await fireEvent.click(await screen.findByLabelText('Manual proxy'));
    await fireEvent.input(screen.getByLabelText('Proxy address'), { target: { value: 'proxy.corp:3128' } });
    await fireEvent.input(screen.getByLabelText('Proxy user name'), { target: { value: 'tech' } });
    await fireEvent.input(screen.getByLabelText('Proxy password'), { target: { value: 'hunter22' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save network settings' }));
    await screen.findByText(/stored in the system keychain/);
    expect(calls.find((c) => c.operation === 'settings.setNetwork')?.args).toEqual([
      {
        mode: 'manual',
        proxyUrl: 'proxy.corp:3128',
        credentials: { username: 'tech', password: 'hunter22' },
      },
    ]);
    expect((screen.getByLabelText('Proxy password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Proxy address') as HTMLInputElement).value).toBe('http://proxy.corp:3128');
    expect(screen.getByRole('button', { name: 'Clear proxy credentials' })).toBeTruthy();

    // Saved again without typing them: kept (not sent).
    await fireEvent.click(screen.getByRole('button', { name: 'Save network settings' }));
    await waitFor(() => expect(calls.filter((c) => c.operation === 'settings.setNetwork')).toHaveLength(2));
    expect(calls.filter((c) => c.operation === 'settings.setNetwork')[1]!.args).toEqual([
      { mode: 'manual', proxyUrl: 'http://proxy.corp:3128' },
    ]);
  });

  it('"Test connection" names the host and proxy it reached, or the error naming them', async () => {
    let answer: ResultOf<'settings.testNetwork'> = {
      ok: false,
      error: {
        kind: 'network',
        message:
          'The proxy proxy.corp:3128 refused the connection (ECONNREFUSED) while reading the vehicles at api.example. Check the proxy setting.',
      },
    };
    const { calls } = await testUnderManualProxy(() => answer);
    expect(
      await screen.findByText(/Not connected at .*proxy\.corp:3128 refused the connection/),
    ).toBeTruthy();
    expect(calls.find((c) => c.operation === 'settings.testNetwork')?.args).toEqual([
      { mode: 'manual', proxyUrl: 'proxy.corp:3128' },
    ]);

    answer = {
      ok: true,
      value: {
        host: 'api.example',
        proxy: 'proxy.corp:3128',
        at: '2026-11-25T10:00:00.000Z',
        ms: 42,
        note: null,
      },
    };
    await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText(/Reached api\.example through the proxy proxy\.corp:3128 .*\(42 ms\)/),
    ).toBeTruthy();

    await fireEvent.click(screen.getByLabelText('No proxy'));
    answer = { ok: true, value: { host: 'api.example', proxy: null, at: '', ms: 7, note: null } };
    await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Reached api\.example directly, without a proxy/)).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'settings.testNetwork').at(-1)!.args).toEqual([
      { mode: 'direct' },
    ]);
  });

  it('the simulator on this machine, reached directly under a manual proxy, says why', async () => {
    let answer: ResultOf<'settings.testNetwork'> = {
      ok: true,
      value: { host: '127.0.0.1:45123', proxy: null, at: '2026-11-25T10:00:00.000Z', ms: 3, note: null },
    };
    await testUnderManualProxy(() => answer);
    expect(
      await screen.findByText(
        /^Reached 127\.0\.0\.1:45123 directly .*\(3 ms\): the service runs on this machine \(the demo simulator\), and this machine is always reached without a proxy\.$/,
      ),
    ).toBeTruthy();

    // A remote host reached directly because "No proxy" was chosen needs no such reason.
    await fireEvent.click(screen.getByLabelText('No proxy'));
    answer = { ok: true, value: { host: 'api.example', proxy: null, at: '', ms: 7, note: null } };
    await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Reached api\.example directly, without a proxy/)).toBeTruthy();
  });
});
