import "server-only";
import { DEMO_MODEL_ID } from "@inquiry-hub/protocol";
import { z } from "zod";
import { joinUrl } from "../env";

/** How long the agent's model list is trusted before it is asked again. */
const MODEL_LIST_TTL_MS = 60_000;

const ModelListSchema = z.object({
  data: z.array(z.object({ id: z.string().min(1) })),
});

let cached: { model: string; fetchedAt: number } | undefined;

/**
 * The model the chat uses: the first one the agent lists. The agent lists a configured real
 * model (OPENAI_API_KEY) before its demo model, so the chat follows the agent's configuration
 * without a setting of its own. Falls back to the demo model (`DEMO_MODEL_ID`) when the list can't be read; the
 * chat request itself then reports why the agent is unreachable.
 */
export async function chooseAgentModel(agentUrl: string): Promise<string> {
  if (cached !== undefined && Date.now() - cached.fetchedAt < MODEL_LIST_TTL_MS) {
    return cached.model;
  }
  try {
    const response = await fetch(joinUrl(agentUrl, "/v1/models"));
    const list = ModelListSchema.safeParse(await response.json());
    const model = list.success ? list.data.data[0]?.id : undefined;
    if (model === undefined) return DEMO_MODEL_ID;
    cached = { model, fetchedAt: Date.now() };
    return model;
  } catch {
    return DEMO_MODEL_ID;
  }
}
