// What a vehicle's row and header say of its open repair-order job.
import type { OpenJobBadge } from '../../../electron/shared/jobs/job-badge';
import { t } from './i18n.svelte';

/** "Job open: RO-1234": the badge's words, the same on the row and in the header. */
export const badgeText = (badge: OpenJobBadge): string => t('job.badge', { repairOrder: badge.repairOrder });
