// Runtime schemas for every operation's arguments (main validates each IPC call against these:
// the renderer is untrusted). Objects are strict: an unknown key is invalid input.
import { z } from 'zod';
import { baseUrlProblem } from '../base-url';
import {
  BULK_RUN_COMMAND_NAMES,
  RUN_COMMAND_NAMES,
  runCommandSpec,
  type RunCommandName,
} from '../bulk-commands';
import { COMMANDS, MAX_ATTEMPTS_MAX, MAX_ATTEMPTS_MIN } from '../commands';
import { inServiceUnits } from '../command-units';
import {
  ADD_MANY_MAX,
  languageProblem,
  NICKNAME_MAX,
  parseDrives,
  plateProblem,
  SOFTWARE_VERSION_RE,
  tagProblem,
} from '../input-rules';
import {
  parseProxyUrl,
  PROXY_MODES,
  PROXY_PASSWORD_MAX,
  PROXY_URL_MAX,
  PROXY_USERNAME_MAX,
  proxyUsernameProblem,
} from '../network-settings';
import { SHOP_SSL_MODES } from '../shop';
import { POLICY_ACTIONS, SHOP_GROUPS } from '../shop-policy';
import { DESK_LOCK_MINUTES_MAX, DESK_LOCK_MINUTES_MIN, DESK_ROLE_MAX } from '../shop-desk';
import { normalizeVin, vinProblem } from '../vin';
import { JOB_TEXT_MAX, REPAIR_ORDER_MAX, TECHNICIAN_MAX } from '../jobs/job-record';
import { addressLines, SHOP_ADDRESS_LINES_MAX, SHOP_ADDRESS_MAX, SHOP_NAME_MAX } from '../shop-identity';
import { LOT_RADIUS_MAX_M, LOT_RADIUS_MIN_M, PRICE_PER_KWH_MAX } from '../shop-visit';
import { fieldProblems } from '../telemetry-rules';
import { checkTemplate, TEMPLATE_NAME_MAX } from '../telemetry-template';
import { AUDIT_OUTCOMES, AUDIT_SEARCH_LIMIT_MAX, AUDIT_SEARCH_TEXT_MAX } from '../types';
import { IN_SECONDS_MAX } from '../workshop-commands';
import { problemCheck } from '../problem-check';
import { refusal, schemaSay } from './schema-words';
import { VEHICLE_READ_NAMES, type VehicleReadName } from '../vehicle-reads';
import { VEHICLE_READ_SCHEMAS } from '../vehicle-read-schemas';
import type { OperationName } from './operations';

const id = z.string().min(1).max(100);
const vin = z
  .string()
  .max(64)
  .transform(normalizeVin)
  .superRefine(problemCheck((value) => vinProblem(value, schemaSay)));
const profileName = z
  .string()
  .trim()
  .min(1, { error: refusal('args.nameEmpty') })
  .max(60, { error: refusal('args.nameTooLong', { max: '60' }) });
const baseUrl = z
  .string()
  .trim()
  .max(2048)
  .superRefine(problemCheck((value) => baseUrlProblem(value, schemaSay)));
// The vault applies the full token rules; this only bounds what crosses IPC.
const token = z.string().max(16_384);
const nickname = z
  .string()
  .trim()
  .max(NICKNAME_MAX, { error: refusal('args.nicknameTooLong', { max: String(NICKNAME_MAX) }) });
const bounded = (spec: { min: number; max: number; integer: boolean }) => {
  const number = z.number().min(spec.min).max(spec.max);
  return spec.integer ? number.int() : number;
};

// A manual proxy needs a usable address; credentials belong to a manual proxy only.
const networkSettings = z
  .strictObject({
    mode: z.enum(PROXY_MODES),
    proxyUrl: z.string().max(PROXY_URL_MAX).optional(),
    credentials: z
      .strictObject({
        username: z
          .string()
          .max(PROXY_USERNAME_MAX)
          .superRefine(problemCheck((value) => proxyUsernameProblem(value, schemaSay))),
        password: z
          .string()
          .min(1, { error: refusal('network.passwordMissing') })
          .max(PROXY_PASSWORD_MAX),
      })
      .nullable()
      .optional(),
  })
  .superRefine((settings, ctx) => {
    if (settings.mode !== 'manual') {
      if (settings.credentials)
        ctx.addIssue({
          code: 'custom',
          path: ['credentials'],
          message: schemaSay('args.credentialsManualOnly'),
        });
      return;
    }
    const parsed = parseProxyUrl(settings.proxyUrl ?? '', schemaSay);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', path: ['proxyUrl'], message: parsed.problem });
  });

