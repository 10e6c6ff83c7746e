import type { Conn } from '../repository';
import { signatureOf } from '../repository';

/**
 * A person's stored signature image for other modules' servers (approvals stamp it on a sheet):
 * `{ url, updatedAt }` or null when they have none. Takes the caller's connection or transaction.
 */
export const getSignature = (q: Conn, userId: number) => signatureOf(q, userId);
