/**
 * A translated sentence with names from Grist in it, each name in its own `<bdi dir="auto">`, so
 * right-to-left text or bidi override characters in a name cannot reorder the words around it.
 * Names are rendered as text only, never HTML.
 */

/**
 * Stand-ins for the names, passed to `t()` in their places and split on afterwards. Private-use
 * characters: no name or translation holds one (a NUL would not do: it did not come back whole
 * from Chrome's getMessage).
 */
export const NAME_MARKS = ['\uE000', '\uE001', '\uE002'] as const;

/**
 * In: `text`, a message translated with NAME_MARKS in the places of the names
 * (`t('documentPlace', ...NAME_MARKS)`), and the names, in the same order. Out: the sentence, each
 * name isolated.
 */
export function IsolatedNames({ text, names }: { text: string; names: readonly string[] }) {
  return (
    <>
      {text.split(/([\uE000-\uE002])/).map((part, index) => {
        const name = names[NAME_MARKS.indexOf(part as (typeof NAME_MARKS)[number])];
        return name === undefined ? (
          part
        ) : (
          <bdi key={index} dir="auto">
            {name}
          </bdi>
        );
      })}
    </>
  );
}
