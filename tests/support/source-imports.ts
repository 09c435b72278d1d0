// What a source file imports, read from its text: the purity tests of core/domain and core/inputs share it.

// Drops comments but keeps strings, template text and regex literals, so a comment that
// mentions Date.now() passes while code containing it does not.
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  let lastSignificant = '';
  while (i < src.length) {
    const c = src[i] as string;
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
      out += ' ';
    } else if (c === '"' || c === "'" || c === '`' || (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]$/.test(lastSignificant))) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && (src[j] !== c || inClass)) {
        if (src[j] === '\\') j += 1;
        else if (c === '/' && src[j] === '[') inClass = true;
        else if (c === '/' && src[j] === ']') inClass = false;
        else if (c === '/' && src[j] === '\n') break;
        j += 1;
      }
      out += src.slice(i, j + 1);
      lastSignificant = 'x';
      i = j + 1;
    } else {
      out += c;
      if (!/\s/.test(c)) lastSignificant = c;
      i += 1;
    }
  }
  return out;
}

export function importSpecifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) found.push(match[1] as string);
  }
  return found;
}
