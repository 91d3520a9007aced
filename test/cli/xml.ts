import { strict as assert } from 'node:assert';

// XML reports read back by a strict parser (sax, which vsce brings with it): a report a CI system
// would reject as not well-formed fails the test that reads it.

interface SaxParser {
  onerror: (e: Error) => void;
  onopentag: (tag: { name: string; attributes: Record<string, string> }) => void;
  ontext: (t: string) => void;
  onclosetag: (name: string) => void;
  write(s: string): SaxParser;
  close(): SaxParser;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sax = require('sax') as { parser(strict: boolean): SaxParser };

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** The document as a tree; throws on anything that is not well-formed XML. */
export function parseXml(xml: string): XmlElement {
  const parser = sax.parser(true);
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.onerror = (e) => {
    throw e;
  };
  parser.onopentag = (tag) => {
    const element = { name: tag.name, attributes: tag.attributes, children: [], text: '' };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  };
  parser.ontext = (t) => (stack[stack.length - 1]!.text += t);
  parser.onclosetag = () => void stack.pop();
  parser.write(xml).close();
  assert.equal(root.children.length, 1, 'one root element');
  return root.children[0]!;
}

/** Every element named `name` in the tree, the root included. */
export const all = (e: XmlElement, name: string): XmlElement[] => [
  ...(e.name === name ? [e] : []),
  ...e.children.flatMap((c) => all(c, name)),
];
