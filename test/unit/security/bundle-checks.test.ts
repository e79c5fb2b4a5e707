// The security gate's checks (test/security/bundle-checks.ts) on crafted bundles: a bundle that
// keeps the checklist passes, and each way of breaking an item is found, named by its item.
import { describe, expect, it } from 'vitest';
import { applyAllowances, cspFindings, findInBundle, type BundleFile } from '../../security/bundle-checks';

const GOOD_CSP =
  "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'";
const html = (csp: string) => `<!doctype html><html><head><meta charset="UTF-8" />
<meta http-equiv="Content-Security-Policy" content="${csp}" /></head><body></body></html>`;

const MAIN = `
import { app, BrowserWindow, protocol, session, shell } from "electron";
function windowOptions(preload) {
  return { show: false, webPreferences: { preload, contextIsolation: true, sandbox: true, nodeIntegration: false } };
}
function isTrustedSender(event) { return event.senderFrame.url.startsWith("app://"); }
function dispatch(operation) {
  return async (event, ...args) => {
    if (!isTrustedSender(event)) return { ok: false };
    return run(operation, args);
  };
}
function register(ipc) { for (const op of ops) ipc.handle(op, dispatch(op)); }
function createMainWindow() {
  const window = new BrowserWindow(windowOptions("p.cjs"));
  window.webContents.setWindowOpenHandler(({ url }) => { const decision = decide(url); if (decision.openExternally) shell.openExternal(decision.openExternally); return { action: "deny" }; });
  window.webContents.on("will-navigate", (e) => e.preventDefault());
  window.webContents.on("will-redirect", (e) => e.preventDefault());
  window.webContents.on("will-frame-navigate", (e) => e.preventDefault());
  window.loadURL("app://garage/index.html");
  return window;
}
app.enableSandbox();
app.on("web-contents-created", (_e, contents) => contents.on("will-attach-webview", (e) => e.preventDefault()));
session.defaultSession.setPermissionRequestHandler(() => {});
session.defaultSession.setPermissionCheckHandler(() => false);
session.defaultSession.setDevicePermissionHandler(() => false);
protocol.registerSchemesAsPrivileged([{ scheme: "app", privileges: { standard: true, secure: true } }]);
protocol.handle("app", async () => new Response(""));
`;
const PRELOAD = `"use strict";
const electron = require("electron");
electron.contextBridge.exposeInMainWorld("garage", build((channel, args) => electron.ipcRenderer.invoke(channel, ...args)));
`;

function bundle(main = MAIN, preload = PRELOAD, renderer = 'console.log(1);'): BundleFile[] {
  return [
    { path: 'out/main/index.js', text: main },
    { path: 'out/preload/index.cjs', text: preload },
    { path: 'out/renderer/assets/index.js', text: renderer },
  ];
}

const checksOf = (files: BundleFile[], csp = GOOD_CSP) =>
  findInBundle(files, html(csp)).map((finding) => `${finding.item}:${finding.check}`);

