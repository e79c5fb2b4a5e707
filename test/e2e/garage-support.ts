// Helpers shared by the garage end-to-end tests: axe-core in the page, screenshots, the listbox.
import { afterAll, beforeAll, expect } from 'vitest';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { launchApp, type LaunchedApp } from '../support/launch';

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

/** The viewport the vehicle's tabs and the fleet view are laid out for in their end-to-end tests. */
export const WIDE = { width: 1440, height: 900 } as const;

/**
 * Opens the vehicle `vin` from the garage list (every row is in view at WIDE) and then its tab named
 * exactly `tab`; gives the vehicle's details, where the tab's panel is.
 */
export async function openVehicleTab(app: Pick<LaunchedApp, 'page'>, vin: string, tab: string) {
  await vehicleList(app.page)
    .getByRole('option', { name: new RegExp(vin) })
    .click();
  await main(app.page).getByRole('tab', { name: tab, exact: true }).click();
  return main(app.page);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

/** Serious or critical axe-core violations on the page as it is now. */
export async function seriousAxeViolations(
  page: Page,
): Promise<{ id: string; impact: string; targets: string[] }[]> {
  const violations = await axeViolations(page);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every axe-core violation on the page as it is now, of any impact. */
export async function axeViolations(
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
  return violations;
}

export function views(page: Page) {
  return page.getByRole('navigation', { name: 'Views' });
}

/** The box lies wholly inside the viewport. */
export async function inViewport(
  page: Page,
  box: { x: number; y: number; width: number; height: number } | null,
) {
  const size = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
}

/**
 * The file's app (one per process): launched before its tests at the given viewport with the garage
 * listed, quit after them. The returned object is filled in by the time the tests run.
 */
export function useGarageApp(
  options: Parameters<typeof launchApp>[0] = {},
  viewport = { width: 1280, height: 800 },
): LaunchedApp {
  const app = {} as LaunchedApp;
  beforeAll(async () => {
    Object.assign(app, await launchApp(options));
    await app.page.setViewportSize(viewport);
    await vehicleList(app.page).getByRole('option').first().waitFor();
  });
  afterAll(async () => {
    await app.close?.();
  });
  return app;
}

/**
 * Presses "Refresh garage" and waits for its outcome: the app read the garage at start-up, so a test
 * that changed the simulator's cars reads them again (the start-up read's outcome is dismissed first,
 * so the one waited for is this one's).
 */
export async function readGarageAgain(page: Page): Promise<void> {
  const garage = page.getByRole('navigation', { name: 'Garage' });
  const dismiss = garage.getByRole('button', { name: 'Dismiss' });
  if (await dismiss.count()) await dismiss.click();
  await garage.getByRole('button', { name: 'Refresh garage' }).click();
  await garage.getByText(/^Refreshed (\d+) of \1 vehicles at /).waitFor({ timeout: 60_000 });
}
