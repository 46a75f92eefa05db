// The entry of the development provider's password-hashing thread (users.ts): scrypt run here,
// synchronously, on a thread of its own, rather than on libuv's pool, which also serves the file
// system, zlib and DNS to every other request (issue 36: a flood of wrong passwords there made
// /api/health wait). Piscina calls the default export.
import { scryptSync } from 'node:crypto';

export interface ScryptTask {
  password: string;
  salt: Uint8Array;
  length: number;
}

export default function scrypt({ password, salt, length }: ScryptTask): Uint8Array {
  return scryptSync(password, salt, length);
}
