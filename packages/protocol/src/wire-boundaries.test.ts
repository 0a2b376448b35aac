import { loadBoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import type { BoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The wire rules live in eslint/protocol-boundaries.mjs; each case lints a made-up file with
 * the repository's config as if it stood in a wire folder, so a rule that is dropped, loosened
 * or no longer matches its folder fails here.
 */
describe("architecture: the protocol's wires meet only through their index", () => {
  let linter: BoundaryLinter;
  beforeAll(async () => {
    linter = await loadBoundaryLinter("packages/protocol/src/index.ts");
  }, 90_000);

  it.each([
    {
      what: "a wire importing a file inside another wire",
      file: "packages/protocol/src/socket/boundary-fixture.ts",
      importLine: 'import { ErrorCodeSchema as imported } from "../hub-http/errors";',
      why: "never a file inside it",
    },
    {
      what: "a wire importing the package root",
      file: "packages/protocol/src/mcp/boundary-fixture.ts",
      importLine: 'import { InquirySchema as imported } from "..";',
      why: "a wire never imports the package root",
    },
    {
      what: "a wire importing its own package by name",
      file: "packages/protocol/src/agent-runs/boundary-fixture.ts",
      importLine: 'import { ReplyPartSchema as imported } from "@inquiry-hub/protocol/hub-http";',
      why: "nor its own package by name",
    },
    {
      what: "the inquiry model importing another wire",
      file: "packages/protocol/src/inquiry/boundary-fixture.ts",
      importLine: 'import { ErrorCodeSchema as imported } from "../hub-http";',
      why: "it imports none of them",
    },
  ])("refuses $what, saying why", async ({ file, importLine, why }) => {
    const messages = await linter.lintImport(importLine, file);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("no-restricted-imports");
    expect(messages[0]).toContain(why);
  });

  it("passes a wire importing another through its index", async () => {
    const file = "packages/protocol/src/socket/boundary-fixture.ts";
    const importLine = 'import { ErrorCodeSchema as imported } from "../hub-http";';
    expect(await linter.lintImport(importLine, file)).toEqual([]);
  });
});
