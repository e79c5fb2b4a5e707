// ipcMain: handlers (invoke) and listeners (send) per channel, as Electron keeps them, so a test
// can list every channel the bundle opened and call them the way a renderer would.
import { EventEmitter } from 'node:events';

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

export class IpcMainStandin extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>();

  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.handlers.delete(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** Every channel a renderer could reach: invoke handlers and send listeners alike. */
  openChannels(): string[] {
    const listened = this.eventNames().filter((name): name is string => typeof name === 'string');
    return [...new Set([...this.handlers.keys(), ...listened])].sort();
  }

  /** What Electron does for ipcRenderer.invoke: a missing handler rejects, a thrown error rejects. */
  async invoke(event: unknown, channel: string, args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler)
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      );
    return handler(event, ...args);
  }
}

export const ipcMain = new IpcMainStandin();
