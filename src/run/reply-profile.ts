// A target's reply profile (OTA_REPLY_PROFILE): a JSON file that adds places where its replies
// show a fact, for dialects the defaults do not cover. Its places are tried before the defaults.
//   { "description": "...", "facts": { "hotelavailability.hotel.country": ["ota:Location/@Country"] } }
// Every problem is a ConfigError naming the file and the field; unknown facts are refused (a typo
// would otherwise be silently ignored), and every XPath must compile.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../core/errors';
import { XmlDoc } from '../xml/xml';
import type { ReplyProfilePlaces } from '../contracts/reader';

export interface ReplyProfile {
  description?: string;
  facts: ReplyProfilePlaces;
}

export function loadReplyProfile(file: string | undefined, knownFacts: ReadonlySet<string>): ReplyProfile {
  if (!file) return { facts: {} };
  const fail = (where: string, what: string): never => {
    throw new ConfigError(`reply profile ${file}: ${where} ${what}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail('(file)', `cannot be read as JSON (${(error as Error).message})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('(root)', 'must be an object');
  const root = raw as Record<string, unknown>;
  for (const key of Object.keys(root))
    if (key !== 'facts' && key !== 'description') fail(key, 'is not a field of a reply profile (fields: description, facts)');
  const facts = root.facts ?? {};
  if (typeof facts !== 'object' || facts === null || Array.isArray(facts))
    return fail('facts', 'must be an object of fact name to XPath list');
  const probe = XmlDoc.parse('<probe xmlns="http://www.opentravel.org/OTA/2003/05"/>');
  const out: Record<string, string[]> = {};
  try {
    for (const [id, places] of Object.entries(facts as Record<string, unknown>)) {
      if (!knownFacts.has(id)) fail(`facts.${id}`, `is not a known fact; known facts are listed in docs/reply-profile.md`);
      if (!Array.isArray(places) || places.length === 0) fail(`facts.${id}`, 'must be a non-empty array of XPath strings');
      out[id] = (places as unknown[]).map((place, index) => {
        if (typeof place !== 'string' || place.trim() === '') return fail(`facts.${id}[${index}]`, 'must be a non-empty XPath string');
        try {
          probe.find(place);
        } catch (error) {
          fail(`facts.${id}[${index}]`, `is not a valid XPath (${(error as Error).message})`);
        }
        return place;
      });
    }
  } finally {
    probe.dispose();
  }
  return { description: typeof root.description === 'string' ? root.description : undefined, facts: out };
}
