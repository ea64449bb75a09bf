// Trimming by hand: `/\/+$/` looks like a trim but the regex engine tries it from every slash of a
// long run, each attempt walking to the run's end (quadratic on "////…/x").

/** `text` without the run of `char` at its end (one UTF-16 unit), in one pass from the end. */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return end === text.length ? text : text.slice(0, end);
}
