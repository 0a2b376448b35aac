import { randomBytes } from "node:crypto";
import { AuthResponseSchema, CreatedAgentKeySchema } from "@inquiry-hub/protocol";
import { postJson } from "@inquiry-hub/test-kit";

/**
 * Registers a fresh person on the hub and mints an agent key for them: the credential an MCP
 * client of the hub holds in real use (`POST /api/agent-keys`), not the person's device token,
 * which an agent is never given.
 */
export async function mintAgentKey(hubUrl: URL): Promise<string> {
  const person = AuthResponseSchema.parse(
    await postJson(new URL("/api/auth/register", hubUrl), {
      username: `conformance-${randomBytes(4).toString("hex")}`,
      password: randomBytes(16).toString("base64url"),
    }),
  );
  const created = CreatedAgentKeySchema.parse(
    await postJson(
      new URL("/api/agent-keys", hubUrl),
      { name: "conformance runner" },
      person.token,
    ),
  );
  return created.secret;
}
