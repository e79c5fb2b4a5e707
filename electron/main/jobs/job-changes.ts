// Between check-in and check-out: what changed, and what the car is left with that it did not come
// in with (valet on, charge port open, low power on, sentry off, a speed limit set, another charge
// limit), each with the command that puts it back when a remote command can.
import { COMMANDS } from '../../shared/commands';
import { driversText, invitationsText } from '../../shared/jobs/access-text';
import type { CloseWarning, JobChange, JobWarning, Observed, Snapshot } from '../../shared/jobs/job-record';
import {
  READING_NAMES,
  READINGS,
  readingText,
  type ReadingName,
  type ReadingValue,
} from '../../shared/jobs/readings';

const valueOf = (snapshot: Snapshot, reading: ReadingName): ReadingValue | null => {
  const observed = snapshot.readings[reading];
  return observed?.known ? observed.value : null;
};

const textOf = (snapshot: Snapshot, reading: ReadingName): string => {
  const observed = snapshot.readings[reading];
  return observed?.known ? readingText(reading, observed.value) : 'unknown';
};

function observedText<T>(observed: Observed<T>, show: (value: T) => string): string {
  return observed.known ? show(observed.value) : 'unknown';
}

/** Every reading whose value differs between the snapshots, or that is known in one only. */
export function changesBetween(checkIn: Snapshot, checkOut: Snapshot): JobChange[] {
  const changes: JobChange[] = [];
  for (const reading of READING_NAMES) {
    const before = textOf(checkIn, reading);
    const after = textOf(checkOut, reading);
    if (before !== after) changes.push({ reading, label: READINGS[reading].label, before, after });
  }
  // Who may drive the car, in the same summary: a driver removed or an invitation made shows here.
  const access = [
    { reading: 'drivers', label: 'drivers', text: (s: Snapshot) => observedText(s.drivers, driversText) },
    {
      reading: 'invitations',
      label: 'invitations',
      text: (s: Snapshot) => observedText(s.invitations, invitationsText),
    },
  ];
  for (const { reading, label, text } of access) {
    const before = text(checkIn);
    const after = text(checkOut);
    if (before !== after) changes.push({ reading, label, before, after });
  }
  return changes;
}

/** What the car is left with that it did not come in with; unknown at either end is not a warning. */
export function warningsBetween(checkIn: Snapshot, checkOut: Snapshot): JobWarning[] {
  const warnings: JobWarning[] = [];
  const was = (reading: ReadingName) => valueOf(checkIn, reading);
  const is = (reading: ReadingName) => valueOf(checkOut, reading);
  const undo = (command: keyof typeof COMMANDS, value: number | null = null) => ({
    command,
    value,
    label:
      value === null
        ? COMMANDS[command].label
        : `${COMMANDS[command].label} to ${value} ${COMMANDS[command].param?.unit ?? ''}`.trim(),
  });
  if (is('valet') === true && was('valet') === false)
    warnings.push({
      id: 'valet',
      text: 'Valet mode is on; it was off at check-in.',
      undo: undo('disable_valet'),
    });
  if (is('chargePortOpen') === true && was('chargePortOpen') === false)
    warnings.push({
      id: 'chargePort',
      text: 'The charge port is open; it was closed at check-in.',
      undo: undo('close_charge_port'),
    });
  if (is('lowPower') === true && was('lowPower') === false)
    warnings.push({
      id: 'lowPower',
      text: 'Low power mode is on; it was off at check-in.',
      undo: undo('disable_low_power_mode'),
    });
  if (is('sentry') === false && was('sentry') === true)
    warnings.push({
      id: 'sentry',
      text: 'Sentry mode is off; it was on at check-in. No remote command turns it back on: turn it on in the car.',
      undo: null,
    });
  const limitWas = was('speedLimitMph');
  const limitIs = is('speedLimitMph');
  if (is('speedLimitActive') === true && was('speedLimitActive') === false)
    warnings.push({
      id: 'speedLimit',
      text: 'Speed limit mode is on; it was off at check-in. No remote command turns it off: turn it off in the car.',
      undo: null,
    });
  else if (typeof limitWas === 'number' && typeof limitIs === 'number' && limitWas !== limitIs)
    warnings.push({
      id: 'speedLimit',
      text: `The speed limit is ${limitIs} mph; it was ${limitWas} mph at check-in.`,
      undo: undo('set_speed_limit', limitWas),
    });
  const chargeWas = was('chargeLimit');
  const chargeIs = is('chargeLimit');
  if (typeof chargeWas === 'number' && typeof chargeIs === 'number' && chargeWas !== chargeIs)
    warnings.push({
      id: 'chargeLimit',
      text: `The charge limit is ${chargeIs} %; it was ${chargeWas} % at check-in.`,
      undo: undo('set_charge_limit', chargeWas),
    });
  return warnings;
}

/** The reading a limit warning's numbers are of; none for a warning that names no number. */
const LIMIT_READING: Partial<Record<JobWarning['id'], ReadingName>> = {
  chargeLimit: 'chargeLimit',
  speedLimit: 'speedLimitMph',
};

/**
 * The warnings as a close answers them: a limit's numbers beside its text, from the snapshots the
 * warnings were found between, so the window says them in its words without reading the text.
 */
export function closeWarnings(warnings: JobWarning[], checkIn: Snapshot, checkOut: Snapshot): CloseWarning[] {
  return warnings.map((warning) => {
    const reading = LIMIT_READING[warning.id];
    // "Speed limit mode is on" names no number: only the warning with an undo carries the limits.
    if (reading === undefined || warning.undo === null) return warning;
    const now = valueOf(checkOut, reading);
    const was = valueOf(checkIn, reading);
    return typeof now === 'number' && typeof was === 'number'
      ? { ...warning, values: { now, was } }
      : warning;
  });
}
