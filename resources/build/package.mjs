#!/usr/bin/env node
// `npm run package` (after `electron-vite build`): builds this OS's installers from electron-builder.yml.
// The one thing it decides is the update feed: with VG_UPDATE_FEED_URL set (an https URL) the
// installers carry electron-builder's generic publish settings and main was built with the same
// URL (electron.vite.config.ts); without it the publish block is dropped, no app-update.yml is
// written and the app makes no update request at all.
// Extra arguments are electron-builder target names for this OS, e.g. `npm run package -- dir`.
import { build, Platform } from 'electron-builder';
import { windowsPublisherName } from './windows-publisher.mjs';

const feed = process.env.VG_UPDATE_FEED_URL?.trim() ?? '';
if (feed && !/^https:\/\//.test(feed) && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(feed)) {
  console.error(`VG_UPDATE_FEED_URL must be an https URL (or http on localhost for testing), got ${feed}`);
  process.exit(1);
}
console.log(feed ? `Update feed: ${feed}` : 'No VG_UPDATE_FEED_URL: building without updates.');

const targets = process.argv.slice(2);
const platform = Platform.current();
const config = feed ? {} : { publish: null };
if (platform === Platform.WINDOWS) {
  // The name updates are checked against: the signing certificate's (windows-publisher.mjs).
  const publisherName = windowsPublisherName();
  console.log(
    publisherName === null
      ? 'Windows: unsigned build, no publisher name: its updates are not signature-checked.'
      : `Windows publisher name: ${publisherName?.join(', ') ?? "from the .pfx's certificate"}`,
  );
  if (publisherName !== undefined) config.win = { signtoolOptions: { publisherName } };
}
build({
  targets: targets.length > 0 ? platform.createTarget(targets) : undefined,
  publish: 'never',
  config,
}).then(
  (artifacts) => console.log(`Built:\n  ${artifacts.join('\n  ')}`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
