// What both panel protocols share: the bigint carrier and the bounds the host puts on strings.
import * as v from '../shared/validate';

/** A bigint as it crosses the webview boundary. */
export type BigintString = string;

/** `0.0.x`, as a panel may send it to the host. */
export const ENTITY_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;

/** A string bounded on the host (`strict`), any string on the page (which checks shapes only). */
export const sized = (strict: boolean, min: number, max: number): v.Validator<string> =>
  strict ? v.text(min, max) : v.string;
