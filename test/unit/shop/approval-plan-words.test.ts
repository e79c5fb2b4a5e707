// What a request of the two-person rule asks, in the words the requests' list, the foreman's
// notification and the shop log use: each kind of plan named from the catalogs, in English and in
// German, its cars counted by the translator's plural rules; and a plan of one kind never taken for
// one of another by the schema main checks every plan with.
import { beforeAll, describe, expect, it } from 'vitest';
import { planAction, planTarget, planText, type ApprovalPlan } from '../../../electron/shared/approval-plan';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { approvalPlanSchema } from '../../../electron/shared/ipc/schemas';

const VINS = ['5YJSA1ED8TF781301', 'LRW3E1EA1NC411559'];

describe('a plan in words', () => {
  beforeAll(() => loadCatalog('de'));

  it('names each kind, and where it goes, in English and in German', () => {
    const de = createTranslator({ language: 'de', formatLocale: 'de-DE' }).t;
    const plans: [ApprovalPlan, string, string][] = [
      [{ kind: 'remove_driver', userId: '42' }, 'Remove driver 42', 'Fahrer 42 entfernen'],
      [{ kind: 'invitation' }, 'Create an invitation', 'Eine Einladung erstellen'],
      [
        { kind: 'telemetry_write', fields: { Gear: { interval_seconds: 5 } } },
        'Write a telemetry configuration of 1 field',
        'Eine Telemetriekonfiguration mit 1 Feld schreiben',
      ],
      [
        { kind: 'telemetry_delete' },
        'Delete the telemetry configuration',
        'Die Telemetriekonfiguration löschen',
      ],
      [
        { kind: 'template_rollout', template: { name: 'Fleet', fields: {} }, vins: VINS },
        'Roll out template “Fleet”',
        'Vorlage „Fleet“ ausrollen',
      ],
    ];
    for (const [plan, english, german] of plans) {
      expect(planText(plan)).toBe(english);
      expect(planText(plan, de)).toBe(german);
    }
    const bulk: ApprovalPlan = { kind: 'bulk', command: { name: 'honk', options: {} }, vins: VINS };
    expect(planTarget(bulk, '')).toBe('2 cars');
    expect(planTarget(bulk, '', de)).toBe('2 Fahrzeugen');
    expect(planTarget({ ...bulk, vins: [VINS[0]!] }, '')).toBe('1 car');
    expect(planTarget({ kind: 'invitation' }, VINS[0]!)).toBe(VINS[0]);
  });

  it('is checked whole: another kind’s fields, an unknown kind, a command the action does not name', () => {
    expect(approvalPlanSchema.safeParse({ kind: 'invitation', userId: '42' }).success).toBe(false);
    expect(approvalPlanSchema.safeParse({ kind: 'format_disk' }).success).toBe(false);
    expect(
      approvalPlanSchema.safeParse({ kind: 'bulk', command: { name: 'honk', options: {} }, vins: [] })
        .success,
    ).toBe(false);
    const unlock: ApprovalPlan = { kind: 'command', command: { name: 'unlock', options: {} } };
    expect(approvalPlanSchema.parse(unlock)).toEqual(unlock);
    expect(planAction(unlock)).toBe('unlock');
    expect(planAction({ kind: 'command', command: { name: 'enable_valet', options: {} } })).toBe('valet');
    expect(planAction({ kind: 'bulk', command: { name: 'unlock', options: {} }, vins: VINS })).toBe('bulk');
  });
});
