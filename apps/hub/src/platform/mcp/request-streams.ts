import type { RequestId } from "@modelcontextprotocol/server";

/**
 * Which response stream each request of a session answers on, kept until every request a
 * POST carried is answered (a batch shares one stream, which ends with its last answer).
 */
export class RequestStreams {
  private readonly streamOfRequest = new Map<RequestId, string>();
  private readonly answered = new Set<RequestId>();

  bind(requestId: RequestId, streamId: string): void {
    this.streamOfRequest.set(requestId, streamId);
  }

  streamOf(requestId: RequestId): string | undefined {
    return this.streamOfRequest.get(requestId);
  }

  /** True while a request on `streamId` is still waiting for its answer. */
  isAnswering(streamId: string): boolean {
    for (const id of this.streamOfRequest.values()) if (id === streamId) return true;
    return false;
  }

  /** Records the answer; true when it was the stream's last, which then forgets the stream. */
  settle(requestId: RequestId, streamId: string): boolean {
    this.answered.add(requestId);
    const related = [...this.streamOfRequest].filter(([, id]) => id === streamId);
    if (!related.every(([id]) => this.answered.has(id))) return false;
    for (const [id] of related) {
      this.answered.delete(id);
      this.streamOfRequest.delete(id);
    }
    return true;
  }

  clear(): void {
    this.streamOfRequest.clear();
    this.answered.clear();
  }
}
