import { http } from '../http';
import { useSession } from '../session/store';
import { encryptPassword } from './encrypt-password';

export const PUBLIC_KEY_PATH = '/user/commonInterface/get_public_key/';

let pending: Promise<string> | null = null;

/** The server's RSA public key (PEM), kept in the session store; `refresh` fetches it again. */
export function getPublicKey(refresh = false): Promise<string> {
  const cached = useSession.getState().publicKey;
  if (cached && !refresh) return Promise.resolve(cached);
  pending ??= http
    .post<{ public_key: string }>(PUBLIC_KEY_PATH)
    .then((r) => {
      useSession.getState().setPublicKey(r.data.public_key);
      return r.data.public_key;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Encrypts a password with the server's key (fetching it when needed). */
export async function encryptWithServerKey(plain: string): Promise<string> {
  return encryptPassword(await getPublicKey(), plain);
}
