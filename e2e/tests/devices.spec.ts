import { devices, expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { logInThroughUi, registerThroughUi } from "../support/accounts";

/** A desktop browser of its own (Desktop Chrome on Windows, as the project's default). */
async function newDesktop(browser: Browser, colorScheme: "light" | "dark" = "light") {
  return (await browser.newContext({ colorScheme })).newPage();
}

function deviceRow(page: Page, name: string) {
  return page
    .getByTestId("device-row")
    .filter({ has: page.getByTestId("device-name").getByText(name, { exact: true }) });
}

/** The page scrolls sideways by nothing: every row, badge and link fits the viewport. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("two desktops get distinct default names, and a rename on one shows on the other", async ({
  browser,
}) => {
  const first = await newDesktop(browser);
  const username = await registerThroughUi(first);
  const second = await newDesktop(browser);
  await logInThroughUi(second, username);

  await second.goto("/devices");
  await expect(second.getByTestId("device-row")).toHaveCount(2);
  await expect(second.getByTestId("device-name")).toHaveText([
    "Chrome on Windows",
    "Chrome on Windows 2",
  ]);
  await expect(deviceRow(second, "Chrome on Windows 2")).toContainText("This device");

  await first.goto("/devices");
  await first.getByRole("button", { name: "Actions for Chrome on Windows 2" }).click();
  await first.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = first.getByRole("dialog", { name: "Rename device" });
  const field = dialog.getByLabel("Name");
  await expect(field).toHaveValue("Chrome on Windows 2");
  await field.fill("   ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Give the device a name.");
  await field.fill("x".repeat(61));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "A device name can have at most 60 characters.",
  );
  // Cancelled, the dialog opens next time on the device's name again, with no complaint.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await first.getByRole("button", { name: "Actions for Chrome on Windows 2" }).click();
  await first.getByRole("menuitem", { name: "Rename" }).click();
  await expect(field).toHaveValue("Chrome on Windows 2");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await field.fill("  Work laptop ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(deviceRow(first, "Work laptop")).toHaveCount(1);
  await expect(first.getByRole("button", { name: "Actions for Work laptop" })).toBeFocused();

  // The other browser lists the new name on its next refresh, and knows it is itself.
  await expect(deviceRow(second, "Work laptop")).toContainText("This device");
  await expect(deviceRow(second, "Work laptop")).toContainText("Online");
});

test("the pair page names the account; after pairing the panel says who used the code", async ({
  browser,
}) => {
  const desktop = await newDesktop(browser);
  const username = await registerThroughUi(desktop);
  await desktop.goto("/devices");
  // The suite serves the web app on a loopback address, as plain `npm start` does.
  const lanNote = desktop.getByTestId("pairing-trust");
  await expect(lanNote).toContainText("A phone cannot open this link yet");
  await expect(lanNote).toContainText("npm start -- --lan");

  await desktop.getByRole("button", { name: "Pair a phone" }).click();
  await expect(desktop.getByAltText("Pairing QR code")).toBeVisible();
  await expect(desktop.getByTestId("pairing-state")).toHaveText("Waiting for your phone…");
  await expect(desktop.getByTestId("pairing-countdown")).toContainText(/Code valid for \d+:\d\d/);
  const link = (await desktop.getByTestId("pairing-link").getAttribute("href")) ?? "";
  expect(link).toMatch(/\/pair\?code=/);

  const phone = await (await browser.newContext({ ...devices["Pixel 7"] })).newPage();
  await phone.goto(link);
  await expect(
    phone.getByRole("heading", { name: `Pair this device with ${username}'s Inquiry Hub` }),
  ).toBeVisible();
  await phone.getByLabel("Device name").fill("Pixel 7");
  await phone.getByRole("button", { name: "Log in on this device" }).click();
  await expect(phone).toHaveURL(/\/inbox/);

  await expect(desktop.getByTestId("pairing-state")).toHaveText(
    "Used by Pixel 7 — pair another phone with a new code.",
  );
  await expect(desktop.getByTestId("pairing-link")).toHaveCount(0);
  await expect(deviceRow(desktop, "Pixel 7")).toContainText("Phone");

  // The same link opened again, elsewhere: it says it was used, and names nobody.
  const late = await (await browser.newContext()).newPage();
  await late.goto(link);
  await expect(
    late.getByRole("heading", { name: "This pairing code was already used" }),
  ).toBeVisible();
  await expect(late.getByRole("main")).not.toContainText(username);
  await expect(late.getByRole("button", { name: "Log in on this device" })).toHaveCount(0);

  await desktop.getByRole("button", { name: "Pair another" }).click();
  await expect(desktop.getByTestId("pairing-state")).toHaveText("Waiting for your phone…");
  const next = (await desktop.getByTestId("pairing-link").getAttribute("href")) ?? "";
  expect(next).not.toBe(link);

  await late.goto("/pair?code=made-up");
  await expect(late.getByRole("heading", { name: "This pairing link is not valid" })).toBeVisible();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`devices and pair pages at desktop and phone size, ${colorScheme}`, async ({
    browser,
  }, testInfo) => {
    const desktop = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme })
    ).newPage();
    const username = await registerThroughUi(desktop);
    const phone = await (
      await browser.newContext({ ...devices["Pixel 7"], colorScheme })
    ).newPage();
    await logInThroughUi(phone, username);

    for (const [size, page] of [
      ["desktop", desktop],
      ["phone", phone],
    ] as const) {
      await page.goto("/devices");
      await expect(page.getByTestId("device-row")).toHaveCount(2);
      await page.getByRole("button", { name: "Pair a phone" }).click();
      await expect(page.getByAltText("Pairing QR code")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`devices-${size}-${colorScheme}.png`),
        fullPage: true,
      });
    }

    const link = (await desktop.getByTestId("pairing-link").getAttribute("href")) ?? "";
    for (const [size, options] of [
      ["desktop", { viewport: { width: 1280, height: 800 } }],
      ["phone", devices["Pixel 7"]],
    ] as const) {
      const page = await (await browser.newContext({ ...options, colorScheme })).newPage();
      await page.goto(link);
      await expect(page.getByRole("heading", { name: /Pair this device with/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`pair-${size}-${colorScheme}.png`) });
    }
  });
}
