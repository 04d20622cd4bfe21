import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Gate } from '../../policy/gate.js';
import { rawKeyOf } from '../../policy/raw-key.js';
import { OperationRecord, type OperationResult } from '../charging/operation-result.js';
import { refusalOf } from '../charging/refusals.js';
import type { OperationCache } from '../operation-cache/operation-cache.js';
import type { GraphqlYoga } from './create-yoga.js';
import { directRequestOf, runDirect } from './direct-operation.js';
import { contentTypeOf, type GraphqlAnswer, releaseBody, sendAnswer } from './http-answer.js';
import { isConditional } from './http-cache.js';
import { acceptsIncrementalDelivery } from './incremental.js';

export interface OperationRunnerParts {
  yoga: GraphqlYoga;
  gate: Gate;
  /** The operation cache (RESPONSE_CACHE), which keeps what ran cleanly. */
  operations: OperationCache | undefined;
  /** TRUSTED_DOCUMENTS_ONLY: every operation goes through yoga, which checks the document. */
  trustedOnly: boolean;
  now: () => Date;
  /** Counts an operation by the path it took (docs/operations.md "Metrics"). */
  counted: { direct: () => void; yoga: () => void };
}

/** An operation as it ran: yoga's answer (or the direct path's), and what its plugins decided. */
export interface RanOperation {
  answer: GraphqlAnswer;
  result: OperationResult;
}

/**
 * An HTTP request's operation through Yoga's envelop (parse, validate, the access plugin,
 * execution), then its answer: the reply is the answer with the result copied on top.
 */
export class OperationRunner {
  constructor(private readonly parts: OperationRunnerParts) {}

  /** Runs the operation, then sends its answer with its result. */
  async answer(req: FastifyRequest, reply: FastifyReply, addressCounted: boolean) {
    const { answer, result } = await this.run(req, reply, addressCounted);
    return sendAnswer(req, reply, answer, result, this.parts.now());
  }

  /**
   * A keyed POST of a query skips yoga's HTTP layer (direct-operation.ts); anything else goes
   * through it. What ran cleanly is offered to the operation cache.
   */
  async run(req: FastifyRequest, reply: FastifyReply, addressCounted: boolean) {
    const { operations } = this.parts;
    const keyless = rawKeyOf(req.headers) === undefined;
    const operation = new OperationRecord({
      addressCounted,
      conditional: isConditional(req),
      streams: acceptsIncrementalDelivery(req.headers.accept),
    });
    const since = operations?.mark() ?? 0;
    const answer = await this.execute(req, reply, operation, keyless);
    if (operation.closeStream) {
      // A client gone before the last payload (or a body never read) still settles.
      reply.raw.once('close', operation.closeStream);
    }
    const { result } = operation;
    if (!result.usage && !keyless && (result.status ?? answer.status) === 400) {
      // A document that does not parse or validate never reached the access plugin: with a
      // valid key it is a 400 after the key checks, one request on the minute (as on REST).
      const usage = await this.chargeRefusedDocument(req).catch(async (error: unknown) => {
        // Yoga's 400 is not sent: its body is released, the key's refusal answers instead.
        await releaseBody(answer);
        throw error;
      });
      operation.charged(usage);
    }
    if (result.settlement && answer.status === 200) {
      operations?.store(
        req,
        result.settlement,
        {
          contentType: contentTypeOf(answer),
          shown: [...operation.shown],
          ...(result.validator ? { validator: result.validator } : {}),
        },
        since,
      );
    }
    return { answer, result } satisfies RanOperation;
  }

  private async execute(
    req: FastifyRequest,
    reply: FastifyReply,
    operation: OperationRecord,
    keyless: boolean,
  ): Promise<GraphqlAnswer> {
    const { yoga, counted } = this.parts;
    const direct = keyless || this.parts.trustedOnly ? undefined : directRequestOf(req);
    const answer = direct ? await runDirect(yoga, { req, operation }, direct) : undefined;
    if (answer) {
      counted.direct();
      return answer;
    }
    counted.yoga();
    return yoga.handleNodeRequestAndResponse(req, reply, { req, operation });
  }

  /**
   * A document refused before the access plugin ran (parse, validation): the key checks come
   * first (DECISIONS.md "Access" order), so a key refused is the answer (401, 403, or 503 when
   * the key cannot be checked), and a good key counts the 400 as one request on the minute.
   */
  private async chargeRefusedDocument(req: FastifyRequest) {
    const { gate } = this.parts;
    try {
      return await gate.refuseParameters(rawKeyOf(req.headers), req.ip, req.raw.socket);
    } catch (error) {
      throw refusalOf(error) ?? error;
    }
  }
}
