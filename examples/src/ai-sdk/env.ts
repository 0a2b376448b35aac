import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

const MISSING_AGENT_KEY =
  "HUB_AGENT_KEY is required: create an agent key in the web app on the Agent keys page (http://localhost:3000/agent-keys)";

const EnvSchema = z.object({
  HUB_MCP_URL: z.url().default("http://127.0.0.1:4000/mcp"),
  HUB_AGENT_KEY: z.string({ error: MISSING_AGENT_KEY }).min(1, { error: MISSING_AGENT_KEY }),
  STATE_DIR: z.string().min(1).default(join(tmpdir(), "inquiry-hub-ai-sdk-example")),
});

/** Where the hub is, the agent key, and the folder the conversation survives restarts in. */
export type ExampleEnv = z.infer<typeof EnvSchema>;

/** The example's settings from `source`, or one line per problem for the person running it. */
export function parseEnv(
  source: Record<string, string | undefined>,
): { env: ExampleEnv } | { problems: string[] } {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return { env: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
  };
}

/** The only place the example reads process.env; exits with the reasons when it is unusable. */
export function readEnv(): ExampleEnv {
  const parsed = parseEnv(process.env);
  if ("env" in parsed) return parsed.env;
  for (const problem of parsed.problems) console.error(problem);
  process.exit(1);
}
