// Safe parsing and querying of replies with libxml2-wasm. Safe by default: no DTD loading, no
// entity substitution, no network (NONET, NO_XXE set explicitly); entity bombs are refused by
// libxml2's amplification limit. libxml2-wasm is ESM with top-level await, so it is loaded once
// with a dynamic import (loadXml) before any scenario runs; after that everything is synchronous.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OTA_NS } from '../specification/operations';

import type * as LibXml from 'libxml2-wasm' with { 'resolution-mode': 'import' };

type Lx = typeof LibXml;
type LxDocument = LibXml.XmlDocument;
type LxNode = LibXml.XmlNode;
type LxValidator = LibXml.XsdValidator;
type LxXPath = LibXml.XmlXPath;
/** A node of a parsed reply (element, attribute, text). */
export type XNode = LibXml.XmlNode;

let lx: Lx | undefined;
let fsProvidersRegistered = false;

export const NS = { ota: OTA_NS };

/**
 * Compiled XPath expressions by their text. libxml2-wasm compiles (and frees) an expression on
 * every call given a string; the suite asks the same few hundred expressions of every reply, so
 * each is compiled once per process. Bounded: a process that somehow meets more distinct
 * expressions starts the cache afresh (evaluation is synchronous, so none is in use then).
 */
const compiledXPaths = new Map<string, LxXPath>();
export const MAX_COMPILED_XPATHS = 4096;

function compiled(xpath: string): LxXPath {
  let xmlXPath = compiledXPaths.get(xpath);
  if (xmlXPath === undefined) {
    if (compiledXPaths.size >= MAX_COMPILED_XPATHS) {
      for (const old of compiledXPaths.values()) old.dispose();
      compiledXPaths.clear();
    }
    xmlXPath = lib().XmlXPath.compile(xpath, NS);
    compiledXPaths.set(xpath, xmlXPath);
  }
  return xmlXPath;
}

/** How many compiled expressions the cache holds (for tests). */
export const compiledXPathCount = (): number => compiledXPaths.size;

/** Loads libxml2-wasm; call (and await) once before parsing. */
export async function loadXml(): Promise<Lx> {
  if (!lx) lx = await import('libxml2-wasm');
  return lx;
}

function lib(): Lx {
  if (!lx) throw new Error('libxml2-wasm is not loaded: await loadXml() first');
  return lx;
}

export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError';
  constructor(
    message: string,
    readonly line?: number,
    readonly col?: number,
  ) {
    super(message);
  }
}

/** The local name of an element or attribute: its name without a prefix; '?' for a node without a name. */
export function localName(n: unknown): string {
  const name = (n as { name?: unknown }).name;
  return typeof name === 'string' ? name.replace(/^.*:/, '') : '?';
}

export interface ElementInfo {
  localName: string;
  namespace: string | null;
}

/** A parsed document with XPath helpers; OTA elements are addressed with the `ota:` prefix. */
export class XmlDoc {
  private constructor(private readonly doc: LxDocument) {}

  static parse(text: string, what = 'document'): XmlDoc {
    const { XmlDocument, ParseOption } = lib();
    try {
      // A string is characters, already decoded (reply-body.ts): libxml2 must read it as the UTF-8
      // fromString hands it, never decode it again by its declaration's encoding="...".
      const doc = XmlDocument.fromString(text, {
        encoding: 'utf-8',
        option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE,
      });
      return new XmlDoc(doc);
    } catch (error) {
      const err = error as { message: string; details?: Array<{ message: string; line: number; col: number }> };
      const first = err.details?.[0];
      const where = first ? ` at line ${first.line}, column ${first.col}` : '';
      const why = (first?.message ?? err.message).trim();
      throw new XmlSyntaxError(`${what} is not well-formed XML${where}: ${why}`, first?.line, first?.col);
    }
  }

  /** True when the document carries a DOCTYPE (internal or external subset). */
  get hasDoctype(): boolean {
    return this.doc.dtd !== null;
  }

  get root(): ElementInfo {
    const xmlElement = this.doc.root;
    return { localName: localName(xmlElement), namespace: xmlElement.namespaceUri || null };
  }

