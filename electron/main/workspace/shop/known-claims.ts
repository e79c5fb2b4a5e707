// The claims this machine last knew, kept in the profile's shop folder: with the database away (even
// after a restart) a command to a car a colleague held is still asked about, never sent on the
// assumption that nobody holds it. An unreadable file counts as never written.
import type { ClaimView } from '../../../shared/shop';
import type { SmallTextFile } from '../../storage/shop-files';

const isClaimView = (value: unknown): value is ClaimView => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['vin'] === 'string' &&
    typeof v['claimedBy'] === 'string' &&
    typeof v['since'] === 'string' &&
    typeof v['expiresAt'] === 'string' &&
    typeof v['mine'] === 'boolean' &&
    (v['machine'] === null || typeof v['machine'] === 'string') &&
    (v['note'] === null || typeof v['note'] === 'string')
  );
};

export async function readKnownClaims(file: SmallTextFile): Promise<Map<string, ClaimView> | null> {
  const text = await file.read();
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const claims = parsed.filter(isClaimView).map((claim) => ({ ...claim, expired: false }));
    return new Map(claims.map((claim) => [claim.vin, claim]));
  } catch {
    return null;
  }
}

export function writeKnownClaims(file: SmallTextFile, claims: ReadonlyMap<string, ClaimView>): Promise<void> {
  return file.write(`${JSON.stringify([...claims.values()])}\n`);
}
