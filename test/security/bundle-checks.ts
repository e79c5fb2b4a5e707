// Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), checked
// on what ships: the built main, preload and renderer bundles and the renderer's index.html, parsed
// with TypeScript's own parser (already a dependency, current with the syntax the bundles use).
// Each check names its checklist item; SECURITY.md maps every item to its code and proof.
//
// A finding can be allowed only by an entry naming the file, the flagged code and the reason, and
// an allowance that matches nothing is itself a finding, so the list cannot rot.
import ts from 'typescript';

export interface BundleFile {
  /** Relative to the bundle's root, with forward slashes: out/main/index.js. */
  path: string;
  text: string;
}

export interface Finding {
  check: string;
  /** The checklist item it belongs to (0: not an item of Electron's list, a rule of ours). */
  item: number;
  file: string;
  line: number;
  /** The flagged code, one line, cut. */
  code: string;
  message: string;
}

export interface Allowance {
  check: string;
  file: string;
  /** A substring of the flagged code: the allowance covers that code only. */
  code: string;
  reason: string;
}

/** webPreferences that must never have these values anywhere in what ships. */
const FORBIDDEN_PREFERENCES: Record<string, { value: boolean | 'any'; item: number }> = {
  nodeIntegration: { value: true, item: 2 },
  nodeIntegrationInWorker: { value: true, item: 2 },
  nodeIntegrationInSubFrames: { value: true, item: 2 },
  contextIsolation: { value: false, item: 3 },
  sandbox: { value: false, item: 4 },
  webSecurity: { value: false, item: 6 },
  allowRunningInsecureContent: { value: true, item: 8 },
  experimentalFeatures: { value: true, item: 9 },
  enableBlinkFeatures: { value: 'any', item: 10 },
  webviewTag: { value: true, item: 11 },
  enableRemoteModule: { value: true, item: 20 },
};

/** Each window's webPreferences must say these itself (no reliance on defaults that changed before). */
const REQUIRED_PREFERENCES: Record<string, { value: boolean; item: number }> = {
  contextIsolation: { value: true, item: 3 },
  sandbox: { value: true, item: 4 },
};

/** Directives the renderer's Content-Security-Policy must hold, with the values allowed. */
const CSP_RULES: { directive: string; allowed: readonly string[] }[] = [
  { directive: 'default-src', allowed: ["'self'", "'none'"] },
  { directive: 'object-src', allowed: ["'none'"] },
  { directive: 'base-uri', allowed: ["'none'", "'self'"] },
  { directive: 'frame-src', allowed: ["'none'"] },
  { directive: 'form-action', allowed: ["'none'"] },
];

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function codeOf(source: ts.SourceFile, node: ts.Node): string {
  const text = node.getText(source).replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

function propertyName(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    return name.text;
  return null;
}

/** `true`, `false` or `!0`/`!1` (minifiers), else null. */
function booleanOf(node: ts.Expression): boolean | null {
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.ExclamationToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return node.operand.text === '0';
  }
  return null;
}

/** The called name of a call: `a.b.c(…)` → "c", `f(…)` → "f". */
function calleeName(call: ts.CallExpression | ts.NewExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function stringArgument(call: ts.CallExpression, index: number): string | null {
  const arg = call.arguments[index];
  return arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : null;
}

function enclosingFunction(node: ts.Node): ts.Node | null {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isFunctionLike(at)) return at;
  }
  return null;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function someDescendant(node: ts.Node, test: (node: ts.Node) => boolean): boolean {
  let found = false;
  walk(node, (each) => {
    if (!found && test(each)) found = true;
  });
  return found;
}

const isCallNamed = (name: string) => (node: ts.Node) =>
  ts.isCallExpression(node) && calleeName(node) === name;

/** `protocol.handle(…)` (the custom scheme), as opposed to an IPC `handle`. */
const isProtocolHandle = (node: ts.Node) =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'handle' &&
  /(^|\.)protocol$/.test(node.expression.expression.getText());

