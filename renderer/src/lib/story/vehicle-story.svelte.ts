// One vehicle's Health and history: the range the technician chose and the service's history reads
// for its window, each a ServiceRead with its own answer, as-of and source. None of these reads
// wakes the car; each is cached by main with its window, so the tab works offline from the copies
// a visit to it saved. The firmware alerts read has no window: the tab keeps the range's alerts.
import { mainApi } from '../main-api';
import { ServiceRead } from '../service-read.svelte';
import { storyWindow, type StoryRange, type StoryWindow } from './story-range';

/** Marked when an answer for the tab arrives and when the tab has drawn every answer (the benchmark reads them). */
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

  #answered<T>(result: T): T {
    performance.mark?.(STORY_ANSWER_MARK);
    return result;
  }

  readonly battery = new ServiceRead(async (refresh) =>
    this.#answered(await mainApi().vehicles.batteryHealth(this.#vin(), { ...this.#span(), refresh })),
  );
  readonly charges = new ServiceRead(async (refresh) =>
    this.#answered(await mainApi().vehicles.charges(this.#vin(), { ...this.#span(), refresh })),
  );
  readonly idles = new ServiceRead(async (refresh) =>
    this.#answered(await mainApi().vehicles.idles(this.#vin(), { ...this.#span(), refresh })),
  );
  readonly tyres = new ServiceRead(async (refresh) =>
    this.#answered(await mainApi().vehicles.tirePressure(this.#vin(), { ...this.#span(), refresh })),
  );
  /** Condensed: only the versions and their times are used, and columns are the smaller answer. */
  readonly states = new ServiceRead(async (refresh) =>
    this.#answered(
      await mainApi().vehicles.states(this.#vin(), { ...this.#span(), condense: true, refresh }),
    ),
  );
  readonly alerts = new ServiceRead(async (refresh) =>
    this.#answered(await mainApi().vehicles.firmwareAlerts(this.#vin(), { refresh })),
  );

  /** Every read of the tab, in the order the tab shows them. */
  get reads() {
    return [this.battery, this.charges, this.idles, this.tyres, this.alerts, this.states] as const;
  }

  /** Whether the visit can be chosen: only while the car has an open job. */
  get hasVisit(): boolean {
    return this.#visitStart() !== null;
  }

  /** Reads every chart's answer for the chosen range (a refresh asks the service, not the cache). */
  async load(refresh = false): Promise<void> {
    const range = this.range === 'visit' && !this.hasVisit ? 'month' : this.range;
    this.range = range;
    this.window = storyWindow(range, Date.now(), this.#visitStart());
    await Promise.all(this.reads.map((read) => read.read(refresh)));
  }

  async choose(range: StoryRange): Promise<void> {
    this.range = range;
    await this.load();
  }
}
