import type { FastifyInstance } from 'fastify';
import { rsaKeys } from '@/server/identity/password-transport';
import type { PublicKeyAnswer } from '../contract';

// The key pair and decryption live in server core (shared with account administration).
export {
  DECRYPT_FAILED_MESSAGE,
  decryptPassword,
  RSA_SETTING_KEY,
  rsaKeys,
} from '@/server/identity/password-transport';

export async function publicKeyAnswer(app: FastifyInstance): Promise<PublicKeyAnswer> {
  const k = await rsaKeys(app);
  return { public_key: k.publicKeyPem, max_plain_bytes: k.maxPlainBytes };
}
