// Profile ids double as keychain account names and as file names (garages/<id>.json), so only a
// conservative alphabet is accepted: random UUIDs and the fixed 'demo'.

export const DEMO_PROFILE_ID = 'demo';

const PROFILE_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function isProfileId(value: unknown): value is string {
  return typeof value === 'string' && PROFILE_ID_RE.test(value);
}
