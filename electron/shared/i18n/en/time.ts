// Ages, expiries and where shown data comes from (renderer/src/lib/format.ts).
export const time = {
  'age.unknown': 'age unknown: it is dated in the future, so a clock was wrong',
  'age.unknownTime': 'an unknown time',
  'age.lessThanMinute': 'less than a minute',
  'data.live': 'Live',
  'data.offlineFrom': 'Offline: saved copy from {time}',
  'data.offlineFromUnknown': 'Offline: saved copy from {time}, {unknown}',
  'data.savedAge': 'Saved copy, {age} old',
  'data.savedUnknown': 'Saved copy, {unknown}',
  'data.readingAge': 'reading {age} old',
  'data.readingUnknown': 'reading {unknown}',
  'data.latestReading': 'Latest from the service, {reading}',
  'data.offlineReading': 'Offline: saved copy, {reading}',
  'data.savedReading': 'Saved copy, {reading}',
  // A colleague's app read it from the service and shared it through the shop.
  'data.readBy': 'Read by {who} {ago}',
  'data.readByReading': 'Read by {who}, {reading}',
  'expiry.expiredToday': 'expired today',
  'expiry.expired': 'expired {when}',
  'expiry.today': 'expires today',
  'expiry.expires': 'expires {when}',
  'value.unknown': 'Unknown',
};
