// The workshop and guest-mode commands (shared/workshop-commands.ts) after routing, auth, the VIN
// lookup and the owner check: the common command parameters, `in_seconds` for
// schedule_software_update, then the same runner as every command (wake, attempts, flakiness).
import {
  WORKSHOP_COMMANDS,
  inSecondsProblem,
  type GuestCommandName,
  type WorkshopCommandName,
} from '../../shared/workshop-commands';
import type { CommandRunner } from './command-runner';
import { error, type Reply } from './reply';
import { commonCommandParams } from './validation';
import type { VehicleRuntime } from './vehicle-runtime';

const INTEGER_RE = /^\d+$/;

export async function workshopCommand(
  vehicle: VehicleRuntime,
  name: WorkshopCommandName | GuestCommandName,
  query: Record<string, string>,
  runner: CommandRunner,
): Promise<Reply> {
  const common = commonCommandParams(query);
  if (!common.ok) return error(400, common.error);
  let value: number | null = null;
  const param = WORKSHOP_COMMANDS[name].param;
  if (param) {
    const raw = query[param.name];
    if (raw === undefined) return error(400, `${param.name} is required (0 installs now)`);
    const n = INTEGER_RE.test(raw) ? Number(raw) : NaN;
    const problem = inSecondsProblem(n);
    if (problem) return error(400, problem);
    value = n;
  }
  return runner.run(vehicle, { name, value, ...common.value });
}
