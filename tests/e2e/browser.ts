import { type Browser, chromium } from "playwright-core";

/** Flags that let Debian's Chromium run headless here without reaching for the network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export const chromiumPath = () => process.env.CHROME_PATH || "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}
