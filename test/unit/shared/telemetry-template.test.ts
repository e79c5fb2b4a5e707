// Shop templates and how a vehicle's configuration compares to one; the shared workshop command list
// and the access answers' schemas.
import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  compareToTemplate,
  describeDifference,
  differsFromTemplate,
  recommendedTemplate,
  templateWriteBody,
} from '../../../electron/shared/telemetry-template';
import { ROUTE_NAMES, type TelemetryConfig } from '../../../electron/shared/wire';
import {
  driversSchema,
  invitationSchema,
  telemetryWriteApplied,
  telemetryWriteResultSchema,
} from '../../../electron/shared/wire-access';
import { COMMAND_NAMES } from '../../../electron/shared/commands';
import {
  WORKSHOP_COMMANDS,
  WORKSHOP_COMMAND_NAMES,
  GUEST_COMMAND_NAMES,
  inSecondsProblem,
  isServiceCommandName,
  isWorkshopCommandName,
} from '../../../electron/shared/workshop-commands';

const NOW = Date.UTC(2026, 4, 1);
const DAY = 86_400;

function carConfig(
  fields: Record<string, number>,
  more: { synced?: boolean; expDays?: number } = {},
): TelemetryConfig {
  return {
    synced: more.synced ?? true,
    config: {
      hostname: 'telemetry.example',
      ca: 'x',
      exp: NOW / 1000 + (more.expDays ?? 200) * DAY,
      port: 4443,
      fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { interval_seconds: v }])),
      alert_types: ['service'],
    },
    update_available: false,
  };
}

describe('checkTemplate', () => {
  it('normalises a good template (trimmed name, sorted fields, notes default to empty) with its warnings', () => {
    const checked = checkTemplate({
      name: '  Fleet A ',
      fields: { Odometer: { interval_seconds: 600 }, Gear: { interval_seconds: 10, extra: 1 } },
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'Fleet A',
        fields: { Gear: { interval_seconds: 10 }, Odometer: { interval_seconds: 600 } },
        notes: '',
      },
      warnings: ['location_missing'],
    });
    const value = checked.ok ? checked.value : null;
    expect(Object.keys(value?.fields ?? {})).toEqual(['Gear', 'Odometer']);
  });

  it('lists every problem at once', () => {
    expect(
      checkTemplate({
        name: '',
        fields: { Gaer: { interval_seconds: 0 }, Odometer: { interval_seconds: 0 } },
        notes: 5,
      }),
    ).toEqual({
      ok: false,
      problems: [
        'name must be 1 to 80 characters',
        'notes must be text',
        "Unknown telemetry field 'Gaer'; did you mean 'Gear'?",
        'Odometer: interval must be at least 1 second',
      ],
    });
    expect(checkTemplate({ name: 'x'.repeat(81), fields: {}, notes: 'n'.repeat(2001) })).toEqual({
      ok: false,
      problems: [
        'name must be 1 to 80 characters',
        'notes must be at most 2000 characters',
        'A template needs at least one field (to stop telemetry, delete the configuration)',
      ],
    });
    expect(checkTemplate(null)).toMatchObject({ ok: false });
    expect(checkTemplate({ name: 'A', fields: [] })).toEqual({
      ok: false,
      problems: ['fields must map field names to {"interval_seconds": n}'],
    });
  });

  it('the recommended template passes its own check, without warnings', () => {
    const recommended = recommendedTemplate();
    expect(checkTemplate(recommended)).toMatchObject({ ok: true, warnings: [] });
    expect(Object.keys(templateWriteBody(recommended).fields)).toHaveLength(10);
  });
});

