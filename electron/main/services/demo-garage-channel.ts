// Where the demo garage announces itself inside the main process (node:diagnostics_channel), for
// in-process observers such as the end-to-end harness, which drives the embedded simulator's faults
// and fleet. Nothing is published outside the process, and nothing when nobody subscribes.
import { channel } from 'node:diagnostics_channel';

export const DEMO_GARAGE_CHANNEL = 'vehicle-garage:demo-garage';

export const demoGarageChannel = channel(DEMO_GARAGE_CHANNEL);
