// The pack, its health and where the car stood, and the facts of the visit (software, alerts,
// charging with its cost), in the reader's words and units: for the snapshot rows and the visit's
// rows (snapshot-rows.ts, visit-rows.ts) that the Job tab and the PDF both show. The record keeps
// the service's units (miles, kWh, metres); a distance is said in the technician's. Zod-free.
import type { CarPlace, PackSnapshot, Visit, VisitAlert, VisitCharge } from './job-record';
import { displayAmount, type RecordWords } from './record-words';

/** A number with at most `digits` decimals, in the reader's locale. */
export function amountText(value: number, digits: number, words: RecordWords): string {
  return new Intl.NumberFormat(words.formatLocale ?? 'en-US', { maximumFractionDigits: digits }).format(
    value,
  );
}

/** A money amount in the shop's currency (which the service does not name): always two decimals. */
export function moneyText(value: number, words: RecordWords): string {
  return new Intl.NumberFormat(words.formatLocale ?? 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

const orUnknown = (value: number | null, show: (value: number) => string, words: RecordWords) =>
  value === null ? words.t('record.unknown') : show(value);

/** A range the service gave in miles, in the technician's distance unit. */
function rangeText(miles: number, words: RecordWords): string {
  const { value, unit } = displayAmount('odometer', miles, words);
  return words.t('visitRecord.amount', { value: amountText(value, 0, words), unit });
}

const kwh = (value: number, words: RecordWords) =>
  words.t('visitRecord.amount', { value: amountText(value, 1, words), unit: 'kWh' });

/** "64 %, 48.2 kWh left, range 212 mi, 398 V, modules 21–23 °C". */
export function packWords(pack: PackSnapshot, words: RecordWords): string {
  return words.t('visitRecord.packValue', {
    level: orUnknown(pack.level, (v) => amountText(v, 0, words), words),
    energy: orUnknown(pack.energyRemainingKwh, (v) => kwh(v, words), words),
    range: orUnknown(pack.rangeMiles, (v) => rangeText(v, words), words),
    voltage: orUnknown(pack.packVoltage, (v) => amountText(v, 0, words), words),
    temperature:
      pack.moduleTempMinC === null || pack.moduleTempMaxC === null
        ? words.t('record.unknown')
        : words.t('visitRecord.tempRange', {
            min: amountText(pack.moduleTempMinC, 1, words),
            max: amountText(pack.moduleTempMaxC, 1, words),
          }),
  });
}

/** "usable capacity 72.4 kWh, range at 100 % 310 mi". */
export function packHealthWords(
  health: { capacityKwh: number; maxRangeMiles: number },
  words: RecordWords,
): string {
  return words.t('visitRecord.packHealthValue', {
    capacity: kwh(health.capacityKwh, words),
    range: rangeText(health.maxRangeMiles, words),
  });
}

/** How far, in metres or kilometres (or feet and miles for a reader in miles). */
function distanceText(metres: number, words: RecordWords): string {
  if (words.units?.distance === 'mi') {
    const feet = metres / 0.3048;
    return feet < 1000
      ? words.t('visitRecord.amount', { value: amountText(feet, 0, words), unit: 'ft' })
      : words.t('visitRecord.amount', { value: amountText(metres / 1609.344, 1, words), unit: 'mi' });
  }
  return metres < 1000
    ? words.t('visitRecord.amount', { value: amountText(metres, 0, words), unit: 'm' })
    : words.t('visitRecord.amount', { value: amountText(metres / 1000, 1, words), unit: 'km' });
}

/** "on the shop's lot (35 m from its centre): 1 Main St", or off it, or no lot set. */
export function placeWords(place: CarPlace, words: RecordWords): string {
  const where =
    place.address ??
    (place.latitude !== null && place.longitude !== null
      ? words.t('visitRecord.coordinates', {
          latitude: amountText(place.latitude, 5, words),
          longitude: amountText(place.longitude, 5, words),
        })
      : words.t('visitRecord.noPosition'));
  const status = place.onLot === null ? (place.lot ? 'unknown' : 'unset') : place.onLot ? 'on' : 'off';
  return words.t('visitRecord.placeValue', {
    status,
    distance: place.distanceM === null ? '' : distanceText(place.distanceM, words),
    where,
  });
}

/** "2026.14.3 → 2026.20.1, updated during the visit", or the one version kept throughout. */
export function softwareWords(software: Visit['software'], words: RecordWords): string {
  const unknown = words.t('record.unknown');
  return words.t('visitRecord.softwareValue', {
    updated: String(software.before !== software.after),
    before: software.before ?? unknown,
    after: software.after ?? unknown,
  });
}

/** The alerts of one status: "VCFRONT_a180 (raised 25 Nov, 10:00), …", or none. */
export function alertListWords(
  alerts: readonly VisitAlert[],
  words: RecordWords,
  at: (iso: string) => string,
): string {
  if (alerts.length === 0) return words.t('record.none');
  return alerts
    .map((alert) =>
      alert.time ? words.t('visitRecord.alertItem', { name: alert.name, time: at(alert.time) }) : alert.name,
    )
    .join(', ');
}

/** A session: when it started, energy, charge before and after, where, and its cost with whether it is on the service. */
export function chargeWords(charge: VisitCharge, words: RecordWords, at: (iso: string) => string): string {
  const energy = (value: number | null) => orUnknown(value, (v) => kwh(v, words), words);
  const level = (value: number | null) => orUnknown(value, (v) => amountText(v, 0, words), words);
  const text = words.t('visitRecord.chargeValue', {
    time: at(charge.startedAt),
    used: energy(charge.energyUsedKwh),
    added: energy(charge.energyAddedKwh),
    from: level(charge.startingLevel),
    to: level(charge.endingLevel),
    where: charge.location ?? words.t('record.unknown'),
  });
  if (charge.cost === null) return text;
  return words.t('visitRecord.chargeCost', {
    text,
    cost: moneyText(charge.cost, words),
    recorded: charge.costRecorded,
  });
}

/** The sessions' sum: how many, the energy from the charger, and the cost at the shop's price. */
export function chargesTotalWords(charges: readonly VisitCharge[], visit: Visit, words: RecordWords): string {
  const energy = charges.reduce(
    (sum, charge) => sum + (charge.energyUsedKwh ?? charge.energyAddedKwh ?? 0),
    0,
  );
  const costs = charges.map((charge) => charge.cost).filter((cost): cost is number => cost !== null);
  return words.t('visitRecord.chargesTotalValue', {
    count: charges.length,
    energy: kwh(energy, words),
    priced: String(visit.pricePerKwh !== null),
    cost: moneyText(
      costs.reduce((sum, cost) => sum + cost, 0),
      words,
    ),
    price: visit.pricePerKwh === null ? '' : moneyText(visit.pricePerKwh, words),
  });
}
