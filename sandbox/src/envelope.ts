// The OTA reply envelope shared by all nine operations: root RS name, namespace, Version,
// EchoToken, TimeStamp, then Success (+Warnings) + content, or Errors alone. Also where the reply
// document is written out, so the serialisation variants (prefix, encoding, layout) apply here.
import { wireForm } from './charset';
import type { OtaError, OtaWarning } from './errors';
import { rewrittenReply, type Faults } from './faults';
import type { Variants } from './variants';
import { rewrite, type WriteOptions } from './writer';
import { el, esc, OTA_NS, type Attrs } from './xml';

export interface EnvelopeInfo {
  /** Reply root, e.g. OTA_HotelAvailRS. */
  rsRoot: string;
  /** Request root expected on this path, e.g. OTA_HotelAvailRQ (used by fault wrong-root). */
  rqRoot: string;
  version: string;
  echoToken?: string;
  /** Extra root attributes (OTA_CancelRS Status, PrimaryLangID...). */
  rootAttrs?: Attrs;
  /** The operation replying (its path without slash): the faults declared as its `rewrite` apply. */
  operation?: string;
}

/** What writing a reply depends on besides its content. */
export interface WriteEnv {
  now: Date;
  faults: Faults;
  variants: Variants;
}

/** TimeStamp: UTC with Z, (variant zoned-timestamp) the gateway's local time at +02:00, or (variant no-optional-echoes) none. */
export function timeStamp(now: Date, variants: Variants): string | undefined {
  if (variants.has('no-optional-echoes')) return undefined;
  if (!variants.has('zoned-timestamp')) return now.toISOString();
  return `${new Date(now.getTime() + 2 * 3_600_000).toISOString().slice(0, 23)}+02:00`;
}

function open(info: EnvelopeInfo, writeEnv: WriteEnv): { name: string; attrs: Attrs } {
  const { faults, variants } = writeEnv;
  const name = faults.has('wrong-root') ? info.rqRoot : info.rsRoot;
  const quiet = variants.has('no-optional-echoes');
  const attrs: Attrs = {
    xmlns: faults.has('wrong-namespace') ? 'http://www.opentravel.org/OTA/2003' : OTA_NS,
    EchoToken: faults.has('echotoken-dropped') || quiet ? undefined : info.echoToken,
    // Mistake (local-timestamp): the database's own date-time form.
    TimeStamp: faults.has('local-timestamp')
      ? writeEnv.now.toISOString().slice(0, 19).replace('T', ' ')
      : timeStamp(writeEnv.now, variants),
    Version: faults.has('version-missing') ? undefined : info.version,
    ...info.rootAttrs,
  };
  return { name, attrs };
}

/** The XML declaration (or none, or after a BOM) as the encoding variants want it. */
function declaration(variants: Variants): string {
  if (variants.has('no-xml-declaration')) return variants.has('utf8-bom') ? '\uFEFF' : '';
  // Under charset-header-wins the declaration names ISO-8859-1 while the bytes stay UTF-8.
  const decl = `<?xml version="1.0" encoding="${wireForm(variants).declared}"?>\n`;
  return variants.has('utf8-bom') ? `\uFEFF${decl}` : decl;
}

function prolog(writeEnv: WriteEnv, withFaults: boolean): string {
  const decl = declaration(writeEnv.variants);
  if (!withFaults || !writeEnv.faults.has('doctype-entities')) return decl;
  // What a template engine with a DTD-based entity catalogue would emit.
  return `${decl}<!DOCTYPE OTA [\n  <!ENTITY sandbox "OTA sandbox">\n  <!ENTITY lol "lol">\n  <!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n]>\n`;
}

