// The explorer reads and never writes: a document that holds anything but queries is answered here, unsent.
import { Kind, parse, type DocumentNode } from 'graphql';

export const READ_ONLY_MESSAGE = 'The explorer reads only: write a query (mutations and subscriptions are not offered).';

/** The kinds of operation a document holds other than query; a document that does not parse holds none (the server says why). */
export function writesIn(query: string): string[] {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return [];
  }
  return document.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'query' ? [d.operation] : []));
}
