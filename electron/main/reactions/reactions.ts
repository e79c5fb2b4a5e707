// Everything main does because something else happened, in one list: "after X, Y". Services only
// publish facts (events/domain-events.ts); who follows them is registered here and nowhere else, so
// the consequences of an audit entry, a garage change or a profile switch are read in one place.
// Each reaction runs in the order listed; one that fails is reported and never stops the others.
import type { ReadingValues } from '../../shared/shop-board';
import { evidenceOfFailure } from '../../shared/reachability';
import { planTarget, planText, planVins } from '../../shared/approval-plan';
import type { Job } from '../../shared/jobs/job-record';
import type { AuditEntry } from '../../shared/types';
import { auditAdded, jobChanged, type ConnectionFeed, type VehicleChangeFeed } from '../events/change-feeds';
import type { DomainEvents, FailureFact } from '../events/domain-events';
import type { EventBus } from '../events/event-bus';
import { tm } from '../i18n/main-words';
import type { Workspace } from '../workspace';
import type { CarAlertNotices, CarNotice } from './car-alert-notices';
import type { SharedReadings } from './shared-readings';

export interface ReactionDeps {
  facts: DomainEvents;
  /** What the app's window is sent (the IPC edge forwards it). */
  window: EventBus;
  vehicleFeed: VehicleChangeFeed;
  connectionFeed: ConnectionFeed;
  workspace: Pick<Workspace, 'current' | 'follow' | 'forget' | 'retryShopCatchUp'>;
  jobs: {
    /** Reads the car back after an action on a vehicle with an open job. */
    noteAudited(entry: AuditEntry): void;
    openFor(profileId: string, vin: string): Promise<Job | null>;
    /** A job changed here or heard from the shop: an open one takes recent actions read back too early. */
    noteJob?(job: Job): void;
  };
  /** The local copy of the shop's jobs (shop-job-store.ts). */
  jobCopies: {
    refresh(profileId: string, id: string): Promise<Job | null>;
    resync(profileId: string): Promise<Job[]>;
    /** Changes may have been missed: which job is open is asked of the shop until the next resync. */
    stale?(profileId: string): void;
  };
  /** Main's update checks, which follow the technician's choice. */
  updateSchedule?: { settingsChanged(): void };
  /** The shared desk's gate on the window's calls, which learns the active profile again after a switch. */
  deskGate?: { settingsChanged(): void };
  /** Reads the active garage's states when they are old; absent when the app does not read at start. */
  refreshGarage?: (reason: 'profile') => Promise<unknown>;
  /** A car's own alerts as system notifications (the notification adapter in the app); absent: none. */
  carNotices?: {
    decide: CarAlertNotices;
    /** The car as the technician named it (its nickname, else its VIN). */
    vehicleName(profileId: string, vin: string): Promise<string>;
    notify(notice: CarNotice): void;
    /** Whether the window has the focus now: then it shows the car's alerts itself. */
    windowFocused(): boolean;
  };
  /** What this app reads of a car, shared with the shop (shop mode); absent: nothing is shared. */
  readings?: SharedReadings;
  /** Where a colleague's shared reading is kept (the garage's glance); absent: not kept. */
  glance?: { noteShared(profileId: string, vin: string, values: ReadingValues, readAt: string): void };
  onProblem: (message: string, error: unknown) => void;
}

export interface Reactions {
  /** Settles the work reactions started so far (a job read again, a session started); for tests and quitting. */
  settled(): Promise<void>;
}

