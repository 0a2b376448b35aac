import { performance } from "node:perf_hooks";
import { createParser } from "eventsource-parser";
import { parseAgentSseData } from "@inquiry-hub/protocol";
import { median } from "../lib/stats";
import { buildSseStream } from "./sse-stream";
import type { SseStream } from "./sse-stream";

const WARM_UP_ITERATIONS = 5;

/** Median throughput of one way of consuming the stream. */
export interface ParserSide {
  chunksPerSecond: number;
  megabytesPerSecond: number;
}

export interface ParserResult {
  chunks: number;
  bytes: number;
  iterations: number;
  protocol: ParserSide;
  baseline: ParserSide;
}

/** Feeds the stream through eventsource-parser, handing each event's data to `consume`. */
function consumeStream(stream: SseStream, consume: (data: string) => unknown): number {
  let seen = 0;
  const parser = createParser({
    onEvent: (event) => {
      if (consume(event.data) !== undefined) seen += 1;
    },
  });
  for (const read of stream.reads) parser.feed(read);
  return seen;
}

function jsonOnly(data: string): unknown {
  return data === "[DONE]" ? data : JSON.parse(data);
}

function timeOnce(stream: SseStream, consume: (data: string) => unknown): number {
  const started = performance.now();
  const seen = consumeStream(stream, consume);
  const seconds = (performance.now() - started) / 1000;
  if (seen !== stream.chunks) throw new Error(`parsed ${seen} of ${stream.chunks} chunks`);
  return seconds;
}

/**
 * The protocol's `parseAgentSseData` against the floor any client pays (eventsource-parser +
 * JSON.parse) on the same synthetic stream, in this process, warmed up, alternating the two
 * per iteration so drifting load affects both; the median iteration is reported.
 */
export function runParser(chunkCount: number, iterations: number): ParserResult {
  console.log(`parser: ${chunkCount} chunks × ${iterations} iterations`);
  const stream = buildSseStream(chunkCount);
  for (let index = 0; index < WARM_UP_ITERATIONS; index += 1) {
    timeOnce(stream, parseAgentSseData);
    timeOnce(stream, jsonOnly);
  }
  const protocol: number[] = [];
  const baseline: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    protocol.push(timeOnce(stream, parseAgentSseData));
    baseline.push(timeOnce(stream, jsonOnly));
  }
  const side = (seconds: number[]): ParserSide => {
    const typical = median(seconds);
    return {
      chunksPerSecond: stream.chunks / typical,
      megabytesPerSecond: stream.bytes / 1e6 / typical,
    };
  };
  return {
    chunks: stream.chunks,
    bytes: stream.bytes,
    iterations,
    protocol: side(protocol),
    baseline: side(baseline),
  };
}
