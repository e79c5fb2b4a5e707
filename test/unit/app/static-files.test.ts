import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, resolveStaticPath } from '../../../electron/main/app/static-files';
import { isTrustedUrl, originOf } from '../../../electron/main/app/trusted-origins';

const root = path.resolve('/srv/renderer');

describe('static file resolution', () => {
  it('maps paths inside the renderer folder', () => {
    expect(resolveStaticPath(root, '/')).toBe(path.join(root, 'index.html'));
    expect(resolveStaticPath(root, '/assets/index-1.js')).toBe(path.join(root, 'assets/index-1.js'));
    expect(contentTypeOf('a/b.css')).toContain('text/css');
  });

  it('refuses traversal, encoded traversal and NUL bytes', () => {
    expect(resolveStaticPath(root, '/../etc/passwd')).toBeNull();
    expect(resolveStaticPath(root, '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(resolveStaticPath(root, '/assets/%00.js')).toBeNull();
    expect(resolveStaticPath(root, '/%E0%A4%A')).toBeNull();
  });
});

describe('trusted origins', () => {
  it('compares scheme and host, including the custom app:// scheme', () => {
    expect(originOf('app://garage/index.html')).toBe('app://garage');
    expect(isTrustedUrl('app://garage/x', ['app://garage'])).toBe(true);
    expect(isTrustedUrl('app://garage.evil/x', ['app://garage'])).toBe(false);
    expect(isTrustedUrl('http://127.0.0.1:5173/', ['http://127.0.0.1:5173'])).toBe(true);
    expect(isTrustedUrl('http://127.0.0.1:5174/', ['http://127.0.0.1:5173'])).toBe(false);
    expect(isTrustedUrl('file:///etc/passwd', ['app://garage'])).toBe(false);
    expect(isTrustedUrl('not a url', ['app://garage'])).toBe(false);
  });
});
