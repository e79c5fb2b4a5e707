// Windows code signing for electron-builder (win.signtoolOptions.sign), ready for a key that never
// leaves hardware: an EV or OV certificate on a USB token or HSM (SafeNet/Thales eToken, YubiKey
// PIV, a cloud HSM behind a KSP). The private key cannot be exported to a .pfx, so signtool selects
// the certificate by thumbprint from the Windows certificate store and the token's CSP/KSP signs.
//
// Environment (nothing secret is committed; the token's PIN is asked by its driver or its
// single-logon setting, never passed here):
//   VG_WIN_SIGN_CERT_SHA1   thumbprint of the signing certificate in the store (required to sign)
//   VG_WIN_SIGN_STORE       certificate store name (default My)
//   VG_WIN_SIGN_MACHINE     1 to use the local machine store instead of the current user's
//   VG_WIN_SIGN_CSP, VG_WIN_SIGN_KEY_CONTAINER, VG_WIN_SIGN_CERT_FILE
//                           for tokens addressed by CSP and key container with a public .cer file
//   VG_WIN_SIGN_TIMESTAMP   RFC 3161 timestamp server (default http://timestamp.digicert.com)
//   VG_WIN_SIGNTOOL         signtool.exe path (default: signtool on PATH)
// Without VG_WIN_SIGN_CERT_SHA1 or VG_WIN_SIGN_KEY_CONTAINER, a .pfx given as CSC_LINK /
// CSC_KEY_PASSWORD is used as electron-builder would; with neither, the build is left unsigned
// (SmartScreen will warn) and says so.
import { execFileSync } from 'node:child_process';

/** signtool arguments for the hardware-held key, or null when none is configured. */
export function hardwareSignArgs(file, env = process.env) {
  const thumbprint = env.VG_WIN_SIGN_CERT_SHA1?.replace(/\s/g, '');
  const container = env.VG_WIN_SIGN_KEY_CONTAINER;
  if (!thumbprint && !container) return null;
  const args = ['sign', '/fd', 'sha256', '/tr', env.VG_WIN_SIGN_TIMESTAMP || 'http://timestamp.digicert.com', '/td', 'sha256'];
  if (thumbprint) {
    if (!/^[0-9a-fA-F]{40}$/.test(thumbprint)) throw new Error('VG_WIN_SIGN_CERT_SHA1 must be a 40-digit hex thumbprint');
    args.push('/sha1', thumbprint, '/s', env.VG_WIN_SIGN_STORE || 'My');
    if (env.VG_WIN_SIGN_MACHINE === '1') args.push('/sm');
  } else {
    if (!env.VG_WIN_SIGN_CSP || !env.VG_WIN_SIGN_CERT_FILE) {
      throw new Error('VG_WIN_SIGN_KEY_CONTAINER needs VG_WIN_SIGN_CSP and VG_WIN_SIGN_CERT_FILE');
    }
    args.push('/f', env.VG_WIN_SIGN_CERT_FILE, '/csp', env.VG_WIN_SIGN_CSP, '/kc', container);
  }
  args.push(file);
  return args;
}

export default async function sign(configuration) {
  const args = hardwareSignArgs(configuration.path);
  if (args !== null) {
    // One SHA-256 signature: the sha1 pass electron-builder may also ask for is not needed on
    // supported Windows versions, and a hardware token would ask for its PIN twice.
    if (configuration.hash !== 'sha256') return;
    execFileSync(process.env.VG_WIN_SIGNTOOL || 'signtool', args, { stdio: 'inherit' });
    return;
  }
  if (configuration.cscInfo) {
    // A .pfx (CSC_LINK): electron-builder's own signtool arguments.
    const [command, ...rest] = [process.env.VG_WIN_SIGNTOOL || 'signtool', ...configuration.computeSignToolArgs(true)];
    execFileSync(command, rest, { stdio: 'inherit' });
    return;
  }
  console.warn(`Windows signing: no certificate configured, ${configuration.path} is left unsigned.`);
}
