// JSON's number grammar as a state machine, for the streaming readers (src/source/jsonStream.ts,
// src/debug/opcodes/scanner.ts): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, one byte
// at a time. State 0 is "not in a number"; a number may end only in a terminal state.
export const N_MINUS = 1;
export const N_ZERO = 2;
export const N_INT = 3;
export const N_DOT = 4;
export const N_FRAC = 5;
export const N_EXP = 6;
export const N_EXP_SIGN = 7;
export const N_EXP_DIGITS = 8;
/** By state: whether a number may end there. */
export const TERMINAL_NUMBER: readonly boolean[] = [false, false, true, true, false, true, false, false, true];

/** The state a number starts in with byte `c` (a `-` or a digit). */
export function firstNumberState(c: number): number {
  return c === 0x2d ? N_MINUS : c === 0x30 ? N_ZERO : N_INT;
}

/** The number state after byte `c`, or 0 when `c` does not continue the number. */
export function nextNumberState(state: number, c: number): number {
  const digit = c >= 0x30 && c <= 0x39;
  const e = c === 0x65 || c === 0x45;
  switch (state) {
    case N_MINUS:
      return c === 0x30 ? N_ZERO : digit ? N_INT : 0;
    case N_ZERO:
      return c === 0x2e ? N_DOT : e ? N_EXP : 0;
    case N_INT:
      return digit ? N_INT : c === 0x2e ? N_DOT : e ? N_EXP : 0;
    case N_DOT:
      return digit ? N_FRAC : 0;
    case N_FRAC:
      return digit ? N_FRAC : e ? N_EXP : 0;
    case N_EXP:
      return digit ? N_EXP_DIGITS : c === 0x2b || c === 0x2d ? N_EXP_SIGN : 0;
    default:
      return digit ? N_EXP_DIGITS : 0;
  }
}
