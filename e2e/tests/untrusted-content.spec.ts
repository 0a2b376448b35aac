import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { registerThroughUi } from "../support/accounts";
import { installTraps } from "../support/browser-traps";
import type { TrapCounts } from "../support/browser-traps";
import { sessionToken } from "../support/channels";
import { connectHubMcp, holdToolCalls, pendingCount } from "../support/hub-mcp";
import { pagesOf, xssCorpus } from "../support/xss-corpus";

/** Cards per inbox page: the corpus is rendered in a few pages of this size. */
const PAGE_SIZE = 100;

/** How long a rendered approval is watched for an answer nobody gave (asserting absence). */
const UNTOUCHED_MS = 3_000;

/** Elements and attributes markdown from a model must never produce inside a card. */
const FORBIDDEN =
  "script, iframe, frame, object, embed, img, picture, source, svg, math, style, link, " +
  "meta, base, form, input, video, audio, details, noscript, [style], [srcdoc], [srcset]";

/**
 * What rendered markdown in `page` holds that it must not: forbidden elements, `on*`
 * attributes and links to anything but http(s)/mailto. Checked on the DOM so a renderer bug
 * fails here even when the CSP would have stopped the script anyway.
 */
function unsafeMarkup(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots, forbidden) => {
    const found: string[] = [];
    for (const root of roots) {
      for (const element of Array.from(root.querySelectorAll("*"))) {
        if (element.matches(forbidden)) found.push(element.outerHTML.slice(0, 120));
        for (const attribute of Array.from(element.attributes)) {
          if (attribute.name.toLowerCase().startsWith("on")) found.push(attribute.name);
        }
        const href = element.getAttribute("href");
        if (href !== null && !/^(https?:|mailto:)/i.test(href)) found.push(`href ${href}`);
      }
    }
    return found;
  }, FORBIDDEN);
}

function expectNothingRan(traps: TrapCounts): void {
  expect(traps.xssHits, "payload scripts run").toBe(0);
  expect(traps.dialogs, "dialogs opened").toBe(0);
  expect(traps.outsideRequests, "requests to outside hosts").toEqual([]);
  expect(traps.cspViolations, "CSP violations").toEqual([]);
}

/**
 * The corpus in pages of PAGE_SIZE, a test each: every page is shown to its own person on one
 * inbox, so the pages render side by side on the suite's workers. Every payload runs through
 * the same checks wherever its page lands.
 */
const CORPUS = xssCorpus();

for (const batch of pagesOf(CORPUS, PAGE_SIZE)) {
  const first = batch[0]?.id ?? -1;
  const last = batch.at(-1)?.id ?? -1;
  test(`hostile questions ${first}–${last} of ${CORPUS.length} render on the inbox with 0 script runs and 0 outside requests`, async ({
    context,
    page,
  }) => {
    const traps = await installTraps(context, page);
    await registerThroughUi(page);
    const token = await sessionToken(context);
    const client = await connectHubMcp(token);
    try {
      // Every fifth payload also rides in the options and the suggested answer.
      const held = await holdToolCalls(
        client,
        token,
        "send_inquiry",
        batch.map(({ id, markdown }) => ({
          prompt: markdown,
          ...(id % 5 === 0
            ? { options: [markdown.slice(0, 500)], suggested_answer: markdown }
            : {}),
        })),
      );
      await page.goto("/inbox");
      await expect(page.getByTestId("inquiry-card")).toHaveCount(batch.length);
      for (const id of [first, last]) {
        await expect(page.getByText(`payload ${id}`, { exact: true })).toBeVisible();
      }
      expect(await unsafeMarkup(page, '[data-testid="inquiry-question"]')).toEqual([]);
      await held.cancelAll();
    } finally {
      await client.close();
    }
    expectNothingRan(traps);
    console.log(
      `untrusted content: payloads ${first}–${last} on /inbox, ` +
        `${traps.xssHits + traps.dialogs} script executions, ` +
        `${traps.outsideRequests.length} outside requests, ` +
        `${traps.cspViolations.length} CSP violations`,
    );
  });
}

test("an approval carrying hostile arguments is not answered until a person clicks", async ({
  context,
  page,
}) => {
  const traps = await installTraps(context, page);
  await registerThroughUi(page);
  const token = await sessionToken(context);
  const client = await connectHubMcp(token, "/proxy/demo/mcp");
  try {
    // The path lands in the policy's description ("Write {args.path} in the demo sandbox?").
    const held = await holdToolCalls(client, token, "write_file", [
      {
        path: "notes-[x](javascript:__xss())<img src=x onerror=alert(1)>.txt",
        content: `<script>__xss()</script>![b](http://evil.example/a.png)`,
      },
    ]);
    await page.goto("/inbox");
    const card = page.getByTestId("approval-card");
    await expect(card).toContainText("<img src=x onerror=alert(1)>");
    expect(
      await unsafeMarkup(
        page,
        '[data-testid="approval-description"], [data-testid="approval-arguments"]',
      ),
    ).toEqual([]);

    const watchedUntil = Date.now() + UNTOUCHED_MS;
    while (Date.now() < watchedUntil) {
      expect(await pendingCount(token), "still pending without a click").toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    await card.getByRole("button", { name: "Reject" }).click();
    await expect(card).toHaveCount(0);
    await expect.poll(() => pendingCount(token)).toBe(0);
    await held.cancelAll();
  } finally {
    await client.close();
  }
  expectNothingRan(traps);
});