const commandOptions = z.strictObject({
  waitForCompletion: z.boolean().optional(),
  maxAttempts: z.number().int().min(MAX_ATTEMPTS_MIN).max(MAX_ATTEMPTS_MAX).optional(),
  temperature: bounded(COMMANDS.set_temperatures.param!).optional(),
  amps: bounded(COMMANDS.set_charging_amps.param!).optional(),
  percent: bounded(COMMANDS.set_charge_limit.param!).optional(),
  mph: bounded(COMMANDS.set_speed_limit.param!).optional(),
  /** schedule_software_update only: seconds from now, 0 installs now. */
  inSeconds: z.number().int().min(0).max(IN_SECONDS_MAX).optional(),
  /** The technician confirmed sending to a car another technician has claimed (recorded). */
  overrideClaim: z.boolean().optional(),
});

/** A command's own parameter is required for it and meaningless for the others. */
function ownParamCheck(
  name: RunCommandName,
  options: z.infer<typeof commandOptions> | undefined,
  at: (string | number)[],
  ctx: z.RefinementCtx,
): void {
  const own = runCommandSpec(name).param?.name;
  for (const key of ['temperature', 'amps', 'percent', 'mph'] as const) {
    const given = options?.[key] !== undefined;
    if (key === own && !given)
      ctx.addIssue({
        code: 'custom',
        path: [...at, key],
        message: schemaSay('args.paramRequired', { param: key }),
      });
    if (key !== own && given)
      ctx.addIssue({
        code: 'custom',
        path: [...at, key],
        message: schemaSay('args.paramNotTaken', { command: name, param: key }),
      });
  }
  inSecondsCheck(name, options, at, ctx);
}

/** The software update's time is required for it and meaningless for every other command. */
function inSecondsCheck(
  name: string,
  options: { inSeconds?: number } | undefined,
  at: (string | number)[],
  ctx: z.RefinementCtx,
): void {
  const given = options?.inSeconds !== undefined;
  if (name === 'schedule_software_update' && !given)
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'inSeconds'],
      message: schemaSay('args.inSecondsRequired'),
    });
  if (name !== 'schedule_software_update' && given)
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'inSeconds'],
      message: schemaSay('args.paramNotTaken', { command: name, param: 'inSeconds' }),
    });
}

/**
 * A run's command: checked here for a run the renderer starts, and by the run store for a run read
 * back from disk (whose "Retry failed" sends it again), so both boundaries apply the one rule.
 */
export const runCommandSchema = z
  .strictObject({ name: z.enum(RUN_COMMAND_NAMES), options: commandOptions })
  .superRefine(({ name, options }, ctx) => ownParamCheck(name, options, ['options'], ctx));

/**
 * A value typed in the technician's unit when one is named (°F, km/h): the options take it unbounded,
 * turn it into the service's (°C, mph) and only then bound it as the service's, so a run, the audit
 * log and the request hold what the car is sent.
 */
const entryUnitFields = {
  temperature: z.number().optional(),
  mph: z.number().optional(),
  temperatureUnit: z.enum(['c', 'f']).optional(),
  speedUnit: z.enum(['mph', 'km/h']).optional(),
};

/**
 * A bulk run's command: only those that make sense for a whole lot (shared/bulk-commands.ts), its
 * value typed in the technician's unit as a single command's is.
 */
const bulkRunCommandSchema = z
  .strictObject({
    name: z.enum(BULK_RUN_COMMAND_NAMES),
    options: commandOptions
      .extend(entryUnitFields)
      .transform((options) => inServiceUnits(options))
      .pipe(commandOptions),
  })
  .superRefine(({ name, options }, ctx) => ownParamCheck(name, options, ['options'], ctx));

