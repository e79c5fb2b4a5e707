// The board's cells in words: who (the typed name, with the database role where it differs), how
// long ago, and what the shop knows of a car's state, each value with its own age and reader.
import { agoText } from '../../../electron/shared/age-words';
import { actionText } from '../../../electron/shared/audit-words';
import type { BoardCar, BoardValue } from '../../../electron/shared/shop-board';
import { activeClaim, hasAlert, jobOpenFor } from './board-view';
import { ageText, formatPercent, formatTime } from './format';
import { t } from './i18n.svelte';

/** "Ana", or "Ana (garage_ben)" when the role that wrote it is not the name typed. */
export function whoText(name: string, role: string | null): string {
  return role && role !== name ? t('board.who', { name, role }) : name;
}

const ago = (at: string, now: number) => agoText(Date.parse(at), now, t);

export function claimText(car: BoardCar, now: number): string {
  const claim = activeClaim(car, now);
  if (!claim) return t('board.unclaimed');
  const who = claim.mine ? t('board.mine') : whoText(claim.by, claim.role);
  return t('board.claimSince', { who, time: formatTime(claim.since) });
}

export function jobText(car: BoardCar, now: number): string {
  const open = jobOpenFor(car, now);
  if (!car.job || open === null) return t('board.noJob');
  return t('board.jobOpenFor', {
    repairOrder: car.job.repairOrder,
    who: whoText(car.job.technician, car.job.role),
    age: ageText(open),
  });
}

/** One value's line: the value, then when and by whom it was read. */
export interface StateLine {
  text: string;
  read: string;
}

function line<T>(value: BoardValue<T> | undefined, text: (v: T) => string, now: number): StateLine | null {
  if (!value) return null;
  return {
    text: text(value.value),
    read: t('board.readBy', { ago: ago(value.readAt, now), who: whoText(value.technician, value.role) }),
  };
}

export function stateLines(car: BoardCar, now: number): StateLine[] {
  const { sleep, batteryLevel, charging } = car.state;
  return [
    line(sleep, (state) => t('board.sleep', { state }), now),
    line(batteryLevel, (level) => t('board.battery', { level: formatPercent(level / 100) }), now),
    line(charging, (state) => t('board.charging', { state }), now),
  ].filter((each): each is StateLine => each !== null);
}

export function alertLines(car: BoardCar, now: number): StateLine[] {
  if (!hasAlert(car)) return [];
  const { alertCount, tyresLow } = car.state;
  return [
    alertCount && alertCount.value > 0
      ? line(alertCount, (count) => t('board.alertCount', { count }), now)
      : null,
    tyresLow?.value ? line(tyresLow, () => t('board.tyresLow'), now) : null,
  ].filter((each): each is StateLine => each !== null);
}

export function lastActionText(car: BoardCar, now: number): string {
  const action = car.lastAction;
  if (!action) return t('board.noAction');
  return t('board.lastAction', {
    what: actionText(action.operation, t),
    who: whoText(action.technician, action.role),
    ago: ago(action.time, now),
  });
}

export function waitingText(car: BoardCar): string {
  return t('board.waitingCount', { count: car.waiting });
}
