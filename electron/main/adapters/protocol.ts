// Serves the built renderer over app://garage instead of file:// (Electron security checklist:
// "use a custom protocol"), so the page gets a real origin and file:// keeps no special powers.
import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { APP_HOST, APP_SCHEME } from '../app/trusted-origins';
import { RENDERER_RESPONSE_HEADERS, resolveStaticPath } from '../app/static-files';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const filePath = url.host === APP_HOST ? resolveStaticPath(rendererDir, url.pathname) : null;
    if (!filePath || request.method !== 'GET') return notFound();
    let response: Response;
    try {
      response = await net.fetch(pathToFileURL(filePath).toString());
    } catch {
      // Chromium's file loader rejects a missing file or a folder (net::ERR_FILE_NOT_FOUND); a
      // rejected handler would fail the request with net::ERR_UNEXPECTED instead of answering.
      return notFound();
    }
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(RENDERER_RESPONSE_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
