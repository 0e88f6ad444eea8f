/**
 * An answer as its response schema writes it, without running the whole schema: a function made once per
 * schema that copies the declared fields of every object (a field the schema does not declare never leaves),
 * checks each value's type (string, number, boolean, literal, enum, null), and hands every part it does not
 * read this way (a record, a default, a codec, a union it cannot tell apart by a literal field) to Zod itself.
 * Formats and ranges (a money string's two decimals, an integer) are not checked here: development and every
 * test write each answer both ways and require the same text (serializer.ts), and a value of the wrong type
 * sends the whole answer through Zod, which says what is wrong with it.
 */
import { z } from 'zod';

type Project = (value: unknown) => unknown;
type Accepts = (value: unknown) => boolean;
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** Thrown where a value is not what the schema says: the caller then lets Zod write the answer, and explain. */
export const MISMATCH = Symbol('the answer does not match its schema');

function mismatch(): never {
  throw MISMATCH;
}

/** The part written by Zod: what no faster reading covers. */
function byZod(schema: z.core.$ZodType): Project {
  return (value) => {
    const result = z.safeEncode(schema, value as never);
    return result.error ? mismatch() : result.data;
  };
}

/** What a leaf of the schema accepts (taken as it is), or null when the schema is not a leaf. */
function leaf(def: Def): Accepts | null {
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'literal': {
      const values = new Set(def.values as unknown[]);
      return (value) => values.has(value);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      return (value) => values.has(value);
    }
    case 'any':
    case 'unknown':
      return () => true;
    default:
      return null;
  }
}

/** The literal fields of an object schema and the values each takes: what tells the options of a union apart. */
function literalFields(def: Def): [string, Set<unknown>][] {
  return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, field]) => {
    const d = defOf(field);
    return d.type === 'literal' ? [[key, new Set(d.values as unknown[])] as [string, Set<unknown>]] : [];
  });
}

function union(schema: z.core.$ZodType, def: Def): Project {
  const options = def.options as z.core.$ZodType[];
  const leaves = options.map((o) => leaf(defOf(o)));
  // Leaves only: the value is taken as it is once one of them accepts it.
  if (leaves.every((l) => l !== null)) return (value) => (leaves.some((accepts) => accepts!(value)) ? value : mismatch());
  // Objects told apart by their literal fields (an answer and a refusal by their `code`), the last one possibly
  // with none: the first option whose literal fields the value has, as Zod takes the first option that parses.
  if (!options.every((o) => defOf(o).type === 'object')) return byZod(schema);
  const keyed = options.map((o) => ({ fields: literalFields(defOf(o)), project: projector(o) }));
  const open = keyed.findIndex((o) => o.fields.length === 0);
  if (open !== -1 && open !== keyed.length - 1) return byZod(schema);
  return (value) => {
    if (value === null || typeof value !== 'object') return mismatch();
    const record = value as Record<string, unknown>;
    const option = keyed.find((o) => o.fields.every(([key, values]) => values.has(record[key])));
    return option ? option.project(value) : mismatch();
  };
}

function object(schema: z.core.$ZodType, def: Def): Project {
  if (def.catchall !== undefined && defOf(def.catchall as z.core.$ZodType).type !== 'never') return byZod(schema);
  const shape = def.shape as Record<string, z.core.$ZodType>;
  const keys = Object.keys(shape);
  // A leaf field is checked and copied here; any other is written by its own projector.
  const leaves = keys.map((key) => leaf(defOf(shape[key])));
  const fields = keys.map((key, k) => (leaves[k] ? null : projector(shape[key])));
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return mismatch();
    const from = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const v = from[key];
      const accepts = leaves[k];
      if (accepts === null) out[key] = fields[k]!(v);
      else if (accepts(v)) out[key] = v;
      else mismatch();
    }
    return out;
  };
}

function compile(schema: z.core.$ZodType): Project {
  const def = defOf(schema);
  const accepts = leaf(def);
  if (accepts) return (value) => (accepts(value) ? value : mismatch());
  switch (def.type) {
    case 'object':
      return object(schema, def);
    case 'array': {
      const element = projector(def.element as z.core.$ZodType);
      const elementIsLeaf = leaf(defOf(def.element as z.core.$ZodType));
      return (value) => {
        if (!Array.isArray(value)) return mismatch();
        // An array of leaves goes out as it is, once every element is accepted.
        if (elementIsLeaf) return value.every(elementIsLeaf) ? value : mismatch();
        const out = new Array(value.length);
        for (let i = 0; i < value.length; i++) out[i] = element(value[i]);
        return out;
      };
    }
    case 'nullable': {
      const inner = projector(def.innerType as z.core.$ZodType);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = projector(def.innerType as z.core.$ZodType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'readonly':
      return projector(def.innerType as z.core.$ZodType);
    case 'lazy':
      return projector((def.getter as () => z.core.$ZodType)());
    case 'union':
      return union(schema, def);
    default:
      return byZod(schema);
  }
}

const made = new WeakMap<z.core.$ZodType, Project>();

/**
 * The writer of `schema`'s answers, made once per schema. Throws MISMATCH where a value is not of its type (or
 * Zod refuses a part it wrote).
 */
export function projector(schema: z.core.$ZodType): Project {
  const kept = made.get(schema);
  if (kept) return kept;
  let compiled: Project | null = null;
  // Kept before its parts are made: a schema that holds itself (a category tree) finds this one.
  const project: Project = (value) => compiled!(value);
  made.set(schema, project);
  compiled = compile(schema);
  // Found from now on without the indirection (parts made before this point, inside itself, keep it).
  made.set(schema, compiled);
  return compiled;
}
