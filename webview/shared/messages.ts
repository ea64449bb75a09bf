// Messages from the host, validated on arrival: anything that does not match the protocol is
// dropped (and reported on the console) rather than half-handled.
import { ValidationError, type Validator } from './validate';

export function onHostMessage<T>(validate: Validator<T>, handle: (message: T) => void): () => void {
  const listener = (event: MessageEvent): void => {
    let message: T;
    try {
      message = validate(event.data);
    } catch (e) {
      console.warn(`dropped a malformed message: ${e instanceof ValidationError ? e.message : String(e)}`);
      return;
    }
    handle(message);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
