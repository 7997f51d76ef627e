/** A courier's answer as JSON, or null when it is not JSON (an HTML error page from a proxy). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
