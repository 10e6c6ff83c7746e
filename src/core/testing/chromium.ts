import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium: nothing is downloaded (DESIGN §1). The browser suite and the bench drive it alike. */
export const CHROMIUM = '/usr/bin/chromium';

/** Without the background-networking switches Chromium keeps calling Google's hosts, which this network refuses. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless chromium; extraArgs: more switches for one caller (e.g. --host-resolver-rules). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk (.ci/run does)`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}