/** A VIN as every boundary of main takes it: trimmed, upper-cased, then checked (shared/vin.ts). */
export const vinSchema = vin;

/** The technician was told the car was last seen offline, and sends anyway. */
const offlineConfirmedField = { offlineConfirmed: z.boolean().optional() };

/**
 * A command to one car: any remote, workshop or guest-mode command, or the wake-up, with its own
 * values and the technician's confirmations. A value typed in the technician's unit (°F, km/h,
 * named beside it) becomes the service's (°C, mph) here, before its bounds are checked, so the
 * run, the audit log and the request hold what the car is sent.
 */
const vehicleCommandArgs = z
  .tuple([
    vin,
    z.enum(RUN_COMMAND_NAMES),
    commandOptions
      .extend({ ...entryUnitFields, ...offlineConfirmedField })
      .transform((options) => inServiceUnits(options))
      .pipe(commandOptions.extend(offlineConfirmedField))
      .optional(),
  ])
  .superRefine(([, name, options], ctx) => ownParamCheck(name, options, [2], ctx));

/** A bulk run's vehicles at most (a garage of thousands, with room). */
export const RUN_ITEMS_MAX = 10_000;

/** A run's vehicles as the dry run planned them; those with `skip` are listed but never sent. */
const runItems = z
  .array(
    z.strictObject({
      vin,
      skip: z
        .strictObject({ reason: z.string().trim().min(1).max(60), message: z.string().max(300) })
        .nullable()
        .optional(),
    }),
  )
  .min(1)
  .max(RUN_ITEMS_MAX);

const runId = z.string().regex(/^[0-9a-f-]{36}$/, 'not a run id');

// Raw entries: each is checked on its own in main, so one bad line skips itself, not the paste.
const addManyEntry = z.strictObject({
  vin: z.string().max(64),
  nickname: z.string().max(256).optional(),
});

const version = z
  .string()
  .max(32)
  .refine((value) => value === '' || SOFTWARE_VERSION_RE.test(value), {
    error: refusal('args.versionShape'),
  });

// An audit range bound: a date (the whole UTC day) or an ISO time; from must not be after to.
const auditTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const auditRange = <S extends { from: z.ZodOptional<typeof auditTime>; to: z.ZodOptional<typeof auditTime> }>(
  shape: S & z.ZodRawShape,
) =>
  z
    .strictObject(shape)
    .refine(
      (q: { from?: string; to?: string }) =>
        q.from === undefined || q.to === undefined || Date.parse(q.from) <= Date.parse(q.to) + 86_399_999,
      { error: refusal('args.rangeReversed'), path: ['from'] },
    );

// The shop's settings: bounded strings; the connection layer checks their meaning in main.
const shopText = (max: number) => z.string().trim().max(max);
const shopSettings = z.strictObject({
  mode: z.enum(['solo', 'shop']),
  connection: z.strictObject({
    url: shopText(2048).optional(),
    host: shopText(255).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    database: shopText(63).optional(),
    user: shopText(63).optional(),
    sslmode: z.enum(SHOP_SSL_MODES).optional(),
    caFile: shopText(4096).optional(),
    clientCertFile: shopText(4096).optional(),
    clientKeyFile: shopText(4096).optional(),
  }),
  technician: shopText(80),
  machine: shopText(80),
  desk: z
    .strictObject({
      enabled: z.boolean(),
      lockMinutes: z.number().int().min(DESK_LOCK_MINUTES_MIN).max(DESK_LOCK_MINUTES_MAX),
    })
    .optional(),
});
const shopPassword = z
  .string()
  .min(1, { error: refusal('args.passwordEmpty') })
  .max(1024);
/** A database role as typed at the desk's sign-in (PostgreSQL keeps 63 bytes of a name). */
const deskRole = z
  .string()
  .trim()
  .min(1, { error: refusal('desk.roleEmpty') })
  .max(DESK_ROLE_MAX)
  .refine((role) => new TextEncoder().encode(role).length <= DESK_ROLE_MAX, {
    error: refusal('desk.roleLong', { max: String(DESK_ROLE_MAX) }),
  });
