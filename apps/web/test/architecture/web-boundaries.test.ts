import { loadBoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import type { BoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The web app's boundary rules live in eslint/web-boundaries.mjs; each case lints a made-up
 * file with the repository's config as if it stood at the path given, so a rule that is
 * dropped, loosened or no longer matches its folders fails here.
 */
describe("architecture: the web app's import rules (eslint/web-boundaries.mjs)", () => {
  let linter: BoundaryLinter;
  beforeAll(async () => {
    linter = await loadBoundaryLinter("apps/web/features/chat/index.ts");
  }, 90_000);

  const lint = (code: string, file: string): Promise<string[]> => linter.lint(code, file);

  it("refuses a deep import into another feature, saying how to import it", async () => {
    const messages = await lint(
      'import { useHubConnection } from "@/features/live/live-context";\n\nexport const use = useHubConnection;\n',
      "apps/web/features/chat/boundary-fixture.ts",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(
      "no-restricted-imports: '@/features/live/live-context' import is restricted",
    );
    expect(messages[0]).toContain("through its public face, `@/features/<name>`");
  });

  it("refuses climbing into another feature with ../, even to its index", async () => {
    const messages = await lint(
      [
        'import { useHubConnection } from "../live";',
        'import type { AnswerOutcome } from "../live/answer-inquiry";',
        "",
        "export const use = useHubConnection;",
        "export type Outcome = AnswerOutcome;",
        "",
      ].join("\n"),
      "apps/web/features/inbox/boundary-fixture.tsx",
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain("'../live' import is restricted");
    expect(messages[1]).toContain("'../live/answer-inquiry' import is restricted");
  });

  it("refuses a feature importing its own index", async () => {
    const messages = await lint(
      'import { ChatView } from "@/features/chat";\n\nexport const View = ChatView;\n',
      "apps/web/features/chat/boundary-fixture.tsx",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("imports its own files relatively");
  });

  it("refuses a route or page importing a file inside a feature", async () => {
    const messages = await lint(
      'export { InboxView as default } from "@/features/inbox/inbox-view";\n',
      "apps/web/app/(signed-in)/inbox/boundary-fixture.tsx",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("'@/features/inbox/inbox-view' import is restricted");
  });

  it("refuses a route handler importing a feature, even by its face", async () => {
    const messages = await lint(
      'import { fetchHistoryDetail } from "@/features/history";\n\nexport const GET = fetchHistoryDetail;\n',
      "apps/web/app/api/history/boundary-fixture.ts",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("a route handler answers on the server without React");
  });

  it("refuses lib importing a feature", async () => {
    const messages = await lint(
      'import { useT } from "@/features/i18n";\n\nexport const t = useT;\n',
      "apps/web/lib/boundary-fixture.ts",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("lib/ is what features and routes build on");
  });

  it("refuses browser code importing a server module, by alias or by path", async () => {
    const fromFeature = await lint(
      'import { readToken } from "@/lib/server/session";\n\nexport const read = readToken;\n',
      "apps/web/features/settings/boundary-fixture.ts",
    );
    expect(fromFeature).toHaveLength(1);
    expect(fromFeature[0]).toContain("'@/lib/server/session' import is restricted");
    expect(fromFeature[0]).toContain("browser code imports no server module");
    const fromClient = await lint(
      'import { readEnv } from "../env";\nimport { fetchHub } from "../server/hub-fetch";\n\nexport const parts = [readEnv, fetchHub];\n',
      "apps/web/lib/client/boundary-fixture.ts",
    );
    expect(fromClient).toHaveLength(2);
    expect(fromClient[1]).toContain("'../server/hub-fetch' import is restricted");
  });

  it("refuses server code using the browser's client, and lets it use the server's modules", async () => {
    const messages = await lint(
      'import { requestJson } from "@/lib/client/api-client";\n\nexport const request = requestJson;\n',
      "apps/web/lib/server/boundary-fixture.ts",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("server code does not use the browser's client");
    const server = [
      'import { readEnv } from "../env";',
      'import { fetchHub } from "./hub-fetch";',
      "",
      "export const parts = [readEnv, fetchHub];",
      "",
    ].join("\n");
    expect(await lint(server, "apps/web/lib/server/boundary-fixture.ts")).toEqual([]);
  });

  it("passes a feature that imports others by their faces and itself relatively", async () => {
    const code = [
      'import { useT } from "@/features/i18n";',
      'import { useHubConnection } from "@/features/live";',
      'import { queryKeys } from "@/lib/client/query-keys";',
      'import { cardAvailability } from "./card-availability";',
      "",
      "export const parts = [useT, useHubConnection, queryKeys, cardAvailability];",
      "",
    ].join("\n");
    expect(await lint(code, "apps/web/features/chat/boundary-fixture.ts")).toEqual([]);
  });
});
