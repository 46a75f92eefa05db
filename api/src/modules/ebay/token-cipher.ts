import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals eBay's tokens before they are stored (AES-256-GCM with a fresh 96-bit nonce each time, the
 * authentication tag checked on opening): a copy of the database alone gives nobody access to a
 * seller's eBay account. The key is EBAY_TOKEN_KEY (32 bytes); rotating it means linking again.
 */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('EBAY_TOKEN_KEY must be 32 bytes');
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      VERSION,
      nonce.toString('base64url'),
      sealed.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join('.');
  }

  /** The token, or null when the value was not sealed with this key (changed key, tampering). */
  open(value: string): string | null {
    const [version, nonce, sealed, tag] = value.split('.');
    if (version !== VERSION || !nonce || !sealed || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
