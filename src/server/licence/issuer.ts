import fs from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../config';
import { generateIssuerKeys, parsePrivateKey, parsePublicKey } from './licence';

export const ISSUER_PRIVATE_FILE = 'licence-issuer.key';
export const ISSUER_PUBLIC_FILE = 'licence-issuer.pub';

export interface Issuer {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
}

/**
 * The local issuer key pair in DATA_DIR, made once. It stands in for the vendor's key when no
 * LICENCE_PUBLIC_KEY is configured outside production, so a demo can licence itself.
 * 'wx' makes the first writer win if two processes start at once.
 */
export function localIssuer(dataDir: string): Issuer {
  const keyFile = path.join(dataDir, ISSUER_PRIVATE_FILE);
  const pubFile = path.join(dataDir, ISSUER_PUBLIC_FILE);
  if (!fs.existsSync(keyFile)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const { privateKeyPem, publicKeyPem } = generateIssuerKeys();
    try {
      fs.writeFileSync(keyFile, privateKeyPem, { flag: 'wx', mode: 0o600 });
      fs.writeFileSync(pubFile, publicKeyPem, { mode: 0o644 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const privateKey = parsePrivateKey(fs.readFileSync(keyFile, 'utf8'));
  const publicKeyPem = fs.readFileSync(pubFile, 'utf8');
  return { privateKey, publicKey: parsePublicKey(publicKeyPem), publicKeyPem };
}

/** The key licences must be signed with: the configured one, else (never in production) the local issuer's. */
export function trustedPublicKey(config: Pick<Config, 'licencePublicKey' | 'production' | 'dataDir'>): KeyObject {
  if (config.licencePublicKey) return parsePublicKey(config.licencePublicKey);
  if (config.production) throw new Error('LICENCE_PUBLIC_KEY is required when NODE_ENV=production');
  return localIssuer(config.dataDir).publicKey;
}
