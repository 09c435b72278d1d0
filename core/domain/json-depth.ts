// How deeply JSON input may nest arrays and objects, one rule for every surface (REST, tRPC, GraphQL variables):
// checked before any walk of the value, so no walker recurses into thousands of levels (a 12 KB body of 6,000
// nested arrays overflowed the stack) and a deep body costs a scan of its first brackets, not a parse.

/** Arrays and objects within one another: the outermost is level 1. Real inputs nest a few levels. */
export const MAX_JSON_DEPTH = 32;

export interface TooDeep {
  /** What carried the JSON, as validation errors name fields: `body`, `input`, `variables`. */
  field: string;
  message: string;
}

function tooDeep(field: string): TooDeep {
  return { field, message: `${field} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} are accepted.` };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * JSON text nesting deeper than the bound, found in one pass over the text that stops at the first level too
 * many: brackets and braces outside strings open and close levels. It needs no valid JSON; text that is not
 * JSON but nests no deeper is left to the parser to refuse. Brackets, quotes and backslashes are ASCII, so
 * text read byte by byte (latin1) gives the same answer as the decoded UTF-8.
 */
export function tooDeepText(text: string, field: string): TooDeep | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      if (++depth > MAX_JSON_DEPTH) return tooDeep(field);
    } else if (CLOSERS.has(code) && depth > 0) {
      depth--;
    }
  }
  return null;
}

/**
 * A parsed value nesting deeper than the bound (JSON that reached the service already parsed: a query
 * parameter, a form field). Iterative with its own stack, and no level beyond the bound is entered.
 */
export function tooDeepValue(value: unknown, field: string): TooDeep | null {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [inner, depth] = item;
    if (inner === null || typeof inner !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return tooDeep(field);
    for (const child of Object.values(inner)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return null;
}
