import { ApiErrorBodySchema, DeviceListResponseSchema } from "@inquiry-hub/protocol";
import { expect, test } from "@playwright/test";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { registerThroughUi } from "../support/accounts";
import { installTraps } from "../support/browser-traps";
import { sessionToken } from "../support/channels";
import { connectHubMcp, holdToolCalls, pendingCount } from "../support/hub-mcp";
import { WEB_URL } from "../support/ports";
import { renameConversation } from "../support/conversations";
import { chatWeatherAnswered } from "../support/inquiry-card";

/** Origins a cross-site attacker's page (or a sandboxed frame) sends. */
const FOREIGN_ORIGINS = ["https://evil.example", "null"];

/** One directive of a CSP header, e.g. `script-src 'self' …`, or "" when absent. */
function directive(policy: string, name: string): string {
  return policy
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name} `))
    .join("");
}

test("pages carry a nonce CSP without inline script, frame-ancestors 'none' and nosniff", async ({
  page,
}) => {
  const nonces: string[] = [];
  for (const path of ["/login", "/login"]) {
    const response = await page.goto(path);
    const headers = response?.headers() ?? {};
    const policy = headers["content-security-policy"] ?? "";
    const scripts = directive(policy, "script-src");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scripts)?.[1];
    expect(nonce, scripts).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(directive(policy, "style-src")).toBe(`style-src 'self' 'nonce-${nonce ?? ""}'`);
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // Next.js stamped this response's nonce on its own bootstrap scripts.
    expect(await response?.text()).toContain(`nonce="${nonce ?? ""}"`);
    nonces.push(nonce ?? "");
  }
  expect(new Set(nonces).size, "a fresh nonce per response").toBe(2);
  // Only the static offline page, styled by its own <style>, may use inline styles.
  const offline = await page.request.get("/offline.html");
  const offlinePolicy = offline.headers()["content-security-policy"] ?? "";
  expect(directive(offlinePolicy, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
  expect(directive(offlinePolicy, "script-src")).not.toContain("'unsafe-inline'");
});

test("logging in, chatting, answering, a dialog and pairing raise 0 CSP violations", async ({
  context,
  page,
}) => {
  const traps = await installTraps(context, page);
  await registerThroughUi(page);
  await chatWeatherAnswered(page);
  // A modal dialog adds a <style> tag (its scroll lock) that must carry the document's nonce,
  // here after client-side navigations that rendered the layout with newer ones.
  await renameConversation(page, "What's the weather tomorrow?", "Weather");

  await page.goto("/devices");
  await page.getByRole("button", { name: "Pair a phone" }).click();
  await expect(page.getByAltText("Pairing QR code")).toBeVisible();
  for (const path of ["/inbox", "/history", "/chat", "/pair?code=nope", "/webhook/decide?t=nope"]) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
  }
  expect(traps.cspViolations).toEqual([]);
  expect(traps.outsideRequests).toEqual([]);
});

/** Sends `method path` with the context's session cookie, once per foreign Origin. */
async function foreignStatuses(
  request: APIRequestContext,
  method: "POST" | "PUT" | "DELETE",
  path: string,
  data?: unknown,
): Promise<number[]> {
  const statuses: number[] = [];
  for (const origin of FOREIGN_ORIGINS) {
    const response = await request.fetch(path, {
      method,
      headers: { origin },
      ...(data === undefined ? {} : { data }),
    });
    statuses.push(response.status());
  }
  return statuses;
}

test("cookie-authenticated POSTs from a foreign or null Origin get 403 and change nothing", async ({
  context,
  page,
}) => {
  await registerThroughUi(page);
  const token = await sessionToken(context);
  const request = context.request;
  /**
   * The user's devices as an attack could change them (added, renamed, revoked); presence and
   * lastSeenAt move on their own while the page's socket connects, so they are left out.
   */
  const deviceList = async () =>
    DeviceListResponseSchema.parse(await (await request.get("/api/devices")).json()).devices.map(
      ({ id, name, kind, firstSeenAt }) => ({ id, name, kind, firstSeenAt }),
    );
  const client = await connectHubMcp(token);
  try {
    const held = await holdToolCalls(client, token, "send_inquiry", [{ prompt: "Ship it?" }]);
    const [inquiry] = (await (await request.get("/api/inquiries")).json()) as { id: string }[];
    const devicesBefore = await deviceList();
    const [device] = devicesBefore;
    const settingsBefore: unknown = await (await request.get("/api/settings")).json();

    const refused = [
      ...(await foreignStatuses(request, "POST", "/api/chat", {
        messages: [{ role: "user", content: "What's the weather tomorrow?" }],
      })),
      ...(await foreignStatuses(request, "POST", `/api/inquiries/${inquiry?.id ?? ""}/answer`, {
        action: "approve",
      })),
      ...(await foreignStatuses(request, "DELETE", `/api/devices/${device?.id ?? ""}`)),
      ...(await foreignStatuses(request, "POST", "/api/pairing")),
      ...(await foreignStatuses(request, "PUT", "/api/settings", { yolo: { enabled: true } })),
      ...(await foreignStatuses(request, "POST", "/api/auth/logout")),
    ];
    expect(refused).toEqual(refused.map(() => 403));

    expect(await pendingCount(token), "the inquiry is still pending").toBe(1);
    expect(await deviceList()).toEqual(devicesBefore);
    expect(await (await request.get("/api/settings")).json()).toEqual(settingsBefore);
    expect((await request.get("/api/me")).status(), "still logged in").toBe(200);

    // The same request from the app's own origin goes through: the refusals were the Origin.
    const own = await request.post(`/api/inquiries/${inquiry?.id ?? ""}/answer`, {
      headers: { origin: WEB_URL },
      data: { action: "answer", response: "yes" },
    });
    expect(own.status()).toBe(200);
    expect(await pendingCount(token)).toBe(0);
    await held.cancelAll();
  } finally {
    await client.close();
  }
});

test("the web relays only its allow-listed hub routes: 404 off the list, 405 a wrong method", async ({
  context,
  page,
}) => {
  await registerThroughUi(page);
  const request = context.request;
  const errorCode = async (response: APIResponse) =>
    ApiErrorBodySchema.parse(await response.json()).error.code;

  // Hub routes the web does not list, some of which the hub serves to this session's token.
  for (const path of ["/api/auth/me", "/api/nothing/here", "/api/agent-keys/k1/secret"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await errorCode(response), path).toBe("NOT_FOUND");
  }
  // An encoded slash stays inside the id: the hub is asked for an inquiry of that odd name.
  const traversal = await request.get("/api/inquiries/..%2Fauth%2Fme");
  expect(traversal.status()).toBe(404);
  expect(await errorCode(traversal)).toBe("NOT_FOUND");

  const wrongMethod = await request.delete("/api/settings", { headers: { origin: WEB_URL } });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()["allow"]).toBe("GET, PUT");
  expect(await errorCode(wrongMethod)).toBe("BAD_REQUEST");
  expect((await request.get("/api/settings")).status(), "the listed method works").toBe(200);
});
