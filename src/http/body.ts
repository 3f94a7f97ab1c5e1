/**
 * Reading a request body: UTF-8 text capped in size, and a value checked with zod. HTTP mechanics
 * with no route in them, so the route areas and the modules they call (beacon forms) share them.
 */
import type { Context } from 'hono';
import { ApiError } from './errors';
import type { z } from 'zod';

/** The first problem zod found, as 'field: message' (or just the message when it is the spec's own). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request body';
  const path = issue.path.join('.');
  return path === '' || issue.code === 'custom' ? issue.message : `${path}: ${issue.message}`;
}

/** The request body as UTF-8 text; over `maxBytes` is a 413, refused before reading when declared. */
export async function readText(c: Context, maxBytes: number): Promise<string> {
  return readCapped(c, maxBytes);
}

/** `value` checked against `schema`; a 400 naming the first problem otherwise. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, firstIssue(result.error));
  return result.data;
}

/** The request body's bytes; a 413 with `message` once they pass `maxBytes` (declared or read). */
export async function readBytes(
  c: Context,
  maxBytes: number,
  message = `Request body is larger than ${maxBytes} bytes`,
): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) throw new ApiError(413, message);
  const request = c.req.raw;
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError(413, message);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function readCapped(c: Context, maxBytes: number): Promise<string> {
  const bytes = await readBytes(c, maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(400, 'Request body is not valid UTF-8');
  }
}
