// The parse worker: file bytes in, checked rows out, off the page's thread.
import type { BulkType } from '../../../domain/bulk/types';
import { parseFile } from './parseFile';

type Request = { type: BulkType; name: string; buffer: ArrayBuffer };

self.onmessage = async (e: MessageEvent<Request>) => {
  try {
    const parsed = await parseFile(e.data.type, e.data.name, e.data.buffer);
    (self as unknown as Worker).postMessage({ ok: true, parsed });
  } catch (err) {
    (self as unknown as Worker).postMessage({ ok: false, message: (err as Error).message || 'Could not read the file' });
  }
};
