// A job's text bounds, checked where they enter main (IPC, links): zod-free, so the links' parser
// stays out of the schemas' weight in the entry module that runs before the app is ready.

/** A job's repair order, complaint and notes. */
export const REPAIR_ORDER_MAX = 64;
export const JOB_TEXT_MAX = 4000;
export const TECHNICIAN_MAX = 120;
