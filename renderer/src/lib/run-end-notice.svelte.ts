// Says once, in a toast, how a run this view watched ended ("…: Cancelled: 5 sent, 4 not sent").
// A run that had already ended a while before the view opened is not announced again. Call it while
// a component initialises: the effect lives as long as the component.
import { isFinished, type RunSnapshot } from '../../../electron/shared/runs';
import { t } from './i18n.svelte';
import { runSummaryText, runTitleText } from './run-words';
import type { ToastTone } from './toasts.svelte';

/** How long after its end a run still counts as just ended when the view first sees it. */
const FRESH_MS = 5_000;

export function announceRunEnd(
  current: () => RunSnapshot | null,
  show: (message: string, tone: ToastTone) => void,
): void {
  let announced: string | null = null;
  $effect(() => {
    const run = current();
    if (!run || !isFinished(run) || announced === run.id) return;
    const first = announced === null;
    announced = run.id;
    if (first && run.endedAt && Date.now() - Date.parse(run.endedAt) > FRESH_MS) return;
    show(
      t('runEnd.notice', { title: runTitleText(run), summary: runSummaryText(run) }),
      run.state === 'completed' ? 'success' : 'info',
    );
  });
}
