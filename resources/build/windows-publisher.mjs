// The publisher name written into a Windows build's update metadata (app-update.yml). electron-updater
// installs an update only if its Authenticode signer has exactly this name, so it must be the
// signing certificate's own common name: a name typed into the configuration would stop every
// update of a build signed by anyone else, and of every unsigned build.
//
//   VG_WIN_PUBLISHER_NAME        explicit names, `;`-separated (both CNs while changing certificates)
//   VG_WIN_SIGN_CERT_FILE        the public certificate of a token addressed by CSP: its CN
//   VG_WIN_SIGN_CERT_SHA1        the certificate in the Windows store: its CN, read from the store
//   CSC_LINK / WIN_CSC_LINK      a .pfx: electron-builder reads its CN itself
//   none of these                unsigned: no publisher name, so updates are not signature-checked
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The CN of an X.509 subject as Node prints it ("C=DE\nO=…\nCN=…"), or null. */
export function commonNameOf(subject) {
  const line = subject
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part.startsWith('CN='));
  return line ? line.slice(3) : null;
}

/** The CN in a Windows-style distinguished name ("CN=Acme GmbH, O=Acme GmbH, C=DE"), or null. */
export function commonNameOfDn(dn) {
  const match = /(?:^|,\s*)CN=("(?:[^"]|"")*"|[^,]*)/.exec(dn);
  if (!match) return null;
  const value = match[1].trim();
  return value.startsWith('"') ? value.slice(1, -1).replace(/""/g, '"') : value;
}

function fromStore(thumbprint, env, run) {
  const store = `Cert:\\${env.VG_WIN_SIGN_MACHINE === '1' ? 'LocalMachine' : 'CurrentUser'}\\${env.VG_WIN_SIGN_STORE || 'My'}\\${thumbprint}`;
  const subject = run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', `(Get-Item '${store}').Subject`]);
  const name = commonNameOfDn(subject.trim());
  if (!name) throw new Error(`The certificate ${thumbprint} in ${store} has no CN in its subject (${subject.trim()}).`);
  return name;
}

/**
 * The publisher name for this build: a list of one name, `undefined` (electron-builder reads a
 * .pfx's), or `null` (unsigned: none). Throws when a configured certificate cannot be read, so a
 * signed build never ships without the name its updates are checked against.
 */
export function windowsPublisherName(env = process.env, io = {}) {
  const readFile = io.readFile ?? ((file) => readFileSync(file));
  const run = io.run ?? ((command, args) => execFileSync(command, args, { encoding: 'utf8' }));
  const explicit = (env.VG_WIN_PUBLISHER_NAME ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);
  if (explicit.length > 0) return explicit;
  if (env.VG_WIN_SIGN_CERT_FILE) {
    const name = commonNameOf(new X509Certificate(readFile(env.VG_WIN_SIGN_CERT_FILE)).subject);
    if (!name) throw new Error(`${env.VG_WIN_SIGN_CERT_FILE} has no CN in its subject.`);
    return [name];
  }
  const thumbprint = env.VG_WIN_SIGN_CERT_SHA1?.replace(/\s/g, '');
  if (thumbprint) return [fromStore(thumbprint, env, run)];
  if (env.CSC_LINK || env.WIN_CSC_LINK) return undefined;
  return null;
}
