// End to end, by accessible names: the run bar stays in view with 250 vehicles.
import { describe, expect, it } from 'vitest';
import { inViewport, main, screenshot, seriousAxeViolations, useGarageApp, views } from './garage-support';

describe('bulk page with 250 vehicles', () => {
  const app = useGarageApp({ demo: { vehicles: 250 } });

  it('keeps Run, progress, counts and Cancel in view however long the tables are', async () => {
    const { page } = app;
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select all shown' }).click();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Open charge port' });
    const bar = view.getByRole('region', { name: 'Bulk run' });
    const run = bar.getByRole('button', { name: /^Run on \d+ vehicles$/ });
    await run.waitFor();
    await inViewport(page, await run.boundingBox());

    await run.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
    const progress = bar.getByRole('progressbar', { name: 'Progress' });
    await progress.waitFor();
    await inViewport(page, await progress.boundingBox());
    const cancel = bar.getByRole('button', { name: 'Cancel run' });
    await inViewport(page, await cancel.boundingBox());
    await inViewport(page, await bar.getByText(/of 250 finished/).boundingBox());

    // Scrolled to the end of the results, the bar is still in the same place.
    await view.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await inViewport(page, await cancel.boundingBox());
    await cancel.click();
    // Main's words for a cancelled run: never "complete".
    await bar.getByText(/^Cancelled: \d+ sent, \d+ not sent$/).waitFor({ timeout: 30_000 });
    await inViewport(page, await bar.getByRole('button', { name: 'Export results (CSV)' }).boundingBox());
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-250-run-bar-light');
  });
});
