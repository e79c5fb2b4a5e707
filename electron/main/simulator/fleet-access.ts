// Who can use each car of a seeded fleet: its additional drivers, the invitations made for it and
// guest mode, plus the closed trunks and the unscheduled update the workshop commands start from.
// Drawn from PRNG streams of their own, so a seed keeps its VINs, drives and every older field.
import { hashString, intBetween, mulberry32, pick, shuffle, type Rng } from './prng';
import type { AccessDetails, SimDriver, SimInvitation, VehicleState } from './types';
import type { DetailedVehicle } from './fleet-details';

const FLEET_SALT = 0x3c6ef372;
const VEHICLE_SALT = 0xa54ff53a;
const ACCOUNT_SALT = 0x510e527f;

/** Up to 5 additional drivers per vehicle (the public limit); pending invitations count too. */
export const MAX_DRIVERS = 5;
/** How long an invitation can be accepted (not published; the simulator's choice). */
export const INVITATION_TTL_MS = 7 * 86_400_000;

// prettier-ignore
const FIRST_NAMES = ['Alex', 'Maria', 'Jonas', 'Priya', 'Sam', 'Lena', 'Omar', 'Chloé', 'Kenji', 'Ana', 'Tomás', 'Ingrid'];
// prettier-ignore
const LAST_NAMES = ['Berger', 'Okafor', 'Lindqvist', 'Nakamura', 'García', 'Dubois', 'Novak', 'Hughes', 'Rossi', 'Kowalski'];

/** Ids the service uses are about 10^15 to 2.4 × 10^15: exact as JavaScript numbers, but close. */
export function makeId(rng: Rng): string {
  return String(1_000_000_000_000_000 + Math.floor(rng() * 1_400_000_000_000_000));
}

function hex(rng: Rng, bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes * 2; i++) out += '0123456789abcdef'.charAt(intBetween(rng, 0, 15));
  return out;
}

/** An uncompressed P-256 public key in hex, the form phone keys take. */
function publicKey(rng: Rng): string {
  return `04${hex(rng, 64)}`;
}

export function invitationCode(rng: Rng): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < 20; i++) out += alphabet.charAt(intBetween(rng, 0, alphabet.length - 1));
  return out;
}

export function makeDriver(rng: Rng, userId: string = makeId(rng)): SimDriver {
  const key = publicKey(rng);
  return {
    myTeslaUniqueId: String(intBetween(rng, 10_000_000, 99_999_999)),
    userId,
    firstName: pick(rng, FIRST_NAMES),
    lastName: pick(rng, LAST_NAMES),
    hidePrivate: rng() < 0.3,
    publicKey: key,
    activePubkeys: rng() < 0.5 ? [key] : [key, publicKey(rng)],
  };
}

/** The account's own id (the owner of every vehicle), the same for a seed. */
export function ownerIdFor(seed: number): string {
  return makeId(mulberry32((seed ^ ACCOUNT_SALT) >>> 0));
}

/** The stream new invitations draw their ids and codes from while the simulator runs. */
export function accountRng(seed: number): Rng {
  const rng = mulberry32((seed ^ ACCOUNT_SALT) >>> 0);
  rng(); // the owner id's draws
  return rng;
}

type AccessRole = 'handover' | 'accepted';

function accessRoles(seed: number, count: number): Set<AccessRole>[] {
  const rng = mulberry32((seed ^ FLEET_SALT) >>> 0);
  const order = shuffle(
    rng,
    Array.from({ length: count }, (_, i) => i),
  );
  const roles = Array.from({ length: count }, () => new Set<AccessRole>());
  (['handover', 'accepted'] as const).forEach((role, k) => {
    const index = order[k];
    if (index !== undefined) roles[index]?.add(role);
  });
  return roles;
}

function invitation(
  rng: Rng,
  ownerId: string,
  state: SimInvitation['state'],
  now: number,
  shareUserId: string | null,
): SimInvitation {
  return {
    id: makeId(rng),
    ownerId,
    shareUserId,
    state,
    code: invitationCode(rng),
    expiresAt: now + intBetween(rng, 1, 6) * 86_400_000,
    revokedAt: null,
  };
}

function access(
  vin: string,
  seed: number,
  roles: Set<AccessRole>,
  ownerId: string,
  now: number,
): AccessDetails {
  const rng = mulberry32(hashString(vin, (seed ^ VEHICLE_SALT) >>> 0));
  const handover = roles.has('handover');
  const drivers: SimDriver[] = [];
  const driverCount = handover ? 2 : rng() < 0.35 ? 1 : 0;
  for (let i = 0; i < driverCount; i++) drivers.push(makeDriver(rng));
  const invitations: SimInvitation[] = [];
  if (roles.has('accepted')) {
    const driver = makeDriver(rng);
    drivers.push(driver);
    invitations.push(invitation(rng, ownerId, 'accepted', now - 3 * 86_400_000, driver.userId));
  }
  if (handover || rng() < 0.15) invitations.push(invitation(rng, ownerId, 'pending', now, null));
  return {
    drivers,
    invitations,
    guestMode: handover || rng() < 0.1,
    frunkOpen: false,
    trunkOpen: false,
    updateScheduledAt: null,
    remoteStartUntil: null,
  };
}

/** Adds drivers, invitations, guest mode and closed trunks to each vehicle of a fleet. */
export function withAccess(fleet: DetailedVehicle[], seed: number, now: number): VehicleState[] {
  const roles = accessRoles(seed, fleet.length);
  const ownerId = ownerIdFor(seed);
  return fleet.map((vehicle, i) => ({
    ...vehicle,
    ...access(vehicle.vin, seed, roles[i] ?? new Set(), ownerId, now),
  }));
}
