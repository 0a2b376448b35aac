import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { PASSWORD, registerThroughUi, uniqueUsername } from "../support/accounts";

/** The error shown under `field`, which the field names as its description and marks invalid. */
async function expectFieldError(field: Locator, text: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(text);
}

/** Counts the requests the page sends to `path`, from now on. */
function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

test("sign-up with a short password says why under the field, in English, then in Chinese after a switch, and sends nothing", async ({
  page,
}) => {
  await page.goto("/login");
  const registrations = countRequests(page, "/api/auth/register");
  await page.getByLabel("Username").fill(uniqueUsername("short"));
  const password = page.getByLabel("Password");
  await password.fill("abc");
  await page.getByRole("button", { name: "Create account" }).click();

  await expectFieldError(password, "Password needs at least 8 characters.");
  await expect(password, "the field with the problem takes the focus").toBeFocused();
  await expect(page.getByText("Too small")).toHaveCount(0);

  await page.getByLabel("Language").selectOption("zh-CN");
  await expectFieldError(page.getByLabel("密码"), "密码至少需要 8 个字符。");
  expect(registrations(), "a request the hub would refuse is not sent").toBe(0);

  await page.getByLabel("密码").fill(PASSWORD);
  await expect(page.getByLabel("密码")).toHaveAttribute("aria-invalid", "false");
});

test.describe("in a Chinese browser", () => {
  test.use({ locale: "zh-CN" });

  test("the username's length and characters are explained in Chinese", async ({ page }) => {
    await page.goto("/login");
    const username = page.getByLabel("用户名");
    await username.fill("a!");
    await page.getByLabel("密码").fill("abc");
    await page.getByRole("button", { name: "创建账号" }).click();
    await expectFieldError(username, "用户名至少需要 3 个字符。");
    await expectFieldError(page.getByLabel("密码"), "密码至少需要 8 个字符。");

    await username.fill("名字!");
    await page.getByRole("button", { name: "登录" }).click();
    await expectFieldError(username, "用户名只能包含字母、数字以及“_”“.”“-”。");
  });
});

test("a field the hub refused is named under it in the page's words, never the validator's", async ({
  page,
}) => {
  await page.goto("/login");
  // The page checks first; a changed request stands for a hub whose limits moved ahead of it.
  await page.route("**/api/auth/register", (route) =>
    route.continue({
      postData: JSON.stringify({ username: uniqueUsername("refused"), password: "abc" }),
    }),
  );
  await page.getByLabel("Username").fill(uniqueUsername("refused"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expectFieldError(page.getByLabel("Password"), "Password: this value is not accepted.");
  await expect(page.getByText("Too small")).toHaveCount(0);
});

test("a wrong password is said in the page's language", async ({ page }) => {
  const username = await registerThroughUi(page);
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Language").selectOption("zh-CN");
  await page.getByLabel("用户名").fill(username);
  await page.getByLabel("密码").fill(`${PASSWORD}!`);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByTestId("error-message")).toHaveText("用户名或密码错误。");
});

test("an agent key without a name is explained under the field", async ({ page }) => {
  await registerThroughUi(page);
  await page.goto("/agent-keys");
  const name = page.getByLabel("Name");
  await name.fill("   ");
  await page.getByRole("button", { name: "Create key" }).click();
  await expectFieldError(name, "Name is required.");
  await expect(page.getByTestId("agent-key-secret")).toHaveCount(0);
});

test("the tab icon, the favicon and the app icons are served", async ({ page }) => {
  await page.goto("/login");
  const icons = page.locator('head link[rel~="icon"]');
  expect(await icons.count(), "the head links a tab icon").toBeGreaterThan(0);
  const linked = await page
    .locator('head link[rel~="icon"], head link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as {
    icons: { src: string }[];
  };
  const paths = ["/favicon.ico", ...linked, ...manifest.icons.map((icon) => icon.src)];
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/^image\//);
  }
});