const claimOptions = z.strictObject({ note: shopText(500).optional() }).optional();
const policyRules = z
  .array(
    z.strictObject({
      action: z.enum(POLICY_ACTIONS),
      roles: z.array(z.enum(SHOP_GROUPS)).max(SHOP_GROUPS.length),
      bulkMax: z.number().int().min(1).max(RUN_ITEMS_MAX).nullable(),
    }),
  )
  .max(POLICY_ACTIONS.length);
const requestId = z.string().regex(/^[0-9a-f-]{36}$/, 'not a request id');
const jobId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { error: refusal('args.unknownJob') });

/** The PDF prints in the technician's units (display choices the window keeps). */
const pdfArgs = z.tuple([
  jobId,
  z
    .strictObject({
      pressure: z.enum(['bar', 'kPa', 'psi']).optional(),
      distance: z.enum(['km', 'mi']).optional(),
      temperature: z.enum(['c', 'f']).optional(),
    })
    .optional(),
]);
const technician = z.string().trim().min(1).max(TECHNICIAN_MAX).optional();
// Ids as the strings the service sends (`user_id_s`, `id_s`): exact at any size.
const serviceId = z.string().regex(/^\d{1,20}$/, { error: refusal('args.serviceId') });

// Known field names only (the closest one suggested), whole intervals of at least 1 s.
const telemetryFields = z
  .record(z.string().max(100), z.strictObject({ interval_seconds: z.number() }))
  .superRefine((fields, ctx) => {
    if (Object.keys(fields).length > 300)
      ctx.addIssue({ code: 'custom', message: schemaSay('args.tooManyFields') });
    for (const p of fieldProblems(fields, schemaSay))
      ctx.addIssue({ code: 'custom', path: [p.field.slice(0, 60)], message: p.message });
  });

const telemetryWrite = z.union([
  z.strictObject({ fields: telemetryFields }),
  z.strictObject({ recommended: z.literal(true) }),
]);

/** A bulk command's or a roll-out's cars in a request: distinct VINs, at least one. */
const planVins = z
  .array(vin)
  .min(1)
  .max(RUN_ITEMS_MAX)
  .refine((vins) => new Set(vins).size === vins.length, { error: refusal('approvalPlan.duplicateVins') });

/**
 * A request's plan as the shop keeps it (shared/approval-plan.ts): main makes every plan through
 * this before asking, and checks the one read back before carrying it out, so the plan the
 * database compares when it is taken is the one approved, to the letter.
 */
export const approvalPlanSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('command'), command: runCommandSchema }),
  z.strictObject({ kind: z.literal('remove_driver'), userId: serviceId }),
  z.strictObject({ kind: z.literal('invitation') }),
  z.strictObject({
    kind: z.literal('telemetry_write'),
    fields: z.union([telemetryFields, z.literal('recommended')]),
  }),
  z.strictObject({ kind: z.literal('telemetry_delete') }),
  z.strictObject({ kind: z.literal('bulk'), command: runCommandSchema, vins: planVins }),
  z.strictObject({
    kind: z.literal('template_rollout'),
    template: z.strictObject({
      name: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
      fields: telemetryFields,
    }),
    vins: planVins,
  }),
]);

/** What the window asks for after a refusal (shared/approval-plan.ts ApprovalAsk). */
const approvalAsk = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('remove_driver'), vin, userId: serviceId }),
  z.strictObject({ kind: z.literal('invitation'), vin }),
  z.strictObject({
    kind: z.literal('telemetry_write'),
    vin,
    fields: z.union([telemetryFields, z.literal('recommended')]),
  }),
  z.strictObject({ kind: z.literal('telemetry_delete'), vin }),
  z.strictObject({ kind: z.literal('bulk'), command: bulkRunCommandSchema, vins: planVins }),
  z.strictObject({
    kind: z.literal('template_rollout'),
    template: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
    vins: planVins,
  }),
]);

