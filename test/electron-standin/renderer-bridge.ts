// The preload and IPC path of a window. The built preload runs in an isolated world (a CDP world
// created on every new document, before page scripts) with Electron's sandboxed `require` table.
// ipcRenderer.invoke there calls a CDP binding that only that world can see; main answers through
// ipcMain's handlers with an event whose senderFrame is the real frame (URL, parent) looked up in
// Chromium's frame tree when the call arrives. contextBridge.exposeInMainWorld hands the page a
// frozen copy of the API whose functions reach the isolated world through DOM events on `document`
// named with a per-window secret (the page cannot name them), carrying JSON strings only.
import { randomUUID } from 'node:crypto';
import type { CDPSession } from 'playwright-core';

export const PRELOAD_WORLD = 'electron-standin-preload';
const BINDING = '__electronStandinInvoke';

/** A frame as Electron's WebFrameMain shows it to an IPC handler. */
export interface FrameStandin {
  url: string;
  origin: string;
  name: string;
  parent: FrameStandin | null;
  top: FrameStandin;
  frameTreeNodeId: string;
}

export interface InvokeRecord {
  channel: string;
  senderFrame: { url: string; parentUrl: string | null } | null;
  ok: boolean;
  value: unknown;
  /** When main answered (Date.now()). */
  at: number;
}

export interface BridgeOptions {
  preloadSource: string | null;
  /** Where every invoke and its outcome is recorded. */
  records: InvokeRecord[];
  /** Where every invoke is noted as it is handed to ipcMain, before it is answered. */
  received: { channel: string; at: number }[];
  subframes: boolean;
  invoke(senderFrame: FrameStandin | null, channel: string, args: unknown[]): Promise<unknown>;
  mapUrl(url: string): string;
}

// undefined survives the JSON hops (structured clone keeps it; JSON turns it into null in arrays).
const CODEC = `const UNDEF = '\\u0000undefined';
  const CALLBACK = '\\u0000callback';
  const encode = (value) => JSON.stringify(value, (_k, v) => (v === undefined ? UNDEF : v));
  const decode = (text) => JSON.parse(text, (_k, v) => (v === UNDEF ? undefined : v));`;

function encode(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v === undefined ? '\u0000undefined' : v)) ?? 'null';
}

function decode(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => (v === '\u0000undefined' ? undefined : v));
}

function mainWorldScript(token: string): string {
  return `(() => {
  ${CODEC}
  const T = ${JSON.stringify(token)};
  const listen = EventTarget.prototype.addEventListener;
  const send = EventTarget.prototype.dispatchEvent;
  const Custom = CustomEvent;
  const doc = document;
  const freeze = Object.freeze;
  const define = Object.defineProperty;
  const waiting = new Map();
  let next = 0;
  // Functions the page passes (a listener) are proxied, as contextBridge does: the preload gets a
  // function that calls this one back with copied arguments.
  const callbacks = new Map();
  let nextCallback = 0;
  const encodeArgs = (args) =>
    JSON.stringify(args, (_k, v) => {
      if (v === undefined) return UNDEF;
      if (typeof v === 'function') {
        callbacks.set(++nextCallback, v);
        return { [CALLBACK]: nextCallback };
      }
      return v;
    });
  listen.call(doc, T + 'callback', (event) => {
    const { callback, args } = decode(event.detail);
    const fn = callbacks.get(callback);
    if (fn) fn(...args);
  });
  listen.call(doc, T + 'settle', (event) => {
    const message = decode(event.detail);
    const waiter = waiting.get(message.call);
    if (waiter) waiter(message);
  });
  const failure = (message) => Object.assign(new Error(message.error), { name: message.name || 'Error' });
  const call = (fn, args) => {
    const id = ++next;
    let early = null;
    let settle = null;
    waiting.set(id, (message) => {
      waiting.delete(id);
      if (settle) settle(message);
      else early = message;
    });
    send.call(doc, new Custom(T + 'call', { detail: encodeArgs({ call: id, fn, args }) }));
    if (early && early.sync) {
      if (early.ok) return 'described' in early ? build(early.described) : early.value;
      throw failure(early);
    }
    if (early) return early.ok ? Promise.resolve(early.value) : Promise.reject(failure(early));
    return new Promise((resolve, reject) => {
      settle = (message) => (message.ok ? resolve(message.value) : reject(failure(message)));
    });
  };
  const build = (d) => {
    if ('f' in d) return function () { return call(d.f, Array.from(arguments)); };
    if ('o' in d) return freeze(Object.fromEntries(Object.entries(d.o).map(([k, v]) => [k, build(v)])));
    if ('a' in d) return freeze(d.a.map(build));
    return d.v;
  };
  listen.call(doc, T + 'expose', (event) => {
    const { key, api } = decode(event.detail);
    if (Object.prototype.hasOwnProperty.call(window, key)) return;
    define(window, key, { value: build(api), enumerable: true, configurable: false, writable: false });
  });
  send.call(doc, new Custom(T + 'hello'));
})();`;
}

