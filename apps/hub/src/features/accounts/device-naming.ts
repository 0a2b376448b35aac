import type { DeviceKind } from "@inquiry-hub/protocol";

/** The name and form factor a device gets when it does not name itself. */
export interface DeviceDescription {
  name: string;
  kind: DeviceKind;
}

/** First match wins: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

/** iPhone and iPad before macOS (their user agents say "like Mac OS X"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const MOBILE = /\b(Android|iPhone|iPod|Mobile)\b/;

function firstMatch(userAgent: string, table: readonly [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1];
}

/**
 * Derives a recognisable device name from a user agent, so the devices page says
 * "Chrome on Android" instead of an id. Kind is `phone` for mobile user agents.
 *
 * @example describeUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 7) ... Chrome/120 Mobile Safari/537.36")
 * // { name: "Chrome on Android", kind: "phone" }
 */
export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  const agent = userAgent ?? "";
  const kind: DeviceKind = MOBILE.test(agent) ? "phone" : "desktop";
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  if (browser !== undefined && system !== undefined)
    return { name: `${browser} on ${system}`, kind };
  if (browser !== undefined) return { name: browser, kind };
  if (system !== undefined) return { name: `Browser on ${system}`, kind };
  return { name: "Unknown device", kind };
}

/**
 * `base`, or `base 2`, `base 3`… — the first that none of `taken` already is, so two laptops
 * of one person running the same browser can be told apart before either is renamed.
 *
 * @example distinctName("Chrome on Linux", ["Chrome on Linux"]) // "Chrome on Linux 2"
 */
export function distinctName(base: string, taken: readonly string[]): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  let number = 2;
  while (names.has(`${base} ${String(number)}`)) number += 1;
  return `${base} ${String(number)}`;
}
