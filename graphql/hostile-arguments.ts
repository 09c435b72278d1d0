// The same input layer as REST and tRPC for GraphQL: hostile text in any argument stops the operation whole.
// Lone surrogates written in the document itself never get here: GraphQL's grammar has no such string, and the
// parser refuses them as a syntax error. Variables are JSON and may carry them, so they are read here, once
// their depth is known to be bounded (json-depth.ts).
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { BREAK, Kind, visit, type DocumentNode, type ValueNode } from 'graphql';
import { findHostileText, type HostileText } from '../core/domain/text-input.ts';
import { tooDeepValue } from '../core/domain/json-depth.ts';
import { ERROR_STATUS } from '../core/transport/error-status.ts';

/**
 * A literal's strings, named like REST fields: the argument, then object keys and list positions. Recursive, but
 * over a document the parser already built within MAX_TOKENS (graphql/limits.ts): at most 500 lists deep.
 */
function hostileInLiteral(node: ValueNode, path: string[]): HostileText | null {
  if (node.kind === Kind.STRING) return findHostileText(node.value, path);
  if (node.kind === Kind.LIST) {
    for (const [i, item] of node.values.entries()) {
      const found = hostileInLiteral(item, [...path, String(i)]);
      if (found) return found;
    }
  }
  if (node.kind === Kind.OBJECT) {
    for (const field of node.fields) {
      const found = hostileInLiteral(field.value, [...path, field.name.value]);
      if (found) return found;
    }
  }
  return null;
}

/** Every argument of the document (fields and directives, in fragments too) and every variable's default. */
function hostileInDocument(document: DocumentNode): HostileText | null {
  let found: HostileText | null = null;
  visit(document, {
    Argument(node) {
      found = hostileInLiteral(node.value, [node.name.value]);
      return found ? BREAK : undefined;
    },
    VariableDefinition(node) {
      found = node.defaultValue ? hostileInLiteral(node.defaultValue, [node.variable.name.value]) : null;
      return found ? BREAK : undefined;
    },
  });
  return found;
}

/**
 * Runs once per operation after the caller is known (REST's order: 401 before 422) and before any resolver:
 * the whole operation is refused, never a part of it answered.
 */
export const refuseHostileArguments: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const found = hostileInDocument(args.document) ?? findHostileText(args.variableValues ?? {});
    if (!found) return;
    setResultAndStopExecution({ errors: [createGraphQLError(found.message, { extensions: { code: 'validation_failed', field: found.field } })] });
  },
};

/**
 * Variables and extensions nested too deep are refused before anything reads them, whichever way they came: a
 * JSON body was measured before it was parsed (core/transport/json-body.ts), a GET's query parameter or a form's
 * field was parsed by yoga, so its value is measured here. 422 as a deep body is, before the caller is known.
 */
export const refuseDeepVariables: Plugin = {
  onParams({ params, setResult }) {
    const deep = tooDeepValue(params.variables, 'variables') ?? tooDeepValue(params.extensions, 'extensions');
    if (!deep) return;
    setResult({ errors: [createGraphQLError(deep.message, { extensions: { code: 'validation_failed', field: deep.field, http: { status: ERROR_STATUS.validation_failed } } })] });
  },
};
