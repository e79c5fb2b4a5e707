// Sandboxed preload (bundled to CommonJS): exposes `window.garage`, one method per operation,
// and nothing else of Electron or Node to the page.
import { contextBridge, ipcRenderer } from 'electron';
import { buildGarageApi } from '../shared/ipc/garage-api';

contextBridge.exposeInMainWorld(
  'garage',
  buildGarageApi((channel, args) => ipcRenderer.invoke(channel, ...args)),
);
