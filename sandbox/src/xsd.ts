// Validation of replies against the OpenTravel 2016B schemas: those shipped in the project
// (schemas/opentravel-2016B, with their source and licence), or the folder OTA_XSD_DIR names.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as Lx from 'libxml2-wasm' with { 'resolution-mode': 'import' };
import { loadLibxml } from './xml';
import { REPO_ROOT } from './paths';

export const DEFAULT_XSD_DIR = resolve(REPO_ROOT, 'schemas', 'opentravel-2016B');

/** The XSD folder: OTA_XSD_DIR when set (an empty value means "not configured"), else the default. */
export function xsdDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.OTA_XSD_DIR !== undefined) return env.OTA_XSD_DIR.trim() === '' ? undefined : resolve(REPO_ROOT, env.OTA_XSD_DIR);
  return DEFAULT_XSD_DIR;
}

export class XsdSet {
  private readonly cache = new Map<string, Lx.XsdValidator>();
  private constructor(
    private readonly lx: typeof Lx,
    readonly dir: string,
  ) {}

  static async open(dir: string): Promise<XsdSet> {
    if (!existsSync(dir)) throw new Error(`XSD folder ${dir} does not exist`);
    const lx = await loadLibxml();
    const node = (await import('libxml2-wasm/lib/nodejs.mjs' as string)) as { xmlRegisterFsInputProviders(): boolean };
    node.xmlRegisterFsInputProviders();
    return new XsdSet(lx, dir);
  }

  /** Validation errors of `xml` against the schema named after `root` (empty = valid). Bytes are parsed in their declared encoding. */
  validate(xml: string | Uint8Array, root: string): string[] {
    let xsdValidator = this.cache.get(root);
    if (!xsdValidator) {
      const p = join(this.dir, `${root}.xsd`);
      if (!existsSync(p)) throw new Error(`no schema ${p}`);
      const xsdDoc = this.lx.XmlDocument.fromBuffer(readFileSync(p), { url: p });
      try {
        xsdValidator = this.lx.XsdValidator.fromDoc(xsdDoc);
      } finally {
        xsdDoc.dispose();
      }
      this.cache.set(root, xsdValidator);
    }
    const doc = typeof xml === 'string' ? this.lx.XmlDocument.fromString(xml) : this.lx.XmlDocument.fromBuffer(xml);
    try {
      xsdValidator.validate(doc);
      return [];
    } catch (error) {
      const details = (error as { details?: Array<{ message: string; line?: number }> }).details;
      return details?.length ? details.map((d) => `${d.line ?? '?'}: ${d.message.trim()}`) : [String((error as Error).message)];
    } finally {
      doc.dispose();
    }
  }

  dispose(): void {
    for (const xsdValidator of this.cache.values()) xsdValidator.dispose();
    this.cache.clear();
  }
}
