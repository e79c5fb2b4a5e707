// What quitting during a run asks: which runs are still going and what quitting stops. Vehicles
// being sent now finish and are recorded; the rest are not sent, and "Retry failed" can send them
// after the next start.
import type { RunSummary } from '../../shared/runs';
import { tm } from '../i18n/main-words';

export interface QuitPrompt {
  message: string;
  detail: string;
  /** Index 0 keeps the app running (the default and the answer to Escape). */
  buttons: [keep: string, quit: string];
}

export function quitPrompt(runs: readonly RunSummary[]): QuitPrompt | null {
  if (runs.length === 0) return null;
  const lines = runs.map((run) => {
    const left = run.counts.queued + run.counts.waiting;
    const underWay = run.counts.sending;
    return underWay > 0
      ? tm('quit.lineSending', { title: run.title, left, sending: underWay })
      : tm('quit.line', { title: run.title, left });
  });
  return {
    message: runs.length === 1 ? tm('quit.oneRun') : tm('quit.runs', { count: runs.length }),
    detail: tm('quit.detail', { lines: lines.join('\n') }),
    buttons: [tm('quit.keep'), tm('quit.stop')],
  };
}
