// Sandboxed preload (bundled to CommonJS): exposes `window.garage`, one method per operation and
// one event subscription, and nothing else of Electron or Node to the page (the IPC event object
// never reaches a listener).
import { contextBridge, ipcRenderer } from 'electron';
import type { GarageEvent } from '../shared/events';
import { buildGarageApi, EVENT_CHANNEL, SUBSCRIBE_CHANNEL } from '../shared/ipc/garage-api';

contextBridge.exposeInMainWorld(
  'garage',
  buildGarageApi(
    (channel, args) => ipcRenderer.invoke(channel, ...args),
    (deliver) => {
      ipcRenderer.on(EVENT_CHANNEL, (_event, garageEvent: GarageEvent) => deliver(garageEvent));
      // Main starts sending once it has checked this frame, as it checks every invoke.
      void ipcRenderer.invoke(SUBSCRIBE_CHANNEL).catch(() => {});
    },
  ),
);
