// The OpenAPI 3.1 `webhooks` section: what a receiver gets for each event type (DESIGN.md 5), signed per
// Standard Webhooks. The payload is {type, timestamp, data}; data is the subject as an API key sees it.
import { EVENT_TYPES } from '../core/domain/webhooks.ts';
import { TRAFFIC_CLASSES } from '../core/domain/pricing.ts';

const time = { type: ['string', 'null'], format: 'date-time' };
const nullableString = { type: ['string', 'null'] };

export const message = {
  type: 'object',
  description: 'The message as an API key sees it (campaign messages mask the number), in the status the event reports.',
  required: ['id', 'status', 'client_ref', 'test'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string' },
    to: { type: 'string' },
    from: { type: 'string' },
    body: { type: 'string' },
    traffic_class: { enum: TRAFFIC_CLASSES },
    client_ref: { type: 'string', description: 'Echoed as the caller sent it' },
    encoding: { enum: ['gsm7', 'ucs2', 'ascii'] },
    segments: { type: 'integer' },
    price: {
      type: 'object',
      properties: { currency: { const: 'TZS' }, unit: { const: 'cents' }, unit_amount: { type: 'integer' }, total: { type: 'integer' }, charged: { type: 'boolean' } },
    },
    test: { type: 'boolean', description: 'true for a message sent with a test key' },
    failure_reason: nullableString,
    failure_explanation: {
      type: ['object', 'null'],
      description: 'The failure reason in plain words: code (an SMPP command_status name, a receipt stat with its err, or a code of the service itself), en and sw',
      properties: { code: { type: 'string' }, en: { type: 'string' }, sw: { type: 'string' } },
    },
    campaign_id: { type: ['string', 'null'], format: 'uuid' },
    held_until: time,
    send_at: { ...time, description: 'The time it was sent for; null when sent to go at once' },
    expires_at: time,
    created_at: time,
    updated_at: time,
    final_at: time,
  },
};

const campaign = {
  type: 'object',
  required: ['id', 'name', 'status'],
  properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, status: { type: 'string' } },
};

const contactImport = {
  type: 'object',
  description: 'The import as GET /v1/contact-imports/{id} shows it.',
  required: ['id', 'state', 'counts'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    state: { enum: ['completed', 'failed'] },
    filename: nullableString,
    rows: { type: 'integer' },
    error: { type: ['object', 'null'] },
    counts: { type: 'object', additionalProperties: { type: 'integer' } },
    completed_at: time,
  },
};

const optOut = {
  type: 'object',
  description: 'The opt-out with the number masked.',
  required: ['id', 'phone', 'active'],
  properties: { id: { type: 'string', format: 'uuid' }, phone: { type: 'string' }, source: { type: 'string' }, reason: nullableString, active: { type: 'boolean' }, created_at: time },
};

const wallet = {
  type: 'object',
  description: 'The wallet as GET /v1/wallet shows it, after the movement that took it below its low-balance threshold.',
  required: ['currency', 'available', 'held', 'low_balance_threshold', 'low_balance'],
  properties: {
    currency: { type: 'string', enum: ['TZS'] },
    unit: { type: 'string', enum: ['cents'] },
    available: { type: 'integer' },
    held: { type: 'integer' },
    frozen: { type: 'boolean' },
    low_balance_threshold: { type: 'integer' },
    low_balance: { type: 'boolean' },
    test: { type: 'boolean' },
    updated_at: time,
  },
};

const inboundMessage = {
  type: 'object',
  description: 'The inbound message as GET /v1/inbound-messages/{id} shows it, when it was stored.',
  required: ['id', 'from', 'to', 'body', 'incomplete', 'received_at', 'keyword'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    from: { type: 'string', description: 'The sender: E.164 for a Tanzanian mobile number, else the address as the operator gave it' },
    to: { type: 'string', description: 'The number or short code of the organization it was sent to' },
    body: { type: 'string' },
    incomplete: { type: 'boolean', description: 'True when some parts of a long message never came and the body holds those that did (never read as a keyword)' },
    received_at: { type: 'string', format: 'date-time' },
    keyword: { enum: ['opt_out', 'opt_in', null], description: 'The keyword the message was read as (STOP, ACHA, START, ANZA, or words the organization set), if any' },
  },
};

function dataOf(type: string) {
  if (type === 'message.received') return inboundMessage;
  if (type.startsWith('message.')) return message;
  if (type.startsWith('campaign.')) return campaign;
  if (type.startsWith('contact_import.')) return contactImport;
  if (type.startsWith('opt_out.')) return optOut;
  return wallet;
}

const signatureHeaders = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The same for every attempt of one delivery', schema: { type: 'string', pattern: '^msg_[0-9a-f]{32}$' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Seconds since the epoch, per attempt', schema: { type: 'string' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: 'v1, and the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the bytes after whsec_; two, space-separated, for 24 h after a rotation',
    schema: { type: 'string' },
  },
];

export function webhooksSection() {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}`,
          description: 'Only a 2xx answer within 15 s counts; retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (with jitter, Retry-After honoured on 429 and 503); 410 disables the endpoint.',
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: { type: { const: type }, timestamp: { type: 'string', format: 'date-time' }, data: dataOf(type) },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received' }, '410': { description: 'Gone: the endpoint is disabled' } },
        },
      },
    ]),
  );
}
