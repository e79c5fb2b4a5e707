// An audit entry in the technician's words: the action ("Set charge limit", not
// "command:set_charge_limit"), its values ("charge limit 80 %, wait for completion"), the outcome
// and the effect the service confirmed. Pure: the History tab and every CSV export share it.
// All of it is in the catalogs (`command.*`, `action.*`, `actionValue.*`, `auditOutcome.*`,
// `auditEffect.*`), said in English unless the caller passes its own `say`.
import { COMMANDS, isCommandName } from './commands';
import { commandAmount, type RecordUnits } from './jobs/record-words';
import { isWorkshopCommandName } from './workshop-commands';
import { english, type Say } from './i18n/english';
import { telemetryWriteText } from './telemetry-write-words';
import type { MessageKey } from './i18n/translator';
import type { AuditEntry } from './types';
import { snapshotChangeText } from './workshop-state-words';

/** The garage's own actions, named in the catalogs as `action.<operation>`. */
const OTHER_ACTIONS = [
  'setPlate',
  'setDriveTag',
  'wake',
  'addVehicle',
  'removeVehicle',
  'renameVehicle',
] as const;
type OtherAction = (typeof OTHER_ACTIONS)[number];
const isOtherAction = (operation: string): operation is OtherAction =>
  (OTHER_ACTIONS as readonly string[]).includes(operation);

/** The access and telemetry writes (services/vehicle-access.ts), by the names their buttons have. */
const ACCESS_ACTIONS: Record<string, MessageKey> = {
  removeDriver: 'jobPdf.actionRemoveDriver',
  createInvitation: 'jobPdf.actionCreateInvitation',
  revokeInvitation: 'jobPdf.actionRevokeInvitation',
  writeTelemetryConfig: 'jobPdf.actionWriteTelemetry',
  deleteTelemetryConfig: 'jobPdf.actionDeleteTelemetry',
};

const PARAM_WORDS = {
  temperature: 'actionValue.temperature',
  amps: 'actionValue.amps',
  percent: 'actionValue.percent',
  mph: 'actionValue.mph',
} as const;
const isWordedParam = (name: string): name is keyof typeof PARAM_WORDS => name in PARAM_WORDS;

/** The command of an operation ("command:set_charge_limit" → "set_charge_limit"), or null. */
function commandOf(operation: string) {
  const name = operation.startsWith('command:') ? operation.slice('command:'.length) : operation;
  return isCommandName(name) ? name : null;
}

