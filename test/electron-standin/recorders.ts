// session, dialog and shell: nothing native happens; every handler and call is recorded so a test
// can call the handlers the bundle installed and assert what it asked the OS to do.
import { RECORDS_KEY } from './key';
import { strict } from './unsupported';

export interface RecordedCall {
  method: string;
  args: unknown[];
}

type Handler = (...args: never[]) => unknown;

export class SessionStandin {
  /** The handlers the app installed, by setter name minus "set" (permissionRequestHandler, ...). */
  readonly handlers: {
    permissionRequest: Handler | null;
    permissionCheck: Handler | null;
    devicePermission: Handler | null;
  } = { permissionRequest: null, permissionCheck: null, devicePermission: null };

  setPermissionRequestHandler(handler: Handler | null): void {
    this.handlers.permissionRequest = handler;
  }

  setPermissionCheckHandler(handler: Handler | null): void {
    this.handlers.permissionCheck = handler;
  }

  setDevicePermissionHandler(handler: Handler | null): void {
    this.handlers.devicePermission = handler;
  }
}

const defaultSession = strict('session.defaultSession', new SessionStandin());

export const session = strict('session', {
  get defaultSession() {
    return defaultSession;
  },
});

export interface Records {
  dialogCalls: RecordedCall[];
  shellCalls: RecordedCall[];
}

// One set per process: the copy a test runner may load itself must not replace the stand-in's.
const records = ((globalThis as Record<symbol, Records | undefined>)[RECORDS_KEY] ??= {
  dialogCalls: [],
  shellCalls: [],
});
const { dialogCalls, shellCalls } = records;

function recorder<T>(calls: RecordedCall[], method: string, answer: T) {
  return (...args: unknown[]): T => {
    calls.push({ method, args });
    return answer;
  };
}

// Every dialog answers "cancelled": a test that needs a choice asserts the call instead.
export const dialog = strict('dialog', {
  showErrorBox: recorder(dialogCalls, 'showErrorBox', undefined),
  showMessageBox: recorder(
    dialogCalls,
    'showMessageBox',
    Promise.resolve({ response: 0, checkboxChecked: false }),
  ),
  showSaveDialog: recorder(dialogCalls, 'showSaveDialog', Promise.resolve({ canceled: true, filePath: '' })),
  showOpenDialog: recorder(dialogCalls, 'showOpenDialog', Promise.resolve({ canceled: true, filePaths: [] })),
});

export const shell = strict('shell', {
  openExternal: recorder(shellCalls, 'openExternal', Promise.resolve()),
  openPath: recorder(shellCalls, 'openPath', Promise.resolve('')),
  showItemInFolder: recorder(shellCalls, 'showItemInFolder', undefined),
  trashItem: recorder(shellCalls, 'trashItem', Promise.resolve()),
  beep: recorder(shellCalls, 'beep', undefined),
});
