import { describe, expect, it } from 'vitest';
import {
  bytesMatchType,
  imageProblem,
  imageUrlAllowed,
  MAX_IMAGE_BYTES,
  normalizeImageType,
} from '../../../../electron/main/storage/cache/image-rules';
import { GIF, JPEG, PNG, SVG, WEBP } from './fixtures';

describe('imageUrlAllowed', () => {
  it.each([
    'https://cdn.example.com/a.png',
    'https://cdn.example.com:8443/a.png?x=1',
    'http://127.0.0.1:4010/img/a.png',
    'http://[::1]:4010/a.png',
    'http://localhost/a.png',
  ])('allows %s', (url) => expect(imageUrlAllowed(url)).toBe(true));

  it.each([
    'http://cdn.example.com/a.png',
    'http://127.0.0.2/a.png',
    'ftp://cdn.example.com/a.png',
    'data:image/png;base64,AAAA',
    'file:///tmp/a.png',
    'javascript:alert(1)',
    'https://user:pw@cdn.example.com/a.png',
    'not a url',
    '',
  ])('refuses %s', (url) => expect(imageUrlAllowed(url)).toBe(false));
});

describe('image types and sizes', () => {
  it('normalizes Content-Type headers and refuses non-image types', () => {
    expect(normalizeImageType('image/PNG; charset=binary')).toBe('image/png');
    expect(normalizeImageType(' image/svg+xml ')).toBe('image/svg+xml');
    for (const type of [
      'text/html',
      'image/bmp',
      'image/tiff',
      'application/octet-stream',
      'image/jpg',
      '',
    ]) {
      expect(normalizeImageType(type)).toBeNull();
    }
  });

  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/gif', GIF],
    ['image/webp', WEBP],
    ['image/svg+xml', SVG],
  ] as const)('accepts real %s bytes', (type, bytes) => {
    expect(bytesMatchType(type, bytes)).toBe(true);
    expect(imageProblem(type, bytes)).toBeNull();
  });

  it('refuses bytes that are not the declared type', () => {
    expect(imageProblem('image/png', JPEG)).toContain('not image/png');
    expect(imageProblem('image/svg+xml', Buffer.from('<html><script>alert(1)</script></html>'))).toContain(
      'not',
    );
    expect(imageProblem('image/gif', Buffer.from('GIF80a'))).toContain('not');
  });

  it('refuses empty and oversized images, accepts exactly 5 MiB', () => {
    expect(imageProblem('image/png', Buffer.alloc(0))).toContain('empty');
    const exact = Buffer.alloc(MAX_IMAGE_BYTES);
    PNG.copy(exact);
    expect(imageProblem('image/png', exact)).toBeNull();
    const over = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    PNG.copy(over);
    expect(imageProblem('image/png', over)).toContain('5 MiB');
    expect(imageProblem('text/html', PNG)).toContain('Only PNG');
  });
});
