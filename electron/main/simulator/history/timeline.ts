// A demo car's recent life, as the service's history reads tell it: the last HISTORY_DAYS days as
// one unbroken chain of segments (parked, driving, charging), each starting where and with the
// charge the one before ended. A weekday is home → work → home with a charge at home most nights;
// some days are a trip with a Supercharger stop; one known day (SHOP_VISIT_DAYS_AGO) the car spends
// at the service centre, is charged there and gets its software update (UPDATE_HOUR). Parked, the
// pack drains slowly, faster with Sentry Mode on or the climate kept on. Each day is drawn from its
// own stream (the VIN and the day's number), so a day's plan never depends on when it is read; the
// odometer is counted back from the car's own so today's reading agrees with the state's.
import { PLACE_COORDS } from '../catalogue';
import { VERSIONS } from '../release-notes-library';
import { hashString, intBetween, mulberry32, type Rng } from '../prng';
import type { VehicleState } from '../types';

export const DAY_S = 86_400;
const HOUR_S = 3600;

/** How far back the service's history of a demo car goes. */
export const HISTORY_DAYS = 60;
/** The day (counted back from today) the car was at the shop. */
export const SHOP_VISIT_DAYS_AGO = 3;
/** The hour (UTC) of the shop day its software update was installed. */
export const UPDATE_HOUR = 12;

export const HOME = 'Home';
export const SHOP = 'Service Center';
export const SUPERCHARGER = 'Fremont Supercharger';

/** Separates this stream from the fleet's, the details' and the pack's. */
const HISTORY_SALT = 0x3c6ef372;

/** Rated miles per kWh and kWh per mile driven, for a plausible pack. */
const KWH_PER_MILE = 0.27;

interface Base {
  start: number;
  end: number;
  startBattery: number;
  endBattery: number;
  /** Miles, counted from the history's start (add `odometerOffset`). */
  startOdometer: number;
}

export interface ParkSegment extends Base {
  kind: 'park';
  id: number;
  place: string;
  /** Shares of the period with Sentry Mode or the climate on. */
  sentryFraction: number;
  climateFraction: number;
}

export interface DriveSegment extends Base {
  kind: 'drive';
  from: string;
  to: string;
  miles: number;
}

export interface ChargeSegment extends Base {
  kind: 'charge';
  id: number;
  place: string;
  /** DC fast charging (a Supercharger); AC otherwise. */
  dc: boolean;
  powerKw: number;
  phases: number | null;
  voltage: number;
  /** kWh into the pack, and drawn from the charger. */
  energyAdded: number;
  energyUsed: number;
}

export type Segment = ParkSegment | DriveSegment | ChargeSegment;

export interface Timeline {
  vin: string;
  segments: readonly Segment[];
  /** Added to every segment's odometer: the car's odometer at the history's start, miles. */
  odometerOffset: number;
  /** Usable capacity of the pack now (kWh) and rated range at 100 % (miles). */
  capacityKwh: number;
  fullRangeMiles: number;
  /** The software update: when, and from which version to which. */
  update: { at: number; from: string; to: string };
  /** The shop visit's day (its midnight, Unix s). */
  shopDay: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The version a car ran before its deployed one (the same when it is the first known). */
function previousVersion(deployed: string): string {
  const index = VERSIONS.findIndex((v) => v.version === deployed);
  return index > 0 ? (VERSIONS[index - 1]?.version ?? deployed) : deployed;
}

/** Builds the chain, one segment after the other, keeping the time, place, charge and odometer. */
class Builder {
  readonly segments: Segment[] = [];
  t: number;
  battery: number;
  odometer = 0;
  place = HOME;
  private parkedSince: number;
  private parkStartBattery: number;
  private parkSentry = 0;
  private parkClimate = 0;

  constructor(
    start: number,
    battery: number,
    private readonly capacityKwh: number,
    private readonly chargeLimit: number,
    private readonly idOf: (at: number, kind: 'park' | 'charge') => number,
  ) {
    this.t = start;
    this.parkedSince = start;
    this.parkStartBattery = battery;
    this.battery = battery;
  }

  /** Parks until `until`: the pack drains by the hour, more with Sentry Mode or the climate on. */
  parkUntil(until: number, sentry: number, climate: number): void {
    if (until <= this.t) return;
    this.parkSentry = sentry;
    this.parkClimate = climate;
    const hours = (until - this.t) / HOUR_S;
    const drainPerHour = 0.03 + 0.25 * sentry + 1.2 * climate;
    this.battery = Math.max(3, this.battery - hours * drainPerHour);
    this.t = until;
  }

