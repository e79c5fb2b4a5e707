// What quitting during a run asks: which runs are still going and what quitting stops. Vehicles
// being sent now finish and are recorded; the rest are not sent, and "Retry failed" can send them
// after the next start.
import type { RunSummary } from '../../shared/runs';

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
    return `• ${run.title}: ${left} not sent yet${underWay > 0 ? `, ${underWay} being sent now` : ''}`;
  });
  return {
    message: runs.length === 1 ? 'A run is still going' : `${runs.length} runs are still going`,
    detail:
      `${lines.join('\n')}\n\nQuitting stops them: vehicles being sent now finish and are recorded; ` +
      'the others are not sent. The results are kept, and "Retry failed" sends to the rest later.',
    buttons: ['Keep running', 'Quit and stop the runs'],
  };
}
