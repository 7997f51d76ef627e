// A value already serialized as JSON text (a change feed built it in SQL):
// the pull response embeds it as is instead of parsing and stringifying it.
import type { PullResponse } from '../protocol';

export class JsonText {
  constructor(readonly text: string) {}
  /** Plain JSON.stringify (and c.json) still writes the right value, only slower. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** The pull response as JSON text, with JsonText values written in place. Same JSON as JSON.stringify(res). */
export function pullResponseJson(res: PullResponse): string {
  const patch = res.patch.map((op) =>
    op.op === 'put' && op.value instanceof JsonText
      ? `{"op":"put","table":${JSON.stringify(op.table)},"key":${JSON.stringify(op.key)},"value":${op.value.text}}`
      : JSON.stringify(op),
  );
  return `{"cookie":${JSON.stringify(res.cookie)},"lastSeq":${JSON.stringify(res.lastSeq)},"patch":[${patch.join(',')}],"rejected":${JSON.stringify(res.rejected)}}`;
}
