import type { networkFile as en } from '../en/network-file';

export const networkFile = {
  'networkFile.ignored': '{file}: {problem}; es gelten die Proxy-Einstellungen des Systems',
  'networkFile.unreadable': 'konnte nicht gelesen werden',
  'networkFile.notJson': 'ist kein JSON',
  'networkFile.notObject': 'ist kein Objekt',
  'networkFile.badMode': '„mode“ muss einer dieser Werte sein: {modes}',
  'networkFile.badProxy': '„proxy“ muss eine Proxy-Adresse oder „direct“ sein',
  'networkFile.credentialsUnreadable': 'Die Zugangsdaten des Proxys konnten nicht gelesen werden: {message}',
  'networkFile.credentialsNoKeychain':
    'Die Zugangsdaten des Proxys konnten nicht aus dem Schlüsselbund des Systems gelesen werden.',
} satisfies Record<keyof typeof en, string>;
