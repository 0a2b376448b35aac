import { expect, test } from "@playwright/test";
import { registerThroughUi, sendChatMessage } from "../support/accounts";
import { installTraps } from "../support/browser-traps";

test("probe: style-src 'self' only", async ({ context, page }) => {
  await context.route(
    (url) => url.port === "3300" && !url.pathname.startsWith("/_next") && !url.pathname.startsWith("/api"),
    async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      const policy = headers["content-security-policy"];
      if (policy !== undefined)
        headers["content-security-policy"] = policy.replace("style-src 'self' 'unsafe-inline'", "style-src 'self'");
      await route.fulfill({ response, headers });
    },
  );
  const traps = await installTraps(context, page);
  await registerThroughUi(page);
  await sendChatMessage(page, "What's the weather tomorrow?");
  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await card.getByLabel("Your answer").fill("Hangzhou");
  await card.getByRole("button", { name: "Answer", exact: true }).click();
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");
  await sendChatMessage(page, "save a note saying hello to notes.txt");
  await expect(page.getByTestId("approval-card")).toBeVisible();
  await page.goto("/devices");
  await page.getByRole("button", { name: "Pair a phone" }).click();
  await expect(page.getByAltText("Pairing QR code")).toBeVisible();
  for (const path of ["/inbox", "/history", "/chat"]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
  }
  console.log("VIOLATIONS", JSON.stringify(traps.cspViolations));
});
