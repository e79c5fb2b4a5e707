// vehicle-garage:// links from another program (a dealer management or repair-order system), in the
// shipped bundle: the app registers for the scheme; a link it was started with, and one clicked while
// it runs (a second launch, whose arguments the running copy receives), open the vehicle or the
// job they name; a malformed or unknown one is refused in words, and nothing else happens.
import { describe, expect, it } from 'vitest';
import { APP_WAIT } from '../support/launch';
import { waitFor } from '../support/wait-for';
import { launchAgain } from '../support/second-launch';
import { main, useGarageApp } from './garage-support';

const SHORT_VIN = '5YJ3E1EB5SF45570';

describe('links from other programs', () => {
  // Started by a link whose VIN is one character short: the app opens and says why it cannot follow it.
  const app = useGarageApp({ args: [`vehicle-garage://vehicle/${SHORT_VIN}`] });

  const clickLink = (link: string) => launchAgain(app.dataDir, [link]);

  const notices = () => app.page.getByRole('status');

  it('registers itself for vehicle-garage:// and refuses a malformed VIN it was started with, in words', async () => {
    expect(app.electron.app.protocolClients.has('vehicle-garage')).toBe(true);
    await notices()
      .getByText(
        `A link could not be opened: "${SHORT_VIN}" is not a VIN (VIN has 16 characters; it needs 17).`,
      )
      .waitFor();
    // Nothing was opened for it.
    expect(await main(app.page).getByText(SHORT_VIN).count()).toBe(0);
  });

  it('opens the vehicle a link names, bringing the running window to the front', async () => {
    const car = app.simulator.vehicles()[1]!;
    app.window.minimize();
    expect(await clickLink(`vehicle-garage://vehicle/${car.vin.toLowerCase()}`)).toBe(0);
    await main(app.page).getByText(car.vin).first().waitFor();
    await waitFor(() => !app.window.isMinimized() && app.window.isFocused(), 'the window in front', APP_WAIT);
  });

  it("opens a job by its repair order on its vehicle's Job tab", async () => {
    const car = app.simulator.vehicles()[2]!;
    const opened = await app.page.evaluate(
      async ({ vin }) => {
        const api = (
          globalThis as unknown as {
            garage: { jobs: { open(v: string, i: object): Promise<{ ok: boolean }> } };
          }
        ).garage;
        return api.jobs.open(vin, { repairOrder: 'RO-LINK-7', complaint: 'Link test' });
      },
      { vin: car.vin },
    );
    expect(opened.ok).toBe(true);
    expect(await clickLink('vehicle-garage://job/ro-link-7')).toBe(0);
    await main(app.page).getByText(car.vin).first().waitFor();
    const jobTab = main(app.page).getByRole('tab', { name: 'Job' });
    await waitFor(
      async () => (await jobTab.getAttribute('aria-selected')) === 'true',
      'the Job tab selected',
      APP_WAIT,
    );
    await main(app.page).getByRole('tabpanel').getByText('RO-LINK-7').first().waitFor();
  });

  it('refuses a VIN this garage does not hold, and a repair order it has no job for', async () => {
    const stranger = '1HGCM82633A004352';
    expect(app.simulator.vehicles().some((car) => car.vin === stranger)).toBe(false);
    expect(await clickLink(`vehicle-garage://vehicle/${stranger}`)).toBe(0);
    await notices()
      .getByText(new RegExp(`A link names the vehicle ${stranger}, which is not in this garage`))
      .waitFor();
    expect(await clickLink('vehicle-garage://job/RO-NOPE')).toBe(0);
    await notices()
      .getByText(/A link names the repair order "RO-NOPE", but this garage .*has no job with it\./)
      .waitFor();
    expect(await clickLink('vehicle-garage://settings/delete-everything')).toBe(0);
    await notices()
      .getByText(/"settings" is not something Vehicle Garage opens/)
      .waitFor();
  });
});
