import type { PlanTool } from '@agentforge/shared';
import { Ajv, type ValidateFunction } from 'ajv';

// Tool schemas come from untrusted MCP servers: unknown keywords and formats are ignored, not fatal.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const compiled = new Map<string, ValidateFunction | Error>();

function validatorFor(tool: PlanTool): ValidateFunction | Error {
  const key = JSON.stringify(tool.inputSchema);
  let validator = compiled.get(key);
  if (!validator) {
    try {
      validator = ajv.compile(tool.inputSchema);
    } catch (error) {
      validator = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(key, validator);
  }
  return validator;
}

/** Why the arguments do not fit the tool's input schema, in words; undefined when they do. */
export function argumentsProblem(tool: PlanTool, args: unknown): string | undefined {
  const validate = validatorFor(tool);
  if (validate instanceof Error) return `The tool ${tool.name} has an input schema that cannot be checked.`;
  if (validate(args)) return undefined;
  const details = (validate.errors ?? [])
    .map((error) => `${error.instancePath || 'arguments'} ${error.message ?? 'is invalid'}`)
    .join('; ');
  return `The arguments for ${tool.name} do not match its input: ${details}`;
}
