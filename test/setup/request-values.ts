/**
 * Requests built from a message's schema in MESSAGES (src/shared/protocol/messages.ts), so that a test can
 * cover every message the map declares without a list of its own: the least request a schema lets
 * through, and the ways a given request is made malformed by one wrong value. Reads valibot's
 * schema objects by their `type` (`entries`, `item`, `options`, `wrapped`, as valibot 1 names
 * them); a schema of a type not handled here throws, so a new kind of schema is noticed.
 */
import * as v from 'valibot';

/** A valibot schema as read here: its type, and the parts that type has. */
interface Schema {
  type: string;
  entries?: Record<string, Schema>;
  item?: Schema;
  options?: unknown[];
  wrapped?: Schema;
  literal?: unknown;
  value?: Schema;
  pipe?: Array<{ type: string; requirement?: unknown }>;
}

/** An optional, nullable or nullish schema's own: what a value it holds must pass. */
function unwrap(schema: Schema): Schema {
  return schema.wrapped && ['optional', 'nullable', 'nullish', 'exact_optional'].includes(schema.type) ? unwrap(schema.wrapped) : schema;
}

/** True when the entry may be left out of its object. */
const optional = (schema: Schema) => ['optional', 'nullish', 'exact_optional'].includes(schema.type);

/**
 * The least value `schema` lets through: null, 'x', 1, false, the first of a picklist or variant,
 * an array of as few items as it takes, an empty record, an object with its required entries only.
 */
export function leastValid(schema: unknown): unknown {
  const node = schema as Schema;
  switch (node.type) {
    case 'null':
    case 'nullable':
    case 'nullish':
      return null;
    case 'string':
      return 'x';
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'literal':
      return node.literal;
    case 'picklist':
      return node.options?.[0];
    case 'array': {
      // As many items as a `minLength` in its pipe asks (the least value of its item each).
      const least = node.pipe?.find((action) => action.type === 'min_length')?.requirement;
      return Array.from({ length: typeof least === 'number' ? least : 0 }, () => leastValid(node.item));
    }
    case 'record':
      return {};
    case 'variant':
      return leastValid(node.options?.[0]);
    case 'object':
    case 'strict_object':
      return Object.fromEntries(Object.entries(node.entries ?? {}).flatMap(([key, entry]) => (optional(entry) ? [] : [[key, leastValid(entry)]])));
    default:
      throw new Error(`request-values.ts has no value for a ${node.type} schema`);
  }
}

/** A value of the wrong type for `schema` (unwrapped) that holds `secret`: an array of it for a string, else the string itself. */
function wrongFor(schema: Schema, secret: string): unknown {
  return unwrap(schema).type === 'string' ? [secret] : secret;
}

/**
 * Every way to make `request` (which `schema` lets through) malformed by one wrong value holding
 * `secret`: the whole request; each of its fields at any depth, present or optional and left out
 * (an array through its first item, a variant through the option it is of); an unknown field
 * where an object is strict; a record's entry. Out: [where, the malformed request].
 */
export function malformedRequests(schema: unknown, request: unknown, secret: string, path = 'request'): Array<[string, unknown]> {
  const node = unwrap(schema as Schema);
  const found: Array<[string, unknown]> = [[path, wrongFor(node, secret)]];
  if (request === undefined || request === null) return found;
  switch (node.type) {
    case 'object':
    case 'strict_object': {
      const object = request as Record<string, unknown>;
      for (const [key, entry] of Object.entries(node.entries ?? {})) {
        const at = `${path}.${key}`;
        const changed: Array<[string, unknown]> = key in object ? malformedRequests(entry, object[key], secret, at) : [[at, wrongFor(entry, secret)]];
        for (const [where, value] of changed) found.push([where, { ...object, [key]: value }]);
      }
      if (node.type === 'strict_object') found.push([`${path}.<a field it does not have>`, { ...object, [secret]: secret }]);
      break;
    }
    case 'array': {
      const [first, ...rest] = request as unknown[];
      if (first !== undefined) for (const [where, value] of malformedRequests(node.item, first, secret, `${path}[0]`)) found.push([where, [value, ...rest]]);
      break;
    }
    case 'variant': {
      const option = node.options?.find((each) => v.is(each as v.GenericSchema, request));
      found.push(...malformedRequests(option, request, secret, path).slice(1));
      break;
    }
    case 'record':
      found.push([`${path}.<an entry>`, { ...(request as object), [secret]: wrongFor(node.value as Schema, secret) }]);
      break;
  }
  return found;
}
