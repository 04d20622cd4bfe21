import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { DoorContext } from '../charging/execution-context.js';
import { locationOf, refusedBeforeExecution } from './errors.js';

/** A parse or validation error (shape limits included): 400 `invalid_parameter`, as on REST. */
function asInvalidParameter(error: Error): GraphQLError {
  const graphql = error instanceof GraphQLError ? error : undefined;
  return new GraphQLError(error.message, {
    ...locationOf(graphql),
    extensions: { ...graphql?.extensions, code: 'invalid_parameter', http: { status: 400 } },
  });
}

/** A GET (or form) parameter yoga's parser reads with JSON.parse was not JSON. */
const unreadableParameter = () =>
  new GraphQLError('The `variables` or `extensions` parameter is not valid JSON', {
    extensions: { code: 'invalid_parameter', http: { status: 400 } },
  });

/** Gives the errors graphql-js raises before execution the REST code and status. */
export const useRequestErrors = (): Plugin<DoorContext, Partial<DoorContext>> => ({
  /**
   * Yoga's GET parser runs JSON.parse on `variables` and `extensions` and lets the SyntaxError
   * out, which the mask can only call `internal_error` (found by test/fuzz: `GET /graphql?query=
   * {limits{tier}}&variables={` was 200 `internal_error`): the client's mistake, so 400.
   */
  onRequestParse({ requestParser, setRequestParser }) {
    if (!requestParser) {
      return;
    }
    setRequestParser(async (request) => {
      try {
        return await requestParser(request);
      } catch (error) {
        throw error instanceof GraphQLError ? error : unreadableParameter();
      }
    });
  },
  /**
   * A result in which nothing ran was refused as a whole; graphql-js raises some of those at
   * execution time with no status, and yoga answered them 200 (found by test/fuzz:
   * `subscription { limits { tier } }`, `mutation { ... }`): 400, as parse errors are.
   */
  onResultProcess({ result, serverContext }) {
    if (serverContext.operation && refusedBeforeExecution(result)) {
      serverContext.operation.refuseRequest();
    }
  },
  onParse({ context }) {
    return ({ result, replaceParseResult }) => {
      if (result instanceof Error) {
        context.operation.refuseRequest();
        replaceParseResult(asInvalidParameter(result));
      }
    };
  },
  onValidate({ context }) {
    return ({ result, setResult }) => {
      if (result.length > 0) {
        context.operation.refuseRequest();
        setResult(result.map(asInvalidParameter));
      }
    };
  },
});
