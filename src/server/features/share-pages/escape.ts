// Text from a business (its name, description, address) goes into HTML, JSON-LD and XML that the
// server writes: each has its own escaping, and a name such as `</script><script>…` or `"onload=`
// must come out as text in every one of them.

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For HTML text and attribute values (always double-quoted here). XML needs the same five. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

export const escapeXml = escapeHtml;

/**
 * JSON for inside <script type="application/ld+json">: `<`, `>` and `&` as \u escapes, so no
 * `</script>` or `<!--` can end or change the block, and U+2028/U+2029 escaped for old parsers.
 * JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
