/**
 * Password hashing with argon2id (ARCHITECTURE.md, "Server"). The memory cost comes from the config so
 * that tests stay fast; the stored PHC string carries its own parameters, so hashes made with an
 * older cost still verify.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: the enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
const TIME_COST = 2;
const PARALLELISM = 1;

export function hashPassword(password: string, memoryKib: number): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: memoryKib, timeCost: TIME_COST, parallelism: PARALLELISM });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A stored value that is not a PHC string (a disabled or imported account) matches nothing.
    return false;
  }
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the time of a real verification when there is no account to check, so that the answer's
 * timing does not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string, memoryKib: number): Promise<false> {
  let dummy = dummyHashes.get(memoryKib);
  if (!dummy) {
    dummy = hashPassword('no account has this password 0', memoryKib);
    dummyHashes.set(memoryKib, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
