// The spellings a secret may take in text it was echoed into: as is, URL-encoded, JSON-escaped,
// base64 / base64url (at each of the three byte alignments, for a token embedded in a longer
// encoded value) and hex. A text is masked for every occurrence of any spelling, and for any run
// that starts with a long enough prefix of one: a token cut short by a server or a length limit
// still gives most of it away.

/** A run matching this many leading characters of a spelling is masked (6 bytes of hex). */
export const SECRET_PREFIX_MIN = 12;

const FORM_CACHE_MAX = 64;
const formCache = new Map<string, readonly string[]>();

function base64Forms(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    // Encoded after `shift` unknown bytes: the characters touching those bytes, or the unknown
    // bytes after the secret, depend on the neighbours and are dropped.
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const lead = shift === 0 ? 0 : shift === 1 ? 2 : 3;
    const exactBits = (shift + bytes.length) * 8;
    const stable = encoded.slice(lead, Math.floor(exactBits / 6));
    forms.push(stable, stable.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/** Every spelling of `secret` worth looking for, longest first. */
export function secretForms(secret: string): readonly string[] {
  const cached = formCache.get(secret);
  if (cached) return cached;
  const bytes = Buffer.from(secret, 'utf8');
  const uri = encodeURIComponent(secret);
  const forms = new Set([
    secret,
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    JSON.stringify(secret).slice(1, -1),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    ...base64Forms(bytes),
  ]);
  const list = [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  if (formCache.size >= FORM_CACHE_MAX) formCache.clear();
  formCache.set(secret, list);
  return list;
}

/** `text` with every spelling of every secret, and every run starting with a long prefix of one, replaced by `mask`. */
export function maskSecretForms(text: string, secrets: readonly string[], mask: string): string {
  let result = text;
  for (const secret of secrets) {
    for (const form of secretForms(secret)) result = maskForm(result, form, mask);
  }
  return result;
}

function maskForm(text: string, form: string, mask: string): string {
  const probe = form.slice(0, Math.min(form.length, SECRET_PREFIX_MIN));
  let at = text.indexOf(probe);
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    // Extend the match as far as the text keeps following the secret.
    let end = at + probe.length;
    while (end < text.length && end - at < form.length && text[end] === form[end - at]) end++;
    out += text.slice(from, at) + mask;
    from = end;
    at = text.indexOf(probe, end);
  }
  return out + text.slice(from);
}
