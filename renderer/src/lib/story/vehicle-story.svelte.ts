// One vehicle's Health and history: the range the technician chose and the service's history reads
// for its window, each a ServiceRead with its own answer, as-of and source. None of these reads
// wakes the car; each is cached by main with its window, so the tab works offline from the copies
// a visit to it saved. The firmware alerts read has no window: the tab keeps the range's alerts.
import { mainApi } from '../main-api';
import { ServiceRead } from '../service-read.svelte';
import { storyWindow, type StoryRange, type StoryWindow } from './story-range';

/** Marked when the answers of a range are all in, and when the tab has drawn them (the benchmark reads both). */
export const STORY_ANSWER_MARK = 'story-answer';
export const STORY_DRAWN_MARK = 'story-drawn';

export class VehicleStory {
  range = $state<StoryRange>('month');
  /** The window the reads were last asked for. */
  window = $state.raw<StoryWindow | null>(null);

  readonly #vin: () => string;
  readonly #visitStart: () => string | null;

  constructor(vin: () => string, visitStart: () => string | null) {
    this.#vin = vin;
    this.#visitStart = visitStart;
    // The visit is what a technician with a car in the shop looks at first.
    this.range = visitStart() === null ? 'month' : 'visit';
  }

  /** The read's window; each read is asked after `window` is set for the range. */
  #span(): StoryWindow {
    return this.window ?? storyWindow('month', Date.now(), null)!;
  }

  // The service's reads, each for the window of the range chosen.
  readonly #ask = {
    battery: (refresh: boolean) =>
      mainApi().vehicles.batteryHealth(this.#vin(), { ...this.#span(), refresh }),
    charges: (refresh: boolean) => mainApi().vehicles.charges(this.#vin(), { ...this.#span(), refresh }),
    idles: (refresh: boolean) => mainApi().vehicles.idles(this.#vin(), { ...this.#span(), refresh }),
    tyres: (refresh: boolean) => mainApi().vehicles.tirePressure(this.#vin(), { ...this.#span(), refresh }),
    /** Condensed: only the versions and their times are used, and columns are the smaller answer. */
    states: (refresh: boolean) =>
      mainApi().vehicles.states(this.#vin(), { ...this.#span(), condense: true, refresh }),
    alerts: (refresh: boolean) => mainApi().vehicles.firmwareAlerts(this.#vin(), { refresh }),
    /** Every car's pack now, for the garage's other cars of this model beside this one's. */
    fleet: (refresh: boolean) => mainApi().fleet.batteryHealth({ refresh }),
  };

  // Each part's read on its own is its retry after an error; a range is read by load(), all at once.
  readonly battery = new ServiceRead(this.#ask.battery);
  readonly charges = new ServiceRead(this.#ask.charges);
  readonly idles = new ServiceRead(this.#ask.idles);
  readonly tyres = new ServiceRead(this.#ask.tyres);
  readonly states = new ServiceRead(this.#ask.states);
  readonly alerts = new ServiceRead(this.#ask.alerts);
  readonly fleet = new ServiceRead(this.#ask.fleet);

  /** Bumped by each load, so a range chosen later wins over an earlier one's slower answers. */
  #generation = 0;

  /** Every read of the tab, in the order the tab shows them. */
  get reads() {
    return [
      this.battery,
      this.charges,
      this.idles,
      this.tyres,
      this.alerts,
      this.states,
      this.fleet,
    ] as const;
  }

  /** Whether the visit can be chosen: only while the car has an open job. */
  get hasVisit(): boolean {
    return this.#visitStart() !== null;
  }

  /**
   * Reads every chart's answer for the chosen range (a refresh asks the service, not the cache) and
   * shows them together, once all are in: every part of the tab then speaks of the same range, never
   * some of the new one beside some of the last.
   */
  async load(refresh = false): Promise<void> {
    const range = this.range === 'visit' && !this.hasVisit ? 'month' : this.range;
    this.range = range;
    this.window = storyWindow(range, Date.now(), this.#visitStart());
    const generation = ++this.#generation;
    for (const read of this.reads) {
      read.since = Date.now();
      read.loading = true;
    }
    const ask = this.#ask;
    const [battery, charges, idles, tyres, alerts, states, fleet] = await Promise.all([
      ask.battery(refresh),
      ask.charges(refresh),
      ask.idles(refresh),
      ask.tyres(refresh),
      ask.alerts(refresh),
      ask.states(refresh),
      ask.fleet(refresh),
    ]);
    if (generation !== this.#generation) return;
    performance.mark?.(STORY_ANSWER_MARK);
    this.battery.result = battery;
    this.charges.result = charges;
    this.idles.result = idles;
    this.tyres.result = tyres;
    this.alerts.result = alerts;
    this.states.result = states;
    this.fleet.result = fleet;
    for (const read of this.reads) read.loading = false;
  }

  async choose(range: StoryRange): Promise<void> {
    this.range = range;
    await this.load();
  }
}
