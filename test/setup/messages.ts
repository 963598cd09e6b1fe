/**
 * The browser's i18n.getMessage over one language's messages.json, for tests (fake-browser has no
 * i18n): placeholders filled as the browser does (`$name$` names a placeholder whose content is
 * `$1`, `$2`...); a key the file lacks reads as '' (the browser would try default_locale first,
 * which a test of another language sets up itself).
 */
type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

export function getMessageFrom(messages: Messages): (key: string, substitutions?: string | (string | number)[]) => string {
  return (key, substitutions) => {
    const entry = messages[key];
    if (!entry) return '';
    const values = substitutions === undefined ? [] : [substitutions].flat().map(String);
    const fill = (content: string) => content.replace(/\$(\d)/g, (_, index: string) => values[Number(index) - 1] ?? '');
    return entry.message.replace(/\$([a-z0-9_]+)\$/gi, (whole, name: string) => {
      const placeholder = entry.placeholders?.[name.toLowerCase()];
      return placeholder ? fill(placeholder.content) : whole;
    });
  };
}
