// Vehicle nicknames: optional, so blank input means "no nickname" rather than an error.
import { NICKNAME_MAX } from '../../shared/input-rules';

export type NicknameCheck = { ok: true; nickname: string | null } | { ok: false; problem: string };

/** Trims; empty → null; at most NICKNAME_MAX characters and no control characters. */
export function checkNickname(input: string | null | undefined): NicknameCheck {
  if (input === null || input === undefined) return { ok: true, nickname: null };
  if (typeof input !== 'string') return { ok: false, problem: 'The nickname must be text' };
  const nickname = input.trim().normalize('NFC');
  if (nickname === '') return { ok: true, nickname: null };
  const length = [...nickname].length;
  if (length > NICKNAME_MAX)
    return { ok: false, problem: `The nickname has ${length} characters; at most ${NICKNAME_MAX}` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(nickname))
    return { ok: false, problem: 'The nickname may not contain control characters' };
  return { ok: true, nickname };
}
