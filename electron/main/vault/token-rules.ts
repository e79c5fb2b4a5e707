// What a bearer token may look like before it goes into the keychain. Tokens end up in an HTTP
// header, so whitespace and control characters are refused rather than silently trimmed.

export const TOKEN_MAX_BYTES = 4096;

/** Why `token` cannot be stored, or null. The answer never quotes the token. */
export function tokenProblem(token: unknown): string | null {
  if (typeof token !== 'string' || token.length === 0) return 'The token is empty.';
  if (Buffer.byteLength(token, 'utf8') > TOKEN_MAX_BYTES) return 'The token is longer than 4 KiB.';
  // \s covers Unicode spaces and line breaks; Cc control characters; Cf invisible format characters
  // (zero-width space, BOM) that copy-paste brings along.
  if (/[\s\p{Cc}\p{Cf}]/u.test(token)) {
    return 'The token contains spaces, line breaks or other invisible characters. Paste only the token.';
  }
  // It travels in an HTTP header: visible ASCII only (every token the service issues is).
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return 'The token may contain only letters, digits and punctuation (no accented or other non-ASCII characters).';
  }
  return null;
}