function isolatedWorldScript(token: string, options: BridgeOptions): string {
  return `(() => {
  if (window !== window.top && !${options.subframes}) return;
  ${CODEC}
  const T = ${JSON.stringify(token)};
  const binding = globalThis.${BINDING};
  const pending = new Map();
  let nextCall = 0;
  Object.defineProperty(globalThis, '__electronStandinSettle', {
    value: (id, ok, payload, name) => {
      const waiter = pending.get(id);
      if (!waiter) return;
      pending.delete(id);
      const value = decode(payload);
      if (ok) waiter.resolve(value);
      else waiter.reject(Object.assign(new Error(value), { name }));
    },
  });
  const unsupported = (what) => () => {
    throw Object.assign(new Error('electron.' + what + ' is not provided by the Electron stand-in'), {
      name: 'ElectronStandinUnsupported',
    });
  };
  // Listeners of messages main sends with webContents.send (this frame is the top frame).
  const listeners = new Map();
  const listenersOf = (channel) => listeners.get(channel) ?? [];
  Object.defineProperty(globalThis, '__electronStandinReceive', {
    value: (channel, payload) => {
      const args = decode(payload);
      const event = { sender: ipcRenderer, senderId: 0, ports: [] };
      for (const listener of [...listenersOf(channel)]) listener(event, ...args);
    },
  });
  const removeListener = (channel, listener) => {
    listeners.set(channel, listenersOf(channel).filter((candidate) => candidate !== listener && candidate.listener !== listener));
    return ipcRenderer;
  };
  const ipcRenderer = {
    on: (channel, listener) => {
      listeners.set(channel, [...listenersOf(channel), listener]);
      return ipcRenderer;
    },
    once: (channel, listener) => {
      const once = (...args) => {
        removeListener(channel, once);
        listener(...args);
      };
      once.listener = listener;
      return ipcRenderer.on(channel, once);
    },
    off: removeListener,
    removeListener,
    removeAllListeners: (channel) => {
      if (channel === undefined) listeners.clear();
      else listeners.delete(channel);
      return ipcRenderer;
    },
    invoke: (channel, ...args) =>
      new Promise((resolve, reject) => {
        const id = ++nextCall;
        pending.set(id, { resolve, reject });
        binding(encode({ id, channel, args }));
      }),
    send: unsupported('ipcRenderer.send'),
    sendSync: unsupported('ipcRenderer.sendSync'),
    postMessage: unsupported('ipcRenderer.postMessage'),
  };
  const functions = new Map();
  let nextFunction = 0;
  const describe = (value) => {
    if (typeof value === 'function') {
      functions.set(++nextFunction, value);
      return { f: nextFunction };
    }
    if (Array.isArray(value)) return { a: value.map(describe) };
    if (value && typeof value === 'object') return { o: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describe(v)])) };
    return { v: value };
  };
  const send = (type, detail) => document.dispatchEvent(new CustomEvent(T + type, { detail: encode(detail) }));
  const exposed = [];
  document.addEventListener(T + 'hello', () => exposed.forEach((entry) => send('expose', entry)));
  const proxyCallback = (id) => (...args) => send('callback', { callback: id, args });
  document.addEventListener(T + 'call', (event) => {
    const { call, fn, args } = JSON.parse(event.detail, (_k, v) => {
      if (v === '\u0000undefined') return undefined;
      if (v && typeof v === 'object' && Object.keys(v).length === 1 && CALLBACK in v) return proxyCallback(v[CALLBACK]);
      return v;
    });
    const settle = (fields) => send('settle', { call, ...fields });
    const fail = (error, sync) => settle({ ok: false, sync, error: String(error && error.message ? error.message : error), name: error && error.name });
    let result;
    try {
      result = functions.get(fn)(...args);
    } catch (error) {
      return fail(error, true);
    }
    if (result && typeof result.then === 'function') {
      result.then((value) => settle({ ok: true, value }), (error) => fail(error, false));
    } else if (typeof result === 'function') {
      // A function returned (an unsubscribe) is proxied back, as contextBridge does.
      settle({ ok: true, sync: true, described: describe(result) });
    } else settle({ ok: true, sync: true, value: result });
  });
  const contextBridge = {
    exposeInMainWorld(key, api) {
      const entry = { key, api: describe(api) };
      exposed.push(entry);
      send('expose', entry);
    },
    exposeInIsolatedWorld: unsupported('contextBridge.exposeInIsolatedWorld'),
  };
  const electron = {
    contextBridge,
    ipcRenderer,
    crashReporter: { start: unsupported('crashReporter.start') },
    nativeImage: { createEmpty: unsupported('nativeImage.createEmpty') },
    webFrame: { setZoomFactor: unsupported('webFrame.setZoomFactor') },
    webUtils: { getPathForFile: unsupported('webUtils.getPathForFile') },
  };
  // Electron's sandboxed preload may require these and nothing else.
  const modules = {
    electron,
    timers: { setTimeout, clearTimeout, setInterval, clearInterval },
    url: { URL, URLSearchParams },
  };
  const require = (name) => {
    if (Object.prototype.hasOwnProperty.call(modules, name)) return modules[name];
    throw new Error("module not found: " + name);
  };
  const module = { exports: {} };
  ${options.preloadSource === null ? '' : `(function (require, module, exports) {\n${options.preloadSource}\n})(require, module, module.exports);`}
})();`;
}

