// Text that no field accepts: C0 control characters (and DEL) and lone UTF-16 surrogates, found anywhere in a
// parsed JSON value or query, so that one input layer refuses them before any rule or database sees them.
// PostgreSQL refuses NUL in text, and a lone surrogate has no UTF-8 form (it became U+FFFD or a 500).

export interface HostileText {
  /** The field, as validation errors name it: keys joined by dots, array positions as numbers. */
  field: string;
  message: string;
}

/** Fields whose text may span lines: a message body (line feed, carriage return and form feed). */
const MULTILINE_FIELDS = new Set(['body']);
const LINE_BREAKS = new Set([0x0a, 0x0d, 0x0c]);

function describeCode(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What is wrong with one string, or null. */
export function hostileCharacter(text: string, multiline: boolean): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      if (multiline && LINE_BREAKS.has(code)) continue;
      return `contains the control character ${describeCode(code)} at position ${i + 1}`;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `contains a lone surrogate ${describeCode(code)} at position ${i + 1} (not valid Unicode text)`;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return `contains a lone surrogate ${describeCode(code)} at position ${i + 1} (not valid Unicode text)`;
  }
  return null;
}

/** A place in the value being read: its key (null at the top) and the container it is in. */
interface Place {
  key: string | null;
  parent: Place | null;
}

/** A value still to read, or an object key to check (before its value, as keys and values come in order). */
type Pending = { value: unknown; at: Place } | { key: string; at: Place };

/**
 * The first string (or object key) in value that no field accepts, depth first in key order; `root` names the
 * whole value. Iterative, with its own stack: JSON nested thousands deep (json-depth.ts refuses it first on every
 * surface) cannot overflow the call stack here, and a field's name is only built for the one found.
 */
export function findHostileText(value: unknown, path: string[] = [], root = 'body'): HostileText | null {
  const fieldOf = (at: Place) => {
    const keys: string[] = [];
    for (let p: Place | null = at; p; p = p.parent) if (p.key !== null) keys.push(p.key);
    return [...path, ...keys.reverse()].join('.') || root;
  };
  const stack: Pending[] = [{ value, at: { key: null, parent: null } }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if ('key' in next) {
      const keyProblem = hostileCharacter(next.key, false);
      if (keyProblem) return { field: fieldOf(next.at), message: `A field name ${keyProblem}.` };
      continue;
    }
    const { value: inner, at } = next;
    if (typeof inner === 'string') {
      const problem = hostileCharacter(inner, MULTILINE_FIELDS.has(at.key ?? path[path.length - 1] ?? ''));
      if (problem) return { field: fieldOf(at), message: `${fieldOf(at)} ${problem}.` };
    } else if (Array.isArray(inner)) {
      for (let i = inner.length - 1; i >= 0; i--) stack.push({ value: inner[i], at: { key: String(i), parent: at } });
    } else if (inner && typeof inner === 'object') {
      const entries = Object.entries(inner as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, at: { key, parent: at } }, { key, at });
      }
    }
  }
  return null;
}

function decodeQueryPart(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The first parameter of a raw query string whose percent-encoding does not decode to UTF-8 text: `%zz`, a
 * lone `%`, a lone surrogate's bytes `%ED%A0%80`, an overlong `%C0%80`. The query parser reads the first as
 * typed and the others as U+FFFD, and the service never replaces characters; such a value is refused instead.
 */
export function findUndecodableQuery(rawQuery: string): HostileText | null {
  for (const pair of rawQuery.split('&')) {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decodeQueryPart(rawName);
    if (name === null) return { field: rawName, message: `The query parameter name ${rawName} is not validly percent-encoded.` };
    if (eq >= 0 && decodeQueryPart(pair.slice(eq + 1)) === null) {
      return { field: name, message: `${name} is not validly percent-encoded: % starts an escape of UTF-8 bytes (%25 for % itself).` };
    }
  }
  return null;
}
