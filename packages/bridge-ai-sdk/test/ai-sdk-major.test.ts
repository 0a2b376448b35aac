import aiPackage from "ai/package.json" with { type: "json" };
import { expect, inject, it } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The major of `ai` the project's tests are meant to run on. */
    aiSdkMajor: number;
  }
}

it("runs on the AI SDK major its project names", () => {
  expect(Number(aiPackage.version.split(".")[0])).toBe(inject("aiSdkMajor"));
});
