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

  /** Words added to the user's spell-check dictionary. */
  readonly dictionaryWords: string[] = [];
  addWordToSpellCheckerDictionary(word: string): boolean {
    this.dictionaryWords.push(word);
    return true;
  }

  /** What Chromium answers for a URL's proxy (PAC or OS settings); a test may set it. */
  proxyAnswer = 'DIRECT';
  readonly proxyAsked: string[] = [];
  async resolveProxy(url: string): Promise<string> {
    this.proxyAsked.push(url);
    return this.proxyAnswer;
  }
}

const defaultSession = strict('session.defaultSession', new SessionStandin());

export const session = strict('session', {
  get defaultSession() {
    return defaultSession;
  },
});

export interface SaveDialogOptions {
  defaultPath?: string;
  [key: string]: unknown;
}

export interface Records {
  dialogCalls: RecordedCall[];
  shellCalls: RecordedCall[];
  /**
   * What the technician picks in a save dialog: a path, or null to cancel (the default). A test
   * sets it; the stand-in shows no dialog.
   */
  chooseSaveFile: ((options: SaveDialogOptions) => string | null) | null;
  /** What the technician picks in an open dialog: a path, or null to cancel (the default). */
  chooseOpenFile: ((options: Record<string, unknown>) => string | null) | null;
}

// One set per process: the copy a test runner may load itself must not replace the stand-in's.
const records = ((globalThis as Record<symbol, Records | undefined>)[RECORDS_KEY] ??= {
  dialogCalls: [],
  shellCalls: [],
  chooseSaveFile: null,
  chooseOpenFile: null,
});
const { dialogCalls, shellCalls } = records;

function recorder<T>(calls: RecordedCall[], method: string, answer: T) {
  return (...args: unknown[]): T => {
    calls.push({ method, args });
    return answer;
  };
}

// showSaveDialog(options) or showSaveDialog(window, options): answers what the test chose, else cancelled.
function showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath: string }> {
  dialogCalls.push({ method: 'showSaveDialog', args });
  const options = (args.length > 1 ? args[1] : args[0]) as SaveDialogOptions | undefined;
  const filePath = records.chooseSaveFile?.(options ?? {}) ?? null;
  return Promise.resolve(filePath ? { canceled: false, filePath } : { canceled: true, filePath: '' });
}

// showOpenDialog(options) or showOpenDialog(window, options): the path the test chose, else cancelled.
function showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
  dialogCalls.push({ method: 'showOpenDialog', args });
  const options = (args.length > 1 ? args[1] : args[0]) as Record<string, unknown> | undefined;
  const filePath = records.chooseOpenFile?.(options ?? {}) ?? null;
  return Promise.resolve(
    filePath ? { canceled: false, filePaths: [filePath] } : { canceled: true, filePaths: [] },
  );
}

// Every other dialog answers "cancelled": a test that needs a choice asserts the call instead.
export const dialog = strict('dialog', {
  showErrorBox: recorder(dialogCalls, 'showErrorBox', undefined),
  showMessageBox: recorder(
    dialogCalls,
    'showMessageBox',
    Promise.resolve({ response: 0, checkboxChecked: false }),
  ),
  showSaveDialog,
  showOpenDialog,
});

export const shell = strict('shell', {
  openExternal: recorder(shellCalls, 'openExternal', Promise.resolve()),
  openPath: recorder(shellCalls, 'openPath', Promise.resolve('')),
  showItemInFolder: recorder(shellCalls, 'showItemInFolder', undefined),
  trashItem: recorder(shellCalls, 'trashItem', Promise.resolve()),
  beep: recorder(shellCalls, 'beep', undefined),
});
