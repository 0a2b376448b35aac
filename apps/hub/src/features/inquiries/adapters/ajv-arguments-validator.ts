import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import type { ArgumentsValidator } from "../ports";

type Check = (args: Record<string, unknown>) => string | undefined;

/** Compiled schemas kept; records come back from the store as fresh objects, so key by JSON. */
const CACHE_LIMIT = 200;

/**
 * The {@link ArgumentsValidator} port with the MCP SDK's own JSON Schema validator (Ajv, the
 * one the SDK uses for tool output), so edits are judged exactly as an SDK would judge
 * them. A schema Ajv cannot compile makes every edit invalid: the hub cannot prove an edit
 * safe, so it refuses it (approve still works; the upstream validates its own input).
 *
 * @example createAjvArgumentsValidator()({ type: "object", required: ["path"] }, {})
 *   // "arguments must have required property 'path'"
 */
export function createAjvArgumentsValidator(): ArgumentsValidator {
  const provider = new AjvJsonSchemaValidator();
  const compiled = new Map<string, Check>();

  function compile(schema: Record<string, unknown>): Check {
    try {
      const validate = provider.getValidator(schema);
      return (args) => {
        const result = validate(args);
        return result.valid
          ? undefined
          : result.errorMessage.replace(/\bdata(?=\/|\s|$)/g, "arguments");
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return () => `the tool's inputSchema cannot be checked (${reason})`;
    }
  }

  return (schema, args) => {
    const key = JSON.stringify(schema);
    let check = compiled.get(key);
    if (check === undefined) {
      check = compile(schema);
      if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value ?? "");
      compiled.set(key, check);
    }
    return check(args);
  };
}
