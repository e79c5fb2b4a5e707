import { describe, expect, it } from 'vitest';
import { baseUrlProblem, DEFAULT_BASE_URL, normalizeBaseUrl } from '../../../electron/shared/base-url';
import { AppError } from '../../../electron/shared/result';

describe('baseUrlProblem / normalizeBaseUrl', () => {
  it.each([
    ['https://api.tessie.com', 'https://api.tessie.com'],
    ['https://api.tessie.com/', 'https://api.tessie.com'],
    ['  https://api.tessie.com  ', 'https://api.tessie.com'],
    ['HTTPS://API.Tessie.COM:443/', 'https://api.tessie.com'],
    ['https://proxy.example.com:8443/tessie//', 'https://proxy.example.com:8443/tessie'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
    ['http://[::1]:4010/', 'http://[::1]:4010'],
    ['http://[0:0:0:0:0:0:0:1]/', 'http://[::1]'],
    ['http://localhost:3000/api/', 'http://localhost:3000/api'],
    ['http://LOCALHOST', 'http://localhost'],
    ['https://[::1]', 'https://[::1]'],
    ['https://münchen.example', 'https://xn--mnchen-3ya.example'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(baseUrlProblem(input)).toBeNull();
    expect(normalizeBaseUrl(input)).toBe(normalized);
  });

  it.each([
    ['', /Enter the service address/],
    ['   ', /Enter the service address/],
    ['api.tessie.com', /must start with https/],
    ['https:api.tessie.com', /must start with https/],
    ['ftp://api.tessie.com', /must start with https/],
    ['javascript:alert(1)', /must start with https/],
    ['file:///etc/passwd', /must start with https/],
    ['ws://localhost', /must start with https/],
    ['http://api.tessie.com', /plain http:\/\/ is allowed only/],
    ['http://127.0.0.2', /plain http:\/\/ is allowed only/],
    ['http://192.168.1.10:8080', /plain http:\/\/ is allowed only/],
    ['http://localhost.', /plain http:\/\/ is allowed only/],
    ['http://localhost.evil.com', /plain http:\/\/ is allowed only/],
    ['http://[::2]', /plain http:\/\/ is allowed only/],
    ['https://user:pass@api.tessie.com', /user name or password/],
    ['https://user@api.tessie.com', /user name or password/],
    ['https://@api.tessie.com', /user name or password/],
    ['http://user@localhost', /user name or password/],
    ['https://api.tessie.com?x=1', /query/],
    ['https://api.tessie.com/?', /query/],
    ['https://api.tessie.com/#top', /fragment/],
    ['https://api.tessie.com#', /fragment/],
    ['https://api tessie.com', /spaces/],
    ['https://api.tessie.com/\nx', /spaces/],
    ['https:\\\\api.tessie.com', /backslashes/],
    ['https://', /not a valid URL/],
    ['https://exa mple.com', /spaces/],
    ['https://' + 'a'.repeat(2100) + '.com', /longer than/],
  ])('refuses %j', (input, message) => {
    expect(baseUrlProblem(input)).toMatch(message);
    expect(() => normalizeBaseUrl(input)).toThrow(AppError);
  });

  it('defaults to the public service', () => {
    expect(baseUrlProblem(DEFAULT_BASE_URL)).toBeNull();
    expect(DEFAULT_BASE_URL).toBe('https://api.tessie.com');
  });

  it('throws invalid_input from normalizeBaseUrl', () => {
    try {
      normalizeBaseUrl('http://example.com');
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).kind).toBe('invalid_input');
    }
  });
});
