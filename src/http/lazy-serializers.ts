import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify builds a serializer for every response schema of every route when the server starts
 * (a few hundred milliseconds for our routes). This factory builds each one when its route and
 * status first answer instead, so a start pays only for what is served; a schema that cannot
 * compile still fails, on that first answer (every route's responses are exercised by tests).
 */
export function lazySerializerFactory(): SerializerSelector.SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: SerializerSelector.Serializer | undefined;
      return (doc) => {
        serialize ??= compile(route);
        return serialize(doc);
      };
    };
  };
}
