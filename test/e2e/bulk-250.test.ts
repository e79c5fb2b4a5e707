// End to end, by accessible names: the run bar stays in view with 250 vehicles, and never covers a
// result: at 1280×800 and 1024×640 the results scroll in their own pane beside it, by mouse and keys.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inViewport, main, screenshot, seriousAxeViolations, useGarageApp, views } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

/**
 * The result rows shown now (the part of each its scrolling panes and the window leave visible), and
 * those of them the run bar's box overlaps or that something else covers at their centre.
 */
function resultRows(page: Page): Promise<{ shown: number; covered: string[]; last: boolean }> {
  return page.evaluate(() => {
    const bar = document.querySelector('[role="region"][aria-label="Bulk run"]')!.getBoundingClientRect();
    const table = [...document.querySelectorAll('table')].find(
      (t) => t.querySelector('caption')?.textContent === 'Bulk results',
    )!;
    let clip = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
    for (let el = table.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowY === 'visible' && getComputedStyle(el).overflowX === 'visible')
        continue;
      const r = el.getBoundingClientRect();
      clip = {
        top: Math.max(clip.top, r.top),
        left: Math.max(clip.left, r.left),
        bottom: Math.min(clip.bottom, r.bottom),
        right: Math.min(clip.right, r.right),
      };
    }
    const rows = [...table.tBodies[0]!.rows];
    const covered: string[] = [];
    let shown = 0;
    for (const row of rows) {
      const r = row.getBoundingClientRect();
      const top = Math.max(r.top, clip.top);
      const bottom = Math.min(r.bottom, clip.bottom);
      const left = Math.max(r.left, clip.left);
      const right = Math.min(r.right, clip.right);
      if (bottom - top < 1 || right - left < 1) continue;
      shown++;
      const underBar = top < bar.bottom && bar.top < bottom && left < bar.right && bar.left < right;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (underBar || !hit || !row.contains(hit)) covered.push(row.textContent!.trim().slice(0, 40));
    }
    const lastRow = rows.at(-1)!.getBoundingClientRect();
    return { shown, covered, last: lastRow.top >= clip.top - 1 && lastRow.bottom <= clip.bottom + 1 };
  });
}

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
    await bar
      .getByText(/^Cancelled: \d+ sent, \d+ not sent(, \d+ skipped \(offline\))?$/)
      .waitFor({ timeout: 30_000 });
    const exportButton = bar.getByRole('button', { name: 'Export results (CSV)' });
    await inViewport(page, await exportButton.boundingBox());

    // The bar never covers a result, whatever the window and wherever the results are scrolled;
    // the results pane scrolls with the keyboard to its first and last row.
    const pane = view.getByRole('region', { name: /^Results: / });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1024, height: 640 },
    ]) {
      await page.setViewportSize(size);
      await inViewport(page, await exportButton.boundingBox());
      await inViewport(page, await progress.boundingBox());
      for (const at of [0, 0.5, 1]) {
        await pane.evaluate(
          (el, f) => el.scrollTo({ top: (el.scrollHeight - el.clientHeight) * f, behavior: 'instant' }),
          at,
        );
        // Rows are measured once the pane has settled; a row the bar covers stays covered.
        await waitFor(
          passes(async () => expect((await resultRows(page)).covered).toEqual([])),
          'no row under the bar',
          {
            timeoutMs: 10_000,
          },
        );
        expect((await resultRows(page)).shown).toBeGreaterThan(2);
        await inViewport(page, await exportButton.boundingBox());
      }
      await pane.focus();
      await page.keyboard.press('Home');
      // A loaded machine can take over a second to scroll 250 rows: wait for it, not for a fixed time.
      await waitFor(
        passes(async () => expect(await pane.evaluate((el) => el.scrollTop)).toBe(0)),
        'the pane at its top',
        {
          timeoutMs: 10_000,
        },
      );
      await page.keyboard.press('End');
      // The pane's own state comes with the answer, so a failure says where focus and scroll were.
      await waitFor(
        passes(async () =>
          expect(
            JSON.stringify({
              last: (await resultRows(page)).last,
              where: await pane.evaluate((el) => ({
                focused: document.activeElement === el,
                active: `${document.activeElement?.tagName}.${document.activeElement?.className}`,
                scrollTop: el.scrollTop,
                max: el.scrollHeight - el.clientHeight,
              })),
            }),
          ).toMatch(/^\{"last":true,/),
        ),
        'the last row shown',
        { timeoutMs: 10_000 },
      );
      await waitFor(
        passes(async () => expect((await resultRows(page)).covered).toEqual([])),
        'no row under the bar',
        {
          timeoutMs: 10_000,
        },
      );
      await screenshot(page, `bulk-250-results-${size.width}x${size.height}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-250-run-bar-light');
  });
});
