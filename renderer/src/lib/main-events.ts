// The renderer's one subscription to main's events: each store learns of changes here instead of
// asking main again after its own reads. Events of another profile than the one shown are ignored
// (a profile switch lists everything anew).
import type { GarageEvent } from '../../../electron/shared/events';
import type { GarageApi } from '../../../electron/shared/ipc/api';
import type { UpdateStatus, VehicleEntry } from '../../../electron/shared/types';

/** What the stores do with each event; kept apart so no store imports another. */
export interface EventTargets {
  activeProfileId(): string | null;
  vehicleChanged(vin: string, entry: VehicleEntry | null): void;
  garageChanged(): void;
  profilesChanged(): void;
  /** A setting main keeps other than the profiles changed: `what` names it ("garage-refresh"). */
  settingChanged?(what: string): void;
  /** Main's word on whether the shown profile's service answers, both ways. */
  connectionChanged(event: GarageEvent & { type: 'connection.changed' }): void;
  auditAdded(event: GarageEvent & { type: 'audit.added' }): void;
  runChanged(event: GarageEvent & { type: 'run.changed' }): void;
  /** Shop mode: the connection's state and the entries waiting for the database. */
  shopChanged?(event: GarageEvent & { type: 'shop.changed' }): void;
  claimChanged?(event: GarageEvent & { type: 'claim.changed' }): void;
  /** A request of the shop's two-person rule was asked, decided or sent. */
  approvalChanged?(event: GarageEvent & { type: 'approval.changed' }): void;
  /** Something the shop's board shows changed in the database. */
  boardChanged?(): void;
  /** The telemetry templates changed (in shop mode, possibly on another machine). */
  templatesChanged?(): void;
  /** A repair-order job opened, closed, reopened or noted: the vehicle's open job now. */
  jobChanged?(event: GarageEvent & { type: 'job.changed' }): void;
  /** Main's update checks found, downloaded or failed to read a new version of the app. */
  updateChanged?(status: UpdateStatus): void;
}

export function followMainEvents(api: Pick<GarageApi, 'events'>, targets: EventTargets): () => void {
  const shown = (profileId: string) => {
    const active = targets.activeProfileId();
    return active === null || active === profileId;
  };
  return api.events.subscribe((event) => {
    switch (event.type) {
      case 'vehicle.changed':
        if (shown(event.profileId)) targets.vehicleChanged(event.vin, event.entry);
        return;
      case 'garage.changed':
        if (shown(event.profileId)) targets.garageChanged();
        return;
      case 'settings.changed':
        if (event.what === 'templates') targets.templatesChanged?.();
        else if (event.what === 'garage-refresh' || event.what === 'updates' || event.what === 'language')
          targets.settingChanged?.(event.what);
        else targets.profilesChanged();
        return;
      case 'connection.changed':
        if (shown(event.profileId)) targets.connectionChanged(event);
        return;
      case 'audit.added':
        if (shown(event.profileId)) targets.auditAdded(event);
        return;
      case 'run.changed':
        targets.runChanged(event);
        return;
      case 'shop.changed':
        if (shown(event.profileId)) targets.shopChanged?.(event);
        return;
      case 'claim.changed':
        if (shown(event.profileId)) targets.claimChanged?.(event);
        return;
      case 'approval.changed':
        if (shown(event.profileId)) targets.approvalChanged?.(event);
        return;
      case 'board.changed':
        if (shown(event.profileId)) targets.boardChanged?.();
        return;
      case 'job.changed':
        if (shown(event.profileId)) targets.jobChanged?.(event);
        return;
      case 'update.changed':
        targets.updateChanged?.(event.status);
        return;
    }
  });
}