function writeOptions(variants: Variants): WriteOptions | undefined {
  const { charset } = wireForm(variants);
  const o: WriteOptions = {
    prefix: variants.has('prefixed-namespace') ? 'ota' : undefined,
    reverse: variants.has('reordered-siblings'),
    pretty: variants.has('pretty-comments-cdata'),
    charset: charset === 'utf-8' ? undefined : charset,
    expandEmpty: variants.has('expanded-empty-elements'),
    singleQuotes: variants.has('single-quoted-attributes'),
  };
  return Object.values(o).some(Boolean) ? o : undefined;
}

/**
 * A complete reply document: prolog, then the root element in the form the variants ask for. The
 * `rewrite` of a fault of `operation` applies to the sandbox's own compact form, before the dialect
 * writes it out, so that it changes the reply the same way in every dialect.
 */
export function document(root: string, writeEnv: WriteEnv, withFaults = true, operation?: string): string {
  const o = writeOptions(writeEnv.variants);
  const written = withFaults && operation ? rewrittenReply(root, operation, writeEnv.faults) : root;
  return prolog(writeEnv, withFaults) + (o ? rewrite(written, o) : written);
}

function errorEl(otaError: OtaError, writeEnv: WriteEnv): string {
  const shortText = writeEnv.variants.has('error-text-only') ? undefined : otaError.shortText.slice(0, 64);
  // Mistake (error-without-type): the required Type is left out.
  return el(
    'Error',
    { Type: writeEnv.faults.has('error-without-type') ? undefined : otaError.type, Code: otaError.code, ShortText: shortText },
    esc(otaError.message),
  );
}

/** Warning beside every Success (variant warnings-beside-success): advisory, no Code. */
const ADVISORY: OtaWarning = { type: '11', shortText: 'Advisory', text: 'Prices and availability are confirmed only by a booking' };

export function successReply(info: EnvelopeInfo, content: string, warnings: OtaWarning[], writeEnv: WriteEnv): string {
  const { name, attrs } = open(info, writeEnv);
  const all = writeEnv.variants.has('warnings-beside-success') ? [...warnings, ADVISORY] : warnings;
  const ws = all.length
    ? el(
        'Warnings',
        {},
        all.map((x) => el('Warning', { Type: x.type, Code: x.code, ShortText: x.shortText }, esc(x.text))),
      )
    : '';
  const both = writeEnv.faults.has('success-and-errors')
    ? el('Errors', {}, el('Error', { Type: '11', Code: '450', ShortText: 'Processed' }, 'Request processed'))
    : '';
  // Variant empty-errors-element: an empty Errors beside Success (departs from every RS's choice).
  const emptyErrors = writeEnv.variants.has('empty-errors-element') ? '<Errors/>' : '';
  return document(el(name, attrs, '<Success/>', ws, emptyErrors, content, both), writeEnv, true, info.operation);
}

/** `extra` and each error's `data`: content a mistake puts beside the Errors (faults read-refusal-shows-booking, activitynbc-unknown-with-data). */
export function errorsReply(info: EnvelopeInfo, errors: OtaError[], writeEnv: WriteEnv, extra = ''): string {
  const errs = el(
    'Errors',
    {},
    errors.map((e) => errorEl(e, writeEnv)),
  );
  if (writeEnv.variants.has('error-rs')) {
    // OTA_ErrorRS: the generic OpenTravel error message, same Errors inside.
    const { attrs } = open({ ...info, rootAttrs: undefined }, writeEnv);
    const first = errors[0];
    const root = el(
      'OTA_ErrorRS',
      { ...attrs, Status: 'NotProcessed', ErrorCode: first?.code, ErrorMessage: first?.shortText },
      errs,
      extra,
      errors.map((e) => e.data ?? ''),
    );
    return document(root, writeEnv, true, info.operation);
  }
  const { name, attrs } = open(info, writeEnv);
  const both = writeEnv.faults.has('success-and-errors') ? '<Success/>' : '';
  return document(
    el(
      name,
      attrs,
      both,
      errs,
      extra,
      errors.map((e) => e.data ?? ''),
    ),
    writeEnv,
    true,
    info.operation,
  );
}