  /** Ends the parked period under way, if any, as a segment of its own. */
  private closePark(): void {
    if (this.t <= this.parkedSince) return;
    const startBattery = this.parkStartBattery;
    this.segments.push({
      kind: 'park',
      id: this.idOf(this.parkedSince, 'park'),
      start: this.parkedSince,
      end: this.t,
      place: this.place,
      startBattery: round(startBattery, 2),
      endBattery: round(this.battery, 2),
      startOdometer: round(this.odometer, 1),
      sentryFraction: this.parkSentry,
      climateFraction: this.parkClimate,
    });
  }

  drive(to: string, minutes: number, miles: number): void {
    this.closePark();
    const startBattery = this.battery;
    const used = ((miles * KWH_PER_MILE) / this.capacityKwh) * 100;
    this.battery = Math.max(3, this.battery - used);
    const start = this.t;
    this.t += minutes * 60;
    this.segments.push({
      kind: 'drive',
      from: this.place,
      to,
      miles: round(miles, 1),
      start,
      end: this.t,
      startBattery: round(startBattery, 2),
      endBattery: round(this.battery, 2),
      startOdometer: round(this.odometer, 1),
    });
    this.odometer += miles;
    this.place = to;
    this.parked();
  }

  /** A parked period starts now. */
  private parked(): void {
    this.parkedSince = this.t;
    this.parkStartBattery = this.battery;
    this.parkSentry = 0;
    this.parkClimate = 0;
  }

  /** Charges here to `target` % (the car's limit unless said) at `powerKw`. */
  charge(
    kind: { dc: boolean; powerKw: number; phases: number | null; voltage: number },
    target?: number,
  ): void {
    const goal = Math.min(target ?? this.chargeLimit, 100);
    if (goal <= this.battery + 1) return;
    this.closePark();
    const startBattery = this.battery;
    const energyAdded = ((goal - startBattery) / 100) * this.capacityKwh;
    // DC slows down as the pack fills; AC takes what the charger gives.
    const effectiveKw = kind.dc ? kind.powerKw * (goal > 80 ? 0.6 : 0.8) : kind.powerKw;
    const start = this.t;
    this.t += Math.round((energyAdded / effectiveKw) * HOUR_S);
    this.battery = goal;
    this.segments.push({
      kind: 'charge',
      id: this.idOf(start, 'charge'),
      place: this.place,
      ...kind,
      energyAdded: round(energyAdded, 2),
      energyUsed: round(energyAdded * (kind.dc ? 1.04 : 1.1), 2),
      start,
      end: this.t,
      startBattery: round(startBattery, 2),
      endBattery: round(goal, 2),
      startOdometer: round(this.odometer, 1),
    });
    this.parked();
  }

