import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import type {
  AuthInfo,
  EventStore,
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/server";
import { asInitializeRequest, isRequestMessage, isResponseMessage } from "./jsonrpc-messages";
import { REFUSALS, checkSessionHeaders, header, sendRefusal } from "./node-http-refusals";
import { readPostMessages } from "./node-post-messages";
import { openSseStream } from "./node-sse-stream";
import type { NodeSseStream } from "./node-sse-stream";
import { resumeStream } from "./node-sse-replay";
import type { SessionEventStore } from "./sdk-event-store";
import { RequestStreams } from "./request-streams";
import type { SessionStream } from "./node-sse-replay";

/** The standalone GET stream's id, as the SDK names it (event ids of a session name it). */
const GET_STREAM = "_GET_stream";

/** The first initialize request of a POST's messages, if any. */
function firstInitialize(messages: JSONRPCMessage[]) {
  for (const message of messages) {
    const initialize = asInitializeRequest(message);
    if (initialize !== undefined) return initialize;
  }
  return undefined;
}

export interface NodeHttpTransportOptions {
  /** This session's id, sent in `mcp-session-id` from the initialize answer on. */
  sessionId: string;
  /** Runs when the initialize request arrives, before the server sees it. */
  onsessioninitialized?: (sessionId: string) => void;
  /** Keeps each stream's events so a client reconnecting with Last-Event-ID resumes. */
  eventStore?: SessionEventStore;
  /**
   * The web Request handlers see as `ctx.http.req`, for the requests that need one (building
   * it per message is the cost this transport exists to avoid); none when it returns undefined.
   */
  webRequest?: (req: IncomingMessage) => Request | undefined;
}

/**
 * The SDK's `Transport` for one 2025-era Streamable HTTP session, on Node's own
 * `IncomingMessage`/`ServerResponse`: the body Express already parsed is checked against the
 * SDK's JSON-RPC schema and handed to the SDK's Protocol, which validates and dispatches it;
 * answers go to the SSE response of the POST that asked, notifications without a request to
 * the GET stream. No web Request/Response or web stream is made per call. Behaves like the
 * SDK's Streamable HTTP server transport on the wire (same statuses, codes and priming events).
 */
export class NodeHttpTransport implements Transport {
  sessionId: string | undefined;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private supportedVersions: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;
  private readonly streams = new Map<string, SessionStream>();
  private readonly requestStreams = new RequestStreams();
  private started = false;
  private closed = false;

  constructor(private readonly options: NodeHttpTransportOptions) {}

  start(): Promise<void> {
    if (this.started) throw new Error("Transport already started");
    this.started = true;
    return Promise.resolve();
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.supportedVersions = versions;
  }

  /** Serves one POST, GET or DELETE of this session; `body` is the JSON Express parsed. */
  async handleRequest(
    req: IncomingMessage & { auth?: AuthInfo },
    res: ServerResponse,
    body?: unknown,
  ): Promise<void> {
    if (this.closed) return sendRefusal(res, REFUSALS.sessionNotFound);
    if (req.method === "POST") return this.post(req, res, body);
    if (req.method === "GET") return this.get(req, res);
    if (req.method === "DELETE") return this.delete(req, res);
    sendRefusal(res, REFUSALS.method);
  }

  private session() {
    return { id: this.sessionId, supportedVersions: this.supportedVersions };
  }

  private post(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body: unknown) {
    const read = readPostMessages(req, body);
    if ("refusal" in read) return sendRefusal(res, read.refusal);
    const { messages } = read;
    const initialize = firstInitialize(messages);
    if (initialize !== undefined) {
      if (this.sessionId !== undefined) return sendRefusal(res, REFUSALS.alreadyInitialized);
      if (messages.length > 1) return sendRefusal(res, REFUSALS.oneInitialize);
      this.sessionId = this.options.sessionId;
      this.options.onsessioninitialized?.(this.sessionId);
    } else {
      const refusal = checkSessionHeaders(req, this.session());
      if (refusal !== undefined) return sendRefusal(res, refusal);
    }
    const extra: MessageExtraInfo = {
      ...(req.auth === undefined ? {} : { authInfo: req.auth }),
      ...this.webRequestOf(req),
    };
    if (!messages.some(isRequestMessage)) {
      for (const message of messages) this.onmessage?.(message, extra);
      res.writeHead(202).end();
      return;
    }
    const version =
      initialize?.params.protocolVersion ??
      header(req, "mcp-protocol-version") ??
      DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
    return this.answerOnStream(res, messages, extra, version);
  }

  private webRequestOf(req: IncomingMessage): Pick<MessageExtraInfo, "request"> {
    const request = this.options.webRequest?.(req);
    return request === undefined ? {} : { request };
  }

  /** Resumable streams (an event store, a client at 2025-11-25 or later) start with a priming event. */
  private resumable(version: string): boolean {
    return (
      this.options.eventStore !== undefined &&
      this.supportedVersions.includes(version) &&
      version >= "2025-11-25"
    );
  }

  private async answerOnStream(
    res: ServerResponse,
    messages: JSONRPCMessage[],
    extra: MessageExtraInfo,
    version: string,
  ): Promise<void> {
    const streamId = randomUUID();
    const sse = openSseStream(res, this.sessionId, () => this.forget(streamId, sse));
    this.streams.set(streamId, { sse });
    for (const message of messages)
      if (isRequestMessage(message)) this.requestStreams.bind(message.id, streamId);
    const resumable = this.resumable(version);
    if (resumable) await this.prime(streamId, sse);
    for (const message of messages) {
      const closers =
        resumable && isRequestMessage(message)
          ? {
              closeSSEStream: () => this.closeSSEStream(message.id),
              closeStandaloneSSEStream: () => this.closeStandaloneSSEStream(),
            }
          : {};
      this.onmessage?.(message, { ...extra, ...closers });
    }
  }

  private async prime(streamId: string, sse: NodeSseStream): Promise<void> {
    // The SDK's own transport stores an empty object as the priming event; its id is all the
    // client needs, and the store replays only the events after it.
    const primer = {} as JSONRPCMessage;
    const eventId = await this.options.eventStore?.storeEvent(streamId, primer);
    if (eventId !== undefined) sse.prime(eventId);
  }

  private async get(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!(header(req, "accept") ?? "").includes("text/event-stream"))
      return sendRefusal(res, REFUSALS.getAccept);
    const refusal = checkSessionHeaders(req, this.session());
    if (refusal !== undefined) return sendRefusal(res, refusal);
    const lastEventId = header(req, "last-event-id");
    if (this.options.eventStore !== undefined && lastEventId !== undefined)
      return this.replay(res, this.options.eventStore, lastEventId);
    if (this.streams.has(GET_STREAM)) return sendRefusal(res, REFUSALS.secondGetStream);
    const sse = openSseStream(res, this.sessionId, () => this.forget(GET_STREAM, sse));
    this.streams.set(GET_STREAM, { sse });
  }

  private replay(res: ServerResponse, store: EventStore, lastEventId: string): Promise<void> {
    return resumeStream(res, store, lastEventId, {
      sessionId: this.sessionId,
      isClosed: () => this.closed,
      streams: this.streams,
      isAnswering: (streamId) =>
        streamId === GET_STREAM || this.requestStreams.isAnswering(streamId),
      forget: (streamId, sse) => this.forget(streamId, sse),
      onerror: (error) => this.onerror?.(error),
    });
  }

  private delete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = checkSessionHeaders(req, this.session());
    if (refusal !== undefined) {
      sendRefusal(res, refusal);
      return Promise.resolve();
    }
    res.writeHead(200).end();
    return this.close();
  }

  /** Drops a stream that ended, unless another response has taken its place meanwhile. */
  private forget(streamId: string, sse: NodeSseStream): void {
    if (this.streams.get(streamId)?.sse === sse) this.streams.delete(streamId);
  }

  closeSSEStream(requestId: RequestId): void {
    const streamId = this.requestStreams.streamOf(requestId);
    if (streamId !== undefined) this.streams.get(streamId)?.sse.end();
  }

  closeStandaloneSSEStream(): void {
    this.streams.get(GET_STREAM)?.sse.end();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const isAnswer = isResponseMessage(message);
    const requestId = isAnswer ? message.id : options?.relatedRequestId;
    if (requestId === undefined) {
      if (isAnswer)
        throw new Error("Cannot send a response on a standalone SSE stream unless resuming");
      return this.deliver(GET_STREAM, message);
    }
    const streamId = this.requestStreams.streamOf(requestId);
    if (streamId === undefined)
      throw new Error(`No connection established for request ID: ${String(requestId)}`);
    await this.deliver(streamId, message);
    if (isAnswer && this.requestStreams.settle(requestId, streamId))
      this.streams.get(streamId)?.sse.end();
  }

  /**
   * Stores the event (if resumable) and writes it to the stream's response if one is open,
   * both the same JSON text, serialized once.
   */
  private async deliver(streamId: string, message: JSONRPCMessage): Promise<void> {
    const json = JSON.stringify(message);
    const eventId = await this.options.eventStore?.storeSerialized(streamId, json);
    const stream = this.streams.get(streamId);
    if (stream === undefined || (eventId !== undefined && stream.replayed?.has(eventId))) return;
    stream.sse.write(json, eventId);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    for (const { sse } of [...this.streams.values()]) sse.end();
    this.streams.clear();
    this.requestStreams.clear();
    this.onclose?.();
    return Promise.resolve();
  }
}
