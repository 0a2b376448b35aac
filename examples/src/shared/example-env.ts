import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

const MISSING_AGENT_KEY =
  "is not set: create an agent key in the web app (Agent keys in the menu, " +
  "http://localhost:3000/agent-keys) and start the example with HUB_AGENT_KEY=ihk_…";

/** The environment every example reads; `STATE_DIR` defaults per example (see readExampleEnv). */
const EnvSchema = z.object({
  HUB_MCP_URL: z
    .url({ error: "must be a URL such as http://127.0.0.1:4000/mcp" })
    .default("http://127.0.0.1:4000/mcp"),
  HUB_AGENT_KEY: z.string({ error: MISSING_AGENT_KEY }).min(1, { error: MISSING_AGENT_KEY }),
  STATE_DIR: z.string().min(1).optional(),
});

/** What an example is configured with; the only place the examples read the environment. */
export interface ExampleEnv {
  /** The hub's MCP endpoint (`npm start` serves it on port 4000). */
  mcpUrl: URL;
  agentKey: string;
  /** Where the waiting run's state is kept (checkpoints, run state, messages), so a restart resumes it. */
  stateDir: string;
}

/**
 * Reads and checks the environment of the example `name` (its default state folder is
 * `<temp>/inquiry-hub-<name>-example`); throws an error whose message says what to set.
 */
export function readExampleEnv(name: string, env: NodeJS.ProcessEnv = process.env): ExampleEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("\n"),
    );
  return {
    mcpUrl: new URL(parsed.data.HUB_MCP_URL),
    agentKey: parsed.data.HUB_AGENT_KEY,
    stateDir: parsed.data.STATE_DIR ?? join(tmpdir(), `inquiry-hub-${name}-example`),
  };
}
