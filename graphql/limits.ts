// What one GraphQL document may ask for: GraphQL Armor's maintained rules, which follow named fragments.
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { ValidationContext } from 'graphql';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';

/** Tokens of a document, counted while parsing: a selection nested thousands deep stops here, not in a stack overflow. */
export const MAX_TOKENS = 1000;
/** The schema's deepest real path is 4 (campaigns.campaigns.quote.id); 8 leaves room and stops recursive type walks. */
export const MAX_DEPTH = 8;
/** Aliases are how one document asks for the same list many times over; a report needs a handful. */
export const MAX_ALIASES = 10;
/** Only @include and @skip exist; a few per document is plenty, thousands only slow validation. */
export const MAX_DIRECTIVES = 10;
/**
 * Armor's cost: 1 a scalar, 2 an object plus 1.5 times its selection, times a literal `first`/`last` (a fragment
 * spread again costs 1.5 times its first spread). A page of 100 messages with every field, attempts and receipts
 * costs about 26,000; 30,000 lets one through and refuses two. A page size given by a variable is not multiplied
 * by Armor: the server's own cap (at most 100 a page) bounds it, and depth bounds the nesting.
 */
export const MAX_COST = 30_000;

/** Armor's own errors say "Syntax Error"; a limit is reported as what it is, with the limit and nothing else. */
function refuse(message: string) {
  return {
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(createGraphQLError(message))],
  };
}

export function queryLimits(): Plugin[] {
  return [
    // Stops the parser itself (there is no document to validate yet), so it throws rather than reports.
    maxTokensPlugin({ n: MAX_TOKENS, exposeLimits: false, errorMessage: `The document has more than ${MAX_TOKENS} tokens.` }),
    // Fragments are followed and counted as what they select (flattened), so they neither hide nor add depth or cost.
    // Introspection (__schema, development only) is exempt: tools' own query is deeper than 8; tokens still bound it.
    maxDepthPlugin({ n: MAX_DEPTH, flattenFragments: true, ignoreIntrospection: true, ...refuse(`The query is nested deeper than ${MAX_DEPTH} levels.`) }),
    maxAliasesPlugin({ n: MAX_ALIASES, ...refuse(`The query uses more than ${MAX_ALIASES} aliases.`) }),
    maxDirectivesPlugin({ n: MAX_DIRECTIVES, ...refuse(`The query uses more than ${MAX_DIRECTIVES} directives.`) }),
    costLimitPlugin({ maxCost: MAX_COST, flattenFragments: true, ignoreIntrospection: true, ...refuse(`The query costs more than ${MAX_COST} to answer: ask for fewer fields or split it.`) }),
    // "Did you mean …" would spell out a schema that production keeps to itself (introspection is off there).
    blockFieldSuggestionsPlugin({ mask: '' }),
  ];
}
