// A use case's expected refusal (not_found, validation_failed, a field the caller may not read) reaches the caller
// with its code and field, where it arose. It is turned into a GraphQL error of its own before yoga masks errors,
// so that only the unexpected ones are masked and logged.
import { createGraphQLError, handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import type { GraphQLError } from 'graphql';
import { DomainError } from '../core/domain/errors.ts';

function said(error: GraphQLError): GraphQLError {
  const refusal = error.originalError;
  if (!(refusal instanceof DomainError)) return error;
  return createGraphQLError(refusal.message, { nodes: error.nodes ?? null, path: error.path, extensions: { code: refusal.code, field: refusal.field } });
}

export const sayRefusals: Plugin = {
  onExecute: () => ({
    onExecuteDone: (payload) =>
      handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
        if (result.errors?.some((e) => e.originalError instanceof DomainError)) setResult({ ...result, errors: result.errors.map(said) });
      }),
  }),
};
