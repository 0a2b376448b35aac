import { expect, test } from "@playwright/test";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import { PASSWORD, logInThroughUi, registerThroughUi, sendChatMessage } from "../support/accounts";
import { callHubApi, resignLinkToken, sessionToken } from "../support/channels";

/** The URL of the Slack-style link `<url|label>` in a message text. */
function linkOf(text: string, label: string): string {
  const match = new RegExp(`<([^|>]+)\\|${label}>`).exec(text);
  expect(match?.[1], `a "${label}" link in: ${text}`).toBeDefined();
  return match?.[1] ?? "";
}

test("an approval link from the webhook resolves the call once, after a login and a POST confirmation", async ({
  page,
  browser,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const token = await sessionToken(page.context());
    const configured = await callHubApi("/api/channels/webhook", {
      method: "PUT",
      token,
      body: { url: new URL("/slack", receiver.url).toString(), kind: "slack" },
    });
    expect(configured.status).toBe(200);

    await sendChatMessage(page, "save a note saying hello to notes.txt");
    await expect(page.getByTestId("approval-card")).toBeVisible();
    const [message] = await receiver.waitForCount(1, 15_000);
    const text = (JSON.parse(message?.body.toString() ?? "{}") as { text: string }).text;
    expect(text).toContain("Write notes.txt");
    const approveUrl = linkOf(text, "Approve");
    expect(approveUrl.startsWith(`${new URL(page.url()).origin}/webhook/decide?t=`)).toBe(true);
    const inquiryId = /\/inbox#([\w-]+)/.exec(text)?.[1] ?? "";
    const status = async () => {
      const response = await callHubApi(`/api/inquiries/${inquiryId}`, { token });
      return ((await response.json()) as { status: string }).status;
    };

    const phone = await (await browser.newContext()).newPage();
    const linkToken = new URL(approveUrl).searchParams.get("t") ?? "";
    const withoutSession = await phone.request.post("/api/webhook-decisions", {
      data: { token: linkToken },
    });
    expect(withoutSession.status()).toBe(401);
    expect(await status()).toBe("pending");

    // The link asks for the person first, then brings them back to confirm.
    await phone.goto(approveUrl);
    await expect(phone).toHaveURL(/\/login\?next=/);
    await phone.getByLabel("Username").fill(username);
    await phone.getByLabel("Password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Log in" }).click();
    await expect(phone).toHaveURL(/\/webhook\/decide\?t=/);
    await expect(phone.getByTestId("webhook-question")).toContainText("Write notes.txt");
    await expect(phone.getByRole("button", { name: "Confirm: Approve" })).toBeVisible();
    expect(await status()).toBe("pending");

    await phone.getByRole("button", { name: "Confirm: Approve" }).click();
    await expect(phone.getByTestId("webhook-decision-result")).toContainText("answered");
    expect(await status()).toBe("answered");
    await expect(page.getByTestId("approval-card")).toHaveCount(0);

    const history = await callHubApi(`/api/history/${inquiryId}`, { token });
    const { audit } = (await history.json()) as { audit: { to: string; byDeviceName: string }[] };
    expect(audit.map((entry) => entry.to)).toEqual(["pending", "answered"]);
    expect(audit[1]?.byDeviceName).toBe("Webhook link");

    await phone.goto(approveUrl);
    await expect(phone.getByTestId("webhook-decision-error")).toContainText("already resolved");
    const reused = await phone.request.post("/api/webhook-decisions", {
      data: { token: linkToken },
    });
    expect(reused.status()).toBe(409);

    const [, update] = await receiver.waitForCount(2, 15_000);
    expect((JSON.parse(update?.body.toString() ?? "{}") as { text: string }).text).toContain(
      "Resolved: answered on Webhook link",
    );
  } finally {
    await receiver.close();
  }
});

test("expired and tampered links are refused and change nothing", async ({ page, browser }) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const token = await sessionToken(page.context());
    await callHubApi("/api/channels/webhook", {
      method: "PUT",
      token,
      body: { url: new URL("/slack", receiver.url).toString(), kind: "slack" },
    });
    await sendChatMessage(page, "save a note saying hello to notes.txt");
    const [message] = await receiver.waitForCount(1, 15_000);
    const text = (JSON.parse(message?.body.toString() ?? "{}") as { text: string }).text;
    const approveUrl = new URL(linkOf(text, "Approve"));
    const linkToken = approveUrl.searchParams.get("t") ?? "";
    const phone = await (await browser.newContext()).newPage();
    await logInThroughUi(phone, username);

    const expired = new URL(approveUrl);
    expired.searchParams.set("t", resignLinkToken(linkToken, { e: Date.now() - 1_000 }));
    await phone.goto(expired.toString());
    await expect(phone.getByTestId("webhook-decision-error")).toContainText("expired");
    await expect(phone.getByTestId("webhook-decision-error")).toContainText("(400)");

    const [payload = "", signature = ""] = linkToken.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...claims, d: { action: "reject" } })).toString(
      "base64url",
    );
    const tampered = new URL(approveUrl);
    tampered.searchParams.set("t", `${forged}.${signature}`);
    await phone.goto(tampered.toString());
    await expect(phone.getByTestId("webhook-decision-error")).toContainText("not valid");
    const posted = await phone.request.post("/api/webhook-decisions", {
      data: { token: `${forged}.${signature}` },
    });
    expect(posted.status()).toBe(400);

    await expect(page.getByTestId("approval-card")).toBeVisible();
  } finally {
    await receiver.close();
  }
});
