/**
 * The agent's run API (an extension of the OpenAI chat API): the chat request, the
 * streamed chunks and their parser, runs and re-attachment, and the reply parts a conversation
 * turn is built from.
 */
export {
  AgentChatMessageSchema,
  AgentChatRequestSchema,
  DEMO_MODEL_ID,
  MAX_AGENT_CHAT_MESSAGES,
  MAX_INQUIRY_TIMEOUT_SECONDS,
} from "./agent-chat-request";
export type { AgentChatRequest, AgentChatRequestBody } from "./agent-chat-request";
export {
  ChatCompletionChunkSchema,
  ChatosAdditionalDataSchema,
  StreamErrorSchema,
  UsageSchema,
} from "./chunk";
export type { ChatCompletionChunk, StreamError, Usage } from "./chunk";
export { parseAgentSseData } from "./agent-stream-event";
export type { AgentStreamEvent } from "./agent-stream-event";
export {
  LastEventIdSchema,
  RUN_ID_HEADER,
  RUN_METADATA_KEYS,
  RunInfoSchema,
  RunStatusSchema,
} from "./runs";
export type { RunInfo, RunStatus } from "./runs";
export { replyPartsFromEvents, replyPartsFromSseData } from "./reply-parts";
