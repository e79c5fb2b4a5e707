// The alerts timeline's end and audience, each worded as its source: an end is what this app saw
// across its own reads (the service never reports one), an audience is the car's telemetry
// configuration's (the service reports none per alert).
import type { AlertSighting } from '../../../../electron/shared/alert-sightings';
import { listText } from '../../../../electron/shared/i18n/intl-words';
import type { FetchMeta } from '../../../../electron/shared/types';
import { displayLocaleTag, formatDateTime, formatDateTimeSeconds } from '../format';
import { t } from '../i18n.svelte';

/** Still active, ended between two reads, or not known when the app never saw it go. */
export function alertEndText(sighting: AlertSighting | undefined): string {
  if (!sighting) return t('story.endUnknown');
  if (sighting.goneAt === null) return t('alertSeen.active', { time: formatDateTime(sighting.lastSeenAt) });
  // Two reads within one minute would read as "between 1:41 and 1:41": then both say their seconds.
  let [lastSeen, gone] = [formatDateTime(sighting.lastSeenAt), formatDateTime(sighting.goneAt)];
  if (lastSeen === gone)
    [lastSeen, gone] = [formatDateTimeSeconds(sighting.lastSeenAt), formatDateTimeSeconds(sighting.goneAt)];
  return t('alertSeen.ended', { lastSeen, gone });
}

const AUDIENCE_KEYS: Record<string, 'alertSeen.service' | 'alertSeen.customer'> = {
  service: 'alertSeen.service',
  customer: 'alertSeen.customer',
};

/** Which audiences the car's alerts stream to, from its cached telemetry configuration when there is one. */
export function alertAudienceText(meta: FetchMeta): string {
  const audiences = meta.alertAudiences;
  if (!audiences) return t('alertSeen.audienceUnknown');
  const time = formatDateTime(audiences.fetchedAt);
  if (audiences.types.length === 0) return t('alertSeen.noAudiences', { time });
  // A type the app has no word for is shown as the configuration names it.
  const types = audiences.types.map((type) => {
    const key = AUDIENCE_KEYS[type];
    return key ? t(key) : type;
  });
  return t('alertSeen.audiences', { time, types: listText(types, displayLocaleTag()) });
}
