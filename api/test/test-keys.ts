import { createPrivateKey, type KeyObject } from 'node:crypto';

// The test identity provider's keys: fixed P-256 keys made for these tests only (they sign
// nothing outside them). They were generated in every test file (generateKeyPairSync), and Node 20
// deadlocked a jest worker once: a key-generation job, collected while the next file exported its
// key as a JWK, waited on a lock that export held (seen with gdb in a CI run that never ended).

const SIGNING_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgbhZEymttAbptKVPT
vSjj8QPV+tTESTUZ0f0Qdk2EFK6hRANCAATXsLrHfUBbRlUR467/OLxnz1Bt5y3t
/Oz84xFVy6dpvp8sd+peJE387ML0X4/sgL7qy+vkRogmmziSDXuPVA/l
-----END PRIVATE KEY-----`;

const FOREIGN_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgighwK4BufumkGENS
QH5vhprRpb3w4P0ujJbNgOWUriuhRANCAARgVYKtJD1aZxeUPXHlVJwNKWZORGOj
AfQuJj5JF2yKtWmbH/lF32M/JgDaCTYKVFdCvfNw+PcR8CpMSLApvijg
-----END PRIVATE KEY-----`;

/** The key the test provider signs with; its public half is the provider's published key. */
export const TEST_SIGNING_KEY: KeyObject = createPrivateKey(SIGNING_KEY_PEM);

/** A key the API does not know, for forged tokens. */
export const FOREIGN_SIGNING_KEY: KeyObject = createPrivateKey(FOREIGN_KEY_PEM);
