import { json } from "@remix-run/server-runtime";

/**
 * How much of a request body the app will read, by kind. A body past its limit is
 * refused with 413 as soon as the limit is passed, whatever Content-Length said
 * (a chunked request declares none).
 */
export const BODY_LIMITS = {
  form: 1024 * 1024,
  /** a 10 MiB file plus the form fields and multipart framing around it */
  upload: 10 * 1024 * 1024 + 64 * 1024,
  webhook: 256 * 1024,
  beacon: 64 * 1024,
} as const;
export type BodyKind = keyof typeof BODY_LIMITS;

export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";
export const BODY_UNREADABLE_MESSAGE = "The request could not be read.";

/** The largest body a path may send at all; the servers apply it before the app runs. */
export function bodyLimitFor(pathname: string, contentType: string | null) {
  if (pathname === "/api/cms/webhook") return BODY_LIMITS.webhook;
  if (pathname === "/api/analytics/session") return BODY_LIMITS.beacon;
  if (contentType?.toLowerCase().startsWith("multipart/form-data")) return BODY_LIMITS.upload;
  return BODY_LIMITS.form;
}

/** Past this a refused body is not even drained: the connection is given up instead. */
const DRAIN_LIMIT = 4 * 1024 * 1024;

/**
 * Drops a refused body. One of a few MB is read to its end, so the keep-alive
 * connection stays usable for the answer and the next request (the local proxy of
 * `wrangler dev` breaks the next request otherwise); a larger one is cancelled unread.
 */
export async function dropBody(request: Request, declared: number) {
  if (!request.body) return;
  if (!(declared <= DRAIN_LIMIT)) return request.body.cancel().catch(() => {});
  const reader = request.body.getReader();
  try {
    while (!(await reader.read()).done) {
      /* dropped */
    }
  } catch {
    /* the client went away */
  }
}

/**
 * The rest of a chunked body past its limit, as dropBody drops a declared one: read to its end while
 * the whole stays within a few MB, else cancelled. Cancelled at once, a 2 MB form under `wrangler dev`
 * was answered "Your worker restarted mid-request" (503) instead of its 413.
 */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>, read: number) {
  try {
    for (let size = read; size <= DRAIN_LIMIT; ) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
  } catch {
    return; // the client went away, or the server's own limiter cut the stream
  }
  await reader.cancel().catch(() => {});
}

const refuse = (status: 400 | 413, message: string) => json({ error: message }, { status });

/** True for the 413 that readBody throws, so a form can word it for its own field. */
export function isBodyTooLarge(error: unknown): error is Response {
  return error instanceof Response && error.status === 413;
}

/**
 * A body whose declared length is within the limit, and not chunked: the server's HTTP parser reads
 * no more than that length, so the body may be taken whole.
 */
function takenWhole(request: Request, limit: number) {
  const length = request.headers.get("Content-Length");
  return length !== null && /^\d+$/.test(length) && Number(length) <= limit && !request.headers.has("Transfer-Encoding");
}

/**
 * Reads the body, at most `limit` bytes, chunk by chunk: past the limit it stops
 * reading, cancels the stream and throws a 413 response.
 */
export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const length = request.headers.get("Content-Length");
  const declared = Number(length);
  if (Number.isFinite(declared) && declared > limit) {
    await dropBody(request, declared);
    throw refuse(413, BODY_TOO_LARGE_MESSAGE);
  }
  if (!request.body) return new Uint8Array(0);
  // within the limit (checked above), so taken whole; only a chunked body is counted as it comes
  if (takenWhole(request, limit)) {
    try {
      return new Uint8Array(await request.arrayBuffer());
    } catch {
      throw refuse(400, BODY_UNREADABLE_MESSAGE);
    }
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await dropRest(reader, size);
        throw refuse(413, BODY_TOO_LARGE_MESSAGE);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    // the client went away or the server's own limiter cut the stream
    throw refuse(400, BODY_UNREADABLE_MESSAGE);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The form of a POST, read within its limit: a 400 response for anything that is
 * not form data (junk, a JSON body, broken multipart), never an exception a route
 * would turn into a 500.
 */
export async function readForm(request: Request, limit: "form" | "upload" | number = "form"): Promise<FormData> {
  const bytes = await readBody(request, typeof limit === "number" ? limit : BODY_LIMITS[limit]);
  const contentType = request.headers.get("Content-Type");
  if (bytes.byteLength === 0 && !contentType) return new FormData();
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: contentType ? { "Content-Type": contentType } : {},
    }).formData();
  } catch {
    throw refuse(400, BODY_UNREADABLE_MESSAGE);
  }
}

/** A JSON body within its limit; a 400 response when it is not JSON. */
export async function readJson(request: Request, limit: number = BODY_LIMITS.form): Promise<unknown> {
  // taken whole as text (under workerd a third cheaper than bytes and a decoder); JSON.parse turns
  // away what is not JSON, so the fatal decoding of readText (kept for signed webhooks) is not needed
  let text: string;
  try {
    text = takenWhole(request, limit) ? await request.text() : await readText(request, limit);
  } catch (error) {
    throw error instanceof Response ? error : refuse(400, BODY_UNREADABLE_MESSAGE);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(400, "The body must be JSON");
  }
}

/** The body as UTF-8 text, within its limit. */
export async function readText(request: Request, limit: number = BODY_LIMITS.form): Promise<string> {
  const bytes = await readBody(request, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw refuse(400, BODY_UNREADABLE_MESSAGE);
  }
}