const isEventSubscription = (event: string) => (node: ts.Node) =>
  ts.isCallExpression(node) &&
  (calleeName(node) === 'on' || calleeName(node) === 'once') &&
  stringArgument(node, 0) === event;

/** Function declarations and `const f = (…) =>` of a file, by name. */
function functionsByName(source: ts.SourceFile): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  walk(source, (node) => {
    if (ts.isFunctionDeclaration(node) && node.name) found.set(node.name.text, node);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isFunctionLike(node.initializer)
    ) {
      found.set(node.name.text, node.initializer);
    }
  });
  return found;
}

interface Parsed {
  file: BundleFile;
  source: ts.SourceFile;
  functions: Map<string, ts.Node>;
  kind: 'main' | 'preload' | 'renderer';
}

function kindOf(path: string): Parsed['kind'] {
  if (path.startsWith('out/preload/')) return 'preload';
  if (path.startsWith('out/renderer/')) return 'renderer';
  return 'main';
}

/** Every finding in the bundle (before allowances). */
export function findInBundle(files: readonly BundleFile[], indexHtml: string | null): Finding[] {
  const findings: Finding[] = [];
  const parsed: Parsed[] = files.map((file) => {
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    return { file, source, functions: functionsByName(source), kind: kindOf(file.path) };
  });
  const add = (p: Parsed, node: ts.Node, check: string, item: number, message: string) =>
    findings.push({
      check,
      item,
      file: p.file.path,
      line: lineOf(p.source, node),
      code: codeOf(p.source, node),
      message,
    });
  const main = parsed.filter((p) => p.kind === 'main');
  const anywhereInMain = (test: (node: ts.Node) => boolean) =>
    main.some((p) => someDescendant(p.source, test));

  for (const p of parsed) {
    walk(p.source, (node) => {
      // Items 2–4, 6, 8–11, 20: no dangerous preference anywhere, whatever builds the object.
      if (ts.isPropertyAssignment(node)) {
        const name = propertyName(node.name);
        const rule = name ? FORBIDDEN_PREFERENCES[name] : undefined;
        if (rule && (rule.value === 'any' || booleanOf(node.initializer) === rule.value)) {
          add(p, node, `preference-${name}`, rule.item, `${name} is set to a value the checklist forbids`);
        }
        // Every webPreferences object says contextIsolation and sandbox itself.
        if (name === 'webPreferences' && ts.isObjectLiteralExpression(node.initializer)) {
          for (const [required, { value, item }] of Object.entries(REQUIRED_PREFERENCES)) {
            const property = node.initializer.properties.find(
              (each): each is ts.PropertyAssignment =>
                ts.isPropertyAssignment(each) && propertyName(each.name) === required,
            );
            if (!property || booleanOf(property.initializer) !== value) {
              add(
                p,
                node,
                `window-${required}`,
                item,
                `a window's webPreferences does not set ${required}: ${value}`,
              );
            }
          }
        }
      }
      if (!ts.isCallExpression(node) && !ts.isNewExpression(node)) return;
      const name = calleeName(node);
      // Every window is made from preferences checked above, and guards its own navigation (13, 14).
      if (ts.isNewExpression(node) && name === 'BrowserWindow') {
        const arg = node.arguments?.[0];
        const built =
          arg && ts.isCallExpression(arg) && ts.isIdentifier(arg.expression)
            ? p.functions.get(arg.expression.text)
            : undefined;
        const literal = arg && ts.isObjectLiteralExpression(arg) ? arg : undefined;
        const preferencesSource = literal ?? built;
        if (
          !preferencesSource ||
          !someDescendant(
            preferencesSource,
            (n) => ts.isPropertyAssignment(n) && propertyName(n.name) === 'webPreferences',
          )
        ) {
          add(
            p,
            node,
            'window-options-unknown',
            3,
            'a window is made from options this check cannot see (an object literal or a function of this file)',
          );
        }
        const scope = enclosingFunction(node) ?? p.source;
        if (!someDescendant(scope, isEventSubscription('will-navigate'))) {
          add(
            p,
            node,
            'window-navigation',
            13,
            'the function that makes this window does not guard will-navigate',
          );
        }
        if (!someDescendant(scope, isCallNamed('setWindowOpenHandler'))) {
          add(p, node, 'window-open', 14, 'the function that makes this window sets no window open handler');
        }
      }
      if (!ts.isCallExpression(node)) return;
      // 15: every URL handed to the OS is one an allowance explains.
      if (name === 'openExternal') add(p, node, 'open-external', 15, 'shell.openExternal is called');
      // 18: no file:// pages; the custom scheme gets no CSP bypass.
      if (name === 'loadFile') add(p, node, 'load-file', 18, 'a page is loaded from file://');
      if (name === 'loadURL') {
        const url = stringArgument(node, 0);
        if (url !== null && !/^(app|data):/.test(url))
          add(p, node, 'load-url', 1, `a page is loaded from ${url}`);
      }
      if (
        name === 'registerSchemesAsPrivileged' &&
        someDescendant(
          node,
          (n) =>
            ts.isPropertyAssignment(n) &&
            propertyName(n.name) === 'bypassCSP' &&
            booleanOf(n.initializer) === true,
        )
      ) {
        add(p, node, 'scheme-bypass-csp', 7, 'a scheme is registered to bypass the Content-Security-Policy');
      }
      // Certificates are never waved through.
      if (name === 'setCertificateVerifyProc')
        add(p, node, 'certificate-verify', 0, 'TLS certificate checks are replaced');
      if (isEventSubscription('certificate-error')(node))
        add(p, node, 'certificate-error', 0, 'certificate errors are handled (and could be accepted)');
      if (
        name === 'appendSwitch' &&
        /ignore-certificate-errors|disable-web-security|no-sandbox/.test(stringArgument(node, 0) ?? '')
      ) {
        add(p, node, 'command-line-switch', 4, `Chromium is started with ${stringArgument(node, 0)}`);
      }
      // No code from strings, anywhere.
      if (ts.isIdentifier(node.expression) && node.expression.text === 'eval')
        add(p, node, 'eval', 0, 'eval is called');
      // 17: every IPC handler checks its sender before anything else sees the call.
      if (
        p.kind === 'main' &&
        (name === 'handle' || name === 'handleOnce') &&
        node.arguments.length === 2 &&
        !isProtocolHandle(node)
      ) {
        const handler = node.arguments[1]!;
        const resolved =
          ts.isCallExpression(handler) && ts.isIdentifier(handler.expression)
            ? p.functions.get(handler.expression.text)
            : ts.isIdentifier(handler)
              ? p.functions.get(handler.text)
              : handler;
        if (!resolved || !someDescendant(resolved, isCallNamed('isTrustedSender'))) {
          add(p, node, 'ipc-sender', 17, 'an IPC handler does not check its sender with isTrustedSender');
        }
      }
      // 20: the page gets one API object, never ipcRenderer or its methods.
      if (p.kind === 'preload' && name === 'exposeInMainWorld') {
        if (stringArgument(node, 0) !== 'garage')
          add(p, node, 'expose-name', 20, 'the preload exposes something other than window.garage');
        const exposed = node.arguments[1];
        const leaksIpc =
          exposed !== undefined &&
          someDescendant(exposed, (n) => {
            if (!ts.isIdentifier(n) && !ts.isPropertyAccessExpression(n)) return false;
            // The name in `electron.ipcRenderer` is judged as the whole access, below.
            if (ts.isIdentifier(n) && ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)
              return false;
            const text = n.getText(p.source);
            if (!/(^|\.)ipcRenderer$/.test(text)) return false;
            // Used inside a function the page calls is fine; handed over as a value is not.
            const parent = n.parent;
            return !(
              ts.isPropertyAccessExpression(parent) &&
              parent.expression === n &&
              ts.isCallExpression(parent.parent)
            );
          });
        if (leaksIpc)
          add(p, node, 'expose-ipc', 20, 'the preload hands ipcRenderer (or a method of it) to the page');
      }
    });
    if (p.kind === 'main' || p.kind === 'preload') {
      walk(p.source, (node) => {
        if (
          ts.isNewExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'Function'
        ) {
          add(p, node, 'new-function', 0, 'code is made from a string with new Function');
        }
      });
    }
    if (p.kind === 'renderer' && /<webview[\s>]|allowpopups/i.test(p.file.text)) {
      findings.push({
        check: 'webview',
        item: 11,
        file: p.file.path,
        line: 1,
        code: '<webview>',
        message: 'the renderer makes a <webview>',
      });
    }
  }

  // Whole-app rules: present somewhere in main.
  const requireInMain = (test: (node: ts.Node) => boolean, check: string, item: number, message: string) => {
    if (!anywhereInMain(test)) findings.push({ check, item, file: 'out/main', line: 0, code: '', message });
  };
  requireInMain(isCallNamed('enableSandbox'), 'app-sandbox', 4, 'app.enableSandbox() is never called');
  requireInMain(
    isCallNamed('setPermissionRequestHandler'),
    'permission-request',
    5,
    'no permission request handler is set',
  );
  requireInMain(
    isCallNamed('setPermissionCheckHandler'),
    'permission-check',
    5,
    'no permission check handler is set',
  );
  requireInMain(
    isCallNamed('setDevicePermissionHandler'),
    'permission-device',
    5,
    'no device permission handler is set',
  );
  requireInMain(
    isEventSubscription('will-attach-webview'),
    'webview-attach',
    12,
    'will-attach-webview is never refused',
  );
  requireInMain(
    isEventSubscription('will-frame-navigate'),
    'frame-navigation',
    13,
    'will-frame-navigate is never guarded',
  );
  requireInMain(isEventSubscription('will-redirect'), 'redirect', 13, 'will-redirect is never guarded');
  requireInMain(
    isProtocolHandle,
    'custom-protocol',
    18,
    'the app serves no custom protocol (protocol.handle)',
  );

  findings.push(...cspFindings(indexHtml));
  return findings;
}

