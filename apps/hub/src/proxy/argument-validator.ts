import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

/** Checks a tool's arguments; returns the problem as text, or undefined when they are valid. */
export type ArgumentCheck = (args: unknown) => string | undefined;

const provider = new AjvJsonSchemaValidator();
const compiled = new WeakMap<object, ArgumentCheck>();

/**
 * A check of edited arguments against the tool's `inputSchema`, with the SDK's own JSON
 * Schema validator (Ajv, the one the SDK uses for tool output). Compiled once per schema
 * object. A schema Ajv cannot compile makes every edit invalid: the proxy cannot prove an
 * edit safe, so it refuses it (approve still works; the upstream validates its own input).
 *
 * @example createArgumentCheck(tool.inputSchema)({ path: 1 })
 *   // "arguments/path must be string"
 */
export function createArgumentCheck(inputSchema: Record<string, unknown>): ArgumentCheck {
  const cached = compiled.get(inputSchema);
  if (cached !== undefined) return cached;
  let check: ArgumentCheck;
  try {
    const validate = provider.getValidator(inputSchema);
    check = (args) => {
      const result = validate(args);
      return result.valid
        ? undefined
        : result.errorMessage.replace(/\bdata(?=\/|\s|$)/g, "arguments");
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    check = () => `the tool's inputSchema cannot be checked (${reason})`;
  }
  compiled.set(inputSchema, check);
  return check;
}
