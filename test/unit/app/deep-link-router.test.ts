// Links that arrive before the app can look up its garage wait; then every link is resolved and
// shown in the order it came, and one that fails is logged without stopping the next.
import { describe, expect, it } from 'vitest';
import { createDeepLinkRouter } from '../../../electron/main/app/deep-link-router';
import type { ShellRequest } from '../../../electron/shared/shell-requests';

describe('the deep link router', () => {
  it('holds links until started, then delivers each in order; a failure does not stop the rest', async () => {
    const delivered: ShellRequest[] = [];
    const problems: string[] = [];
    let releaseFirst!: () => void;
    const firstDone = new Promise<void>((resolve) => (releaseFirst = resolve));
    const router = createDeepLinkRouter({
      resolve: async (raw) => {
        if (raw === 'slow') await firstDone;
        if (raw === 'broken') throw new Error('no garage');
        return { kind: 'open-run', runId: raw };
      },
      deliver: (request) => delivered.push(request),
      onProblem: (message) => problems.push(message),
    });
    router.receive('slow');
    router.receive('broken');
    expect(delivered).toEqual([]);
    const started = router.start();
    router.receive('later');
    releaseFirst();
    await started;
    // The link received after start waits behind the earlier ones.
    await router.settled();
    expect(delivered).toEqual([
      { kind: 'open-run', runId: 'slow' },
      { kind: 'open-run', runId: 'later' },
    ]);
    expect(problems).toEqual(['A link could not be opened']);
  });
});
