// The browser's sync transport: httpTransport with the xsrf header, plus two
// things only the browser needs.
//  - Proof photos taken offline are kept on the device and referenced by a
//    `local:<id>` key in return.approve (per item) and pack.weigh (the parcel
//    photo). Before a push carries such a command,
//    each photo is uploaded through a presigned URL and the command goes out
//    with the upload's key. The key is saved with the photo, so a retried
//    push names the same upload and nothing is uploaded twice.
//  - A page opened offline has no xsrf token (it is not cached); the first
//    refusal for it fetches the session again and retries once.
import { HttpError, httpTransport, RequestTimeout, type SyncTransport } from '../../sync/client/transport';
import type { PushRequest, WireCommand } from '../../sync/protocol';
import { isLocalPhoto, LOCAL_PHOTO, type PhotoDexie } from './db';
import type { PresignResponse } from '../../domain/uploads';

/** What the transport reads of POST /api/uploads/presign's answer. */
export type PresignAnswer = Pick<PresignResponse, 'key' | 'uploadUrl'>;

export interface FloorTransportOptions {
  photos: PhotoDexie;
  xsrfToken: () => string;
  /** Fetches the session again (sets the xsrf token); resolves whether still signed in. */
  refreshSession: () => Promise<boolean>;
  presign: (photo: { fileName: string; contentType: string; size: number; companyId: string }) => Promise<PresignAnswer>;
  fetch?: typeof fetch;
}

const XSRF_REFUSAL = /xsrf/i;

export function floorTransport(options: FloorTransportOptions): SyncTransport {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const http = httpTransport({ fetch: doFetch, headers: () => ({ 'x-xsrf-token': options.xsrfToken() }) });

  async function withSession<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 403 && XSRF_REFUSAL.test(error.message))) throw error;
      if (!(await options.refreshSession())) throw error;
      return call();
    }
  }

  /** Uploads the photo if not done yet; resolves its key, or undefined when the photo is gone or refused. */
  async function uploaded(ref: string): Promise<string | undefined> {
    const id = ref.slice(LOCAL_PHOTO.length);
    const photo = await options.photos.photos.get(id);
    if (!photo) return undefined;
    if (photo.key) return photo.key;
    if (!photo.blob) return undefined;
    let answer: PresignAnswer;
    try {
      answer = await options.presign({ fileName: photo.fileName, contentType: photo.contentType, size: photo.blob.size, companyId: photo.companyId });
    } catch (error) {
      // A refused photo (type, size) would block the outbox for ever: send the approval without it.
      if (error instanceof HttpError && error.status === 400) return undefined;
      throw error;
    }
    // A stalled upload must not hold the outbox for ever: give it time for its size at a slow 16 KB/s, at least a minute.
    const ms = Math.max(60_000, Math.ceil(photo.blob.size / 16));
    const put = await doFetch(answer.uploadUrl, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': photo.contentType, 'x-xsrf-token': options.xsrfToken() },
      body: photo.blob,
      signal: AbortSignal.timeout(ms),
    }).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw new RequestTimeout(ms);
      throw error;
    });
    if (!put.ok) {
      const payload = (await put.json().catch(() => null)) as { message?: unknown } | null;
      throw new HttpError(put.status, typeof payload?.message === 'string' ? payload.message : `Uploading a proof photo failed (HTTP ${put.status})`);
    }
    await options.photos.photos.update(id, { key: answer.key, blob: null });
    return answer.key;
  }

  async function withUploads(command: WireCommand): Promise<WireCommand> {
    if (command.name === 'pack.weigh') {
      const args = command.args as { photoKey?: string };
      if (!isLocalPhoto(args.photoKey)) return command;
      const key = await uploaded(args.photoKey);
      const { photoKey: _local, ...rest } = args;
      return { ...command, args: key ? { ...rest, photoKey: key } : rest };
    }
    if (command.name !== 'return.approve') return command;
    const args = command.args as { items: { imageKey?: string }[] };
    if (!args.items.some((i) => isLocalPhoto(i.imageKey))) return command;
    const items = [];
    for (const item of args.items) {
      if (!isLocalPhoto(item.imageKey)) {
        items.push(item);
        continue;
      }
      const key = await uploaded(item.imageKey);
      const { imageKey: _local, ...rest } = item;
      items.push(key ? { ...rest, imageKey: key } : rest);
    }
    return { ...command, args: { ...args, items } };
  }

  return {
    push: (req: PushRequest) =>
      withSession(async () => {
        const commands: WireCommand[] = [];
        for (const command of req.commands) commands.push(await withUploads(command));
        return http.push({ ...req, commands });
      }),
    pull: (req) => withSession(() => http.pull(req)),
  };
}
