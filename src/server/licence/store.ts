import fs from 'node:fs';
import type { KeyObject } from 'node:crypto';
import type { Db } from '../db/dialect';
import type { Config } from '../config';
import { getSetting, putSetting } from '../identity/settings';
import { ALL_MODULES, makeLicence, signLicence, verifyLicence, type VerifyResult } from './licence';
import { localIssuer } from './issuer';
import { SCHOOL } from '../db/seed/university';

/** The installed licence text lives in the setting table, so every app server sees the same one. */
export const LICENCE_SETTING = 'licence';

/** The demo licence names the demo university, as its pages and demo data do. */
export const DEMO_HOLDER = SCHOOL.name;
export const DEMO_USER_CAP = 100000;

export async function readInstalledLicence(db: Db): Promise<string | null> {
  return (await getSetting<string>(db, LICENCE_SETTING)) ?? null;
}

export class LicenceRefused extends Error {
  constructor(readonly result: VerifyResult) {
    super(`licence refused: ${result.reason}`);
  }
}

/** Verify, then store. A licence that does not verify is never installed (the old one stays). */
export async function installLicence(db: Db, publicKey: KeyObject, text: string): Promise<VerifyResult> {
  const result = verifyLicence(text, publicKey);
  if (!result.ok) throw new LicenceRefused(result);
  await putSetting(db, LICENCE_SETTING, text.trim());
  return result;
}

/** LICENCE_FILE: install that file's licence at start (unchanged text is not rewritten). */
export async function installLicenceFile(db: Db, publicKey: KeyObject, file: string): Promise<VerifyResult> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`LICENCE_FILE ${file} cannot be read`);
  }
  if ((await readInstalledLicence(db)) === text) return verifyLicence(text, publicKey);
  try {
    return await installLicence(db, publicKey, text);
  } catch (e) {
    if (e instanceof LicenceRefused) throw new Error(`LICENCE_FILE ${file} holds a licence that is ${e.result.reason}`);
    throw e;
  }
}

/** One year from now, as an ISO date. */
const inOneYear = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Demo start: with the local issuer (no LICENCE_PUBLIC_KEY) and no valid licence installed,
 * issue one for the demo university. Answers whether a licence was issued.
 */
export async function ensureDemoLicence(
  db: Db,
  config: Pick<Config, 'demo' | 'licencePublicKey' | 'production' | 'dataDir'>,
): Promise<boolean> {
  if (!config.demo || config.licencePublicKey || config.production) return false;
  const issuer = localIssuer(config.dataDir);
  if (verifyLicence(await readInstalledLicence(db), issuer.publicKey).ok) return false;
  const licence = makeLicence({
    holder: DEMO_HOLDER,
    expiresAt: inOneYear(),
    userCap: DEMO_USER_CAP,
    modules: [ALL_MODULES],
  });
  await installLicence(db, issuer.publicKey, signLicence(licence, issuer.privateKey));
  return true;
}
