import type { FastifyRequest } from 'fastify';
import type { ResolverContext } from '../schema/context.js';
import type { OperationRecord } from './operation-result.js';

/** What a door (HTTP, WebSocket) passes to yoga with an operation: its request, its record. */
export interface DoorContext {
  req: FastifyRequest;
  /** What the plugins decide about the operation, read back by the door (operation-result.ts). */
  operation: OperationRecord;
}

/** What the plugins see: the resolvers' context with the door's (yoga merges the two). */
export type ExecutionContext = ResolverContext & DoorContext;
