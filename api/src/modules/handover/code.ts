import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The hand-over code: `PH1.<id>.<signature>`. `id` is a random 16-byte value (base64url) that
// names the hand-over record and nothing else: no order key, no number, no name or address, so a
// photo of the QR tells nobody anything. The signature is an HMAC-SHA256 of the version and the id
// with HANDOVER_SECRET: a forged or mistyped code is refused before the database is asked, and a
// leaked table of ids makes no valid codes. Expiry and single use are the record's (service.ts).

const VERSION = 'PH1';
const SHAPE = /^PH1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A new record id: 128 random bits. */
export const newHandoverId = (): string => randomBytes(16).toString('base64url');

export class HandoverCodes {
  constructor(private readonly secret: string) {}

  /** The text the QR carries for a record. */
  sign(id: string): string {
    return `${VERSION}.${id}.${this.mac(id).toString('base64url')}`;
  }

  /** The record id a code names, or null when it is not one this portal signed. */
  verify(code: string): string | null {
    const match = SHAPE.exec(code.trim());
    if (!match) return null;
    const [, id, signature] = match as unknown as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(id);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private mac(id: string): Buffer {
    return createHmac('sha256', this.secret).update(`${VERSION}.${id}`).digest();
  }
}
