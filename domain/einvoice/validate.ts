/**
 * INV-01 documents checked against the schema shipped beside this file
 * (inv01.schema.json) with Ajv, a maintained JSON-schema validator, before
 * anything is sent to the IRP: a document the IRP would refuse for its shape
 * never leaves, and the seller sees which field is wrong.
 */
import { Ajv } from 'ajv';
import schema from './inv01.schema.json';

const ajv = new Ajv({ allErrors: true, strict: false });
const check = ajv.compile(schema);

export type SchemaProblem = { path: string; message: string };

/** The problems of a document against INV-01 (empty when it conforms). */
export function inv01Problems(doc: unknown): SchemaProblem[] {
  if (check(doc)) return [];
  return (check.errors ?? []).map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'is not valid' }));
}
