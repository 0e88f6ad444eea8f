/**
 * A kept answer as browsers take it: the envelope's JSON text, its strong ETag, and each encoding a browser may
 * ask for (brotli, gzip) worked out once, on the first request that accepts it, then served as bytes to every
 * request alike. Compressing a kept answer again for every request cost three quarters of its speed
 * (docs/decisions/029-compressed-once.md). A request that names the ETag it holds gets 304 and no body.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withDataField } from './envelope.js';

type Encoding = 'br' | 'gzip';

/** Below this size an answer goes out as it is: the headers of a compressed one would eat what it saves. */
const COMPRESS_FROM = 1024;

/**
 * How an answer is compressed (docs/decisions/029-compressed-once.md): for its first request quickly (brotli 2, gzip
 * 1: half the time of brotli 5 on a list page, for some 500 bytes more), and once a second request shows it is asked
 * for again, well (brotli 5, gzip 6), for all the requests after. Most answers of the long tail are asked for once.
 */
const brotli = (quality: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
});
const QUICK = { br: brotli(2), gzip: { level: 1 } };
const WELL = { br: brotli(5), gzip: { level: 6 } };
const compress = (body: Buffer, encoding: Encoding, options: typeof QUICK | typeof WELL) =>
  encoding === 'br' ? zlib.brotliCompressSync(body, options.br) : zlib.gzipSync(body, options.gzip);

/** How many times kept answers were compressed, by encoding: what a test or the metrics read. */
export const compressions = { br: 0, gzip: 0 };

/** How many variants of one answer (`with`) are kept: the latest few seconds' clocks, a buyer's flag both ways. */
const VARIANTS = 4;

/**
 * A kept answer holds its JSON as UTF-8 bytes, not as a string: thousands of list pages of 10-20 KB kept for 30 s
 * are then buffers outside the JavaScript heap, which its collections neither copy nor mark (as strings they
 * made most of the heap, and its collections the longest pauses of the server's loop).
 */
export class KeptAnswer {
  readonly etag: string;
  /** The JSON text as UTF-8 bytes: what a request that accepts no compression gets. */
  readonly body: Buffer;
  /** Each encoding's bytes, and whether they are compressed well (else quickly, for the first request). */
  private readonly encoded = new Map<Encoding, { bytes: Buffer; well: boolean }>();
  private readonly variants = new Map<string, KeptAnswer>();

  constructor(text: string) {
    // Bytes of its own rather than a slice of Node's shared pool, which a small kept answer would hold whole.
    this.body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    this.body.write(text);
    this.etag = `"${crypto.createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  /** The JSON text, decoded from the bytes when asked (variants and tests ask; serving does not). */
  get text(): string {
    return this.body.toString();
  }

  bytes(encoding: Encoding): Buffer {
    const known = this.encoded.get(encoding);
    if (known?.well) return known.bytes;
    const well = known !== undefined;
    const bytes = compress(this.body, encoding, well ? WELL : QUICK);
    compressions[encoding]++;
    this.encoded.set(encoding, { bytes, well });
    return bytes;
  }

  /**
   * This answer with one more field at the end of its data (`withDataField`): the server's clock, or a buyer's
   * own flag. Each variant is a kept answer of its own, with its encodings, and the latest few are kept.
   */
  with(name: string, value: number): KeptAnswer {
    const key = `${name}=${value}`;
    let variant = this.variants.get(key);
    if (!variant) {
      variant = new KeptAnswer(withDataField(this.text, name, value));
      this.variants.set(key, variant);
      if (this.variants.size > VARIANTS) this.variants.delete(this.variants.keys().next().value!);
    }
    return variant;
  }
}

/** The kept answer with the server's clock (`timestamp`, seconds) for countdowns: compressed once a second, not per request. */
export const keptWithTimestamp = (kept: KeptAnswer, now = Date.now()) => kept.with('timestamp', Math.floor(now / 1000));

/** The encodings kept answers come in, brotli first: the choice among those a request accepts is @fastify/compress's own. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Whether `If-None-Match` names the answer's ETag (or is `*`). */
function held(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Sends a kept answer: 304 when the browser holds it, else its bytes in the best encoding the request accepts.
 * `private, no-cache`: a browser may keep it but asks again every time (prices change), and no shared cache keeps
 * what one account's class of viewer sees.
 */
export function sendKept(req: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  reply.type('application/json; charset=utf-8').header('etag', kept.etag).header('vary', 'Accept-Encoding').header('cache-control', 'private, no-cache');
  if (held(req.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  const header = req.headers['accept-encoding'];
  const encoding = header && kept.body.length >= COMPRESS_FROM ? negotiate<Encoding>(header.toLowerCase(), ENCODINGS) : null;
  if (!encoding) return reply.send(kept.body);
  return reply.header('content-encoding', encoding).send(kept.bytes(encoding));
}
