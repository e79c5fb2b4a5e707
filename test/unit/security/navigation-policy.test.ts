// Item 6: navigation to another origin and window.open are refused. These are the decisions the
// Electron adapter (electron/main/adapters/window.ts) applies in will-navigate, will-redirect,
// will-frame-navigate and setWindowOpenHandler.
import { describe, expect, it } from 'vitest';
import { decideWindowOpen, isNavigationAllowed } from '../../../electron/main/app/navigation-policy';
import { APP_ORIGIN } from '../../../electron/main/app/trusted-origins';

const trusted = [APP_ORIGIN];

describe('navigation policy', () => {
  it('lets the window move only within app://garage', () => {
    expect(isNavigationAllowed('app://garage/index.html', trusted)).toBe(true);
    expect(isNavigationAllowed('app://garage/index.html#/vehicles', trusted)).toBe(true);
    for (const url of [
      'https://evil.example/',
      'http://app.garage/',
      'app://garage.evil.example/',
      'app://other/index.html',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'about:blank',
      'chrome://settings',
      'devtools://devtools/bundled/inspector.html',
      '',
      'not a url',
    ]) {
      expect(isNavigationAllowed(url, trusted), url).toBe(false);
    }
  });

  it('trusts the dev server origin only when it is passed in', () => {
    expect(isNavigationAllowed('http://localhost:5173/', trusted)).toBe(false);
    expect(isNavigationAllowed('http://localhost:5173/', [...trusted, 'http://localhost:5173'])).toBe(true);
  });
});

describe('window.open policy', () => {
  it('never opens an app window', () => {
    for (const url of ['app://garage/index.html', 'https://example.com', 'about:blank', '']) {
      expect(decideWindowOpen(url).action).toBe('deny');
    }
  });

  it('hands only plain https links to the OS browser', () => {
    expect(decideWindowOpen('https://service.example.com/notes/2026.14').openExternally).toBe(
      'https://service.example.com/notes/2026.14',
    );
    for (const url of [
      'javascript:alert(document.domain)',
      'JAVASCRIPT:alert(1)',
      'http://service.example.com/',
      'file:///C:/Windows/System32/calc.exe',
      'smb://attacker/share',
      'ms-msdt:/id PCWDiagnostic',
      'data:text/html,hi',
      'app://garage/index.html',
      'https://user:pass@service.example.com/',
      `https://example.com/${'a'.repeat(3000)}`,
      'https://',
      'not a url',
    ]) {
      expect(decideWindowOpen(url).openExternally, url).toBeNull();
    }
  });
});
