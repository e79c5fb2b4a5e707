// End to end in demo mode, by accessible names: open a repair-order job on a vehicle, send a
// command and see the effect the car confirmed in the job, close with the warning about valet mode
// left on, export the record as PDF (its text read back with pdftotext) and JSON, and verify it.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfText } from '../support/chromium-print';
import { recorded } from '../electron-standin/boot';
import { ARTIFACTS, main, openVehicle, screenshot, useGarageApp, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

describe('a repair-order job (demo)', () => {
  const app = useGarageApp({}, { width: 1440, height: 900 });

  it('opens a job, collects a confirmed effect, warns about valet left on, exports and verifies', async () => {
    const { page } = app;
    const car = app.simulator
      .vehicles()
      .find((v) => app.simulator.vehicleState(v.vin).sleepState !== 'offline');
    if (!car) throw new Error('the demo fleet lacks an online vehicle');
    app.simulator.setVehicleState(car.vin, { sleepState: 'awake', valet: false, chargeLimitPercent: 80 });
    await openVehicle(page, car.vin);

    await main(page).getByRole('tab', { name: 'Job' }).click();
    const panel = main(page).getByRole('tabpanel');
    await panel.getByText('No job on this vehicle.').waitFor();
    await panel.getByRole('textbox', { name: 'Repair order' }).fill('RO-4711');
    await panel.getByRole('textbox', { name: 'Technician' }).fill('Dana Reyes');
    await panel.getByRole('textbox', { name: 'Customer' }).fill('Sam Ortiz');
    await panel.getByRole('button', { name: 'Open job' }).click();
    await panel.getByRole('button', { name: 'Close job' }).waitFor();
    // The row in the garage list and the vehicle's header say it, live from main's event.
    const row = vehicleList(page).getByRole('option', { name: new RegExp(car.vin) });
    await row.getByText('Job open: RO-4711').waitFor();
    const header = main(page).locator('header');
    await header.getByText('Job open: RO-4711').waitFor();

    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const limit = panel.getByRole('spinbutton', { name: 'Charge limit (%)' });
    await waitFor(
      passes(async () => expect(await limit.inputValue()).not.toBe('')),
      'the charge limit field filled',
    );
    await limit.fill('90');
    await panel.getByRole('button', { name: 'Set charge limit', exact: true }).click();
    await waitFor(
      passes(() => expect(app.simulator.vehicleState(car.vin).chargeLimitPercent).toBe(90)),
      'the charge limit 90 % on the car',
    );
    await panel.getByRole('button', { name: 'Enable valet mode', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Enable valet mode?' })
      .getByRole('button', { name: 'Enable valet mode' })
      .click();
    await waitFor(
      passes(() => expect(app.simulator.vehicleState(car.vin).valet).toBe(true)),
      'valet mode on the car',
    );

    await main(page).getByRole('tab', { name: 'Job' }).click();
    const actions = panel.getByRole('list', { name: 'Actions in this job' });
    await actions.getByText(/Set charge limit: success, charge limit 80 → 90 %, confirmed/).waitFor();
    await actions.getByText(/Enable valet mode: success, valet mode off → on, confirmed/).waitFor();

    await panel.getByRole('textbox', { name: 'Cause' }).fill('Charge limit lowered in the app');
    await panel.getByRole('textbox', { name: 'Correction' }).fill('Charge limit set to 90 %');
    await panel.getByRole('button', { name: 'Close job' }).click();
    const warning = panel.getByRole('alert');
    await warning.getByText(/Valet mode is on; it was off at check-in/).waitFor();
    await screenshot(page, 'job-closing-with-warnings-light');
    await warning.getByRole('checkbox', { name: /Leave as it is: Valet mode is on/ }).check();
    await warning.getByRole('checkbox', { name: /Leave as it is: The charge limit is 90 %/ }).check();
    await panel.getByRole('button', { name: 'Confirm and close job' }).click();
    await panel.getByRole('button', { name: 'Reopen job' }).waitFor();
    await waitFor(
      passes(async () => expect(await row.getByText(/Job open/).count()).toBe(0)),
      'no "Job open" in the row',
    );
    await waitFor(
      passes(async () => expect(await header.getByText(/Job open/).count()).toBe(0)),
      'no "Job open" in the header',
    );

    // The shop's clock is Chicago's while the PDF is printed: main reads its zone through Intl.
    const zone = process.env['TZ'];
    process.env['TZ'] = 'America/Chicago';
    let savedPdf;
    try {
      await panel.getByRole('button', { name: 'Export PDF…' }).click();
      savedPdf = page.getByRole('status').getByText(/^Saved the record \(2 audit entries\) to .*\.pdf$/);
      await savedPdf.waitFor();
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
    const pdfPath = /to (.*\.pdf)$/.exec((await savedPdf.textContent()) ?? '')![1]!;
    const pdf = await readFile(pdfPath);
    const text = await pdfText(pdf);
    for (const expected of ['RO-4711', car.vin, 'Dana Reyes', '80 → 90']) expect(text).toContain(expected);
    // Presentable: words, not JSON; local time beside UTC; signature lines; a header and page
    // number on every page; tagged for screen readers.
    expect(text).not.toMatch(/[{}]|":/);
    expect(text).toMatch(/Shop\s+Customer\n.*Sam Ortiz/);
    expect(text).toMatch(/Cause\s+Charge limit lowered in the app/);
    expect(text).toMatch(/Correction\s+Charge limit set to 90 %/);
    expect(text).toMatch(/\d\d:\d\d:\d\d C[SD]T \([^)]*\d\d:\d\d:\d\d UTC\)/);
    expect(text).toMatch(/Technician: Dana Reyes\s+Customer/);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    pages.forEach((page, i) => {
      expect(page).toContain(`Repair order RO-4711 · ${car.vin}`);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect((await pdfInfo(pdf))['Tagged']).toBe('yes');
    // The PDF's first page as a picture, beside the screenshots of the job view.
    await mkdir(ARTIFACTS, { recursive: true });
    await promisify(execFile)('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      path.join(ARTIFACTS, 'job-record-pdf-page1'),
    ]);

    await panel.getByRole('button', { name: 'Export JSON…' }).click();
    const savedJson = page
      .getByRole('status')
      .getByText(/^Saved the record \(2 audit entries\) to .*\.json$/);
    await savedJson.waitFor();
    const jsonPath = /to (.*\.json)$/.exec((await savedJson.textContent()) ?? '')![1]!;
    // The open dialog answers with the saved record; main reads it, the page only hears the verdict.
    recorded().chooseOpenFile = () => jsonPath;
    await panel.getByRole('button', { name: 'Verify a record file…' }).click();
    await panel.getByText('Verified: the record matches 2 audit entries.').waitFor();

    const tampered = JSON.parse(await readFile(jsonPath, 'utf8'));
    tampered.actions[0].entry.outcome = 'failed';
    const tamperedPath = path.join(app.dataDir, 'tampered.json');
    await writeFile(tamperedPath, JSON.stringify(tampered));
    recorded().chooseOpenFile = () => tamperedPath;
    await panel.getByRole('button', { name: 'Verify a record file…' }).click();
    await panel.getByText(/^Not verified: the record's digest does not match/).waitFor();
    // The PDF carries its record: the app verifies it as it does the JSON.
    recorded().chooseOpenFile = () => pdfPath;
    await panel.getByRole('button', { name: 'Verify a record file…' }).click();
    await panel.getByText('Verified: the record matches 2 audit entries.').waitFor();
    await screenshot(page, 'job-closed-light');
  });
});
