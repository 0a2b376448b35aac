import { z } from "zod";

/** One variable of an app's env schema, as the configuration reference shows it. */
export interface VariableRow {
  name: string;
  /** What the value must look like: `number`, `text`, `URL`, or the allowed values. */
  type: string;
  /** The schema's default as the variable would spell it, or undefined when there is none. */
  defaultValue: string | undefined;
  description: string;
}

/** A variable's schema whose description lives elsewhere: the page that explains it. */
export interface SharedVariable {
  name: string;
  seeAlso: string;
}

type AnySchema = z.core.$ZodType;

/** The description a schema carries (`.meta({ description })` or `.describe()`), if any. */
function descriptionOf(schema: AnySchema): string | undefined {
  return z.globalRegistry.get(schema)?.description;
}

/** How a string schema's format reads in the reference. */
function stringType(format: string | undefined): string {
  if (format === undefined || format === "regex") return "text";
  if (format === "url") return "URL";
  return format;
}

/** `value` as the environment would spell it. */
function spell(value: unknown): string {
  if (Array.isArray(value)) return value.map(spell).join(",");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The type and default of `schema`, read from its definition: defaults and optionals are
 * unwrapped, a pipe is read on its input side (what the variable holds) unless that side is a
 * preprocessing function, and a union lists its options.
 */
export function typeAndDefault(schema: AnySchema): { type: string; defaultValue?: string } {
  const def = schema._zod.def;
  if (def.type === "default" || def.type === "prefault") {
    const { innerType, defaultValue } = def as z.core.$ZodDefaultDef;
    return { type: typeAndDefault(innerType).type, defaultValue: spell(defaultValue) };
  }
  if (def.type === "optional" || def.type === "nullable")
    return typeAndDefault((def as z.core.$ZodOptionalDef).innerType);
  if (def.type === "pipe") {
    const pipe = def as z.core.$ZodPipeDef;
    return typeAndDefault(pipe.in._zod.def.type === "transform" ? pipe.out : pipe.in);
  }
  if (def.type === "string")
    return { type: stringType((def as z.core.$ZodStringDef & { format?: string }).format) };
  if (def.type === "enum")
    return {
      type: Object.values((def as z.core.$ZodEnumDef).entries)
        .map((entry) => `\`${String(entry)}\``)
        .join(" or "),
    };
  if (def.type === "union")
    return {
      type: (def as z.core.$ZodUnionDef).options
        .map((option) => typeAndDefault(option).type)
        .join(" or "),
    };
  // number, boolean and the rest read as their zod type's name.
  return { type: def.type };
}

/**
 * The rows of one app's env schema, in the schema's order. Throws naming every variable that
 * has no description and is not shared, so a variable added without one fails the docs build.
 */
export function variableRows(
  schema: z.core.$ZodObject,
  shared: readonly SharedVariable[],
): VariableRow[] {
  const missing: string[] = [];
  const rows = Object.entries(schema._zod.def.shape).map(([name, variable]) => {
    const elsewhere = shared.find((each) => each.name === name);
    const description = descriptionOf(variable) ?? elsewhere?.seeAlso;
    if (description === undefined) missing.push(name);
    const { type, defaultValue } = typeAndDefault(variable);
    return { name, type, defaultValue, description: description ?? "" };
  });
  if (missing.length > 0)
    throw new Error(
      `no description in the env schema for ${missing.join(", ")}: add .meta({ description }) to each`,
    );
  return rows;
}

/** A table cell: pipes escaped, line breaks folded, so a description cannot break the table. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll(/\s*\n\s*/g, " ");
}

/** One app's section of the reference: a heading, where its schema lives, and its table. */
export function appSection(title: string, source: string, rows: readonly VariableRow[]): string {
  const lines = [
    `## ${title}`,
    "",
    `From \`${source}\` (\`EnvSchema\`).`,
    "",
    "| Variable | Type | Default | Description |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| \`${row.name}\` | ${cell(row.type)} | ${
          row.defaultValue === undefined ? "unset" : `\`${cell(row.defaultValue)}\``
        } | ${cell(row.description)} |`,
    ),
  ];
  return lines.join("\n");
}
