// An audit entry in the technician's words: the action ("Set charge limit", not
// "command:set_charge_limit"), its values ("charge limit 80 %, wait for completion"), the outcome
// and the effect the service confirmed. Pure: the History tab and every CSV export share it.
import { COMMANDS, isCommandName } from './commands';
import { isWorkshopCommandName, WORKSHOP_COMMANDS } from './workshop-commands';
import type { AuditEntry } from './types';

const OTHER_ACTIONS: Record<string, string> = {
  setPlate: 'Set plate',
  setDriveTag: 'Tag drives',
  wake: 'Wake up',
  addVehicle: 'Add vehicle to the garage',
  removeVehicle: 'Remove vehicle from the garage',
  renameVehicle: 'Rename vehicle',
};

const PARAM_WORDS: Record<string, string> = {
  temperature: 'temperature',
  amps: 'charging current',
  percent: 'charge limit',
  mph: 'speed limit',
};

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

export function actionText(operation: string): string {
  const command = commandOf(operation);
  if (command) return COMMANDS[command].label;
  // The workshop and guest-mode commands ("Flash lights", "Lock"), by the names their buttons have.
  const name = operation.startsWith('command:') ? operation.slice('command:'.length) : null;
  if (name !== null && isWorkshopCommandName(name)) return WORKSHOP_COMMANDS[name].label;
  return OTHER_ACTIONS[operation] ?? humanized(operation);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** The parameters as a technician reads them: "charge limit 80 %, wait for completion, up to 3 attempts". */
export function valuesText(operation: string, params: Record<string, unknown>): string {
  const command = commandOf(operation);
  if (command) {
    const parts: string[] = [];
    const param = COMMANDS[command].param;
    if (param && params[param.name] !== undefined) {
      parts.push(`${PARAM_WORDS[param.name] ?? param.name} ${valueText(params[param.name])} ${param.unit}`);
    }
    if (params['waitForCompletion'] !== undefined) {
      parts.push(params['waitForCompletion'] === false ? 'do not wait' : 'wait for completion');
    }
    if (typeof params['maxAttempts'] === 'number') {
      parts.push(`up to ${params['maxAttempts']} attempt${params['maxAttempts'] === 1 ? '' : 's'}`);
    }
    return parts.join(', ');
  }
  switch (operation) {
    case 'setPlate': {
      const plate = params['plate'] === null ? 'cleared' : valueText(params['plate']);
      const before =
        'previousPlate' in params
          ? `; before: ${params['previousPlate'] === null ? 'no plate' : valueText(params['previousPlate'])}`
          : '';
      return `plate ${plate}${before}`;
    }
    case 'setDriveTag':
      return `drives ${valueText(params['drives'])}, tag ${valueText(params['tag'])}`;
    default:
      return Object.entries(params)
        .filter(([key]) => key !== 'runId')
        .map(([key, value]) => `${humanized(key).toLowerCase()} ${valueText(value)}`)
        .join(', ');
  }
}

export function outcomeText(outcome: AuditEntry['outcome']): string {
  return outcome === 'success'
    ? 'Succeeded'
    : outcome === 'failed'
      ? 'Not done (refused)'
      : outcome === 'not-sent'
        ? 'Not sent'
        : 'Failed (error)';
}

/**
 * What the service confirmed, in words; for a refusal or an error, that nothing was confirmed.
 * A command sent without waiting is only confirmed as accepted, never as done by the car.
 */
export function effectText(entry: Pick<AuditEntry, 'operation' | 'params' | 'outcome'>): string {
  if (entry.outcome !== 'success') return 'Nothing confirmed';
  const params = entry.params ?? {};
  const command = commandOf(entry.operation);
  if (command) {
    const spec = COMMANDS[command];
    const value = spec.param ? params[spec.param.name] : undefined;
    const what =
      spec.param && value !== undefined
        ? `${spec.label} to ${valueText(value)} ${spec.param.unit}`
        : spec.label;
    return params['waitForCompletion'] === false
      ? `${what}: accepted by the service, not waited for the vehicle`
      : `${what}: done, the service confirmed`;
  }
  switch (entry.operation) {
    case 'setPlate': {
      const done = params['plate'] === null ? 'Plate cleared' : `Plate set to ${valueText(params['plate'])}`;
      if (!('previousPlate' in params)) return done;
      return params['previousPlate'] === null
        ? `${done} (there was none)`
        : `${done}, was ${valueText(params['previousPlate'])}`;
    }
    case 'setDriveTag': {
      const drives =
        typeof params['drives'] === 'string' ? params['drives'].split(',').filter(Boolean).length : 0;
      return `${drives} drive${drives === 1 ? '' : 's'} tagged “${valueText(params['tag'])}”`;
    }
    case 'wake':
      return 'Vehicle awake';
    case 'addVehicle':
      return 'Added to the garage';
    case 'removeVehicle':
      return 'Removed from the garage';
    case 'renameVehicle':
      return params['nickname'] ? `Named “${valueText(params['nickname'])}”` : 'Name cleared';
    default:
      return 'Done';
  }
}
