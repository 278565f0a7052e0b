import { randomInt } from 'node:crypto';

/**
 * Join codes are typed by hand into WhatsApp and read aloud over the phone: no 0/O and no 1/I/L,
 * which look or sound alike. 31 letters and digits, 10 of them: about 2^49 codes, drawn by the
 * operating system's random generator, so a code cannot be guessed or worked out from another.
 */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const JOIN_CODE_LENGTH = 10;

export function newJoinCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1) {
    code += JOIN_CODE_ALPHABET[random(JOIN_CODE_ALPHABET.length)];
  }
  return code;
}
