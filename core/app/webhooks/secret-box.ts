// Webhook signing secrets are kept sealed (AES-256-GCM, bound to their endpoint's id): a copy of the database
// alone cannot sign for a customer. The key comes from WEBHOOK_SECRETS_KEY or a key file in DATA_DIR.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function seal(key: Buffer, endpointId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(endpointId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

export function open(key: Buffer, endpointId: string, sealed: string): string {
  const [version, data] = sealed.split('.');
  if (version !== VERSION || !data) throw new Error('a sealed webhook secret of an unknown form');
  const raw = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(endpointId));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
