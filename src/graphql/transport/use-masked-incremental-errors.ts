import type { GraphQLError } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';

type OnNext = Parameters<typeof handleStreamOrSingleExecutionResult>[1];

/**
 * Yoga masks the `errors` of each payload, not those inside its `incremental` parts (envelop's
 * useMaskedErrors reads `result.errors` only): a field error in a deferred fragment or a streamed
 * item would reach the client as thrown, its message unmasked and without its `code`. This puts
 * the same mask on them, for queries and subscriptions alike.
 */
export function useMaskedIncrementalErrors(mask: (error: unknown) => GraphQLError): Plugin {
  const maskParts: OnNext = ({ result, setResult }) => {
    if (!('incremental' in result) || !result.incremental?.some((part) => part.errors)) {
      return;
    }
    const incremental = result.incremental.map((part) =>
      part.errors ? { ...part, errors: part.errors.map(mask) } : part,
    );
    const masked = { ...result, incremental };
    setResult(masked);
  };
  return {
    onExecute: () => ({
      onExecuteDone: (payload) => handleStreamOrSingleExecutionResult(payload, maskParts),
    }),
    onSubscribe: () => ({
      onSubscribeResult: (payload) => handleStreamOrSingleExecutionResult(payload, maskParts),
    }),
  };
}
