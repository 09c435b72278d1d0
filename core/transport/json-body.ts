// The one JSON body parser of the service, before every surface (REST, tRPC, GraphQL): depth is measured on the
// body's text before it is parsed, so a deep body is refused after its first 33 brackets.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { RequestHandler } from 'express';
import { DomainError } from '../domain/errors.ts';
import { tooDeepText } from '../domain/json-depth.ts';

export const JSON_LIMIT = '1mb';

/**
 * The charsets whose text the depth scan reads exactly as the parser will: UTF-8 byte by byte, UTF-16 decoded.
 * Others body-parser would take (utf-16 without a byte order, utf-32, utf-7) are refused as not UTF-8 JSON.
 */
const SCANNED_CHARSETS = new Set(['utf-8', 'utf-16le', 'utf-16be']);

function textOf(body: Buffer, charset: string): string {
  if (!SCANNED_CHARSETS.has(charset)) {
    throw Object.assign(new Error(`unsupported charset "${charset}"`), { type: 'charset.unsupported' });
  }
  // latin1 keeps one character a byte: brackets, quotes and backslashes are never part of a UTF-8 sequence.
  return charset === 'utf-8' ? body.toString('latin1') : new TextDecoder(charset).decode(body);
}

/** Each parsed request's bytes as they came, for a signature over them (a payment callback's): gone with the request. */
const RAW_BODIES = new WeakMap<IncomingMessage, Buffer>();

/** The bytes of a JSON body as received, before parsing; an empty buffer when the request had no JSON body. */
export function rawBodyOf(req: IncomingMessage): Buffer {
  return RAW_BODIES.get(req) ?? Buffer.alloc(0);
}

/** body-parser's verify hook: runs on the raw bytes before JSON.parse; what it throws reaches the error middleware. */
function refuseDeepJson(req: IncomingMessage, _res: ServerResponse, body: Buffer, charset: string): void {
  const deep = tooDeepText(textOf(body, charset), 'body');
  if (deep) throw new DomainError('validation_failed', deep.message, { field: deep.field });
  RAW_BODIES.set(req, body);
}

export function jsonBodyParser(): RequestHandler {
  return express.json({ limit: JSON_LIMIT, strict: true, type: ['application/json', 'application/*+json'], verify: refuseDeepJson });
}
