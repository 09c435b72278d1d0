// A campaign copied as a new draft: its name with a suffix that says so, within the 100 characters a name may have.

/** The member's language is not known to the server, so the suffix is English; a page may rename the draft. */
export const COPY_SUFFIX = ' (copy)';
/** As the name's input schema counts (UTF-16 code units). */
export const MAX_CAMPAIGN_NAME = 100;

/** The copy's name: the original's, cut so that the suffix fits (never inside a character). */
export function copyName(name: string): string {
  const room = MAX_CAMPAIGN_NAME - COPY_SUFFIX.length;
  if (name.length <= room) return `${name}${COPY_SUFFIX}`;
  let kept = '';
  for (const char of name) {
    if (kept.length + char.length > room) break;
    kept += char;
  }
  return `${kept.trimEnd()}${COPY_SUFFIX}`;
}