export function registerReactions(deps: ReactionDeps): Reactions {
  const { facts, window, vehicleFeed, connectionFeed, workspace, jobs, onProblem } = deps;
  const underWay = new Set<Promise<unknown>>();
  /** Work a reaction starts and nobody awaits: reported when it fails, awaited by settled(). */
  const inBackground = (what: string, work: () => Promise<unknown>) => {
    const running = work()
      .catch((error) => onProblem(what, error))
      .finally(() => underWay.delete(running));
    underWay.add(running);
  };
  const announceJob = jobChanged(window, (profileId, vin) => jobs.openFor(profileId, vin), onProblem);
  const toWindow = auditAdded(window);
  /** An outcome as evidence of reachability: no failure is an answer. */
  const answered = (profileId: string, failure: FailureFact | undefined | null) =>
    connectionFeed.note(
      profileId,
      failure ? evidenceOfFailure(failure) : 'answered',
      failure?.message ?? null,
    );

  // After an audit entry is appended: the window hears it (as the workspace shows it), the shop's
  // outbox takes it (the local log is durable first), and an open job reads the car back.
  facts.on('audit.appended', ({ entry }) => toWindow(workspace.current().decorate(entry)));
  facts.on('audit.appended', ({ entry }) => workspace.current().recordAudit(entry));
  facts.on('audit.appended', ({ entry }) => jobs.noteAudited(entry));
  // After another machine's entry arrives from the shop: the window hears it.
  facts.on('audit.heard', ({ entry }) => toWindow(entry));

  // After the garage changes: renamed vehicles' entries are sent, removed ones said gone, the list
  // re-read when vehicles came or went; a change made here goes to the shop's garage.
  facts.on('garage.changed', ({ profileId, added, removed, renamed }) => {
    for (const { vin } of renamed) vehicleFeed.note(profileId, vin);
    for (const vin of removed) vehicleFeed.removed(profileId, vin);
    if (added.length + removed.length > 0) window.emit({ type: 'garage.changed', profileId });
  });
  facts.on('garage.changed', (change) => workspace.current().mirrorGarage(change));

  // After a vehicle is observed, read or written: its entry is sent if it changed; a read or a
  // write is also evidence of whether the service answers.
  facts.on('vehicle.observed', ({ profileId, vin }) => vehicleFeed.note(profileId, vin));
  // After a car is read from the service: in a shop, the reading goes to every colleague's board.
  const readings = deps.readings;
  if (readings) facts.on('vehicle.observed', ({ profileId, vin }) => readings.observed(profileId, vin));
  // After a colleague's reading arrives from the shop: the garage knows the car from it, with its
  // own time, and reads the service for it only once it is old (one read serves the shop).
  const glance = deps.glance;
  if (glance)
    facts.on('reading.heard', ({ profileId, vin, values, readAt }) =>
      glance.noteShared(profileId, vin, values, readAt),
    );
  facts.on('vehicle.read', ({ profileId, vin }) => vehicleFeed.note(profileId, vin));
  facts.on('vehicle.read', ({ profileId, source, stale }) =>
    connectionFeed.noteRead(profileId, source, stale),
  );
  facts.on('vehicle.written', ({ profileId, vin }) => vehicleFeed.note(profileId, vin));
  // After a live read shows an alert that started or a tyre newly low: a system notification, once
  // for each (the decisions remember what was told).
  const cars = deps.carNotices;
  if (cars) {
    // Whether the window had the focus is taken when the read lands, not after the name is looked up.
    facts.on('vehicle.alertsRead', ({ profileId, vin, alerts }) => {
      const focused = cars.windowFocused();
      inBackground('Could not tell of a car alert', async () => {
        const name = await cars.vehicleName(profileId, vin);
        const notices = cars.decide.alerts(profileId, vin, name, alerts, focused);
        for (const notice of notices) cars.notify(notice);
      });
    });
    facts.on('vehicle.tyresRead', ({ profileId, vin, low }) => {
      const focused = cars.windowFocused();
      inBackground('Could not tell of a low tyre', async () => {
        const name = await cars.vehicleName(profileId, vin);
        const notice = cars.decide.tyres(profileId, vin, name, low, focused);
        if (notice) cars.notify(notice);
      });
    });
  }
  // An attempt recorded as not sent asked the service nothing: it says nothing of its reach.
  facts.on('vehicle.written', ({ profileId, outcome, failure }) => {
    if (outcome !== 'not-sent') answered(profileId, failure);
  });
  // After a profile's service was tested, or its account's vehicles read: so is its answer (or
  // its silence).
  facts.on('profile.tested', ({ profileId, failure }) => answered(profileId, failure));
  facts.on('account.read', ({ profileId, failure }) => answered(profileId, failure));

  // After a job changes here, or the shop says one changed or caught up: the local copy follows
  // the shop, and the window's badge the job.
  facts.on('job.changed', ({ job }) => {
    jobs.noteJob?.(job);
    inBackground('Could not announce a job change', () => announceJob(job));
  });
  facts.on('job.heard', ({ profileId, jobId }) =>
    inBackground('Could not follow a shop job', async () => {
      // A refresh that fails leaves which job is open to the shop's database until the next resync.
      const job = await deps.jobCopies.refresh(profileId, jobId);
      if (!job) return;
      jobs.noteJob?.(job);
      await announceJob(job);
    }),
  );
  // Before anything that follows the session's gap: the jobs are asked of the shop until read again.
  facts.on('jobs.stale', ({ profileId }) => deps.jobCopies.stale?.(profileId));
  // A resync that fails (the database went away mid-way) is not the end of it: the shop's catch-up
  // runs again, and with it this resync, or the next "online" does.
  facts.on('jobs.resynced', ({ profileId }) =>
    inBackground('Could not read the shop jobs again', async () => {
      let changed: Job[];
      try {
        changed = await deps.jobCopies.resync(profileId);
      } catch (error) {
        workspace.retryShopCatchUp(profileId);
        throw error;
      }
      for (const job of changed) {
        jobs.noteJob?.(job);
        await announceJob(job);
      }
    }),
  );

  // After any change to the profiles the window lists them again. After a switch the workspace
  // follows the new profile (its shop session starts, or the one before stops) and its garage's
  // old states are read; after a removal the profile's shop settings go, and the workspace follows
  // whichever profile is active now; a new token reads the garage too.
  const profilesChanged = () => window.emit({ type: 'settings.changed', what: 'profiles' });
  facts.on('profile.changed', profilesChanged);
  facts.on('profile.tokenSet', profilesChanged);
  facts.on('profile.activated', profilesChanged);
  facts.on('profile.removed', profilesChanged);
  facts.on('profile.removed', ({ profileId }) =>
    inBackground('Could not forget the shop settings', () => workspace.forget(profileId)),
  );
  // The desk's gate stops trusting what it knew of the profile before at once, not when the
  // workspace has followed: the next call of the window learns the new one's desk first.
  facts.on('profile.activated', () => deps.deskGate?.settingsChanged());
  facts.on('profile.removed', () => deps.deskGate?.settingsChanged());
  facts.on('profile.activated', () => inBackground('Could not follow the active profile', workspace.follow));
  facts.on('profile.removed', () => inBackground('Could not follow the active profile', workspace.follow));
  const refreshGarage = deps.refreshGarage;
  if (refreshGarage) {
    facts.on('profile.activated', () => void refreshGarage('profile'));
    facts.on('profile.tokenSet', () => void refreshGarage('profile'));
  }

  // After a setting is saved or the templates change: the window reads them again.
  facts.on('setting.saved', ({ what }) => window.emit({ type: 'settings.changed', what }));
  facts.on('templates.changed', () => window.emit({ type: 'settings.changed', what: 'templates' }));

  // After a run, a claim or the shop's connection changes: the window hears it as it is.
  facts.on('run.changed', (change) => window.emit({ type: 'run.changed', ...change }));
  facts.on('claim.changed', (change) => window.emit({ type: 'claim.changed', ...change }));
  facts.on('approval.changed', (change) => window.emit({ type: 'approval.changed', ...change }));
  // A request a foreman may decide, new from another role: a system notification, once each, while
  // the window is not in front (in front, it lists the request itself).
  if (cars) {
    const told = new Set<string>();
    facts.on('approval.changed', ({ profileId, request, mayDecide }) => {
      if (!mayDecide || request.mine || request.status !== 'pending' || told.has(request.id)) return;
      told.add(request.id);
      if (cars.windowFocused()) return;
      inBackground('Could not tell of an approval request', async () => {
        // A plan over several cars names how many, and opens the first (the requests list shows all).
        const vin = request.vin || planVins(request.plan, request.vin)[0] || '';
        const name = request.vin
          ? await cars.vehicleName(profileId, request.vin)
          : planTarget(request.plan, request.vin, tm);
        cars.notify({
          title: tm('policy.requestsHeading'),
          body: tm('policy.newRequest', {
            technician: request.technician,
            command: planText(request.plan, tm),
            vin: name,
          }),
          target: { kind: 'open-vehicle', profileId, vin },
        });
      });
    });
  }
  facts.on('shop.changed', (change) => window.emit({ type: 'shop.changed', ...change }));
  facts.on('board.changed', (change) => window.emit({ type: 'board.changed', ...change }));
  facts.on('desk.changed', ({ view }) => window.emit({ type: 'desk.changed', view }));
  facts.on('update.changed', ({ status }) => window.emit({ type: 'update.changed', status }));
  // After the update choice is saved: main's checks follow it (on at once, off stops them).
  facts.on('setting.saved', ({ what }) => {
    if (what === 'updates') deps.updateSchedule?.settingsChanged();
  });

  return {
    async settled() {
      while (underWay.size > 0) await Promise.all([...underWay]);
    },
  };
}
