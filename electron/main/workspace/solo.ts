// Solo: the profile's work is this machine's alone. The audit log and the jobs are the data
// folder's files, the templates its telemetry-templates.json (a change told as a shop's is), and
// there are no claims and no shared History to ask.
import { AppError } from '../../shared/result';
import type { FactPort } from '../events/domain-events';
import type { TemplateStore } from '../storage/template-store';
import { SOLO_STATUS, type Claims, type Policy, type WorkspaceBackend } from './backend';
import { tm } from '../i18n/main-words';

const worksSolo = () => new AppError('invalid_input', tm('errors.worksSolo'));

export function createSoloBackend(deps: { templates: TemplateStore; facts: FactPort }): WorkspaceBackend {
  const { facts } = deps;
  const claims: Claims = {
    list: async () => {
      throw worksSolo();
    },
    claim: async () => {
      throw worksSolo();
    },
    release: async () => {
      throw worksSolo();
    },
    takeOver: async () => {
      throw worksSolo();
    },
    // Nobody else holds a car: nothing is checked, nothing skipped.
    check: async () => {},
    bulkSkips: async () => new Map(),
  };
  // No policy: everything is allowed, as it always was; there is no one to ask.
  const policy: Policy = {
    check: async () => {},
    view: async () => {
      throw worksSolo();
    },
    save: async () => {
      throw worksSolo();
    },
    requests: async () => {
      throw worksSolo();
    },
    ask: async () => {
      throw worksSolo();
    },
    decide: async () => {
      throw worksSolo();
    },
    take: async () => {
      throw worksSolo();
    },
    finish: async () => {
      throw worksSolo();
    },
  };
  return {
    mode: 'solo',
    decorate: (entry) => entry,
    recordAudit: () => {},
    mirrorGarage: () => {},
    templates: {
      list: () => deps.templates.list(),
      async save(template) {
        const saved = await deps.templates.save(template);
        facts.publish('templates.changed', {});
        return saved;
      },
      async remove(name) {
        await deps.templates.remove(name);
        facts.publish('templates.changed', {});
      },
    },
    claims,
    policy,
    history: async () => {
      throw worksSolo();
    },
    status: () => SOLO_STATUS,
  };
}