/** Item 7: the renderer page's Content-Security-Policy, from its meta tag. */
export function cspFindings(indexHtml: string | null): Finding[] {
  const at = (message: string, code = ''): Finding => ({
    check: 'csp',
    item: 7,
    file: 'out/renderer/index.html',
    line: 0,
    code,
    message,
  });
  if (indexHtml === null) return [at('the renderer has no index.html')];
  const meta =
    /<meta\s+(?:[^>"']|"[^"]*"|'[^']*')*http-equiv=["']Content-Security-Policy["'](?:[^>"']|"[^"]*"|'[^']*')*>/i.exec(
      indexHtml,
    )?.[0];
  const content = meta
    ? /content=(?:"([^"]*)"|'([^']*)')/i
        .exec(meta)
        ?.slice(1)
        .find((v) => v !== undefined)
    : undefined;
  if (!content) return [at('index.html has no Content-Security-Policy meta tag')];
  const directives = new Map(
    content
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values] as const),
  );
  const findings: Finding[] = [];
  for (const { directive, allowed } of CSP_RULES) {
    const values = directives.get(directive);
    if (!values || values.some((value) => !allowed.includes(value))) {
      findings.push(at(`${directive} is not ${allowed.join(' or ')}`, content));
    }
  }
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    if (scripts.includes(unsafe)) findings.push(at(`scripts may come from ${unsafe}`, content));
  }
  return findings;
}

/** Findings left after the allowances, plus every allowance that matched nothing. */
export function applyAllowances(
  findings: readonly Finding[],
  allowances: readonly Allowance[],
): { failures: Finding[]; allowed: { finding: Finding; allowance: Allowance }[]; stale: Allowance[] } {
  const used = new Set<Allowance>();
  const failures: Finding[] = [];
  const allowed: { finding: Finding; allowance: Allowance }[] = [];
  for (const finding of findings) {
    const allowance = allowances.find(
      (each) =>
        each.check === finding.check && each.file === finding.file && finding.code.includes(each.code),
    );
    if (allowance) {
      used.add(allowance);
      allowed.push({ finding, allowance });
    } else {
      failures.push(finding);
    }
  }
  return { failures, allowed, stale: allowances.filter((each) => !used.has(each)) };
}
