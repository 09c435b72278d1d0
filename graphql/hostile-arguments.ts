// The same input layer as REST and tRPC for GraphQL: hostile text in any argument stops the operation whole.
// Lone surrogates written in the document itself never get here: GraphQL's grammar has no such string, and the
// parser refuses them as a syntax error. Variables are JSON and may carry them, so they are read here.
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { BREAK, Kind, visit, type DocumentNode, type ValueNode } from 'graphql';
import { findHostileText, type HostileText } from '../core/domain/text-input.ts';

/** A literal's strings, named like REST fields: the argument, then object keys and list positions. */
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
