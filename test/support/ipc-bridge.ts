// An `ipcMain`-compatible router for the harness: the real handler registration code registers
// into it exactly as into Electron's ipcMain, and a Playwright binding feeds it calls from the page.
import type { IpcEventLike, IpcMainLike } from '../../electron/main/ipc/register-handlers';

type Listener = (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>;

export class IpcBridge implements IpcMainLike {
  private readonly listeners = new Map<string, Listener>();

  handle(channel: string, listener: Listener): void {
    if (this.listeners.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.listeners.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.listeners.delete(channel);
  }

  get channels(): string[] {
    return [...this.listeners.keys()];
  }

  async invoke(event: IpcEventLike, channel: string, args: unknown[]): Promise<unknown> {
    const listener = this.listeners.get(channel);
    // Electron rejects the renderer's invoke() when no handler exists; so do we.
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    return listener(event, ...args);
  }
}
