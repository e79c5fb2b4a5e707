// Helpers shared by the garage end-to-end tests: axe-core in the page, screenshots, the listbox.
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export const ARTIFACTS = 'test/artifacts';

export function vehicleList(page: Page) {
  return page.getByRole('listbox', { name: 'Vehicles' });
}

/**
 * Opens a vehicle from the garage list, which renders only the rows in view: searches for it first
 * so its row exists whatever the list's height. The search stays, so the selected row stays shown.
 */
export async function openVehicle(page: Page, query: string): Promise<void> {
  const search = page.getByLabel('Search vehicles');
  await search.fill(query);
  await vehicleList(page)
    .getByRole('option', { name: new RegExp(query) })
    .first()
    .click();
}

export function main(page: Page) {
  return page.getByRole('main', { name: 'Vehicle details' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

/** Serious or critical axe-core violations on the page as it is now. */
export async function seriousAxeViolations(
  page: Page,
): Promise<{ id: string; impact: string; targets: string[] }[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // page.evaluate runs outside the page's CSP, where addScriptTag would be refused by script-src 'self'.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