  /** Parks on until `now` if the plan ended sooner, and closes the parked period under way. */
  finish(now: number): void {
    this.parkUntil(now, this.parkSentry, this.parkClimate);
    this.closePark();
  }
}

const HOME_AC = { dc: false, powerKw: 11, phases: 1, voltage: 240 } as const;
const SHOP_AC = { dc: false, powerKw: 16, phases: 3, voltage: 400 } as const;
const SUPERCHARGER_DC = { dc: true, powerKw: 150, phases: null, voltage: 395 } as const;

/** One day's plan, from its own stream: leaves home, drives, parks and charges, back home. */
function planDay(b: Builder, rng: Rng, day: number, isShopDay: boolean, work: string): void {
  const at = (hours: number) => day + Math.round(hours * HOUR_S);
  b.parkUntil(Math.max(b.t, at(7 + rng() * 1.5)), 0, 0);
  if (isShopDay) {
    b.drive(SHOP, intBetween(rng, 25, 40), 14 + rng() * 6);
    b.parkUntil(at(10), 0, 0);
    b.charge(SHOP_AC, 90);
    // The update is installed while it is parked at the shop.
    b.parkUntil(at(16), 0, 0.05);
    b.drive(HOME, intBetween(rng, 25, 40), 14 + rng() * 6);
    b.parkUntil(at(22), 0, 0);
    return;
  }
  const trip = rng() < 0.15;
  if (trip) {
    b.drive(SUPERCHARGER, intBetween(rng, 50, 80), 45 + rng() * 25);
    b.charge(SUPERCHARGER_DC, 80);
    b.drive('Customer Site', intBetween(rng, 30, 50), 25 + rng() * 15);
    const sentry = rng() < 0.5 ? 1 : 0;
    b.parkUntil(at(15 + rng() * 2), sentry, 0);
    b.drive(HOME, intBetween(rng, 60, 90), 55 + rng() * 20);
  } else {
    b.drive(work, intBetween(rng, 20, 45), 12 + rng() * 14);
    const sentry = rng() < 0.3 ? 1 : 0;
    const climate = rng() < 0.1 ? round(0.05 + rng() * 0.15, 2) : 0;
    b.parkUntil(at(16.5 + rng() * 2), sentry, climate);
    b.drive(HOME, intBetween(rng, 20, 45), 12 + rng() * 14);
  }
  // Charged at home overnight when the pack is below 60 %, or on some other nights anyway.
  b.parkUntil(at(22 + rng()), 0, 0);
  if (b.battery < 60 || rng() < 0.3) b.charge(HOME_AC);
}

/**
 * The car's history up to `nowS` (Unix s). Drawn afresh on each read: a day's segments come from
 * the VIN and the day, so reading again, or a day later, tells the same past.
 */
export function timelineOf(state: VehicleState, nowS: number, capacityKwh: number): Timeline {
  const today = Math.floor(nowS / DAY_S) * DAY_S;
  const first = today - HISTORY_DAYS * DAY_S;
  const shopDay = today - SHOP_VISIT_DAYS_AGO * DAY_S;
  const carRng = mulberry32(hashString(state.vin, HISTORY_SALT));
  const work = carRng() < 0.7 ? 'Office' : 'Warehouse 4';
  const startBattery = 60 + Math.round(carRng() * 25);
  const idOf = (at: number, kind: 'park' | 'charge') =>
    // Stable across reads and days: the start's minute, and the kind.
    Math.floor(at / 60) * 2 + (kind === 'charge' ? 1 : 0);
  const b = new Builder(first, startBattery, capacityKwh, Math.min(state.chargeLimitPercent, 90), idOf);
  for (let day = first; day <= today; day += DAY_S) {
    if (b.t >= nowS) break;
    const rng = mulberry32(hashString(state.vin, (HISTORY_SALT ^ (day / DAY_S)) >>> 0));
    planDay(b, rng, day, day === shopDay, work);
  }
  b.finish(nowS);
  // Cut at now: what starts later has not happened yet, what is under way ends now.
  const segments = b.segments.filter((s) => s.start < nowS).map((s) => clip(s, nowS));
  const odometerNow = segments.length > 0 ? odometerAtEnd(segments.at(-1)!) : 0;
  const deployed = state.deployedVersion;
  return {
    vin: state.vin,
    segments,
    odometerOffset: round(Math.max(0, state.odometerMiles - odometerNow), 1),
    capacityKwh,
    fullRangeMiles: state.fullRangeMiles,
    update: { at: shopDay + UPDATE_HOUR * HOUR_S, from: previousVersion(deployed), to: deployed },
    shopDay,
  };
}

/** The odometer (from the history's start) at the segment's end. */
export function odometerAtEnd(segment: Segment): number {
  return segment.kind === 'drive' ? segment.startOdometer + segment.miles : segment.startOdometer;
}

/** A segment under way at `nowS`, ended there (its charge and odometer where they are then). */
function clip(segment: Segment, nowS: number): Segment {
  if (segment.end <= nowS) return segment;
  const f = (nowS - segment.start) / (segment.end - segment.start);
  const endBattery = round(segment.startBattery + (segment.endBattery - segment.startBattery) * f, 2);
  if (segment.kind === 'drive')
    return { ...segment, end: nowS, endBattery, miles: round(segment.miles * f, 1) };
  if (segment.kind === 'charge')
    return {
      ...segment,
      end: nowS,
      endBattery,
      energyAdded: round(segment.energyAdded * f, 2),
      energyUsed: round(segment.energyUsed * f, 2),
    };
  return { ...segment, end: nowS, endBattery };
}

/** Where a place is, or the shop's coordinates for a place the catalogue does not know. */
export function coordsOf(place: string): readonly [number, number] {
  return PLACE_COORDS[place] ?? PLACE_COORDS[SHOP] ?? [37.4275, -121.9066];
}

/** The firmware version the car ran at `at`. */
export function versionAt(timeline: Timeline, at: number): string {
  return at < timeline.update.at ? timeline.update.from : timeline.update.to;
}

/** Kilowatt-hours of `percent` points of the pack. */
export function kwhOf(timeline: Timeline, percent: number): number {
  return round((percent / 100) * timeline.capacityKwh, 2);
}

/** Rated miles of `percent` points of the pack. */
export function ratedMilesOf(timeline: Timeline, percent: number): number {
  return (percent / 100) * timeline.fullRangeMiles;
}
