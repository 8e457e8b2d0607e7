/** `mcp-gateway` -> `McpGateway`: construct ids from route areas and handler names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}
