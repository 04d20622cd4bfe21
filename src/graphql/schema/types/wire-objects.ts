import { ListRef, type ObjectRef, type OutputType } from '@pothos/core';
import Type, { type Static, type TObject, type TSchema } from 'typebox';
import { type BuilderTypes, builder } from '../builder.js';

/**
 * GraphQL object types derived from a TypeBox wire schema, so the graph cannot drift from the
 * REST payload it mirrors (one source of truth). The schema says the fields, their scalar types
 * and their nullability; `WireNaming` says what the schema cannot: the GraphQL name of each
 * object and enum, and which objects are maps keyed by data (minute buckets) rather than records.
 */

type Types = BuilderTypes;
type Output = OutputType<Types>;
type Wire = Readonly<Record<string, unknown>>;

/** How one object schema appears in the graph. */
export type ObjectNaming =
  | { name: string; description?: string }
  /** A map whose keys are data: a list of `{ [key]: name, [value]: count }`, in REST order. */
  | { name: string; description?: string; entries: { key: string; value: string } };

export interface WireNaming {
  /** By schema identity: the same TypeBox object reached twice is one GraphQL type. */
  objects: ReadonlyMap<TSchema, ObjectNaming>;
  /** By values (the wire schemas build equal enums more than once); `String` for non-names. */
  enums: readonly { values: readonly string[]; type: Output }[];
}

