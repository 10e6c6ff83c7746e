import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id minimum: 19 MiB, 2 passes, 1 lane (DESIGN §1: ~22 ms a hash here).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

// Verified against when the username is unknown, so both answers take the same time.
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword('campus-portal-timing-equaliser'));
}
