// The reactions module read as "after X, Y": each fact a service publishes leads to what the list
// says, in its order, whichever backend the workspace has; the window's events come from here only.
import { describe, expect, it } from 'vitest';
import { createConnectionFeed } from '../../../electron/main/events/change-feeds';
import { createDomainEvents } from '../../../electron/main/events/domain-events';
import { createEventBus } from '../../../electron/main/events/event-bus';
import { registerReactions } from '../../../electron/main/reactions/reactions';
import type { WorkspaceBackend } from '../../../electron/main/workspace';
import type { Job } from '../../../electron/shared/jobs/job-record';
import type { GarageEvent } from '../../../electron/shared/events';
import type { AuditEntry } from '../../../electron/shared/types';

const VIN = '5YJ3E1EA7KF317000';
const entry = { id: 'e1', profileId: 'p', vin: VIN, operation: 'wake' } as AuditEntry;
const openJob = {
  id: 'j1',
  profileId: 'p',
  vin: VIN,
  repairOrder: 'RO-1',
  technician: 'Dana',
  status: 'open',
  periods: [{ openedAt: '2026-11-25T08:00:00.000Z', closedAt: null }],
} as unknown as Job;

function setup(options: { refreshGarage?: boolean } = {}) {
  const facts = createDomainEvents((type, error) => {
    throw new Error(`reaction to ${type} failed: ${String(error)}`);
  });
  const window = createEventBus();
  const sent: GarageEvent[] = [];
  window.subscribe((event) => sent.push(event));
  const did: string[] = [];
  const backend = {
    decorate: (e: AuditEntry) => ({ ...e, technician: 'Ana' }),
    recordAudit: (e: AuditEntry) => did.push(`outbox ${e.id}`),
    mirrorGarage: (change: { origin: string }) => did.push(`mirror ${change.origin}`),
  } as unknown as WorkspaceBackend;
  const reactions = registerReactions({
    facts,
    window,
    vehicleFeed: {
      note: (profileId, vin) => did.push(`note ${profileId} ${vin}`),
      removed: (profileId, vin) => did.push(`removed ${profileId} ${vin}`),
      flush: async () => {},
    },
    connectionFeed: createConnectionFeed(window),
    workspace: {
      current: () => backend,
      follow: async () => void did.push('follow'),
      forget: async (profileId) => void did.push(`forget ${profileId}`),
      retryShopCatchUp: (profileId) => void did.push(`catch up again ${profileId}`),
    },
    jobs: {
      noteAudited: (e) => did.push(`job reads back after ${e.id}`),
      openFor: async () => null,
    },
    jobCopies: {
      refresh: async (_profileId, id) => (did.push(`job copy ${id}`), openJob),
      resync: async () => [openJob],
    },
    ...(options.refreshGarage ? { refreshGarage: async (reason) => did.push(`refresh ${reason}`) } : {}),
    onProblem: (message, error) => did.push(`problem ${message}: ${String(error)}`),
  });
  return { facts, sent, did, reactions };
}

