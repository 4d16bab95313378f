/**
 * A verb's `--json` document as it is printed: indented by two spaces (`compact`: on one line,
 * where upstream printed it so), then one newline. The CLI prints this text and the MCP server
 * answers it beside the same object as its structured result.
 */
export function documentText(document: object, compact = false): string {
  return `${JSON.stringify(document, null, compact ? undefined : 2)}\n`;
}
