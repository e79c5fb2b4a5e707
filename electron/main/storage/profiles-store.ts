// The technician's profiles (one per service account / base URL) and which one is active, kept in
// <data>/profiles.json. The demo profile always exists: its base URL is the embedded simulator's,
// known only at run time, so it is stored as null and the caller substitutes it.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { baseUrlProblem, DEFAULT_BASE_URL, normalizeBaseUrl } from '../../shared/base-url';
import { AppError } from '../../shared/result';
import type { TokenTest } from '../../shared/types';
import {
  ensureFolder,
  readJsonFile,
  removeStaleTempFiles,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from './atomic-file';
import { withFileLock } from './file-lock';
import { DEMO_PROFILE_ID, isProfileId } from './profile-id';
import { normalizeProfileName, profileNameKey, profileNameProblem } from './profile-name';
import { tm } from '../i18n/main-words';

export const PROFILES_FILE = 'profiles.json';
export const DEMO_PROFILE_NAME = 'Demo garage';
export const MAX_PROFILES = 100;

export interface ProfileRecord {
  id: string;
  name: string;
  /** Null only for the demo profile, whose address is the embedded simulator's. */
  baseUrl: string | null;
  demo: boolean;
  /** ISO time. */
  createdAt: string;
  /** The last test of the token and address; absent when untested since they changed. */
  lastTest?: TokenTest;
}

export interface ProfilesStoreOptions {
  dataDir: string;
  now?: () => Date;
  newId?: () => string;
  onCorrupt?: OnCorrupt;
  fs?: AtomicFs;
}

export interface ProfilesStore {
  list(): Promise<ProfileRecord[]>;
  get(id: string): Promise<ProfileRecord | null>;
  active(): Promise<ProfileRecord>;
  create(input: { name: string; baseUrl?: string }): Promise<ProfileRecord>;
  update(id: string, patch: { name?: string; baseUrl?: string }): Promise<ProfileRecord>;
  /** Not the demo profile; removing the active profile makes the demo profile active. */
  remove(id: string): Promise<void>;
  activate(id: string): Promise<ProfileRecord>;
  /** Keeps the last token test of a profile (null forgets it: the token or address changed). */
  noteTest(id: string, test: TokenTest | null): Promise<void>;
}

const profileSchema = z
  .object({
    id: z.string().refine(isProfileId),
    name: z
      .string()
      .min(1)
      .max(4 * 60),
    baseUrl: z.string().nullable(),
    demo: z.boolean(),
    createdAt: z.iso.datetime(),
    lastTest: z
      .object({
        ok: z.boolean(),
        at: z.iso.datetime(),
        vehicles: z.number().int().nonnegative().optional(),
        error: z
          .object({
            kind: z.string().max(64),
            message: z.string().max(2_000),
            status: z.number().int().optional(),
          })
          .optional(),
      })
      .optional(),
  })
  // A hand-edited file must not smuggle in a plain-http address the token would then be sent to.
  .refine(
    (p) => (p.demo ? p.id === DEMO_PROFILE_ID : p.baseUrl !== null && baseUrlProblem(p.baseUrl) === null),
    { error: () => tm('profiles.invalidBaseUrl'), path: ['baseUrl'] },
  );

const fileSchema = z.object({
  version: z.literal(1),
  activeProfileId: z.string(),
  profiles: z.array(profileSchema).max(MAX_PROFILES + 1),
});

interface State {
  activeProfileId: string;
  profiles: ProfileRecord[];
}

export function createProfilesStore(options: ProfilesStoreOptions): ProfilesStore {
  const { dataDir, onCorrupt, fs } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const path = join(dataDir, PROFILES_FILE);
  let state: State | null = null;

  function demoProfile(): ProfileRecord {
    return {
      id: DEMO_PROFILE_ID,
      name: DEMO_PROFILE_NAME,
      baseUrl: null,
      demo: true,
      createdAt: now().toISOString(),
    };
  }

  // Whatever the file says, leave exactly one demo profile, unique ids and a valid active id.
  function repair(loaded: State | null): State {
    const seen = new Set<string>();
    const profiles: ProfileRecord[] = [];
    for (const profile of loaded?.profiles ?? []) {
      if (seen.has(profile.id)) continue;
      seen.add(profile.id);
      profiles.push(profile.id === DEMO_PROFILE_ID ? { ...profile, demo: true, baseUrl: null } : profile);
    }
    if (!seen.has(DEMO_PROFILE_ID)) profiles.unshift(demoProfile());
    const activeProfileId =
      loaded && seen.has(loaded.activeProfileId) ? loaded.activeProfileId : DEMO_PROFILE_ID;
    return { activeProfileId, profiles };
  }

  async function load(): Promise<State> {
    if (state) return state;
    await removeStaleTempFiles(dataDir, { fs });
    const read = await readJsonFile(path, fileSchema, { now, onCorrupt, fs });
    const loaded = repair(read.status === 'ok' ? read.value : null);
    if (read.status !== 'ok') {
      // Save the first-launch state so the demo profile's createdAt stays put. Best effort: a
      // read-only data folder must not stop the app from listing profiles.
      await save(loaded).catch(() => undefined);
    }
    state = loaded;
    return state;
  }

  // Reads and mutations queue on the file's lock; memory changes only after the file is saved.
  function locked<T>(task: (current: State) => Promise<T> | T): Promise<T> {
    return withFileLock(`${path}#store`, async () => task(await load()));
  }

  async function save(next: State): Promise<void> {
    await ensureFolder(dataDir, { fs });
    const body = { version: 1, activeProfileId: next.activeProfileId, profiles: next.profiles };
    await writeFileAtomic(path, JSON.stringify(body, null, 2) + '\n', { fs });
    state = next;
  }

  function find(current: State, id: string): ProfileRecord {
    const profile = current.profiles.find((p) => p.id === id);
    if (!profile) throw new AppError('not_found', tm('errors.profileGone'));
    return profile;
  }

  function checkedName(current: State, input: unknown, exceptId: string | null): string {
    if (typeof input !== 'string') throw invalid('name', tm('profiles.enterName'));
    const name = normalizeProfileName(input);
    const problem = profileNameProblem(name);
    if (problem) throw invalid('name', problem);
    const key = profileNameKey(name);
    const twin = current.profiles.find((p) => p.id !== exceptId && profileNameKey(p.name) === key);
    if (twin) {
      throw invalid(
        'name',
        twin.name.toLocaleLowerCase() === name.toLocaleLowerCase()
          ? tm('profiles.nameTaken', { name })
          : tm('profiles.nameLookalike', { name, existing: twin.name }),
      );
    }
    return name;
  }

  function checkedBaseUrl(input: unknown): string {
    if (typeof input !== 'string') throw invalid('baseUrl', tm('profiles.enterAddress'));
    const problem = baseUrlProblem(input);
    if (problem) throw invalid('baseUrl', problem);
    return normalizeBaseUrl(input);
  }

  return {
    list: () => locked((current) => current.profiles.map((p) => ({ ...p }))),
    get: (id) =>
      locked((current) => {
        const profile = current.profiles.find((p) => p.id === id);
        return profile ? { ...profile } : null;
      }),
    active: () => locked((current) => ({ ...find(current, current.activeProfileId) })),

    create: (input) =>
      locked(async (current) => {
        if (current.profiles.length > MAX_PROFILES) {
          throw new AppError('invalid_input', tm('errors.profilesMax', { max: MAX_PROFILES }));
        }
        const profile: ProfileRecord = {
          id: newId(),
          name: checkedName(current, input.name, null),
          baseUrl: checkedBaseUrl(input.baseUrl ?? DEFAULT_BASE_URL),
          demo: false,
          createdAt: now().toISOString(),
        };
        if (!isProfileId(profile.id) || current.profiles.some((p) => p.id === profile.id)) {
          throw new AppError('internal', tm('errors.profileIdFailed'));
        }
        await save({ ...current, profiles: [...current.profiles, profile] });
        return { ...profile };
      }),

    update: (id, patch) =>
      locked(async (current) => {
        const existing = find(current, id);
        const updated = { ...existing };
        if (patch.name !== undefined) updated.name = checkedName(current, patch.name, id);
        if (patch.baseUrl !== undefined) {
          if (existing.demo) throw invalid('baseUrl', tm('profiles.demoAddress'));
          updated.baseUrl = checkedBaseUrl(patch.baseUrl);
        }
        await save({ ...current, profiles: current.profiles.map((p) => (p.id === id ? updated : p)) });
        return { ...updated };
      }),

    remove: (id) =>
      locked(async (current) => {
        const existing = find(current, id);
        if (existing.demo) throw new AppError('invalid_input', tm('errors.demoNotRemovable'));
        await save({
          activeProfileId: current.activeProfileId === id ? DEMO_PROFILE_ID : current.activeProfileId,
          profiles: current.profiles.filter((p) => p.id !== id),
        });
      }),

    activate: (id) =>
      locked(async (current) => {
        const profile = find(current, id);
        if (current.activeProfileId !== id) await save({ ...current, activeProfileId: id });
        return { ...profile };
      }),

    noteTest: (id, test) =>
      locked(async (current) => {
        const existing = find(current, id);
        const updated: ProfileRecord = { ...existing };
        if (test) updated.lastTest = test;
        else delete updated.lastTest;
        await save({ ...current, profiles: current.profiles.map((p) => (p.id === id ? updated : p)) });
      }),
  };
}

function invalid(path: string, message: string): AppError {
  return new AppError('invalid_input', message, { issues: [{ path, message }] });
}
