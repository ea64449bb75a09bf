// The one validator kit of the webview boundary: a panel checks what the host sends with it, and
// the host what a panel sends and the state a panel saved. Hand-written and pure, so the browser
// bundle stays small (zod would more than double it). Each validator returns the value typed, or
// throws a ValidationError naming the path that is wrong. Declaring `const v: Validator<T> = ...`
// makes the compiler check the validator against the protocol's type.

export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`${path || 'message'}: expected ${expected}`);
  }
}

export type Validator<T> = (value: unknown, path?: string) => T;

export const string: Validator<string> = (v, p = '') => {
  if (typeof v !== 'string') throw new ValidationError(p, 'a string');
  return v;
};

export const boolean: Validator<boolean> = (v, p = '') => {
  if (typeof v !== 'boolean') throw new ValidationError(p, 'a boolean');
  return v;
};

export const integer: Validator<number> = (v, p = '') => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new ValidationError(p, 'an integer');
  return v;
};

/** An integer from `min` to `max`. */
export function integerIn(min: number, max: number): Validator<number> {
  return (v, p = '') => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max)
      throw new ValidationError(p, `an integer from ${min} to ${max}`);
    return v;
  };
}

/** A bigint as the protocol carries it: an optional minus sign and decimal digits. */
export const bigintString: Validator<string> = (v, p = '') => {
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw new ValidationError(p, 'a decimal integer string');
  return v;
};

/** A string of `min` to `max` characters. */
export function text(min: number, max: number): Validator<string> {
  return (v, p = '') => {
    if (typeof v !== 'string' || v.length < min || v.length > max)
      throw new ValidationError(p, `a string of ${min} to ${max} characters`);
    return v;
  };
}

/** A string matching `re` (anchored by the caller). */
export function pattern(re: RegExp): Validator<string> {
  return (v, p = '') => {
    if (typeof v !== 'string' || !re.test(v)) throw new ValidationError(p, `a string matching ${String(re)}`);
    return v;
  };
}

export function literal<const T extends string | number | boolean>(...values: readonly T[]): Validator<T> {
  return (v, p = '') => {
    if (!(values as readonly unknown[]).includes(v))
      throw new ValidationError(p, values.map(x => JSON.stringify(x)).join(' or '));
    return v as T;
  };
}

export function optional<T>(inner: Validator<T>): Validator<T | undefined> {
  return (v, p = '') => (v === undefined ? undefined : inner(v, p));
}

export function nullable<T>(inner: Validator<T>): Validator<T | null> {
  return (v, p = '') => (v === null ? null : inner(v, p));
}

export function array<T>(item: Validator<T>, maxLength = 10_000): Validator<T[]> {
  return (v, p = '') => {
    if (!Array.isArray(v)) throw new ValidationError(p, 'an array');
    if (v.length > maxLength) throw new ValidationError(p, `at most ${maxLength} items`);
    return v.map((x, i) => item(x, `${p}[${i}]`));
  };
}

type Shape = Record<string, Validator<unknown>>;
type Out<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/**
 * An object with exactly these keys validated: other keys are dropped, and so is an optional key
 * that is absent or undefined (spreading the result over defaults keeps them).
 */
export function object<S extends Shape>(shape: S): Validator<Out<S>> {
  return (v, p = '') => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ValidationError(p, 'an object');
    const src = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = shape[key](src[key], p ? `${p}.${key}` : key);
      if (value !== undefined) out[key] = value;
    }
    return out as Out<S>;
  };
}

/** Like `object`, but a key the shape does not name is refused rather than dropped. */
export function strictObject<S extends Shape>(shape: S): Validator<Out<S>> {
  const loose = object(shape);
  return (v, p = '') => {
    const out = loose(v, p);
    const extra = Object.keys(v as object).find(key => !Object.prototype.hasOwnProperty.call(shape, key));
    if (extra !== undefined) throw new ValidationError(p ? `${p}.${extra}` : extra, 'no such key');
    return out;
  };
}

/** Each validator of a shape made optional (`strictObject(partial(shape))`: any subset of the keys). */
export function partial<S extends Shape>(shape: S): { [K in keyof S]: Validator<ReturnType<S[K]> | undefined> } {
  const out: Record<string, Validator<unknown>> = {};
  for (const key of Object.keys(shape)) out[key] = optional(shape[key]);
  return out as { [K in keyof S]: Validator<ReturnType<S[K]> | undefined> };
}

/** A tagged union: the value of `key` (e.g. `type`) picks the validator. */
export function tagged<K extends string, T extends Record<K, string>>(
  key: K,
  cases: { [V in T[K]]: Validator<Extract<T, Record<K, V>>> },
): Validator<T> {
  return (v, p = '') => {
    const tag = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
    if (typeof tag !== 'string' || !Object.prototype.hasOwnProperty.call(cases, tag)) {
      throw new ValidationError(p ? `${p}.${key}` : key, `one of ${Object.keys(cases).join(', ')}`);
    }
    return (cases as unknown as Record<string, Validator<T>>)[tag](v, p);
  };
}

/** A validator's verdict without the throw: the value, or the message naming what is wrong. */
export function check<T>(
  validate: Validator<T>,
  value: unknown,
): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string } {
  try {
    return { ok: true, value: validate(value) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
