// Typed field readers for JSON records: each failure is an ImportError naming the file, the
// record index and the field, and saying what was expected and what was found.
import { ImportError, type InputLocation } from '../errors.ts';

export type RecordRef = Required<Pick<InputLocation, 'file' | 'record'>>;

export type JsonObject = Record<string, unknown>;

/** The ImportError for `field` of the record at `at`. */
export const fieldError = (at: RecordRef, field: string | undefined, expected: string): ImportError =>
  new ImportError({ ...at, field }, expected);

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string')
    return value.length > 40 ? `the string "${value.slice(0, 40)}…"` : `the string "${value}"`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, at: RecordRef, field?: string): JsonObject {
  if (!isObject(value)) throw fieldError(at, field, `expected an object, got ${describe(value)}`);
  return value;
}

function requireField(obj: JsonObject, at: RecordRef, field: string, expected: string): unknown {
  if (!(field in obj) || obj[field] === undefined) throw fieldError(at, field, `missing; expected ${expected}`);
  return obj[field];
}

export function str(obj: JsonObject, at: RecordRef, field: string): string {
  const v = requireField(obj, at, field, 'a string');
  if (typeof v !== 'string') throw fieldError(at, field, `expected a string, got ${describe(v)}`);
  return v;
}

export function optStr(obj: JsonObject, at: RecordRef, field: string): string | undefined {
  return obj[field] === undefined ? undefined : str(obj, at, field);
}

export function arr(obj: JsonObject, at: RecordRef, field: string, of: string): unknown[] {
  const v = requireField(obj, at, field, `an array of ${of}`);
  if (!Array.isArray(v)) throw fieldError(at, field, `expected an array of ${of}, got ${describe(v)}`);
  return v;
}

export function strArray(obj: JsonObject, at: RecordRef, field: string): string[] {
  const v = arr(obj, at, field, 'strings');
  v.forEach((x, i) => {
    if (typeof x !== 'string') throw fieldError(at, `${field}[${i}]`, `expected a string, got ${describe(x)}`);
  });
  return v as string[];
}