describe('compareToTemplate', () => {
  const template = {
    fields: {
      Gear: { interval_seconds: 10 },
      Location: { interval_seconds: 30 },
      Odometer: { interval_seconds: 600 },
    },
  };

  it('matches a car with exactly the template, adopted and not expiring', () => {
    const result = compareToTemplate(carConfig({ Gear: 10, Location: 30, Odometer: 600 }), template, NOW);
    expect(result).toEqual({ differences: [], fieldsMatch: true, matches: true, needsWrite: false });
    expect(differsFromTemplate(carConfig({ Gear: 10, Location: 30, Odometer: 600 }), template, NOW)).toBe(
      false,
    );
  });

  it('lists missing, extra and different intervals by field name, then not synced, then expiring', () => {
    const result = compareToTemplate(
      carConfig({ Gear: 10, Location: 60, BatteryLevel: 60 }, { synced: false, expDays: 3 }),
      template,
      NOW,
    );
    expect(result.differences).toEqual([
      { kind: 'extra', field: 'BatteryLevel', vehicleInterval: 60 },
      { kind: 'interval', field: 'Location', vehicleInterval: 60, templateInterval: 30 },
      { kind: 'missing', field: 'Odometer', templateInterval: 600 },
      { kind: 'not_synced' },
      { kind: 'expiring', status: 'soon', expiresAt: NOW + 3 * DAY * 1000, daysLeft: 3 },
    ]);
    expect(result).toMatchObject({ fieldsMatch: false, matches: false, needsWrite: true });
    expect(result.differences.map(describeDifference)).toEqual([
      'BatteryLevel is not in the template (car: every 60 s)',
      'Location is every 60 s on the car, every 30 s in the template',
      'Odometer is missing (template: every 600 s)',
      'The car has not adopted its configuration yet (pending)',
      'The configuration expires on 2026-05-04 (in 3 days)',
    ]);
  });

  it('not synced alone differs but needs no write; expired needs one (a write signs anew)', () => {
    const pending = compareToTemplate(
      carConfig({ Gear: 10, Location: 30, Odometer: 600 }, { synced: false }),
      template,
      NOW,
    );
    expect(pending).toMatchObject({ fieldsMatch: true, matches: false, needsWrite: false });
    const expired = compareToTemplate(
      carConfig({ Gear: 10, Location: 30, Odometer: 600 }, { expDays: -2 }),
      template,
      NOW,
    );
    expect(expired).toMatchObject({ fieldsMatch: true, matches: false, needsWrite: true });
    expect(describeDifference(expired.differences[0]!)).toBe('The configuration expired on 2026-04-29');
  });

  it('a deleted configuration (no fields) misses every template field', () => {
    const result = compareToTemplate(carConfig({}), template, NOW);
    expect(result.differences.map((d) => d.kind)).toEqual(['missing', 'missing', 'missing']);
  });
});

describe('workshop commands and route names', () => {
  it('are distinct from the remote commands, each with a label and an undo that points back', () => {
    const all = [...WORKSHOP_COMMAND_NAMES, ...GUEST_COMMAND_NAMES];
    expect(all.filter((n) => (COMMAND_NAMES as readonly string[]).includes(n))).toEqual([]);
    for (const name of all) {
      const spec = WORKSHOP_COMMANDS[name];
      expect(spec.name).toBe(name);
      expect(spec.label.length).toBeGreaterThan(0);
      if (spec.undoneBy && spec.undoneBy !== 'cancel_software_update') {
        expect(WORKSHOP_COMMANDS[spec.undoneBy].undoneBy).toBe(name);
      }
      expect(isServiceCommandName(name)).toBe(true);
    }
    expect(isServiceCommandName('enable_valet')).toBe(true);
    expect(isWorkshopCommandName('enable_valet')).toBe(false);
    expect(isServiceCommandName('toString')).toBe(false);
    expect(WORKSHOP_COMMANDS.unlock.needsConfirmation).toBe(true);
    expect(GUEST_COMMAND_NAMES.every((n) => WORKSHOP_COMMANDS[n].ownerOnly)).toBe(true);
    expect(new Set(ROUTE_NAMES).size).toBe(ROUTE_NAMES.length);
  });

  it('in_seconds is a whole number from 0 to a day', () => {
    expect(inSecondsProblem(0)).toBeNull();
    expect(inSecondsProblem(86_400)).toBeNull();
    expect(inSecondsProblem(-1)).toMatch(/from 0 to 86400/);
    expect(inSecondsProblem(86_401)).toMatch(/from 0 to 86400/);
    expect(inSecondsProblem(1.5)).toMatch(/whole number/);
    expect(inSecondsProblem('60')).toMatch(/whole number/);
  });
});

describe('access answers', () => {
  it('a write answer is either documented form; anything else is refused', () => {
    expect(telemetryWriteApplied(telemetryWriteResultSchema.parse({ updated_vehicles: 1 }))).toBe(true);
    expect(
      telemetryWriteApplied(
        telemetryWriteResultSchema.parse({
          updated_vehicles: 0,
          skipped_vehicles: { unsupported_firmware: ['V'] },
        }),
      ),
    ).toBe(false);
    expect(telemetryWriteApplied(telemetryWriteResultSchema.parse({ result: true }))).toBe(true);
    expect(telemetryWriteApplied(telemetryWriteResultSchema.parse({ result: false }))).toBe(false);
    expect(telemetryWriteResultSchema.safeParse({}).success).toBe(false);
    expect(telemetryWriteResultSchema.safeParse({ updated_vehicles: -1 }).success).toBe(false);
  });

  it('ids must come as strings of digits too; unknown fields are dropped', () => {
    const driver = {
      my_tesla_unique_id: 1,
      user_id: 2300000000000001,
      user_id_s: '2300000000000001',
      secret: 'x',
    };
    expect(driversSchema.parse({ results: [driver] }).results[0]).not.toHaveProperty('secret');
    expect(driversSchema.safeParse({ results: [{ ...driver, user_id_s: 2300000000000001 }] }).success).toBe(
      false,
    );
    expect(invitationSchema.safeParse({ id: 1, id_s: '1' }).success).toBe(false);
  });
});
