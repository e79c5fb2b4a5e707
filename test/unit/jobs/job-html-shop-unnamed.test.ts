// A repair order's shop: the job's own, else the one named in Settings, else a solo technician's
// page; but a job whose lines the shop's database stamped with roles is a shop's, and an unnamed
// shop is said as such, never as "Solo (no shop)".
import { describe, expect, it } from 'vitest';
import { jobHtml } from '../../../electron/main/jobs/job-html';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { jobFixture, recordFixture } from '../../support/job-fixture';

const words = createTranslator({ language: 'en', formatLocale: 'en-US' });

describe('the shop a repair order names when Settings names none', () => {
  it('says a solo job is solo', () => {
    const job = jobFixture({ shopName: null });
    const html = jobHtml(recordFixture(0, job), { words });
    expect(html).toContain('Solo (no shop)');
    expect(html).not.toContain('name not set');
  });

  it('says a shop job’s shop is unnamed, not solo', () => {
    const solo = jobFixture({ shopName: null });
    const job = { ...solo, events: solo.events.map((event) => ({ ...event, role: 'tech_ana' })) };
    expect(job.events.length).toBeGreaterThan(0);
    const html = jobHtml(recordFixture(0, job), { words });
    expect(html).toContain('Shop (name not set in Settings → Shop on the repair order)');
    expect(html).not.toContain('Solo (no shop)');
  });

  it('names the shop Settings names, for either', () => {
    const job = jobFixture({ shopName: null });
    const html = jobHtml(recordFixture(0, job), { words, shop: { name: 'Reyes Motors', address: '' } });
    expect(html).toContain('Reyes Motors');
    expect(html).not.toContain('Solo (no shop)');
  });
});