/** "setDriveTag" → "Set drive tag": an operation this module does not name, still in words. */
function humanized(operation: string): string {
  const words = operation
    .replace(/[:_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : operation;
}

export function actionText(operation: string, say: Say = english): string {
  const command = commandOf(operation);
  if (command) return say(`command.${command}`);
  // The workshop and guest-mode commands ("Flash lights", "Lock"), by the names their buttons have.
  const name = operation.startsWith('command:') ? operation.slice('command:'.length) : null;
  if (name !== null && isWorkshopCommandName(name)) return say(`command.${name}`);
  if (isOtherAction(operation)) return say(`action.${operation}`);
  // A refusal of the shop's policy: what was refused and who may are in its reason.
  if (operation === 'policy:refused') return say('policy.refusedAction');
  // An approved request carried out: what, why, who approved and what came of it are in its reason.
  if (operation === 'policy:approved') return say('approvalPlan.approvedAction');
  const access = ACCESS_ACTIONS[operation];
  return access ? say(access) : humanized(operation);
}

function valueText(value: unknown, say: Say = english): string {
  if (value === null || value === undefined || value === '') return say('actionValue.none');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** The lists an access write reads before and after it, by the operation that changes them. */
const LIST_LABELS: Record<string, 'record.drivers' | 'record.invitations'> = {
  removeDriver: 'record.drivers',
  createInvitation: 'record.invitations',
  revokeInvitation: 'record.invitations',
};

/**
 * A command's value as `units` say it (the History tab: the technician's °F and km/h), or as it
 * was sent (the service's °C and mph, which the CSV exports keep, as the log does).
 */
function sentAmount(
  command: Parameters<typeof commandAmount>[0],
  value: unknown,
  say: Say,
  units: Partial<RecordUnits>,
): { value: string | number; unit: string } {
  if (typeof value === 'number') return commandAmount(command, value, { units });
  return { value: valueText(value, say), unit: COMMANDS[command].param?.unit ?? '' };
}

/**
 * The parameters as a technician reads them: "charge limit 80 %, wait for completion, up to 3 attempts".
 * `day` writes a date (a configuration's expiry): the window's region, else an ISO day. `units`:
 * the technician's, for a command's value; the service's when not said.
 */
export function valuesText(
  operation: string,
  params: Record<string, unknown>,
  say: Say = english,
  day?: (ms: number) => string,
  units: Partial<RecordUnits> = {},
): string {
  const command = commandOf(operation);
  const workshop =
    operation.startsWith('command:') && isWorkshopCommandName(operation.slice('command:'.length));
  if (command || workshop) {
    const parts: string[] = [];
    const param = command ? COMMANDS[command].param : null;
    const sent = param ? params[param.name] : undefined;
    if (typeof params['inSeconds'] === 'number')
      parts.push(say('jobPdf.inSeconds', { seconds: params['inSeconds'] }));
    if (command && param && sent !== undefined) {
      const amount = sentAmount(command, sent, say, units);
      parts.push(
        isWordedParam(param.name)
          ? say(PARAM_WORDS[param.name], amount)
          : say('actionValue.param', { name: param.name, ...amount }),
      );
    }
    if (params['waitForCompletion'] !== undefined) {
      parts.push(say(params['waitForCompletion'] === false ? 'actionValue.noWait' : 'actionValue.wait'));
    }
    if (typeof params['maxAttempts'] === 'number') {
      parts.push(say('actionValue.attempts', { count: params['maxAttempts'] }));
    }
    // A workshop command keeps the car's state read before and after it.
    const change = snapshotChangeText(params, say);
    if (change) parts.push(change);
    return parts.join(', ');
  }
  switch (operation) {
    case 'setPlate': {
      const plate =
        params['plate'] === null ? say('actionValue.plateCleared') : valueText(params['plate'], say);
      if (!('previousPlate' in params)) return say('actionValue.plate', { plate });
      const before =
        params['previousPlate'] === null
          ? say('actionValue.noPlate')
          : valueText(params['previousPlate'], say);
      return say('actionValue.plateBefore', { plate, before });
    }
    case 'writeTelemetryConfig':
    case 'deleteTelemetryConfig':
      return telemetryWriteText(params, say, day);
    case 'setDriveTag':
      return say('actionValue.drives', {
        drives: valueText(params['drives'], say),
        tag: valueText(params['tag'], say),
      });
    default: {
      const label = LIST_LABELS[operation];
      const change = snapshotChangeText(params, say, label ? say(label) : undefined);
      return [
        ...Object.entries(params)
          .filter(([key]) => key !== 'runId' && key !== 'before' && key !== 'after')
          .map(([key, value]) => `${humanized(key).toLowerCase()} ${valueText(value, say)}`),
        ...(change ? [change] : []),
      ].join(', ');
    }
  }
}

/** "Succeeded", "Not done (refused)": how the attempt ended, as the History tab and the CSV say it. */
export function outcomeText(outcome: AuditEntry['outcome'], say: Say = english): string {
  return say('auditOutcome.text', { outcome: outcome === 'not-sent' ? 'notSent' : outcome });
}

/**
 * What the service confirmed, in words; for a refusal or an error, that nothing was confirmed.
 * A command sent without waiting is only confirmed as accepted, never as done by the car.
 */
export function effectText(
  entry: Pick<AuditEntry, 'operation' | 'params' | 'outcome'>,
  say: Say = english,
  units: Partial<RecordUnits> = {},
): string {
  if (entry.outcome !== 'success') return say('auditEffect.nothing');
  const params = entry.params ?? {};
  const command = commandOf(entry.operation);
  if (command) {
    const spec = COMMANDS[command];
    const label = say(`command.${command}`);
    const value = spec.param ? params[spec.param.name] : undefined;
    const what =
      spec.param && value !== undefined
        ? say('auditEffect.commandTo', { label, ...sentAmount(command, value, say, units) })
        : label;
    return say(params['waitForCompletion'] === false ? 'auditEffect.accepted' : 'auditEffect.confirmed', {
      what,
    });
  }
  switch (entry.operation) {
    case 'setPlate': {
      const done =
        params['plate'] === null
          ? say('auditEffect.plateCleared')
          : say('auditEffect.plateSet', { plate: valueText(params['plate'], say) });
      if (!('previousPlate' in params)) return done;
      return params['previousPlate'] === null
        ? say('auditEffect.plateWasNone', { done })
        : say('auditEffect.plateWas', { done, before: valueText(params['previousPlate'], say) });
    }
    case 'setDriveTag': {
      const count =
        typeof params['drives'] === 'string' ? params['drives'].split(',').filter(Boolean).length : 0;
      return say('auditEffect.drivesTagged', { count, tag: valueText(params['tag'], say) });
    }
    case 'wake':
      return say('auditEffect.awake');
    case 'addVehicle':
      return say('auditEffect.added');
    case 'removeVehicle':
      return say('auditEffect.removed');
    case 'renameVehicle':
      return params['nickname']
        ? say('auditEffect.named', { name: valueText(params['nickname'], say) })
        : say('auditEffect.nameCleared');
    default:
      return say('auditEffect.done');
  }
}