// The shape first, then the template's own rules (checkTemplate), every problem at once.
const template = z
  .strictObject({
    name: z.string().max(1000),
    fields: z.record(z.string().max(100), z.strictObject({ interval_seconds: z.number() })),
    notes: z.string().max(10_000).optional(),
  })
  .transform((value, ctx) => {
    const checked = checkTemplate(value, schemaSay);
    if (checked.ok) return checked.value;
    for (const message of checked.problems) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** A vehicle read's arguments: the VIN and the read's own options (vehicle-read-schemas.ts). */
type VehicleReadArgs = {
  [Name in VehicleReadName as `vehicles.${Name}`]: z.ZodTuple<
    [typeof vin, z.ZodOptional<(typeof VEHICLE_READ_SCHEMAS)[Name]['options']>],
    null
  >;
};

// Each row's options schema is its own read's; the collection is said to be the table's once.
const vehicleReadArgs = Object.fromEntries(
  VEHICLE_READ_NAMES.map((name) => [
    `vehicles.${name}`,
    z.tuple([vin, VEHICLE_READ_SCHEMAS[name].options.optional()]),
  ]),
) as VehicleReadArgs;

export const ARG_SCHEMAS = {
  'app.info': z.tuple([]),
  'app.diagnostics': z.tuple([]),
  'updates.check': z.tuple([]),
  'updates.status': z.tuple([]),
  // Installing restarts the app: the renderer must pass the technician's explicit consent.
  'updates.install': z.tuple([z.strictObject({ consent: z.literal(true) })]),
  'profiles.list': z.tuple([]),
  'profiles.create': z.tuple([z.strictObject({ name: profileName, baseUrl: baseUrl.optional() })]),
  'profiles.update': z.tuple([
    id,
    z.strictObject({ name: profileName.optional(), baseUrl: baseUrl.optional() }),
  ]),
  'profiles.remove': z.tuple([id]),
  'profiles.activate': z.tuple([id]),
  'profiles.setToken': z.tuple([id, token]),
  'profiles.clearToken': z.tuple([id]),
  'profiles.testConnection': z.tuple([id]),
  'vehicles.list': z.tuple([]),
  'vehicles.add': z.tuple([z.strictObject({ vin, nickname: nickname.optional() })]),
  'vehicles.addMany': z.tuple([z.strictObject({ entries: z.array(addManyEntry).max(ADD_MANY_MAX) })]),
  'vehicles.remove': z.tuple([vin]),
  'vehicles.rename': z.tuple([vin, nickname.nullable()]),
  ...vehicleReadArgs,
  'vehicles.releaseNotes': z.tuple([
    vin,
    z
      .strictObject({
        version: version.optional(),
        language: z
          .string()
          .max(16)
          .superRefine(problemCheck((value) => languageProblem(value, schemaSay)))
          .optional(),
        staged: z.boolean().optional(),
        refresh: z.boolean().optional(),
      })
      .optional(),
  ]),
  'vehicles.setPlate': z.tuple([
    vin,
    z.strictObject({
      plate: z
        .string()
        .max(64)
        .superRefine(problemCheck((value) => plateProblem(value, schemaSay)))
        .nullable(),
      /** The technician confirmed writing to a car another technician has claimed (recorded). */
      overrideClaim: z.boolean().optional(),
    }),
  ]),
  'vehicles.setDriveTag': z.tuple([
    vin,
    z.strictObject({
      drives: z
        .string()
        .max(32_768)
        // Checked and normalised here, once ("10000, 10001" → "10000,10001"), the form the service takes.
        .transform((value, ctx) => {
          const parsed = parseDrives(value, schemaSay);
          if (parsed.ok) return parsed.wire;
          ctx.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }),
      tag: z.string().superRefine(problemCheck((value) => tagProblem(value, schemaSay))),
    }),
  ]),
  'vehicles.state': z.tuple([
    vin,
    z.strictObject({ live: z.boolean().optional(), refresh: z.boolean().optional() }).optional(),
  ]),
  'vehicles.drivers': z.tuple([vin]),
  'vehicles.removeDriver': z.tuple([vin, serviceId]),
  'vehicles.invitations': z.tuple([vin]),
  'vehicles.createInvitation': z.tuple([
    vin,
    z.strictObject({ overrideClaim: z.boolean().optional() }).optional(),
  ]),
  'vehicles.revokeInvitation': z.tuple([vin, serviceId]),
  'vehicles.writeTelemetryConfig': z.tuple([vin, telemetryWrite]),
  // Stopping telemetry ends the service's tracking of the car: the renderer must pass the confirmation.
  'vehicles.deleteTelemetryConfig': z.tuple([
    vin,
    z.strictObject({ confirmed: z.literal(true), overrideClaim: z.boolean().optional() }),
  ]),
  'templates.list': z.tuple([]),
  'templates.save': z.tuple([template]),
  'templates.remove': z.tuple([z.string().trim().min(1).max(TEMPLATE_NAME_MAX)]),
  'templates.compareGarage': z.tuple([z.string().trim().min(1).max(TEMPLATE_NAME_MAX)]),
  'account.vehicles': z.tuple([z.strictObject({ onlyActive: z.boolean().optional() }).optional()]),
  'fleet.batteryHealth': z.tuple([z.strictObject({ refresh: z.boolean().optional() }).optional()]),
  'fleet.status': z.tuple([z.strictObject({ refresh: z.boolean().optional() }).optional()]),
  'audit.list': z.tuple([
    auditRange({
      vin: vin.optional(),
      from: auditTime.optional(),
      to: auditTime.optional(),
      outcome: z.enum(AUDIT_OUTCOMES).optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
    }).optional(),
  ]),
  'audit.search': z.tuple([
    z
      .string()
      .trim()
      .min(1, { error: refusal('historySearch.textEmpty') })
      .max(AUDIT_SEARCH_TEXT_MAX, {
        error: refusal('historySearch.textTooLong', { max: String(AUDIT_SEARCH_TEXT_MAX) }),
      }),
    z.strictObject({ limit: z.number().int().min(1).max(AUDIT_SEARCH_LIMIT_MAX).optional() }).optional(),
  ]),
  'audit.exportToFile': z.tuple([
    auditRange({ vin: vin.optional(), from: auditTime.optional(), to: auditTime.optional() }).optional(),
  ]),
  'jobs.open': z.tuple([
    vin,
    z.strictObject({
      repairOrder: z
        .string()
        .trim()
        .min(1, { error: refusal('args.repairOrderRequired') })
        .max(REPAIR_ORDER_MAX, {
          error: refusal('args.repairOrderTooLong', { max: String(REPAIR_ORDER_MAX) }),
        }),
      complaint: z.string().max(JOB_TEXT_MAX).optional(),
      customer: z.string().max(JOB_TEXT_MAX).optional(),
      technician,
    }),
  ]),
  'jobs.addNote': z.tuple([
    jobId,
    z
      .string()
      .trim()
      .min(1, { error: refusal('args.noteEmpty') })
      .max(JOB_TEXT_MAX),
    z.strictObject({ technician }).optional(),
  ]),
  'jobs.close': z.tuple([
    jobId,
    z
      .strictObject({
        acknowledge: z
          .array(z.enum(['valet', 'chargePort', 'lowPower', 'sentry', 'speedLimit', 'chargeLimit']))
          .max(6)
          .optional(),
        technician,
        /** The repair order's cause found and correction made, said at close. */
        cause: z.string().max(JOB_TEXT_MAX).optional(),
        correction: z.string().max(JOB_TEXT_MAX).optional(),
      })
      .optional(),
  ]),
  'jobs.reopen': z.tuple([jobId, z.strictObject({ technician }).optional()]),
  /** The cause found and the correction made, said while the job is open; '' clears one. */
  'jobs.describe': z.tuple([
    jobId,
    z.strictObject({
      cause: z.string().max(JOB_TEXT_MAX).optional(),
      correction: z.string().max(JOB_TEXT_MAX).optional(),
    }),
  ]),
  /** The technician's name typed on this machine; empty: back to the computer's name for its user. */
  'jobs.setTechnician': z.tuple([z.string().trim().max(TECHNICIAN_MAX)]),
  'jobs.technician': z.tuple([]),
  'jobs.get': z.tuple([jobId]),
  'jobs.openFor': z.tuple([vin]),
  'jobs.list': z.tuple([
    auditRange({
      vin: vin.optional(),
      technician: z.string().trim().max(TECHNICIAN_MAX).optional(),
      repairOrder: z.string().trim().max(REPAIR_ORDER_MAX).optional(),
      status: z.enum(['open', 'closed']).optional(),
      from: auditTime.optional(),
      to: auditTime.optional(),
    }).optional(),
  ]),
  'jobs.record': z.tuple([jobId]),
  'jobs.exportJson': z.tuple([jobId]),
  /** The PDF prints in the technician's units (display choices the window keeps). */
  'jobs.exportPdf': pdfArgs,
  /** Printed as the PDF export is, in the same units. */
  'jobs.printPdf': pdfArgs,
  'jobs.verify': z.tuple([]),
  'runs.startBulkCommand': z.tuple([
    z.strictObject({
      command: bulkRunCommandSchema,
      items: runItems,
      concurrency: z.number().int().min(1).max(4).optional(),
      /** Shop mode: send to cars other technicians hold too (each override recorded); else they are skipped. */
      includeClaimed: z.boolean().optional(),
    }),
  ]),
  'runs.startTemplateRollout': z.tuple([
    z.strictObject({
      template: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
      items: runItems,
      /** Shop mode: write to cars other technicians hold too (each override recorded); else they are skipped. */
      includeClaimed: z.boolean().optional(),
    }),
  ]),
  'runs.startGarageRefresh': z.tuple([
    z.strictObject({ alertsAndCertificates: z.boolean().optional() }).optional(),
  ]),
  'runs.startHistoryRefresh': z.tuple([]),
  'runs.startVehicleCommand': vehicleCommandArgs,
  'runs.list': z.tuple([]),
  'runs.get': z.tuple([runId]),
  'runs.cancel': z.tuple([runId]),
  'runs.cancelItem': z.tuple([runId, vin]),
  // Vehicles whose outcome is unknown (sent, no answer recorded) only when the technician says so.
  'runs.retryFailed': z.tuple([runId, z.strictObject({ includeUnknown: z.boolean().optional() }).optional()]),
  'runs.exportResults': z.tuple([runId]),
  'shop.get': z.tuple([id]),
  'shop.configure': z.tuple([id, shopSettings]),
  'shop.setPassword': z.tuple([id, shopPassword]),
  'shop.clearPassword': z.tuple([id]),
  'shop.test': z.tuple([id, shopSettings.optional(), shopPassword.optional()]),
  'shop.chooseCaFile': z.tuple([id]),
  'shop.chooseClientFile': z.tuple([id, z.enum(['cert', 'key'])]),
  'shop.setKeyPassphrase': z.tuple([id, shopPassword]),
  'shop.clearKeyPassphrase': z.tuple([id]),
  'shop.exportConnectionFile': z.tuple([id]),
  'shop.importConnectionFile': z.tuple([id]),
  'shop.importLocal': z.tuple([id]),
  'shop.status': z.tuple([]),
  'shop.board': z.tuple([]),
  'desk.get': z.tuple([]),
  // An empty password signs in with the one remembered on this computer for that role, if any.
  'desk.signIn': z.tuple([
    deskRole,
    z.string().max(1024),
    z.strictObject({ remember: z.boolean() }).optional(),
  ]),
  'desk.unlock': z.tuple([shopPassword]),
  'desk.signOut': z.tuple([]),
  'desk.lock': z.tuple([]),
  'desk.forgetMe': z.tuple([]),
  'desk.activity': z.tuple([]),
  'shop.history': z.tuple([
    vin,
    z
      .strictObject({
        after: z.strictObject({ time: z.iso.datetime({ offset: true }), id: z.uuid() }).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .optional(),
  ]),
  'settings.network': z.tuple([]),
  'settings.setNetwork': z.tuple([networkSettings]),
  'settings.testNetwork': z.tuple([networkSettings.optional()]),
  'settings.garageRefresh': z.tuple([]),
  'settings.setGarageRefresh': z.tuple([z.strictObject({ alertsAndCertificates: z.boolean() })]),
  'settings.updates': z.tuple([]),
  'settings.setTheme': z.tuple([z.enum(['system', 'light', 'dark'])]),
  'settings.setUpdates': z.tuple([z.strictObject({ mode: z.enum(['off', 'notify', 'download']) })]),
  'settings.language': z.tuple([]),
  'settings.setLanguage': z.tuple([z.strictObject({ language: z.enum(['system', 'en', 'de']) })]),
  'settings.shopIdentity': z.tuple([]),
  'settings.setShopIdentity': z.tuple([
    z.strictObject({
      name: z
        .string()
        .trim()
        .max(SHOP_NAME_MAX, { error: refusal('jobDay.shopNameTooLong', { max: SHOP_NAME_MAX }) }),
      address: z
        .string()
        .max(SHOP_ADDRESS_MAX, { error: refusal('jobDay.shopAddressTooLong', { max: SHOP_ADDRESS_MAX }) })
        .refine((address) => addressLines(address).length <= SHOP_ADDRESS_LINES_MAX, {
          error: refusal('jobDay.shopAddressLines', { max: SHOP_ADDRESS_LINES_MAX }),
        }),
    }),
  ]),
  'policy.get': z.tuple([]),
  'policy.save': z.tuple([policyRules]),
  'approvals.list': z.tuple([]),
  // The reason, then the command as runs.startVehicleCommand takes it.
  'approvals.ask': z.tuple([shopText(500).pipe(z.string().min(1)), vehicleCommandArgs]),
  'approvals.decide': z.tuple([requestId, z.boolean(), shopText(500)]),
  // The reason, then what is asked for: any other action the policy may keep from a role.
  'approvals.askFor': z.tuple([shopText(500).pipe(z.string().min(1)), approvalAsk]),
  // Carries out an approved request that is one write (a driver, an invitation, a telemetry configuration).
  'approvals.perform': z.tuple([
    requestId,
    z.strictObject({ overrideClaim: z.boolean().optional() }).optional(),
  ]),
  'runs.startApprovedCommand': z.tuple([
    requestId,
    z
      .strictObject({ overrideClaim: z.boolean().optional(), offlineConfirmed: z.boolean().optional() })
      .optional(),
  ]),
  'settings.shopVisit': z.tuple([]),
  'settings.setShopVisit': z.tuple([
    z
      .strictObject({
        lot: z
          .strictObject({
            latitude: z
              .number()
              .min(-90, { error: refusal('visitSettings.latitudeRange') })
              .max(90, { error: refusal('visitSettings.latitudeRange') }),
            longitude: z
              .number()
              .min(-180, { error: refusal('visitSettings.longitudeRange') })
              .max(180, { error: refusal('visitSettings.longitudeRange') }),
            radiusM: z
              .number()
              .min(LOT_RADIUS_MIN_M, {
                error: refusal('visitSettings.radiusRange', { min: LOT_RADIUS_MIN_M, max: LOT_RADIUS_MAX_M }),
              })
              .max(LOT_RADIUS_MAX_M, {
                error: refusal('visitSettings.radiusRange', { min: LOT_RADIUS_MIN_M, max: LOT_RADIUS_MAX_M }),
              }),
          })
          .nullable(),
        pricePerKwh: z
          .number()
          .min(0, { error: refusal('visitSettings.priceRange', { max: PRICE_PER_KWH_MAX }) })
          .max(PRICE_PER_KWH_MAX, { error: refusal('visitSettings.priceRange', { max: PRICE_PER_KWH_MAX }) })
          .nullable(),
        recordCost: z.boolean(),
      })
      // Costs are recorded at the shop's price: asking to record them without one is a mistake.
      .refine((settings) => !settings.recordCost || settings.pricePerKwh !== null, {
        error: refusal('visitSettings.costNeedsPrice'),
      }),
  ]),
  'claims.list': z.tuple([]),
  'claims.claim': z.tuple([vin, claimOptions]),
  'claims.release': z.tuple([vin]),
  'claims.takeOver': z.tuple([vin, claimOptions]),
} satisfies Record<OperationName, z.ZodType<unknown[]>>;

/** What main's handlers receive: the arguments once checked (VINs normalized). */
export type ParsedArgs<Op extends OperationName> = z.output<(typeof ARG_SCHEMAS)[Op]>;

/** What the renderer passes: the arguments of `window.garage`'s method for an operation. */
export type ArgsOf<Op extends OperationName> = z.input<(typeof ARG_SCHEMAS)[Op]>;
