// A contact-import value as it is read, in pieces that chunk boundaries cut, held to the length limit.

export interface CsvLimits {
  maxColumns: number;
  maxRows: number;
  maxValueChars: number;
}

/**
 * Characters of a value as written between its quotes: a doubled quote counts once (a
 * pair is never cut), and a surrogate pair once, by its high half, so that a pair split
 * between two chunks still counts once.
 */
function valueChars(text: string, from: number, to: number): number {
  let units = to - from;
  let quotes = 0;
  for (let i = from; i < to; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) units -= 1;
    else if (unit === 0x22) quotes += 1;
  }
  return units - quotes / 2;
}

export class ValuePieces {
  private parts: string[] = [];
  private units = 0;
  private readonly maxChars: number;

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  /** Keeps text[i..j), cut from the rest of its value by the end of a chunk; returns j. */
  keep(text: string, i: number, j: number): number {
    if (j > i) {
      this.parts.push(text.slice(i, j));
      this.units += j - i;
    }
    return j;
  }

  /** The whole value, ending with text[i..j); the pieces are let go. */
  take(text: string, i: number, j: number): string {
    if (this.parts.length === 0) return text.slice(i, j);
    const value = this.parts.join('') + text.slice(i, j);
    this.parts = [];
    this.units = 0;
    return value;
  }

  /**
   * Whether the pieces and text[i..j) are within the length limit. UTF-16 units bound the
   * length from above, so the exact count is needed only past the limit in units, which is rare.
   */
  fits(text: string, i: number, j: number): boolean {
    if (this.units + (j - i) <= this.maxChars) return true;
    let count = valueChars(text, i, j);
    for (const part of this.parts) count += valueChars(part, 0, part.length);
    return count <= this.maxChars;
  }
}