  nodes(xpath: string): LxNode[] {
    return this.doc.find(compiled(xpath));
  }

  /** Nodes matched by `xpath`, evaluated from `within` (a node of this document) or the document. */
  find(xpath: string, within?: XNode): XNode[] {
    return within ? within.find(compiled(xpath)) : this.doc.find(compiled(xpath));
  }

  count(xpath: string): number {
    return this.nodes(xpath).length;
  }

  exists(xpath: string): boolean {
    return this.count(xpath) > 0;
  }

  /** String value of the first match, or undefined when nothing matches. */
  value(xpath: string): string | undefined {
    const node = this.doc.get(compiled(xpath));
    return node === null ? undefined : node.content;
  }

  /** String values of every match. */
  values(xpath: string): string[] {
    return this.nodes(xpath).map((n) => n.content);
  }

  /** For each node matched by `xpath`, evaluate `fields` (relative XPaths) on it. */
  records<K extends string>(xpath: string, fields: Record<K, string>): Array<Record<K, string | undefined>> {
    return this.nodes(xpath).map((node) => {
      const rec = {} as Record<K, string | undefined>;
      for (const [k, rel] of Object.entries(fields) as Array<[K, string]>) {
        const hit = node.get(compiled(rel));
        rec[k] = hit === null ? undefined : hit.content;
      }
      return rec;
    });
  }

  /** The document indented, for people to read. */
  pretty(): string {
    return this.doc.toString({ format: true });
  }

  toString(): string {
    return this.doc.toString();
  }

  /** @internal the libxml2 document, for schema validation */
  get raw(): LxDocument {
    return this.doc;
  }

  dispose(): void {
    this.doc.dispose();
  }
}

export interface SchemaFinding {
  message: string;
  line?: number;
}

/** Schemas compiled by this process, by file: see XmlSchema.compiledOnce. */
const compiledSchemas = new Map<string, Promise<XmlSchema | null>>();

/** An XSD loaded from disk with its includes; validate() lists what does not conform. */
export class XmlSchema {
  private constructor(
    private readonly xsdDoc: LxDocument,
    private readonly validator: LxValidator,
  ) {}

  static async load(file: string): Promise<XmlSchema> {
    const { XmlDocument, XsdValidator } = await loadXml();
    if (!fsProvidersRegistered) {
      const nodejs = await import('libxml2-wasm/lib/nodejs.mjs');
      nodejs.xmlRegisterFsInputProviders();
      fsProvidersRegistered = true;
    }
    const xsdDoc = XmlDocument.fromBuffer(readFileSync(file), { url: file });
    try {
      return new XmlSchema(xsdDoc, XsdValidator.fromDoc(xsdDoc));
    } catch (error) {
      xsdDoc.dispose();
      throw new Error(`cannot compile schema ${file}: ${(error as Error).message}`);
    }
  }

  /**
   * The schema in `file` (null when there is no such file), compiled once per process and kept
   * until the process exits: compiling the OpenTravel schemas is most of libxml2's share of a run,
   * and freeing them at the end cost as much again for memory the exit frees anyway. A process
   * that runs many runs (npm run mutants) compiles each schema once for all of them.
   */
  static compiledOnce(file: string): Promise<XmlSchema | null> {
    const key = resolve(file);
    let promise = compiledSchemas.get(key);
    if (promise === undefined) {
      promise = existsSync(key) ? XmlSchema.load(key) : Promise.resolve(null);
      // a schema that does not compile says so again next time, rather than being remembered broken
      promise.catch(() => compiledSchemas.delete(key));
      compiledSchemas.set(key, promise);
    }
    return promise;
  }

  validate(doc: XmlDoc): SchemaFinding[] {
    try {
      this.validator.validate(doc.raw);
      return [];
    } catch (error) {
      const err = error as { message: string; details?: Array<{ message: string; line: number }> };
      if (!err.details) return [{ message: err.message }];
      return err.details.map((d) => ({ message: d.message.trim(), line: d.line }));
    }
  }

  dispose(): void {
    this.validator.dispose();
    this.xsdDoc.dispose();
  }
}

/** Escapes text for use in XML content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
