import { describe, expect, it } from "vitest";
import { createToolCallAssembler } from "./tool-call-assembler";

describe("createToolCallAssembler", () => {
  it("joins arguments split across chunks, id and name from the first", () => {
    const assembler = createToolCallAssembler();
    assembler.add([{ index: 0, id: "call_a", function: { name: "send_inquiry", arguments: "" } }]);
    assembler.add([{ index: 0, function: { arguments: '{"pro' } }]);
    assembler.add([{ index: 0, function: { arguments: 'mpt":"Which city?"}' } }]);
    expect(assembler.finish()).toEqual([
      {
        id: "call_a",
        type: "function",
        function: { name: "send_inquiry", arguments: '{"prompt":"Which city?"}' },
      },
    ]);
  });

  it("keeps interleaved parallel calls apart by index, in index order", () => {
    const assembler = createToolCallAssembler();
    assembler.add([{ index: 1, id: "call_b", function: { name: "get_weather", arguments: "" } }]);
    assembler.add([{ index: 0, id: "call_a", function: { name: "get_weather", arguments: "" } }]);
    assembler.add([
      { index: 0, function: { arguments: '{"city":' } },
      { index: 1, function: { arguments: '{"city":"Berlin"}' } },
    ]);
    assembler.add([{ index: 0, function: { arguments: '"Paris"}' } }]);
    expect(
      assembler.finish().map((call) => [call.id, JSON.parse(call.function.arguments) as unknown]),
    ).toEqual([
      ["call_a", { city: "Paris" }],
      ["call_b", { city: "Berlin" }],
    ]);
  });

  it("does not concatenate ids and names that a gateway repeats", () => {
    const assembler = createToolCallAssembler();
    assembler.add([{ index: 0, id: "call_a", function: { name: "get_weather", arguments: "{" } }]);
    assembler.add([{ index: 0, id: "call_a", function: { name: "get_weather", arguments: "}" } }]);
    expect(assembler.finish()[0]).toMatchObject({
      id: "call_a",
      function: { name: "get_weather", arguments: "{}" },
    });
  });

  it("groups fragments without index by id, continuing the latest call", () => {
    const assembler = createToolCallAssembler();
    assembler.add([{ id: "call_a", function: { name: "get_weather", arguments: '{"city":' } }]);
    assembler.add([{ function: { arguments: '"Rome"}' } }]);
    assembler.add([{ id: "call_b", function: { name: "get_weather", arguments: "{}" } }]);
    expect(assembler.finish().map((call) => [call.id, call.function.arguments])).toEqual([
      ["call_a", '{"city":"Rome"}'],
      ["call_b", "{}"],
    ]);
  });

  it("fills in a missing id and empty arguments", () => {
    const assembler = createToolCallAssembler();
    assembler.add([{ index: 2, function: { name: "list_files", arguments: null } }]);
    expect(assembler.finish()).toEqual([
      { id: "call_2", type: "function", function: { name: "list_files", arguments: "{}" } },
    ]);
  });

  it("refuses a call that never got a name", () => {
    const assembler = createToolCallAssembler();
    assembler.add([{ index: 0, id: "call_a", function: { arguments: "{}" } }]);
    expect(() => assembler.finish()).toThrow(/tool call #0 without a function name/);
  });

  it("returns no calls for a turn without tool calls", () => {
    expect(createToolCallAssembler().finish()).toEqual([]);
  });
});