describe('the security gate', () => {
  it('passes a bundle that keeps the checklist, except the openExternal call an allowance must explain', () => {
    expect(checksOf(bundle())).toEqual(['15:open-external']);
    const { failures, stale } = applyAllowances(findInBundle(bundle(), html(GOOD_CSP)), [
      {
        check: 'open-external',
        file: 'out/main/index.js',
        code: 'shell.openExternal(decision.openExternally)',
        reason: 'r',
      },
    ]);
    expect(failures).toEqual([]);
    expect(stale).toEqual([]);
  });

  it.each([
    ['nodeIntegration: false', 'nodeIntegration: true', '2:preference-nodeIntegration'],
    ['nodeIntegration: false', 'nodeIntegrationInSubFrames: !0', '2:preference-nodeIntegrationInSubFrames'],
    ['contextIsolation: true, ', 'contextIsolation: false, ', '3:preference-contextIsolation'],
    ['contextIsolation: true, ', '', '3:window-contextIsolation'],
    ['sandbox: true, ', '', '4:window-sandbox'],
    ['nodeIntegration: false', 'nodeIntegration: false, webSecurity: false', '6:preference-webSecurity'],
    [
      'nodeIntegration: false',
      'nodeIntegration: false, allowRunningInsecureContent: true',
      '8:preference-allowRunningInsecureContent',
    ],
    [
      'nodeIntegration: false',
      'nodeIntegration: false, experimentalFeatures: true',
      '9:preference-experimentalFeatures',
    ],
    [
      'nodeIntegration: false',
      'nodeIntegration: false, enableBlinkFeatures: "CSSVariables"',
      '10:preference-enableBlinkFeatures',
    ],
    ['nodeIntegration: false', 'nodeIntegration: false, webviewTag: true', '11:preference-webviewTag'],
    ['app.enableSandbox();', '', '4:app-sandbox'],
    ['session.defaultSession.setPermissionCheckHandler(() => false);', '', '5:permission-check'],
    ['session.defaultSession.setDevicePermissionHandler(() => false);', '', '5:permission-device'],
    ['contents.on("will-attach-webview", (e) => e.preventDefault())', 'contents', '12:webview-attach'],
    ['  window.webContents.on("will-navigate", (e) => e.preventDefault());\n', '', '13:window-navigation'],
    [
      '  window.webContents.on("will-frame-navigate", (e) => e.preventDefault());\n',
      '',
      '13:frame-navigation',
    ],
    ['  window.webContents.setWindowOpenHandler(', '  noop(', '14:window-open'],
    ['window.loadURL("app://garage/index.html")', 'window.loadFile("index.html")', '18:load-file'],
    ['window.loadURL("app://garage/index.html")', 'window.loadURL("http://example.com/")', '1:load-url'],
    ['secure: true }', 'secure: true, bypassCSP: true }', '7:scheme-bypass-csp'],
    ['protocol.handle("app", async () => new Response(""));', '', '18:custom-protocol'],
    ['if (!isTrustedSender(event)) return { ok: false };', '', '17:ipc-sender'],
    [
      'app.enableSandbox();',
      'app.enableSandbox(); app.commandLine.appendSwitch("ignore-certificate-errors");',
      '4:command-line-switch',
    ],
    [
      'app.enableSandbox();',
      'app.enableSandbox(); app.on("certificate-error", (e, w, u, er, c, cb) => cb(true));',
      '0:certificate-error',
    ],
    ['app.enableSandbox();', 'app.enableSandbox(); eval(code);', '0:eval'],
    ['app.enableSandbox();', 'app.enableSandbox(); new Function("return 1")();', '0:new-function'],
    ['new BrowserWindow(windowOptions("p.cjs"))', 'new BrowserWindow(options)', '3:window-options-unknown'],
  ])('finds %s → %s as %s', (from, to, expected) => {
    expect(MAIN).toContain(from);
    expect(checksOf(bundle(MAIN.replace(from, to)))).toContain(expected);
  });

  it('finds a window whose literal options leave the sandbox at its default', () => {
    const main = MAIN.replace(
      'const window = new BrowserWindow(windowOptions("p.cjs"));',
      'const window = new BrowserWindow({ show: false, webPreferences: { contextIsolation: true } });',
    );
    expect(checksOf(bundle(main))).toContain('4:window-sandbox');
  });

  it('finds the preload handing ipcRenderer, or one of its methods, to the page', () => {
    expect(checksOf(bundle(MAIN, PRELOAD.replace(/build\(.*\)\)\);/, 'electron.ipcRenderer);')))).toContain(
      '20:expose-ipc',
    );
    expect(
      checksOf(bundle(MAIN, PRELOAD.replace(/build\(.*\)\)\);/, '{ send: electron.ipcRenderer.send });'))),
    ).toContain('20:expose-ipc');
    expect(checksOf(bundle(MAIN, PRELOAD.replace('"garage"', '"electron"')))).toContain('20:expose-name');
  });

  it('finds a <webview> in the renderer', () => {
    expect(checksOf(bundle(MAIN, PRELOAD, 'el.innerHTML = "<webview src=x>";'))).toContain('11:webview');
  });

  it("holds the renderer's Content-Security-Policy to no inline or eval'd script, no frames, forms or plugins", () => {
    expect(cspFindings(html(GOOD_CSP))).toEqual([]);
    const said = (csp: string) => cspFindings(html(csp)).map((finding) => finding.message);
    expect(said(GOOD_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"))).toEqual([
      "scripts may come from 'unsafe-inline'",
    ]);
    expect(said(GOOD_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"))).toEqual([
      "scripts may come from 'unsafe-eval'",
    ]);
    expect(said(GOOD_CSP.replace("frame-src 'none'", 'frame-src https:'))).toEqual([
      "frame-src is not 'none'",
    ]);
    expect(said(GOOD_CSP.replace("object-src 'none'; ", ''))).toEqual(["object-src is not 'none'"]);
    expect(cspFindings('<html><head></head></html>').map((finding) => finding.message)).toEqual([
      'index.html has no Content-Security-Policy meta tag',
    ]);
  });

  it('reports an allowance that matches nothing, so the list cannot rot', () => {
    const allowance = {
      check: 'open-external',
      file: 'out/main/index.js',
      code: 'shell.openExternal(somethingElse)',
      reason: 'r',
    };
    const { failures, stale } = applyAllowances(findInBundle(bundle(), html(GOOD_CSP)), [allowance]);
    expect(failures.map((finding) => finding.check)).toEqual(['open-external']);
    expect(stale).toEqual([allowance]);
  });
});
