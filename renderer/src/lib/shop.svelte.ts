// The active profile's shop, as main's events tell it: the connection's state with the entries
// waiting for the database, and the active claims by VIN. Solo profiles keep the solo state.
import type { Result } from '../../../electron/shared/result';
import type { ClaimView, ShopStatus } from '../../../electron/shared/shop';
import { t } from './i18n.svelte';
import { mainApi } from './main-api';

const SOLO: ShopStatus = { state: 'solo', pending: 0, error: null };

class Shop {
  status = $state.raw<ShopStatus>(SOLO);
  claims = $state.raw<ReadonlyMap<string, ClaimView>>(new Map());
  /** Counts the telemetry template changes main told of (another machine's, in shop mode): lists read again. */
  templatesSeen = $state(0);

  get inShop(): boolean {
    return this.status.state !== 'solo';
  }

  /**
   * Reads the state and the claims (start, profile switch, back online). Away from the database too:
   * main answers with the claims it last knew, so a command to a colleague's car still asks first
   * after a restart while the shop is unreachable.
   */
  async load(): Promise<void> {
    const status = await mainApi().shop.status();
    if (status.ok) this.status = status.value;
    if (this.status.state === 'solo') return;
    const claims = await mainApi().claims.list();
    if (claims.ok) this.claims = new Map(claims.value.map((claim) => [claim.vin, claim]));
  }

  applyStatus(status: ShopStatus): void {
    const cameOnline = status.state === 'online' && this.status.state !== 'online';
    this.status = status;
    if (status.state === 'solo') this.claims = new Map();
    if (cameOnline) void this.load();
  }

  applyClaim(vin: string, claim: ClaimView | null): void {
    // A new map each time: the store is replaced, never changed in place ($state.raw).
    const others = [...this.claims].filter(([key]) => key !== vin);
    this.claims = new Map(claim ? [...others, [vin, claim] as const] : others);
  }

  /** Claims the car for this technician, with an optional note; shown at once when main agrees. */
  async claim(vin: string, note: string): Promise<Result<ClaimView>> {
    const result = await mainApi().claims.claim(vin, note ? { note } : undefined);
    if (result.ok) this.applyClaim(vin, result.value);
    return result;
  }

  async release(vin: string): Promise<Result<null>> {
    const result = await mainApi().claims.release(vin);
    if (result.ok) this.applyClaim(vin, null);
    return result;
  }

  /** Takes over another technician's claim (main records it), with an optional note. */
  async takeOver(vin: string, note: string): Promise<Result<ClaimView>> {
    const result = await mainApi().claims.takeOver(vin, note ? { note } : undefined);
    if (result.ok) this.applyClaim(vin, result.value);
    return result;
  }

  templatesChanged(): void {
    this.templatesSeen++;
  }

  /** Another technician's live claim on the car: ask before a command. */
  heldByOther(vin: string): ClaimView | null {
    const claim = this.claims.get(vin);
    return claim && !claim.mine && !claim.expired ? claim : null;
  }

  /** Another profile is active: its claims are told anew by its own events. */
  forgetClaims(): void {
    this.claims = new Map();
  }

  reset(): void {
    this.status = SOLO;
    this.claims = new Map();
    this.templatesSeen = 0;
  }
}

export type ShopStore = Shop;

export function createShop(): ShopStore {
  return new Shop();
}

/**
 * Whose writes wait on this computer for them, one phrase each ("3 entries wait for Ana to sign
 * in"): they go only over their own writer's connection, so they are told apart from what waits for
 * the database.
 */
export function othersWaitingWords(status: ShopStatus): string[] {
  return (status.othersWaiting ?? []).map((other) => {
    const name =
      other.name === null || other.name === other.role
        ? other.role
        : t('waitingFor.nameRole', { name: other.name, role: other.role });
    return other.until === 'signIn'
      ? t('waitingFor.signIn', { count: other.count, name })
      : t('waitingFor.reconnect', { count: other.count, role: other.role });
  });
}

/** The header's status line, or null when there is nothing to say. */
export function shopStatusWords(status: ShopStatus): string | null {
  if (status.state === 'solo' || status.state === 'closed') return null;
  const waiting = status.pending > 0 ? t('shopStatus.waiting', { count: status.pending }) : null;
  const others = othersWaitingWords(status);
  // An entry the database refused for good is named, whatever the connection's state.
  const setAside = status.setAside?.message ?? null;
  // The shop was restored to an earlier point and this computer sent again what it had lost.
  const restored = status.restored?.message ?? null;
  if (status.state === 'online')
    return [waiting ?? t('shopStatus.online'), ...others, setAside, restored].filter(Boolean).join(' · ');
  const state = t(
    status.state === 'connecting'
      ? 'shopStatus.connecting'
      : status.state === 'refused'
        ? 'shopStatus.refused'
        : 'shopStatus.unreachable',
  );
  return [state, waiting, ...others, setAside, restored].filter(Boolean).join(' · ');
}
