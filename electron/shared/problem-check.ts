// A shared rule ("what is wrong with this value, or null") as a zod refinement, so the IPC edge and
// every other schema report the rule's own words.
import type { z } from 'zod';

export const problemCheck =
  (problem: (value: string) => string | null) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
