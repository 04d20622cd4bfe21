import { Prisma, type PrismaClient } from '../generated/client.js';
import type { ReadTarget } from './replica-state.js';

type Route = <T>(read: (target: ReadTarget) => Promise<T>) => Promise<T>;

/** Model methods that only read: these may run on a replica. */
const READ_METHODS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
]);
/** Client methods that only read. `$transaction`, `$executeRaw` and the rest stay on the primary. */
const RAW_READS = new Set(['$queryRaw', '$queryRawUnsafe']);

/** The client's model properties (`match`, `oddsMovement` ...). */
const MODELS = new Set(
  Object.values(Prisma.ModelName).map((name) => name.charAt(0).toLowerCase() + name.slice(1)),
);

/** Prisma's methods are called on their own object; the proxies hand them out bound to it. */
type Method = (...args: unknown[]) => unknown;

const methodOf = (owner: object, name: string) => {
  const value: unknown = Reflect.get(owner, name);
  return typeof value === 'function' ? (value as Method).bind(owner) : value;
};

/** A read of `model.method(args)` (or the client's own `method(args)`) on a target's client. */
const readOn = (model: string | null, method: string, args: unknown[]) => (target: ReadTarget) => {
  const owner = model === null ? target.prisma : (Reflect.get(target.prisma, model) as object);
  return Promise.resolve((methodOf(owner, method) as Method)(...args));
};

/**
 * A Prisma client for the data services whose reads go where `route` sends them (a replica or the
 * primary), one whole operation per target; anything that is not a read (writes, `$transaction`,
 * `$executeRaw`) runs on the primary's client as it would without replicas. The services keep
 * their `PrismaClient` type and know nothing of replicas.
 */
export function routedPrisma(primary: PrismaClient, route: Route): PrismaClient {
  const delegates = new Map<string, object>();
  const delegateOf = (model: string): object => {
    let delegate = delegates.get(model);
    if (!delegate) {
      const own = Reflect.get(primary, model) as object;
      delegate = new Proxy(own, {
        get: (_target, method) =>
          typeof method === 'string' && READ_METHODS.has(method)
            ? (...args: unknown[]) => route(readOn(model, method, args))
            : typeof method === 'string'
              ? methodOf(own, method)
              : Reflect.get(own, method),
      });
      delegates.set(model, delegate);
    }
    return delegate;
  };
  return new Proxy(primary, {
    get(target, property) {
      if (typeof property !== 'string') {
        return Reflect.get(target, property);
      }
      if (RAW_READS.has(property)) {
        return (...args: unknown[]) => route(readOn(null, property, args));
      }
      return MODELS.has(property) ? delegateOf(property) : methodOf(target, property);
    },
  });
}
