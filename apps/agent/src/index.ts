export { createAgentServer } from "./app";
export type { AgentConfig, AgentServer } from "./app";
export { CITY_QUESTION, createDemoModel, decideDemoStep } from "./llm/demo-model";
/** The demo model's id, as listed by `GET /v1/models`; defined once in the protocol. */
export { DEMO_MODEL_ID } from "@inquiry-hub/protocol";
export { TOOL_ERROR_PREFIX } from "./loop/model-provider";
export { createOpenAiProvider } from "./llm/openai-provider";
export type { OpenAiProviderConfig } from "./llm/openai-provider";
export { DEFAULT_SYSTEM_PROMPT } from "./loop/system-prompt";
export type {
  ChatMessage,
  ModelEvent,
  ModelProvider,
  ModelRequest,
  ToolCall,
  ToolDefinition,
} from "./loop/model-provider";
export { createMemoryRunStore } from "./stores/memory-run-store";
export type { MemoryRunStoreOptions } from "./stores/memory-run-store";
export type { RunCheckpoint, RunEvent, RunRecord, RunStore } from "./runs/ports";