/** A field's GraphQL type and how a REST value becomes the field's value. */
interface Derived {
  type: Output;
  nullable: boolean;
  convert?: (value: unknown) => unknown;
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

const sameValues = (a: readonly string[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

/**
 * Derives and keeps the GraphQL object types of wire schemas: each TypeBox object becomes one
 * type, reached again by identity (or as an `Optional` copy of it).
 */
export class WireTypes {
  private readonly refs = new Map<TSchema, Output>();

  constructor(private readonly naming: WireNaming) {}

  /** The root: a typed ref over the document's static type, for the resolver that returns it. */
  objectOf<S extends TObject>(schema: S, name: string, description?: string) {
    return this.objectRef(
      schema,
      { name, ...(description ? { description } : {}) },
      name,
    ) as ObjectRef<Types, Static<S>>;
  }

  private derive(schema: TSchema, path: string): Derived {
    if (Type.IsUnion(schema)) {
      const members = schema.anyOf.filter((s) => !Type.IsNull(s));
      const [only] = members;
      if (members.length !== 1 || !only) {
        throw new Error(`${path}: only "T or null" unions are supported`);
      }
      return { ...this.derive(only, path), nullable: true };
    }
    if (Type.IsArray(schema)) {
      const item = this.derive(schema.items, `${path}[]`);
      const convertItem = item.convert;
      return {
        type: new ListRef<Types, unknown>(item.type, item.nullable),
        nullable: false,
        ...(convertItem
          ? { convert: (v: unknown) => (Array.isArray(v) ? v.map(convertItem) : v) }
          : {}),
      };
    }
    if (Type.IsObject(schema)) {
      return this.objectOrEntries(schema, path);
    }
    if (Type.IsEnum(schema)) {
      const found = this.naming.enums.find((e) => sameValues(e.values, schema.enum));
      if (!found) {
        throw new Error(`${path}: no GraphQL enum named for ${JSON.stringify(schema.enum)}`);
      }
      return { type: found.type, nullable: false };
    }
    if (Type.IsInteger(schema)) {
      return { type: 'Int', nullable: false };
    }
    if (Type.IsNumber(schema)) {
      return { type: 'Float', nullable: false };
    }
    if (Type.IsString(schema)) {
      const { format } = schema as { format?: string };
      return { type: format === 'date-time' ? 'DateTime' : 'String', nullable: false };
    }
    if (Type.IsBoolean(schema)) {
      return { type: 'Boolean', nullable: false };
    }
    throw new Error(`${path}: no GraphQL type for this schema`);
  }

  /**
   * By identity; an `Optional(T)` is a copy of T that shares T's `properties`, so it is T's name
   * (and, below, T's GraphQL type).
   */
  private nameOf(schema: TObject): ObjectNaming | undefined {
    const named = this.naming.objects.get(schema);
    if (named) {
      return named;
    }
    const original = this.originalOf(schema);
    return original ? this.naming.objects.get(original) : undefined;
  }

  private originalOf(schema: TObject): TSchema | undefined {
    for (const candidate of this.naming.objects.keys()) {
      if (Type.IsObject(candidate) && candidate.properties === schema.properties) {
        return candidate;
      }
    }
    return undefined;
  }

  private objectOrEntries(schema: TObject, path: string): Derived {
    const named = this.nameOf(schema);
    if (!named) {
      throw new Error(`${path}: the object has no GraphQL name`);
    }
    if (!('entries' in named)) {
      return { type: this.objectRef(schema, named, path), nullable: false };
    }
    const { key, value } = named.entries;
    const values = Object.values(schema.properties).map((s, i) => this.derive(s, `${path}.${i}`));
    const [first] = values;
    if (!first || values.some((v) => v.type !== first.type || v.convert)) {
      throw new Error(`${path}: an entries map needs one scalar type for every key`);
    }
    const entry = this.refs.get(schema) ?? this.defineEntry(schema, named, first);
    return {
      type: new ListRef<Types, unknown>(entry, false),
      nullable: false,
      convert: (map: unknown) =>
        map === null || typeof map !== 'object'
          ? map
          : Object.entries(map).map(([k, v]) => ({ [key]: k, [value]: v })),
    };
  }

  private defineEntry(
    schema: TObject,
    named: ObjectNaming & { entries: { key: string; value: string } },
    value: Derived,
  ): Output {
    const ref = builder.objectRef<Wire>(named.name);
    this.refs.set(schema, ref);
    const { key, value: valueField } = named.entries;
    ref.implement({
      ...(named.description ? { description: named.description } : {}),
      fields: (t) => ({
        [key]: t.string({
          description: 'The key of the REST map.',
          resolve: (entry) => String(entry[key]),
        }),
        [valueField]: wireField(t, valueField, value, undefined),
      }),
    });
    return ref;
  }

  private objectRef(schema: TObject, named: ObjectNaming, path: string): Output {
    const existing = this.refs.get(schema) ?? this.refs.get(this.originalOf(schema) ?? schema);
    if (existing) {
      return existing;
    }
    const ref = builder.objectRef<Wire>(named.name);
    this.refs.set(this.originalOf(schema) ?? schema, ref);
    const required = new Set<string>(schema.required ?? []);
    const fields = Object.entries(schema.properties).map(([name, property]) => {
      if (!GRAPHQL_NAME.test(name)) {
        throw new Error(`${path}.${name}: not a GraphQL name; declare the object as entries`);
      }
      const derived = this.derive(property, `${path}.${name}`);
      const description = (property as { description?: unknown }).description;
      return {
        name,
        derived: { ...derived, nullable: derived.nullable || !required.has(name) },
        description: typeof description === 'string' ? description : undefined,
      };
    });
    ref.implement({
      ...(named.description ? { description: named.description } : {}),
      fields: (t) =>
        Object.fromEntries(
          fields.map((f) => [f.name, wireField(t, f.name, f.derived, f.description)]),
        ),
    });
    return ref;
  }
}

type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<Types, Wire>;

/**
 * One field reading `parent[name]`. Pothos infers a field's shape from its `type` at compile
 * time; here the type is only known at run time (it comes from the wire schema), so the options
 * are checked against Pothos's widest field signature and the value's shape is the wire schema's.
 */
function wireField(t: FieldBuilder, name: string, derived: Derived, description?: string) {
  const { convert } = derived;
  return t.field({
    type: derived.type,
    nullable: derived.nullable,
    ...(description ? { description } : {}),
    resolve: (parent: Wire) => {
      const value = parent[name] ?? null;
      return (convert ? convert(value) : value) as never;
    },
  });
}
