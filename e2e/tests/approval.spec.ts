import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { registerThroughUi, sendChatMessage } from "../support/accounts";
import { E2E_SANDBOX_DIR } from "../support/sandbox";
import { pairPhone } from "../support/second-device";

/**
 * Each test writes (or must not write) its own file in the shared demo sandbox, so tests of
 * other files running at the same time never see it.
 */
const APPROVED_NOTE = "approved-on-phone.txt";
const REFUSED_NOTE = "refused-on-desktop.txt";
const EDITED_NOTE = "edited-before-approval.txt";

/** Removes what an earlier run left of the sandbox file. */
async function removeNote(name: string): Promise<void> {
  await rm(path.join(E2E_SANDBOX_DIR, name), { force: true });
}

/** The sandbox file's content, or undefined while it does not exist. */
async function noteContent(name: string): Promise<string | undefined> {
  return readFile(path.join(E2E_SANDBOX_DIR, name), "utf8").catch(() => undefined);
}

test("a tool call approved on the phone runs, and the agent says the file was saved", async ({
  browser,
}) => {
  await removeNote(APPROVED_NOTE);
  const desktop = await (await browser.newContext()).newPage();
  await registerThroughUi(desktop);
  const phone = await pairPhone(browser, desktop);

  await desktop.goto("/chat");
  await sendChatMessage(desktop, `save a note saying hello to ${APPROVED_NOTE}`);

  const phoneCard = phone.getByTestId("approval-card");
  await expect(phoneCard.getByTestId("approval-tool")).toHaveText("write_file");
  await expect(phoneCard).toContainText(`Write ${APPROVED_NOTE} in the demo sandbox?`);
  await expect(phoneCard.getByRole("row", { name: /content/ })).toContainText("hello");
  await expect(desktop.getByTestId("approval-card")).toBeVisible();
  expect(await noteContent(APPROVED_NOTE)).toBeUndefined();

  await phoneCard.getByRole("button", { name: "Approve" }).click();

  await expect(phoneCard).toHaveCount(0);
  await expect(desktop.getByTestId("approval-card")).toHaveCount(0);
  await expect(desktop.getByTestId("inquiry-closed")).toBeVisible();
  await expect(desktop.getByTestId("assistant-message").last()).toContainText(
    `Saved the file ${APPROVED_NOTE} with the content "hello"`,
  );
  await expect.poll(() => noteContent(APPROVED_NOTE)).toBe("hello");
});

test("an edited approval says exactly what Approve will send, and the tool runs with the edit", async ({
  page,
}) => {
  await removeNote(EDITED_NOTE);
  await registerThroughUi(page);
  await sendChatMessage(page, `save a note saying hello to ${EDITED_NOTE}`);

  const card = page.getByTestId("approval-card");
  await card.getByRole("button", { name: "Edit" }).click();
  // While editing, the one approve button is the edited one; nothing changed yet, it waits.
  await expect(card.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  const approveEdited = card.getByRole("button", { name: "Approve with these changes" });
  await expect(approveEdited).toBeDisabled();

  await card.getByLabel("content", { exact: true }).fill("hello, edited");
  const preview = card.getByTestId("approval-preview");
  await expect(preview).toContainText("Approve will send");
  const content = preview.getByRole("row", { name: /^content/ });
  await expect(content).toHaveAttribute("data-changed", "true");
  await expect(content).toContainText("hello, edited");
  await expect(content).toContainText("was: hello");
  const unchanged = preview.getByRole("row", { name: /^path/ });
  await expect(unchanged).toHaveAttribute("data-changed", "false");
  await expect(unchanged).toContainText(EDITED_NOTE);

  await approveEdited.click();
  await expect(card).toHaveCount(0);
  await expect.poll(() => noteContent(EDITED_NOTE)).toBe("hello, edited");
});

test("a refused edit shows the hub's reason in view and keeps the card open; rejecting runs nothing", async ({
  page,
}) => {
  await removeNote(REFUSED_NOTE);
  await registerThroughUi(page);
  await sendChatMessage(page, `save a note saying hello to ${REFUSED_NOTE}`);

  const card = page.getByTestId("approval-card");
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("path", { exact: true }).fill("");
  await card.getByRole("button", { name: "Approve with these changes" }).click();
  const refusal = card.getByTestId("error-message");
  await expect(refusal).toHaveText("This can't be empty.");
  await expect(card.getByLabel("path", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(card).toBeVisible();
  // The reason is on screen and above the message box, not under it.
  await expect(refusal).toBeInViewport({ ratio: 1 });
  const refusalBox = await refusal.boundingBox();
  const composerBox = await page.getByLabel("Message").boundingBox();
  expect((refusalBox?.y ?? 0) + (refusalBox?.height ?? 0)).toBeLessThanOrEqual(composerBox?.y ?? 0);

  await card.getByRole("button", { name: "Cancel edit" }).click();
  await expect(card.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
  await card.getByLabel("Reason").fill("not today");
  await card.getByRole("button", { name: "Reject" }).click();

  await expect(card).toHaveCount(0);
  await expect(page.getByTestId("inquiry-closed")).toBeVisible();
  const reply = page.getByTestId("assistant-message").last();
  await expect(reply).toContainText("The person refused");
  await expect(reply).toContainText('"not today"');
  expect(await noteContent(REFUSED_NOTE)).toBeUndefined();
});
