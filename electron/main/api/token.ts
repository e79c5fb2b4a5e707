// Reading the bearer token for one call: from the injected reader (the keychain in the app), trimmed,
// and refused before anything is sent when it is missing or cannot travel in a header.
import { AppError } from '../../shared/result';
import { tokenProblem } from '../vault/token-rules';
import { NO_TOKEN_MESSAGE } from './errors';

export async function readToken(getToken: () => Promise<string | null>): Promise<string> {
  let token: string | null;
  try {
    token = await getToken();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('keychain_unavailable', 'The API token could not be read from the system keychain.');
  }
  const trimmed = typeof token === 'string' ? token.trim() : '';
  if (trimmed === '') throw new AppError('no_token', NO_TOKEN_MESSAGE);
  if (tokenProblem(trimmed) !== null) {
    throw new AppError(
      'invalid_input',
      'The stored API token contains characters that cannot be sent; replace it in Settings.',
      { issues: [{ path: 'token', message: 'token contains spaces or non-ASCII characters' }] },
    );
  }
  return trimmed;
}
