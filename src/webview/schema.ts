// A protocol validator (webview/protocol.ts, shared with the browser side) as the zod schema a
// panel host checks its messages with: one description of a message, both sides, no copy.
import * as z from '../zod';
import { ValidationError, type Validator } from '../../webview/shared/validate';

/** Built on first use (z.lazy): panel hosts make theirs when their module loads. */
export function schemaOf<T>(validate: Validator<T>): z.ZodMiniType<T> {
  return z.lazy(() =>
    z.pipe(
      z.unknown(),
      z.transform((value, ctx): T => {
        try {
          return validate(value);
        } catch (e) {
          ctx.issues.push({
            code: 'custom',
            message: e instanceof ValidationError ? e.message : String(e),
            input: value,
          });
          return z.NEVER;
        }
      }),
    ),
  );
}
