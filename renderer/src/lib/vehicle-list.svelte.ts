// The active profile's vehicles as the garage list shows them, and the one selected: read once, then
// kept by main's events (a vehicle's new entry, or a re-list when the list itself changed).
import type { ErrorInfo, Result } from '../../../electron/shared/result';
import type { AddManyOutcome, VehicleEntry } from '../../../electron/shared/types';
import { mainApi } from './main-api';

export interface VehicleListDeps {
  /** The profiles, read beside the vehicles at start and on a profile switch. */
  readProfiles(): Promise<Result<unknown>>;
  /** Shows the vehicle view (a vehicle was selected). */
  showVehicle(): void;
}

class VehicleList {
  vehicles = $state.raw<VehicleEntry[]>([]);
  loading = $state(true);
  error = $state<ErrorInfo | null>(null);
  /** What main had to do to the garage file (entries set aside), to be shown until dismissed. */
  garageNotice = $state<string | null>(null);
  selectedVin = $state<string | null>(null);
  /**
   * A vehicle the list must bring into view (after it was added), with a counter so asking twice
   * for the same VIN still scrolls.
   */
  reveal = $state<{ vin: string; seq: number } | null>(null);

  selected = $derived(this.vehicles.find((v) => v.vin === this.selectedVin) ?? null);

  private readonly deps: VehicleListDeps;

  constructor(deps: VehicleListDeps) {
    this.deps = deps;
  }

  /** Profiles and vehicles, with the loading state; the first call happens at start. */
  async load(): Promise<void> {
    this.loading = true;
    this.error = null;
    // Marks around the IPC wait, so a benchmark can tell the renderer's own time from the transport's.
    performance.mark?.('garage-list-start');
    const [profiles, vehicles] = await Promise.all([this.deps.readProfiles(), mainApi().vehicles.list()]);
    performance.mark?.('garage-list-end');
    if (vehicles.ok) this.vehicles = vehicles.value;
    this.garageNotice = vehicles.ok ? (vehicles.notice ?? null) : null;
    this.error = !vehicles.ok ? vehicles.error : !profiles.ok ? profiles.error : null;
    if (this.selectedVin && !this.selected) this.selectedVin = null;
    this.loading = false;
  }

  /** Another profile is active: nothing of the last one stays selected, and its list is read. */
  async profileSwitched(): Promise<void> {
    this.selectedVin = null;
    await this.load();
  }

  /**
   * Re-reads the vehicles quietly: only when main says the list itself changed (vehicles added or
   * removed). A vehicle's own changes arrive as its new entry (`applyEntry`), never as a re-list.
   */
  async refreshVehicles(): Promise<void> {
    const result = await mainApi().vehicles.list();
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

  select(vin: string): void {
    this.selectedVin = vin;
    this.deps.showVehicle();
  }

  async add(vin: string, nickname: string | undefined): Promise<Result<VehicleEntry>> {
    const result = await mainApi().vehicles.add(nickname ? { vin, nickname } : { vin });
    if (result.ok) {
      this.#insert([result.value]);
      this.select(result.value.vin);
      this.revealVin(result.value.vin);
    }
    return result;
  }

  /** "Paste VINs" and "Import from account": one call; the list then shows the first one added. */
  async addMany(entries: { vin: string; nickname?: string }[]): Promise<Result<AddManyOutcome>> {
    const result = await mainApi().vehicles.addMany({ entries });
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
    const result = await mainApi().vehicles.rename(vin, nickname);
    if (result.ok) this.vehicles = this.vehicles.map((v) => (v.vin === vin ? result.value : v));
    return result;
  }

  async remove(vin: string): Promise<Result<null>> {
    const result = await mainApi().vehicles.remove(vin);
    if (result.ok) {
      this.vehicles = this.vehicles.filter((v) => v.vin !== vin);
      if (this.selectedVin === vin) this.selectedVin = null;
    }
    return result;
  }

  /** Back to the start state (component tests, between cases). */
  reset(): void {
    this.vehicles = [];
    this.loading = true;
    this.error = null;
    this.garageNotice = null;
    this.selectedVin = null;
    this.reveal = null;
  }
}

export type VehicleListStore = VehicleList;

export function createVehicleList(deps: VehicleListDeps): VehicleListStore {
  return new VehicleList(deps);
}
