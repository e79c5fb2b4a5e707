// "Did you mean …?" for a mistyped name: the known name at the smallest edit distance, where a swap of
// two neighbouring letters counts as one edit (Damerau-Levenshtein, optimal string alignment), since
// transposed letters are the commonest typo. Case is ignored for the distance: `gear` is one edit
// from nothing, it is `Gear`.

/** Edits (insert, delete, substitute, swap neighbours) turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rows: the one before the previous is what a swap looks back to.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] as number;
}

export interface ClosestNameOptions {
  /**
   * Farthest a suggestion may be; default: a third of the typed name's length, at least 2, so
   * "Gaer" finds "Gear" but "Banana" finds nothing.
   */
  maxDistance?: number;
}

/**
 * The known name closest to `typed` (ignoring case), or null when none is close enough. Ties go to
 * the earlier name in `known`.
 */
export function closestName(
  typed: string,
  known: readonly string[],
  options: ClosestNameOptions = {},
): string | null {
  const wanted = typed.trim().toLowerCase();
  if (wanted === '') return null;
  const limit = options.maxDistance ?? Math.max(2, Math.floor(wanted.length / 3));
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of known) {
    // Lengths alone rule out most names cheaply.
    if (Math.abs(name.length - wanted.length) > Math.min(limit, bestDistance)) continue;
    const d = editDistance(wanted, name.toLowerCase());
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
      if (d === 0) break;
    }
  }
  return bestDistance <= limit ? best : null;
}
