// The template changes waiting in the outbox, laid over the copy of the shop's templates: in their
// order, names compared whatever their case, and an entry the file holds damaged (or an entry that
// changes no template) left out rather than trusted.
import { describe, expect, it } from 'vitest';
import { templateChangeOf, withTemplateChanges } from '../../../electron/main/shop/template-changes';
import type { TelemetryTemplate } from '../../../electron/shared/telemetry-template';

const t = (name: string, interval = 5): TelemetryTemplate => ({
  name,
  fields: { Gear: { interval_seconds: interval } },
  notes: '',
});
let n = 0;
const entry = (template: unknown) => ({
  id: `id-${++n}`,
  time: new Date(0).toISOString(),
  technician: 'Ana',
  template,
});

describe('template changes waiting for the shop', () => {
  it('lays saves and removals over the copy in order, by name whatever the case', () => {
    const copy = [t('Bay'), t('Lot')];
    const waiting = [
      entry({ kind: 'save', template: t('yard', 2) }),
      entry({ kind: 'remove', name: 'LOT' }),
      entry({ kind: 'save', template: t('BAY', 9) }),
      entry({ kind: 'remove', name: 'Yard' }),
      entry({ kind: 'save', template: t('Yard', 3) }),
    ];
    expect(withTemplateChanges(copy, waiting)).toEqual([t('BAY', 9), t('Yard', 3)]);
    expect(copy).toEqual([t('Bay'), t('Lot')]);
  });

  it('leaves out an entry whose change is damaged or missing', () => {
    const damaged = [
      entry({
        kind: 'save',
        template: { name: 'Bad', fields: { Gaer: { interval_seconds: 0 } }, notes: '' },
      }),
      entry({ kind: 'remove', name: '  ' }),
      entry({ kind: 'rename', name: 'Lot' }),
      entry(null),
      entry('save'),
      { id: 'x', time: '', technician: 'Ana' },
    ];
    for (const each of damaged) expect(templateChangeOf(each)).toBeNull();
    expect(withTemplateChanges([t('Lot')], damaged)).toEqual([t('Lot')]);
  });
});