/** What main can do to a window's renderer through the bridge. */
export interface Bridge {
  /**
   * webContents.send: the message goes to the top frame's preload world (ipcRenderer.on there),
   * in order; a top frame without listeners (or without a preload yet) drops it, as Electron does.
   */
  send(channel: string, args: unknown[]): Promise<void>;
}

/** Installs the bridge on a page before it loads anything. */
export async function installBridge(cdp: CDPSession, options: BridgeOptions): Promise<Bridge> {
  const token = `electron-standin-${randomUUID()}`;
  const { records } = options;
  const frameOfContext = new Map<number, string>();
  cdp.on('Runtime.executionContextCreated', ({ context }) => {
    const frameId = (context.auxData as { frameId?: string } | undefined)?.frameId;
    if (context.name === PRELOAD_WORLD && frameId) frameOfContext.set(context.id, frameId);
  });
  cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) =>
    frameOfContext.delete(executionContextId),
  );
  cdp.on('Runtime.executionContextsCleared', () => frameOfContext.clear());
  cdp.on('Runtime.bindingCalled', ({ name, payload, executionContextId }) => {
    if (name !== BINDING) return;
    void answer(executionContextId, payload);
  });

  async function senderFrame(contextId: number): Promise<FrameStandin | null> {
    const frameId = frameOfContext.get(contextId);
    if (!frameId) return null;
    const { frameTree } = await cdp.send('Page.getFrameTree').catch(() => ({ frameTree: null }));
    if (!frameTree) return null;
    type Node = {
      frame: { id: string; url: string; urlFragment?: string; name?: string; securityOrigin: string };
      childFrames?: Node[];
    };
    const find = (node: Node, parent: FrameStandin | null, top: FrameStandin | null): FrameStandin | null => {
      const url = options.mapUrl(node.frame.url + (node.frame.urlFragment ?? ''));
      const frame = {
        url,
        origin: options.mapUrl(node.frame.securityOrigin),
        name: node.frame.name ?? '',
        parent,
        frameTreeNodeId: node.frame.id,
      } as FrameStandin;
      frame.top = top ?? frame;
      if (node.frame.id === frameId) return frame;
      for (const child of node.childFrames ?? []) {
        const found = find(child, frame, frame.top);
        if (found) return found;
      }
      return null;
    };
    return find(frameTree as Node, null, null);
  }

  async function answer(contextId: number, payload: string): Promise<void> {
    const { id, channel, args } = decode(payload) as { id: number; channel: string; args: unknown[] };
    const frame = await senderFrame(contextId);
    options.received.push({ channel, at: Date.now() });
    let ok = true;
    let value: unknown;
    let errorName = 'Error';
    try {
      value = await options.invoke(frame, channel, args);
    } catch (error) {
      ok = false;
      value = error instanceof Error ? error.message : String(error);
      errorName = error instanceof Error ? error.name : 'Error';
    }
    records.push({
      channel,
      senderFrame: frame && { url: frame.url, parentUrl: frame.parent?.url ?? null },
      ok,
      value,
      at: Date.now(),
    });
    const expression = `globalThis.__electronStandinSettle(${id}, ${ok}, ${JSON.stringify(encode(value))}, ${JSON.stringify(errorName)})`;
    await cdp.send('Runtime.evaluate', { contextId, expression }).catch(() => {
      // The frame went away before its answer: nothing is waiting for it any more.
    });
  }

  await cdp.send('Runtime.enable');
  await cdp.send('Page.enable');
  await cdp.send('Runtime.addBinding', { name: BINDING, executionContextName: PRELOAD_WORLD });
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: mainWorldScript(token) });
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
    source: isolatedWorldScript(token, options),
    worldName: PRELOAD_WORLD,
  });

  let sending: Promise<void> = Promise.resolve();
  async function deliver(channel: string, args: unknown[]): Promise<void> {
    const { frameTree } = await cdp.send('Page.getFrameTree').catch(() => ({ frameTree: null }));
    if (!frameTree) return;
    const topFrameId = frameTree.frame.id;
    const contextId = [...frameOfContext].find(([, frameId]) => frameId === topFrameId)?.[0];
    if (contextId === undefined) return;
    const expression = `globalThis.__electronStandinReceive?.(${JSON.stringify(channel)}, ${JSON.stringify(encode(args))})`;
    await cdp.send('Runtime.evaluate', { contextId, expression }).catch(() => {
      // The document went away meanwhile: its listeners went with it.
    });
  }
  return {
    send(channel, args) {
      sending = sending.then(() => deliver(channel, args));
      return sending;
    },
  };
}
