// The OTA reply envelope shared by all nine operations: root RS name, namespace, Version,
// EchoToken, TimeStamp, then Success (+Warnings) + content, or Errors alone.
import type { OtaError, OtaWarning } from './errors';
import type { Faults } from './faults';
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
}

function open(info: EnvelopeInfo, now: Date, faults: Faults): { name: string; attrs: Attrs } {
  const name = faults.has('wrong-root') ? info.rqRoot : info.rsRoot;
  const attrs: Attrs = {
    xmlns: faults.has('wrong-namespace') ? 'http://www.opentravel.org/OTA/2003' : OTA_NS,
    EchoToken: faults.has('echotoken-dropped') ? undefined : info.echoToken,
    TimeStamp: now.toISOString(),
    Version: faults.has('version-missing') ? undefined : info.version,
    ...info.rootAttrs,
  };
  return { name, attrs };
}

function prolog(faults: Faults): string {
  const decl = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (!faults.has('doctype-entities')) return decl;
  // What a template engine with a DTD-based entity catalogue would emit.
  return `${decl}<!DOCTYPE OTA [\n  <!ENTITY sandbox "OTA sandbox">\n  <!ENTITY lol "lol">\n  <!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n]>\n`;
}

function errorEl(e: OtaError): string {
  return el('Error', { Type: e.type, Code: e.code, ShortText: e.shortText.slice(0, 64) }, esc(e.message));
}

export function successReply(info: EnvelopeInfo, content: string, warnings: OtaWarning[], now: Date, faults: Faults): string {
  const { name, attrs } = open(info, now, faults);
  const w = warnings.length
    ? el('Warnings', {}, warnings.map((x) => el('Warning', { Type: x.type, Code: x.code, ShortText: x.shortText }, esc(x.text))))
    : '';
  const both = faults.has('success-and-errors')
    ? el('Errors', {}, el('Error', { Type: '11', Code: '450', ShortText: 'Processed' }, 'Request processed'))
    : '';
  return prolog(faults) + el(name, attrs, '<Success/>', w, content, both);
}

export function errorsReply(info: EnvelopeInfo, errors: OtaError[], now: Date, faults: Faults): string {
  const { name, attrs } = open(info, now, faults);
  const both = faults.has('success-and-errors') ? '<Success/>' : '';
  return prolog(faults) + el(name, attrs, both, el('Errors', {}, errors.map(errorEl)));
}
