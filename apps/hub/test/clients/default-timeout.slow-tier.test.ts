import { describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import { useClosedAfterTest } from "../support/closed-after-test";
import { meetLatePerson } from "./late-person";
import { runScriptedAgent } from "./scripted-agent";
import { connectSdkV1 } from "./sdk-clients";

/** The person answers after the SDK's real 60 s request timeout has passed. */
const PERSON_DELAY_MS = 70_000;

/**
 * The slow tier (`SLOW_TIER=1`, not part of `npm test`): an official SDK client left entirely at
 * its defaults, 60 s timeout included, and a person who takes 70 s. The hub must hand the call
 * back as pending before the client times out, so the agent never sees an error, and the
 * repeated call ends with the answer.
 */
describe.runIf(process.env.SLOW_TIER === "1")(
  "a default client and a person who takes 70 s",
  () => {
    const closeAfterTest = useClosedAfterTest();

    it("the SDK v1 Client at its real 60 s gets pending results, never a timeout, then the answer", async () => {
      const hub = closeAfterTest(await startTestHub());
      const late = await meetLatePerson(
        hub,
        { response: "Take your time" },
        {
          afterMs: PERSON_DELAY_MS,
        },
      );
      const agent = closeAfterTest(
        await connectSdkV1({ url: new URL("/mcp", hub.url), token: late.agentKey }),
      );

      const run = await runScriptedAgent(agent, "send_inquiry", { prompt: "Shall we wait?" });

      expect(run.final, JSON.stringify(run.turns)).toMatchObject({
        kind: "final",
        text: "Take your time",
      });
      const waits = run.turns.slice(0, -1);
      expect(waits.length).toBeGreaterThan(0);
      expect(waits.map((turn) => turn.kind)).toEqual(waits.map(() => "pending"));
      expect(late.phone.cardIds()).toHaveLength(1);
      expect((await late.record(late.phone.cardIds()[0] ?? "")).status).toBe("answered");
    }, 180_000);
  },
);
