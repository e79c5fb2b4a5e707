// desk.*: the shared desk of the active profile. The password crosses IPC only here, window to
// main, once per sign-in or unlock; no answer ever carries one.
import { err, ok } from '../../../shared/result';
import type { RunSummary } from '../../../shared/runs';
import { isFinished, isReadRun } from '../../../shared/runs';
import { tm } from '../../i18n/main-words';
import type { Workspace } from '../../workspace';
import type { HandlerGroup } from './types';

export function deskHandlers(deps: {
  desk: Workspace['desk'];
  /** The runs kept now: a person does not leave the desk while one of this profile's is under way. */
  runs: () => RunSummary[];
}): HandlerGroup<
  | 'desk.get'
  | 'desk.signIn'
  | 'desk.unlock'
  | 'desk.signOut'
  | 'desk.lock'
  | 'desk.forgetMe'
  | 'desk.activity'
> {
  const { desk } = deps;
  // A run under way records its sends as the person who started it; it does not change hands.
  // (Reads of the garage record nothing and do not hold anyone back.)
  const runsUnderWay = async () => {
    const view = await desk.view();
    if (!view.desk || view.state === 'signed-out') return false;
    return deps
      .runs()
      .some((run) => run.profileId === view.profileId && !isFinished(run) && !isReadRun(run.kind));
  };
  return {
    'desk.get': async () => ok(await desk.view()),
    'desk.signIn': async (role, password, options) => {
      const view = await desk.view();
      if (view.desk && view.person && view.person.role !== role.trim() && (await runsUnderWay()))
        return err('busy', tm('deskMain.runsUnderWay'));
      return ok(await desk.signIn(role, password, options?.remember ?? false));
    },
    'desk.unlock': async (password) => ok(await desk.unlock(password)),
    'desk.signOut': async () => {
      if (await runsUnderWay()) return err('busy', tm('deskMain.runsUnderWay'));
      return ok(await desk.signOut());
    },
    'desk.lock': async () => ok(await desk.lock()),
    'desk.forgetMe': async () => ok(await desk.forgetMine()),
    'desk.activity': async () => {
      desk.activity();
      return ok(null);
    },
  };
}
