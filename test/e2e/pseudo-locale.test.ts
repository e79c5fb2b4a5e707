// The shipped app on a system whose locale is the pseudo-locale en-XA: every word from the catalogs
// comes accented, about 40 % longer and in brackets, as German and Finnish run longer than English.
// On each main screen no text is cut off by its box (a box that hides its overflow and holds more
// than it shows), and on the screens whose words are in the catalogs no plain English word is left
// (a word that skipped the catalog stays plain ASCII; the cars' own data is told apart from it).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoMessage } from '../../electron/shared/i18n/pseudo-locale';
import { countryWords } from '../../electron/shared/vin-words';
import { decodeVin } from '../../electron/shared/vin';
import { FIRMWARE_ALERTS } from '../../electron/main/simulator/catalogue';
import { CATALOG_LANGUAGES, languageName } from '../../electron/shared/i18n/languages';
import { call } from '../simulator/client';
import { launchApp, type LaunchedApp } from '../support/launch';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An accessible name as the pseudo-locale says it, or in English where a screen is not moved yet. */
function named(english: string): RegExp {
  return new RegExp(`^(${escape(english)}|${escape(pseudoMessage(english))})$`);
}

/** The garage list, named in the pseudo-locale or, until its screen is moved, in English. */
function vehicleList(page: Page): Locator {
  return page.getByRole('listbox', { name: named('Vehicles') });
}

function main(page: Page): Locator {
  return page.getByRole('main', { name: named('Vehicle details') });
}

function views(page: Page): Locator {
  return page.getByRole('navigation', { name: named('Views') });
}

interface Clipped {
  text: string;
  element: string;
  shown: number;
  needed: number;
}

/**
 * Visible elements that hide their overflow (or end it in an ellipsis) and whose words from the
 * catalogs need more room than they give them, with the text they cut. A car's own data cut with
 * an ellipsis (a long model name in a row) is the layout's choice, not a translation cut off; a
 * box of one pixel is text for screen readers only.
 */
