import type { RequestHandler } from "express";
import type { ModelProvider } from "../loop/model-provider";

/** A fixed creation time for the listed models; OpenAI clients only need a number. */
const MODELS_CREATED = 1_756_252_800;

/** `GET /v1/models`: the OpenAI list shape, one entry per configured model provider. */
export function createModelsHandler(models: ReadonlyMap<string, ModelProvider>): RequestHandler {
  return (_req, res) => {
    res.json({
      object: "list",
      data: [...models.keys()].map((id) => ({
        id,
        object: "model",
        created: MODELS_CREATED,
        owned_by: "inquiry-hub",
      })),
    });
  };
}
