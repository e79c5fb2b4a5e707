// Who can unlock and drive one vehicle, as its Access tab reads it from the service (never from an
// offline copy): its drivers and pending invitations, and the tab's changes to them (remove a driver,
// create or revoke an invitation). An Access tab makes its own, for the vehicle it shows.
import type { ApprovalAskInput } from '../../../electron/shared/ipc/api';
import type { ErrorInfo } from '../../../electron/shared/result';
import type {
  Driver,
  Invitation,
  ListedInvitation,
  UnreadableDriver,
} from '../../../electron/shared/wire-access';
import { describeError } from './errors';
import { t } from './i18n.svelte';
import { mainApi } from './main-api';
import type { ToastTone } from './toasts.svelte';

export interface VehicleAccessDeps {
  /** The vehicle the tab shows, asked at each call. */
  vin(): string;
  notify(message: string, tone: ToastTone): void;
  /** A write the shop's policy refused here: offered to ask a foreman for (shop mode). */
  refused?(ask: ApprovalAskInput, error: { kind: string; message: string }): void;
}

/** "Ana Ruiz", or "Driver 12" when the service gives no name. */
export const driverName = (d: Driver) =>
  `${d.driver_first_name} ${d.driver_last_name}`.trim() || t('access.driverNamed', { id: d.user_id_s });

export class VehicleAccess {
  drivers = $state<Driver[] | null>(null);
  driversError = $state<ErrorInfo | null>(null);
  /** Rows of the drivers list main could not read: named, since a driver left out still drives. */
  unreadable = $state<UnreadableDriver[]>([]);
  invitations = $state<ListedInvitation[] | null>(null);
  invitationsError = $state<ErrorInfo | null>(null);
  fetchedAt = $state<string | null>(null);
  loading = $state(false);
  /** What is being changed ("driver:<id>", "invite", "invitation:<id>"), one at a time; else null. */
  busy = $state<string | null>(null);
  /** The invitation just created, with its share link, until it is revoked. */
  created = $state<Invitation | null>(null);

  private readonly deps: VehicleAccessDeps;

  constructor(deps: VehicleAccessDeps) {
    this.deps = deps;
  }

  async load(): Promise<void> {
    this.loading = true;
    const vin = this.deps.vin();
    const [d, i] = await Promise.all([mainApi().vehicles.drivers(vin), mainApi().vehicles.invitations(vin)]);
    this.loading = false;
    this.drivers = d.ok ? d.value.results : null;
    this.unreadable = d.ok ? (d.value.unreadable ?? []) : [];
    this.driversError = d.ok ? null : d.error;
    this.invitations = i.ok ? i.value.results : null;
    this.invitationsError = i.ok ? null : i.error;
    this.fetchedAt = d.ok ? d.fetchedAt : i.ok ? i.fetchedAt : null;
  }

  #failed(text: string): void {
    this.deps.notify(text, 'error');
  }

  /** Removes the driver and their phone keys, says how it went, and reads the access again. */
  async removeDriver(driver: Driver): Promise<void> {
    this.busy = `driver:${driver.user_id_s}`;
    const vin = this.deps.vin();
    const result = await mainApi().vehicles.removeDriver(vin, driver.user_id_s);
    this.busy = null;
    if (!result.ok) {
      this.deps.refused?.({ kind: 'remove_driver', vin, userId: driver.user_id_s }, result.error);
      this.#failed(describeError(result.error));
    } else if (!result.value.result)
      this.#failed(
        t('access.notRemoved', {
          name: driverName(driver),
          reason: result.value.reason ?? t('access.serviceRefused'),
        }),
      );
    else this.deps.notify(t('access.removed', { name: driverName(driver) }), 'success');
    await this.load();
  }

  /** Creates an invitation; `overrideClaim` once the technician confirmed another one holds the car. */
  async invite(overrideClaim = false): Promise<void> {
    this.busy = 'invite';
    const vin = this.deps.vin();
    const result = await (overrideClaim
      ? mainApi().vehicles.createInvitation(vin, { overrideClaim: true })
      : mainApi().vehicles.createInvitation(vin));
    this.busy = null;
    if (result.ok) this.created = result.value;
    else {
      this.deps.refused?.({ kind: 'invitation', vin }, result.error);
      this.#failed(describeError(result.error));
    }
    await this.load();
  }

  async revoke(invitation: ListedInvitation): Promise<void> {
    this.busy = `invitation:${invitation.id_s}`;
    const result = await mainApi().vehicles.revokeInvitation(this.deps.vin(), invitation.id_s);
    this.busy = null;
    if (!result.ok) this.#failed(describeError(result.error));
    else if (!result.value.result)
      this.#failed(t('access.notRevoked', { reason: result.value.reason ?? t('access.serviceRefused') }));
    else this.deps.notify(t('access.revoked'), 'success');
    if (this.created?.id_s === invitation.id_s) this.created = null;
    await this.load();
  }
}
