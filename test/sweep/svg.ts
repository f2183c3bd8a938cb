// A small well-formedness check for the SVG documents vega writes (no XML parser is a dependency).
import assert from "node:assert/strict";

/**
 * Asserts that `svg` is one well-formed XML element `<svg …>…</svg>`: every tag closed in order,
 * every attribute quoted, no stray `<` or bare `&` in text. Returns the text content of each
 * `<text>` element, in document order (entities decoded), for checking the plotted values.
 */
export function assertWellFormedSvg(svg: string): string[] {
  assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const open: string[] = [];
  const texts: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let position = 0;
  let roots = 0;
  while (position < svg.length) {
    token.lastIndex = position;
    match = token.exec(svg);
    assert.ok(match, `not well-formed at ${position}: ${JSON.stringify(svg.slice(position, position + 60))}`);
    const [whole, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      assert.ok(open.length > 0 || text.trim() === "", "text outside the root element");
      assert.doesNotMatch(
        text,
        /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/,
        `a bare & in ${JSON.stringify(text)}`,
      );
      if (open.at(-1) === "text")
        texts.push(
          text
            .replace(/&lt;/g, "<")
            .replace(/&gt;/g, ">")
            .replace(/&quot;/g, '"')
            .replace(/&#39;|&apos;/g, "'")
            .replace(/&amp;/g, "&"),
        );
    } else if (closing) {
      assert.equal(open.pop(), name, `</${name}> closes the wrong element`);
    } else if (!selfClosing) {
      if (open.length === 0) roots += 1;
      open.push(name);
    }
    position += whole.length;
  }
  assert.deepEqual(open, [], "elements left open");
  assert.equal(roots, 1, "one root element");
  return texts;
}
