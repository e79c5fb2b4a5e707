// Reading the bearer token for one call: from the injected reader (the keychain in the app), trimmed,
// and refused before anything is sent when it is missing or cannot travel in a header.
import { AppError } from '../../shared/result';
import { tokenProblem } from '../vault/token-rules';
import { tm } from '../i18n/main-words';

export async function readToken(getToken: () => Promise<string | null>): Promise<string> {
  let token: string | null;
  try {
    token = await getToken();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('keychain_unavailable', tm('api.token.unreadable'));
  }
  const trimmed = typeof token === 'string' ? token.trim() : '';
  if (trimmed === '') throw new AppError('no_token', tm('api.token.missing'));
  if (tokenProblem(trimmed) !== null) {
    throw new AppError('invalid_input', tm('api.token.cannotSend'), {
      issues: [{ path: 'token', message: tm('api.token.badCharacters') }],
    });
  }
  return trimmed;
}
