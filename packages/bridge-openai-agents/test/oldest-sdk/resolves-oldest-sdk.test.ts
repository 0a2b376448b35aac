import * as imported from "@openai/agents";
import * as oldest from "agents-v014";
import { describe, expect, it } from "vitest";

/**
 * Runs only in the `integration-agents-0.14` project: proves that there `@openai/agents` (as
 * the bridge and the tests import it) is the 0.14.3 install, so the project's other tests
 * really exercise the oldest SDK of the peer range rather than the hoisted current one.
 */
describe("the oldest-SDK project", () => {
  it("imports @openai/agents as 0.14.3", () => {
    expect(imported.RunState).toBe(oldest.RunState);
    expect(imported.Agent).toBe(oldest.Agent);
  });
});
