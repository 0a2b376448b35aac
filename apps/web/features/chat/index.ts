/** The chat page: conversations with the agent, its stream, and the cards of its questions. */
export { ChatView } from "./chat-view";
export { parseAlwaysAskParam, parseInquiryTimeoutParam } from "./inquiry-timeout-param";
