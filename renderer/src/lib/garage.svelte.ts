// The app's shared state: profiles, the active profile's vehicles, the selection and the main view.
import type { ErrorInfo, Result } from '../../../electron/shared/result';
import type { AddManyOutcome, Profile, VehicleEntry } from '../../../electron/shared/types';
import { garageApi } from './garage';

export type MainView = 'vehicle' | 'bulk' | 'settings';

class GarageState {
  profiles = $state.raw<Profile[]>([]);
  vehicles = $state.raw<VehicleEntry[]>([]);
  loading = $state(true);
  error = $state<ErrorInfo | null>(null);
  /** What main had to do to the garage file (entries set aside), to be shown until dismissed. */
  garageNotice = $state<string | null>(null);
  selectedVin = $state<string | null>(null);
  view = $state<MainView>('vehicle');
  /**
   * A vehicle the list must bring into view (after it was added), with a counter so asking twice
   * for the same VIN still scrolls.
   */
  reveal = $state<{ vin: string; seq: number } | null>(null);
  /** Goes up on every profile switch: work started for one profile stops when it changes. */
  profileEpoch = $state(0);

  activeProfile = $derived(this.profiles.find((p) => p.active) ?? null);
  selected = $derived(this.vehicles.find((v) => v.vin === this.selectedVin) ?? null);

  /** Profiles and vehicles, with the loading state; the first call happens at start. */
  async load(): Promise<void> {
    this.loading = true;
    this.error = null;
    // Marks around the IPC wait, so a benchmark can tell the renderer's own time from the transport's.
    performance.mark?.('garage-list-start');
    const [profiles, vehicles] = await Promise.all([
      garageApi().profiles.list(),
      garageApi().vehicles.list(),
    ]);
    performance.mark?.('garage-list-end');
    if (profiles.ok) this.profiles = profiles.value;
    if (vehicles.ok) this.vehicles = vehicles.value;
    this.garageNotice = vehicles.ok ? (vehicles.notice ?? null) : null;
    this.error = !vehicles.ok ? vehicles.error : !profiles.ok ? profiles.error : null;
    if (this.selectedVin && !this.selected) this.selectedVin = null;
    this.loading = false;
  }

  /**
   * Re-reads the vehicles quietly: only when main says the list itself changed (vehicles added or
   * removed). A vehicle's own changes arrive as its new entry (`applyEntry`), never as a re-list.
   */
  async refreshVehicles(): Promise<void> {
    const result = await garageApi().vehicles.list();
    if (result.ok) this.vehicles = result.value;
  }

  /** One vehicle's entry as main now has it (null: it left the garage). */
  applyEntry(vin: string, entry: VehicleEntry | null): void {
    const index = this.vehicles.findIndex((v) => v.vin === vin);
    if (entry === null) {
      if (index !== -1) this.vehicles = this.vehicles.filter((v) => v.vin !== vin);
      if (this.selectedVin === vin) this.selectedVin = null;
      return;
    }
    // A VIN not listed yet comes with the garage's own change (and its re-list).
    if (index === -1) return;
    const next = [...this.vehicles];
    next[index] = entry;
    this.vehicles = next;
  }

  /** Entries main answered for this profile's own additions, shown before the list is read again. */
  #insert(entries: readonly VehicleEntry[]): void {
    const added = new Set(entries.map((entry) => entry.vin));
    this.vehicles = [...this.vehicles.filter((v) => !added.has(v.vin)), ...entries];
  }

  async refreshProfiles(): Promise<void> {
    const result = await garageApi().profiles.list();
    if (result.ok) this.profiles = result.value;
  }

  async activateProfile(id: string): Promise<Result<Profile>> {
    const result = await garageApi().profiles.activate(id);
    if (result.ok) {
      this.profileEpoch++;
      this.selectedVin = null;
      await this.load();
    }
    return result;
  }

  select(vin: string): void {
    this.selectedVin = vin;
    this.view = 'vehicle';
  }

  async add(vin: string, nickname: string | undefined): Promise<Result<VehicleEntry>> {
    const result = await garageApi().vehicles.add(nickname ? { vin, nickname } : { vin });
    if (result.ok) {
      this.#insert([result.value]);
      this.select(result.value.vin);
      this.revealVin(result.value.vin);
    }
    return result;
  }

  /** "Paste VINs" and "Import from account": one call; the list then shows the first one added. */
  async addMany(entries: { vin: string; nickname?: string }[]): Promise<Result<AddManyOutcome>> {
    const result = await garageApi().vehicles.addMany({ entries });
    if (result.ok && result.value.added.length > 0) {
      this.#insert(result.value.added);
      this.revealVin(result.value.added[0]!.vin);
    }
    return result;
  }

  revealVin(vin: string): void {
    this.reveal = { vin, seq: (this.reveal?.seq ?? 0) + 1 };
  }

  async rename(vin: string, nickname: string | null): Promise<Result<VehicleEntry>> {
    const result = await garageApi().vehicles.rename(vin, nickname);
    if (result.ok) this.vehicles = this.vehicles.map((v) => (v.vin === vin ? result.value : v));
    return result;
  }

  async remove(vin: string): Promise<Result<null>> {
    const result = await garageApi().vehicles.remove(vin);
    if (result.ok) {
      this.vehicles = this.vehicles.filter((v) => v.vin !== vin);
      if (this.selectedVin === vin) this.selectedVin = null;
    }
    return result;
  }

  /** Back to the start state; component tests call this between cases. */
  reset(): void {
    this.profiles = [];
    this.vehicles = [];
    this.loading = true;
    this.error = null;
    this.selectedVin = null;
    this.view = 'vehicle';
    this.reveal = null;
  }
}

export type GarageStore = GarageState;

export function createGarage(): GarageStore {
  return new GarageState();
}
