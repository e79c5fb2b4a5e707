// The twelve operations, after routing, auth and the VIN lookup have been done by server.ts.
import { COMMANDS, isCommandName, type CommandParamSpec } from '../../shared/commands';
import { SOFTWARE_VERSION_RE } from '../../shared/wire';
import type { CommandRunner } from './command-runner';
import { isKnownVersion, notesFor, resolveLanguage } from './release-notes-library';
import { error, json, rawJson, type Reply } from './reply';
import {
  boolParam,
  commandParam,
  commonCommandParams,
  jsonObject,
  plateRequest,
  setTagRequest,
} from './validation';
import type { VehicleState } from './types';
import type { VehicleRuntime } from './vehicle-runtime';

const RESULT_TRUE = '{"result":true}';

export function telemetryConfig(vehicle: VehicleRuntime): Reply {
  return rawJson(200, vehicle.telemetryJson());
}

function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return true; // tolerated: curl users forget it
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export function bodyObject(body: string, contentType: string | undefined) {
  if (!isJsonContentType(contentType)) return { reply: error(415, 'Content-Type must be application/json') };
  const parsed = jsonObject(body);
  return parsed.ok ? { value: parsed.value } : { reply: error(400, parsed.error) };
}

export function setTag(vehicle: VehicleRuntime, body: string, contentType: string | undefined): Reply {
  const obj = bodyObject(body, contentType);
  if (!obj.value) return obj.reply;
  const req = setTagRequest(obj.value, (id) => vehicle.hasDrive(id));
  if (!req.ok) return error(400, req.error);
  const ids = new Set(req.value.driveIds);
  for (const drive of vehicle.state.drives) if (ids.has(drive.id)) drive.tag = req.value.tag;
  return rawJson(200, RESULT_TRUE);
}

export function plate(vehicle: VehicleRuntime, body: string, contentType: string | undefined): Reply {
  const obj = bodyObject(body, contentType);
  if (!obj.value) return obj.reply;
  const req = plateRequest(obj.value);
  if (!req.ok) return error(400, req.error);
  vehicle.state.plate = req.value;
  return rawJson(200, RESULT_TRUE);
}

/**
 * `version` '' means the deployed version, or the staged one with staged=true; when nothing is staged
 * that answers 200 with `staged_version: null` and no notes. A named version ignores `staged`.
 */
export function releaseNotes(
  vehicle: VehicleRuntime,
  version: string | null,
  query: Record<string, string>,
  assetBaseUrl: string,
): Reply {
  const staged = boolParam(query, 'staged', false);
  if (!staged.ok) return error(400, staged.error);
  const language = resolveLanguage(query['language']);
  const { deployedVersion, stagedVersion } = vehicle.state;
  let wanted: string | null;
  if (version === null || (version !== '' && !SOFTWARE_VERSION_RE.test(version))) {
    return error(400, 'version must look like 2026.14.3 (year.number.number), or be empty');
  } else if (version !== '') {
    if (!isKnownVersion(version)) return error(404, `Unknown version ${version}`);
    wanted = version;
  } else {
    wanted = staged.value ? stagedVersion : deployedVersion;
  }
  return json(200, {
    deployed_version: deployedVersion,
    staged_version: stagedVersion,
    release_notes: wanted === null ? [] : notesFor(wanted, language, assetBaseUrl),
  });
}

export async function command(
  vehicle: VehicleRuntime,
  name: string,
  query: Record<string, string>,
  runner: CommandRunner,
): Promise<Reply> {
  if (!isCommandName(name)) return error(404, `Unknown command ${name.slice(0, 60)}`);
  const common = commonCommandParams(query);
  if (!common.ok) return error(400, common.error);
  const spec = COMMANDS[name].param;
  let value: number | null = null;
  if (spec) {
    const checked = commandParam(query, spec, ownBounds(vehicle.state, spec));
    if (!checked.ok) return error(400, checked.error);
    value = checked.value;
  }
  return runner.run(vehicle, { name, value, ...common.value });
}

/** A parameter's bounds for this vehicle: its own, inside the interface's. */
function ownBounds(state: VehicleState, spec: CommandParamSpec): { min: number; max: number } {
  const [min, max] = (() => {
    switch (spec.name) {
      case 'amps':
        return [spec.min, state.maxAmps];
      case 'temperature':
        return [state.minTempC, state.maxTempC];
      case 'percent':
        return [state.chargeLimitMin, state.chargeLimitMax];
      case 'mph':
        return [state.speedLimitMinMph, state.speedLimitMaxMph];
    }
  })();
  return { min: Math.max(spec.min, min), max: Math.min(spec.max, max) };
}
