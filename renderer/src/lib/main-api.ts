// The renderer's only door to main (window.garage, built by the preload). Only the stores in lib/
// import it: components call stores, stores call main (lint refuses it in a component).
//
// Through this door an answer that never came from main (the IPC transport failed, see
// shared/ipc/garage-api.ts) gets its message in the window's words, so every place that shows an
// error's message says it in the technician's language; the preload that noticed has no catalog.
import type { GarageApi } from '../../../electron/shared/ipc/api';
import type { Result } from '../../../electron/shared/result';
import { t } from './i18n.svelte';

type Group = Record<string, unknown>;

function inWindowWords<T>(answer: T): T {
  const result = answer as Result<unknown> | undefined;
  if (result?.ok !== false || !result.error?.transport) return answer;
  return { ...result, error: { ...result.error, message: t('error.transport') } } as T;
}

const doors = new WeakMap<Group, Group>();

/** `group`'s methods, each answering through inWindowWords (window.garage is frozen: a new object). */
function doorOf(group: Group): Group {
  let door = doors.get(group);
  if (!door) {
    door = Object.fromEntries(
      Object.entries(group).map(([name, method]) => [
        name,
        typeof method === 'function'
          ? async (...args: unknown[]) =>
              inWindowWords(await (method as (...a: unknown[]) => unknown)(...args))
          : method,
      ]),
    );
    doors.set(group, door);
  }
  return door;
}

const apis = new WeakMap<GarageApi, GarageApi>();

export function mainApi(): GarageApi {
  const garage = window.garage;
  // Before the page is wired (a test's first store load) there is no API yet: nothing to wrap.
  if (!garage) return garage;
  let api = apis.get(garage);
  if (!api) {
    api = Object.fromEntries(
      Object.entries(garage).map(([name, group]) => [
        name,
        // The event stream is main's own pushing, not an answer: handed on as it is.
        name === 'events' || typeof group !== 'object' || group === null ? group : doorOf(group as Group),
      ]),
    ) as unknown as GarageApi;
    apis.set(garage, api);
  }
  return api;
}
