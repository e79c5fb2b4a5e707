// What a plate write confirms, in words: the new plate and the one it replaced, when main could read
// it from the service just before. An unknown previous plate is not mentioned rather than guessed.
import { t } from './i18n.svelte';
import type { PlateSetResult } from '../../../electron/shared/types';

export function plateSetText(plate: string | null, answer: PlateSetResult | null): string {
  if (!answer || answer.previousPlate === undefined)
    return plate === null ? t('plates.cleared') : t('plates.setTo', { plate });
  const before = answer.previousPlate;
  if (before === null) return plate === null ? t('plates.clearedNone') : t('plates.setToNone', { plate });
  if (before === plate)
    return plate === null ? t('plates.clearedUnchanged') : t('plates.setToUnchanged', { plate });
  return plate === null ? t('plates.clearedWas', { before }) : t('plates.setToWas', { plate, before });
}