async function clippedText(page: Page): Promise<Clipped[]> {
  // Said from the catalogs: an accented letter, or the bracket each message opens with.
  const pattern = `[[${pseudoMessage('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ').slice(1, -1)}]`;
  return page.evaluate((pattern) => {
    const found: Clipped[] = [];
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const said = new RegExp(pattern, 'u');
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      if (!hides(style.overflowX) && style.textOverflow !== 'ellipsis') continue;
      if (element.offsetParent === null && style.position !== 'fixed') continue;
      const text = (element.innerText ?? '').trim();
      if (!said.test(text) || element.clientWidth <= 1) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push({
          text: text.slice(0, 80),
          element: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`,
          shown: element.clientWidth,
          needed: element.scrollWidth,
        });
      }
    }
    return found;
  }, pattern);
}

/** Plain ASCII words of three letters or more in the visible text of `region`. */
async function plainWords(region: Locator): Promise<string[]> {
  const text = await region.evaluate((element) => (element as HTMLElement).innerText);
  return [...new Set(text.match(/(?<![\p{L}\p{N}])[A-Za-z]{3,}(?![\p{L}\p{N}])/gu) ?? [])];
}

describe('the app in the pseudo-locale', { timeout: 240_000 }, () => {
  const app = {} as LaunchedApp;
  beforeAll(async () => {
    Object.assign(app, await launchApp({ systemLocale: 'en-XA', demo: { vehicles: 4, flakiness: false } }));
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
    // Where each car is, as the service words it (the Overview's location card shows it).
    places = await Promise.all(
      app.simulator.vins.map(async (vin) => (await call(app.simulator, 'GET', `/${vin}/location`)).json),
    );
  });
  afterAll(async () => {
    await app.close?.();
  });
  let places: unknown[] = [];

  /**
   * Words no catalog says: the cars' own data (names, models, versions, VINs, the service's
   * alerts), the makers and plants a VIN names, the demo profile's name, unit symbols, and what
   * Intl writes in the pseudo-locale's region (en): "3 hours ago", "Nov 28", "United States".
   */
  function dataWords(): Set<string> {
    const words = new Set<string>(['demo', 'bar', 'kpa', 'psi']);
    // Compared in lower case and split at camelCase, as the window words a signal name
    // ("frontDoorNotClosed": "Front door not closed").
    const add = (text: string) =>
      (text.replace(/([a-z])([A-Z])/g, '$1 $2').match(/[A-Za-z]{3,}/g) ?? []).forEach((word) =>
        words.add(word.toLowerCase()),
      );
    const vehicles = app.simulator.vehicles();
    add(JSON.stringify(vehicles));
    add(JSON.stringify(places));
    // Each language by its own name ("Deutsch"), and the system's platform, as Settings names them.
    CATALOG_LANGUAGES.forEach((language) => add(languageName(language)));
    add(process.platform);
    // The drive tags suggested: tags are data on the service, the same words in every language
    // so that one tag never splits into two (PlateAndTagsPanel.svelte).
    add('Business Personal Service Test drive');
    // The firmware alerts' names and descriptions are the service's words.
    add(JSON.stringify(FIRMWARE_ALERTS));
    for (const { vin } of vehicles) {
      const { maker, plant, country } = decodeVin(vin);
      add(`${maker ?? ''} ${plant ?? ''} ${country ? countryWords(country, 'en') : ''}`);
    }
    const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;
    for (const unit of units)
      for (const n of [-2, -1, 1, 2]) {
        add(new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(n, unit));
        add(new Intl.RelativeTimeFormat('en', { numeric: 'always' }).format(n, unit));
        for (const unitDisplay of ['long', 'short'] as const)
          add(new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay }).format(n));
      }
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, 1 + month, 15));
      for (const style of ['long', 'short'] as const)
        add(new Intl.DateTimeFormat('en', { month: style, weekday: style, hour: 'numeric' }).format(date));
    }
    add(new Intl.ListFormat('en', { type: 'conjunction' }).format(['a', 'b', 'c']));
    add(new Intl.ListFormat('en', { type: 'disjunction' }).format(['a', 'b', 'c']));
    return words;
  }

  async function noClipping(where: string): Promise<void> {
    const clipped = await clippedText(app.page);
    expect(
      clipped.map((c) => JSON.stringify(c)),
      where,
    ).toEqual([]);
  }

  async function noEnglish(region: Locator, where: string): Promise<void> {
    const data = dataWords();
    const left = (await plainWords(region)).filter((word) =>
      word
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .split(' ')
        .some((part) => part.length >= 3 && !data.has(part.toLowerCase())),
    );
    expect(left, where).toEqual([]);
  }

  it('speaks the pseudo-locale, so the window is in it', async () => {
    const { page } = app;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
    await expect
      .poll(() => page.getByRole('listbox', { name: named('Vehicles') }).count())
      .toBeGreaterThan(0);
  });

  it('finds text its box cuts off, as the checks below rely on', async () => {
    const { page } = app;
    await page.evaluate((text) => {
      const box = document.createElement('div');
      box.id = 'too-narrow';
      box.textContent = text;
      box.style.cssText = 'width: 40px; overflow: hidden; white-space: nowrap';
      document.body.append(box);
    }, pseudoMessage('Refresh garage'));
    expect((await clippedText(page)).map((c) => c.text)).toContain(pseudoMessage('Refresh garage'));
    await page.evaluate(() => document.getElementById('too-narrow')?.remove());
    expect(await clippedText(page)).toEqual([]);
  });

  it('cuts no text off on the garage list, a vehicle and its tabs, and Settings', async () => {
    const { page } = app;
    await noClipping('the garage list');
    await vehicleList(page).getByRole('option').first().click();
    const tabs = main(page).getByRole('tab');
    await tabs.first().waitFor();
    const count = await tabs.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      await tab.click();
      await main(page).getByRole('tabpanel').waitFor();
      await noClipping(`the ${await tab.innerText()} tab`);
    }
    await views(page)
      .getByRole('button', { name: named('Settings') })
      .click();
    await main(page)
      .getByRole('heading', { name: named('Settings') })
      .waitFor();
    await noClipping('Settings');
    await views(page)
      .getByRole('button', { name: named('Vehicles') })
      .click();
  });

  it('leaves no English word on the screens whose words are in the catalogs', async () => {
    const { page } = app;
    await noEnglish(page.getByRole('navigation', { name: named('Garage') }), 'the garage list');
    await vehicleList(page).getByRole('option').first().click();
    await main(page).getByRole('tab').first().click();
    await noEnglish(main(page).getByRole('tabpanel'), 'the Overview tab');
    await main(page)
      .getByRole('tab', { name: named('Plate and drive tags') })
      .click();
    await noEnglish(main(page).getByRole('tabpanel'), 'the Plate and drive tags tab');
    await views(page)
      .getByRole('button', { name: named('Settings') })
      .click();
    await page.getByRole('heading', { name: named('Settings') }).waitFor();
    await noEnglish(page.getByRole('main'), 'Settings');
    await views(page)
      .getByRole('button', { name: named('Vehicles') })
      .click();
  });
});