describe('reactions', () => {
  it('after an audit entry: the window hears it as the workspace shows it, the outbox queues it, the job reads back', () => {
    const { facts, sent, did } = setup();
    facts.publish('audit.appended', { entry });
    expect(sent).toEqual([
      { type: 'audit.added', profileId: 'p', vin: VIN, id: 'e1', entry: { ...entry, technician: 'Ana' } },
    ]);
    expect(did).toEqual(['outbox e1', 'job reads back after e1']);
  });

  it('after a garage change: entries sent, removals said, the list re-read when vehicles came or went, a change made here mirrored', () => {
    const { facts, sent, did } = setup();
    facts.publish('garage.changed', {
      profileId: 'p',
      origin: 'here',
      added: ['A'],
      removed: ['B'],
      renamed: [{ vin: 'C', nickname: 'Bay 2' }],
    });
    facts.publish('garage.changed', {
      profileId: 'p',
      origin: 'shop',
      added: [],
      removed: [],
      renamed: [{ vin: 'D', nickname: null }],
    });
    expect(did).toEqual(['note p C', 'removed p B', 'mirror here', 'note p D', 'mirror shop']);
    expect(sent).toEqual([{ type: 'garage.changed', profileId: 'p' }]);
  });

  it('after a profile switch, a removal or a new token: profiles re-listed, the workspace follows, the garage read', async () => {
    const { facts, sent, did, reactions } = setup({ refreshGarage: true });
    facts.publish('profile.activated', { profileId: 'p2' });
    facts.publish('profile.removed', { profileId: 'p' });
    facts.publish('profile.tokenSet', { profileId: 'p2' });
    await reactions.settled();
    expect(sent.map((event) => event.type === 'settings.changed' && event.what)).toEqual([
      'profiles',
      'profiles',
      'profiles',
    ]);
    expect(did).toEqual(['follow', 'refresh profile', 'forget p', 'follow', 'refresh profile']);
  });

  it("after a profile switch or a removal: the shared desk's gate learns the active profile again, at once", () => {
    // Registered on their own, as the app does: the gate is told before anything else may run.
    const told: string[] = [];
    const more = createDomainEvents();
    registerReactions({
      ...{ facts: more, window: createEventBus(), connectionFeed: createConnectionFeed(createEventBus()) },
      vehicleFeed: { note: () => {}, removed: () => {}, flush: async () => {} },
      workspace: {
        current: () => {
          throw new Error('not asked here');
        },
        follow: async () => {},
        forget: async () => {},
        retryShopCatchUp: () => {},
      },
      jobs: { noteAudited: () => {}, openFor: async () => null },
      jobCopies: { refresh: async () => null, resync: async () => [] },
      deskGate: { settingsChanged: () => told.push('learn again') },
      onProblem: () => {},
    });
    more.publish('profile.activated', { profileId: 'p2' });
    expect(told).toEqual(['learn again']);
    more.publish('profile.removed', { profileId: 'p' });
    expect(told).toEqual(['learn again', 'learn again']);
  });

  it('after a template or setting change, solo or shop alike: the window reads them again', () => {
    const { facts, sent } = setup();
    facts.publish('templates.changed', {});
    facts.publish('setting.saved', { what: 'network' });
    expect(sent).toEqual([
      { type: 'settings.changed', what: 'templates' },
      { type: 'settings.changed', what: 'network' },
    ]);
  });

  it("after a write or a test: the service's reachability, both ways", () => {
    const { facts, sent } = setup();
    const written = { profileId: 'p', vin: VIN, operation: 'wake', outcome: 'error', at: '' } as const;
    facts.publish('vehicle.written', { ...written, failure: { kind: 'timeout', message: 'Timed out.' } });
    facts.publish('vehicle.written', { ...written, outcome: 'success' });
    facts.publish('profile.tested', { profileId: 'p', failure: { kind: 'network', message: 'No route.' } });
    // A refusal is an answer.
    facts.publish('account.read', {
      profileId: 'p',
      failure: { kind: 'unauthorized', message: 'No.', status: 401 },
    });
    expect(sent.filter((event) => event.type === 'connection.changed')).toEqual([
      { type: 'connection.changed', profileId: 'p', online: false, message: 'Timed out.' },
      { type: 'connection.changed', profileId: 'p', online: true, message: null },
      { type: 'connection.changed', profileId: 'p', online: false, message: 'No route.' },
      { type: 'connection.changed', profileId: 'p', online: true, message: null },
    ]);
  });

  it("after the shop says a job changed: the local copy follows, then the window's badge", async () => {
    const { facts, sent, did, reactions } = setup();
    facts.publish('job.heard', { profileId: 'p', jobId: 'j1' });
    await reactions.settled();
    expect(did).toEqual(['job copy j1']);
    expect(sent).toEqual([
      {
        type: 'job.changed',
        profileId: 'p',
        vin: VIN,
        jobId: 'j1',
        openJob: { id: 'j1', repairOrder: 'RO-1', technician: 'Dana', openedAt: '2026-11-25T08:00:00.000Z' },
      },
    ]);
  });
});
