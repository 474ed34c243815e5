// XML and HTML as the report tests read them: parsed strictly (any warning or error of the parser
// fails the test), and elements by tag name.
import assert from 'node:assert/strict';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

/** Parses XML strictly: any warning or error of the parser fails the test. */
export function parseXml(text: string, mimeType: 'text/xml' | 'text/html' = 'text/xml'): Document {
  const problems: string[] = [];
  const doc = new DOMParser({
    onError: (level, msg) => void (mimeType === 'text/xml' || level !== 'warning' ? problems.push(`${level}: ${msg}`) : 0),
  }).parseFromString(text, mimeType);
  assert.deepEqual(problems, [], `the document parses cleanly`);
  return doc;
}

export const elements = (doc: Document | Element, tag: string): Element[] => Array.from(doc.getElementsByTagName(tag)) as Element[];
