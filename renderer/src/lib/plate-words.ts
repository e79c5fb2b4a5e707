// What a plate write confirms, in words: the new plate and the one it replaced, when main could read
// it from the service just before. An unknown previous plate is not mentioned rather than guessed.
import type { PlateSetResult } from '../../../electron/shared/types';

export function plateSetText(plate: string | null, answer: PlateSetResult | null): string {
  const done = plate === null ? 'Plate cleared' : `Plate set to ${plate}`;
  if (!answer || answer.previousPlate === undefined) return done;
  const before = answer.previousPlate;
  if (before === null) return plate === null ? `${done} (there was none)` : `${done} (there was none before)`;
  if (before === plate) return `${done} (unchanged)`;
  return `${done}, was ${before}`;
}
