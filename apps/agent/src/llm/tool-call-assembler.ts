import type { ToolCall } from "../loop/model-provider";
import type { ToolCallDelta } from "./upstream-chunk";

interface PartialCall {
  id: string | undefined;
  name: string | undefined;
  arguments: string;
}

/** Collects the tool-call fragments of one streamed assistant turn. */
export interface ToolCallAssembler {
  /** Adds the `delta.tool_calls` of one chunk. */
  add(deltas: readonly ToolCallDelta[]): void;
  /** The complete calls in index order; throws if one never got a function name. */
  finish(): ToolCall[];
}

/**
 * Assembles streamed `tool_calls` deltas into whole calls. Pure: no I/O, no clock.
 *
 * - Fragments are grouped by `index`, so parallel calls may interleave.
 * - `arguments` pieces are concatenated; an empty result becomes `"{}"`.
 * - `id` and `name` are taken from the first fragment that has them and never
 *   concatenated, because some gateways repeat them in every fragment.
 * - A fragment without `index` (some gateways omit it) starts a new call when it carries an
 *   id not seen yet, and otherwise continues the latest call.
 * - A call without an id gets `call_<index>`: unique within the turn, which is all the
 *   pairing of tool results needs.
 *
 * @example
 * const assembler = createToolCallAssembler();
 * assembler.add([{ index: 0, id: "call_a", function: { name: "get_weather", arguments: "" } }]);
 * assembler.add([{ index: 0, function: { arguments: '{"city":' } }]);
 * assembler.add([{ index: 0, function: { arguments: '"Oslo"}' } }]);
 * assembler.finish(); // [{ id: "call_a", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }]
 */
export function createToolCallAssembler(): ToolCallAssembler {
  const calls = new Map<number, PartialCall>();
  let latestIndex = -1;

  const indexOf = (delta: ToolCallDelta): number => {
    if (typeof delta.index === "number") return delta.index;
    const id = delta.id || undefined;
    for (const [index, call] of calls) if (id !== undefined && call.id === id) return index;
    if (id === undefined && latestIndex >= 0) return latestIndex;
    return calls.size === 0 ? 0 : Math.max(...calls.keys()) + 1;
  };

  return {
    add(deltas) {
      for (const delta of deltas) {
        const index = indexOf(delta);
        latestIndex = index;
        const call = calls.get(index) ?? { id: undefined, name: undefined, arguments: "" };
        calls.set(index, call);
        call.id ??= delta.id || undefined;
        call.name ??= delta.function?.name || undefined;
        call.arguments += delta.function?.arguments ?? "";
      }
    },
    finish() {
      return [...calls]
        .sort(([left], [right]) => left - right)
        .map(([index, call]) => {
          if (call.name === undefined) {
            throw new Error(`the model sent tool call #${index} without a function name`);
          }
          return {
            id: call.id ?? `call_${index}`,
            type: "function",
            function: { name: call.name, arguments: call.arguments === "" ? "{}" : call.arguments },
          };
        });
    },
  };
}
