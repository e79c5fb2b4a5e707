// Everything the service says passes through here before anything else sees it: an error body
// before its text is quoted (and cut) in a message, a successful body before it is validated,
// cached, audited or sent over IPC. A service that echoes the bearer token (in a command reason,
// a release note, a telemetry field name, an error) cannot make the app store or show it.
import { MIN_SECRET_LENGTH, REDACTED } from '../logging/redact';
import { maskSecretForms } from '../logging/secret-forms';

export interface ResponseRedactor {
  /** A text of the service with the token masked in every spelling. */
  text(text: string): string;
  /** A parsed JSON body with the token masked in every string, keys included. */
  json(value: unknown): unknown;
}

export function responseRedactor(token: string): ResponseRedactor {
  const secrets = token.length >= MIN_SECRET_LENGTH ? [token] : [];
  const text = (value: string) => (secrets.length === 0 ? value : maskSecretForms(value, secrets, REDACTED));
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value === null || typeof value !== 'object') return value;
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) copy[text(key)] = json(field);
    return copy;
  };
  return { text, json };
}

/**
 * An error body made safe to quote: JSON is parsed, masked string by string and written back (so
 * an escaped echo such as "\u0061bc" cannot slip through); anything else is masked as text.
 */
export function redactErrorBody(bodyText: string, redactor: ResponseRedactor): string {
  try {
    return JSON.stringify(redactor.json(JSON.parse(bodyText)));
  } catch {
    return redactor.text(bodyText);
  }
}
