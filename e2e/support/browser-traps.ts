import type { BrowserContext, Page } from "@playwright/test";

/** What a page did that it must never do, counted since `installTraps`. */
export interface TrapCounts {
  /** Calls of `window.__xss()`: a payload's script ran. */
  xssHits: number;
  /** alert/confirm/prompt dialogs: a payload's script ran. */
  dialogs: number;
  /** `securitypolicyviolation` events: something the CSP had to block (directive + URL). */
  cspViolations: string[];
  /** Requests to hosts other than loopback (blocked before they leave the machine). */
  outsideRequests: string[];
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a request leaves the machine: data:, blob: and about: URLs never do. */
function isOutside(url: string): boolean {
  const parsed = new URL(url);
  if (["data:", "blob:", "about:"].includes(parsed.protocol)) return false;
  return !LOOPBACK_HOSTS.has(parsed.hostname);
}

/**
 * Arms a page before it loads anything: an init script defines the `__xss` trap and a
 * `securitypolicyviolation` listener on every document the page navigates to, reporting
 * through exposed functions (which survive navigations, unlike page globals); dialogs are
 * counted and dismissed; requests to outside hosts are counted and aborted, so a beacon that
 * slips through is seen without ever reaching the network.
 */
export async function installTraps(context: BrowserContext, page: Page): Promise<TrapCounts> {
  const counts: TrapCounts = { xssHits: 0, dialogs: 0, cspViolations: [], outsideRequests: [] };
  await page.exposeFunction("__reportXss", () => {
    counts.xssHits += 1;
  });
  await page.exposeFunction("__reportCspViolation", (violation: string) => {
    counts.cspViolations.push(violation);
  });
  await page.addInitScript(() => {
    const report = window as unknown as {
      __xssHits: number;
      __xss: () => void;
      __reportXss: () => Promise<void>;
      __reportCspViolation: (violation: string) => Promise<void>;
    };
    report.__xssHits = 0;
    report.__xss = () => {
      report.__xssHits += 1;
      void report.__reportXss();
    };
    document.addEventListener("securitypolicyviolation", (event) => {
      void report.__reportCspViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  page.on("dialog", (dialog) => {
    counts.dialogs += 1;
    void dialog.dismiss();
  });
  page.on("request", (request) => {
    if (isOutside(request.url())) counts.outsideRequests.push(request.url());
  });
  await context.route(
    (url) => isOutside(url.href),
    (route) => route.abort("blockedbyclient"),
  );
  return counts;
}
