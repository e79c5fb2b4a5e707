// Reading a garage file entry by entry: one bad entry (hand-edited, from an older or newer app, cut
// by a disk problem) costs that entry, never the garage. Bad entries are written aside to a file of
// their own before the garage file is rewritten without them, and the technician is told what
// happened in words; only a file that is not a garage at all is set aside whole.
import { basename } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/result';
import { vinProblem } from '../../shared/vin';
import {
  errorCode,
  fileTimestamp,
  readJsonUnlocked,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from './atomic-file';
import * as nodeFs from 'node:fs/promises';
import { tm } from '../i18n/main-words';

/** What the benchmarks prove a garage can hold while `vehicles.list` stays within budget. */
export const MAX_VEHICLES = 10_000;
export const PLATE_STORE_MAX = 64;

export interface GarageVehicle {
  vin: string;
  nickname: string | null;
  /** ISO time. */
  addedAt: string;
  /** The last plate set through the app (the service cannot be asked for it). */
  plate?: string | null;
}

export interface Garage {
  seeded: boolean;
  vehicles: GarageVehicle[];
}

export const vehicleSchema = z.object({
  vin: z.string().refine((vin) => vinProblem(vin) === null, 'not a valid VIN'),
  nickname: z.string().nullable(),
  addedAt: z.iso.datetime(),
  plate: z.string().max(PLATE_STORE_MAX).nullable().optional(),
});

const envelopeSchema = z.object({
  version: z.literal(1),
  seeded: z.boolean(),
  vehicles: z.array(z.unknown()),
});

export interface GarageRead {
  garage: Garage;
  /** What the technician must be told about this file, or null when it read cleanly. */
  notice: string | null;
}

interface Rejected {
  index: number;
  problem: string;
  entry: unknown;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Reads, checks and if need be repairs the garage file at `path`; the caller holds its lock. */
export async function readGarageFile(
  path: string,
  options: { now: () => Date; onCorrupt?: OnCorrupt; fs?: AtomicFs },
): Promise<GarageRead> {
  const read = await readJsonUnlocked(path, envelopeSchema, options);
  if (read.status === 'missing') return { garage: { seeded: false, vehicles: [] }, notice: null };
  if (read.status === 'corrupt') {
    const kept = read.report.setAsidePath ? ` It was kept as ${basename(read.report.setAsidePath)}.` : '';
    return {
      garage: { seeded: false, vehicles: [] },
      notice: `The garage file could not be read (it ${read.report.reason}), so the garage starts empty.${kept}`,
    };
  }
  const { vehicles, rejected } = checkEntries(read.value.vehicles);
  const garage = { seeded: read.value.seeded, vehicles };
  if (rejected.length === 0) return { garage, notice: null };

  const fs = options.fs ?? nodeFs;
  const asidePath = `${path}.rejected-${fileTimestamp(options.now())}.json`;
  try {
    await writeFileAtomic(asidePath, JSON.stringify({ from: basename(path), rejected }, null, 2) + '\n', {
      fs,
    });
    await writeFileAtomic(path, garageFileText(garage), { fs });
  } catch (error) {
    throw new AppError(
      'storage',
      tm('errors.garageSetAside', { code: errorCode(error) ?? tm('errors.writeFailed') }),
    );
  }
  options.onCorrupt?.({ path, setAsidePath: asidePath, reason: `${rejected.length} entries set aside` });
  return {
    garage,
    notice:
      `${plural(rejected.length, 'entry', 'entries')} of the garage file could not be used and ` +
      `${rejected.length === 1 ? 'was' : 'were'} set aside in ${basename(asidePath)} ` +
      `(${describe(rejected)}); the other ${plural(vehicles.length, 'vehicle is', 'vehicles are')} shown.`,
  };
}

export function garageFileText(garage: Garage): string {
  return JSON.stringify({ version: 1, seeded: garage.seeded, vehicles: garage.vehicles }, null, 2) + '\n';
}

function checkEntries(entries: readonly unknown[]): { vehicles: GarageVehicle[]; rejected: Rejected[] } {
  const vehicles: GarageVehicle[] = [];
  const rejected: Rejected[] = [];
  // A hand-edited file may list a VIN twice: the first is kept, the repeat is dropped quietly.
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const parsed = vehicleSchema.safeParse(entry);
    if (!parsed.success) {
      const at = parsed.error.issues[0]?.path.join('.') || 'entry';
      rejected.push({ index, problem: `${at}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, entry });
      return;
    }
    if (seen.has(parsed.data.vin)) return;
    if (vehicles.length >= MAX_VEHICLES) {
      rejected.push({ index, problem: `over the limit of ${MAX_VEHICLES} vehicles`, entry });
      return;
    }
    seen.add(parsed.data.vin);
    vehicles.push({ ...parsed.data, plate: parsed.data.plate ?? null });
  });
  return { vehicles, rejected };
}

function describe(rejected: readonly Rejected[]): string {
  const over = rejected.filter((r) => r.problem.startsWith('over the limit')).length;
  const bad = rejected.length - over;
  const parts = [];
  if (bad > 0) parts.push(`${plural(bad, 'entry is', 'entries are')} damaged or not a valid vehicle`);
  if (over > 0)
    parts.push(
      `${plural(over, 'vehicle is', 'vehicles are')} over the limit of ${MAX_VEHICLES.toLocaleString('en-US')}`,
    );
  return parts.join('; ');
}
