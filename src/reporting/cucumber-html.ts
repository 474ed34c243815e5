// The cucumber HTML report, built on demand (npm run report) from the evidence stream: cucumber's
// own page (@cucumber/html-formatter), one self-contained file, every scenario with its steps and
// the exchanges attached to them, as the stream holds them (masked). Cucumber's page counts
// scenarios ("97.9% passed", a green dot) and knows nothing of the verdict: the verdict is put
// above it, first on the screen and in the page's title, with a link to the conformance report.
import { createWriteStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CucumberHtmlStream } from '@cucumber/html-formatter';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import type { ConformanceResult } from './result';
import { verdictHead } from './verdict';

/** The verdict as the page states it, and where the conformance report is from the page. */
export interface CucumberVerdict {
  result: Pick<ConformanceResult, 'verdict' | 'verdictReason' | 'warnings' | 'exploration'>;
  conformanceReport: string;
}

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const COLOUR: Record<ConformanceResult['verdict'], string> = {
  CONFORMS: '#1a7f37',
  'DOES NOT CONFORM': '#b42318',
  'NOT DETERMINED': '#9a6700',
  'SELECTION PASSED': '#9a6700',
  'NO FINDING': '#9a6700',
  'COULD NOT RUN': '#b42318',
};

/** The banner above cucumber's page: the verdict, why, and that the scenarios below are not it. */
export function verdictBanner(cucumberVerdict: CucumberVerdict): string {
  const head = verdictHead(cucumberVerdict.result);
  return (
    `<div id="ota-verdict" role="alert" style="font:16px/1.4 system-ui,sans-serif;padding:14px 20px;color:#fff;background:${COLOUR[cucumberVerdict.result.verdict]}">` +
    `<strong style="font-size:22px">${html(head)}</strong><br>${html(cucumberVerdict.result.verdictReason)}<br>` +
    `<span style="font-size:14px">The verdict is the conformance report's (<a style="color:#fff" href="${html(cucumberVerdict.conformanceReport)}">conformance report</a>): ` +
    "the page below is cucumber's, and its pass rate counts scenarios, not requirements.</span></div>"
  );
}

/** Puts the banner right after <body> and the verdict first in the page's title (both in the template's first part). */
function withVerdict(banner: string, head: string): Transform {
  let pending = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _enc, callback: TransformCallback) {
      if (done) return callback(null, chunk);
      pending += chunk.toString();
      const body = /<body[^>]*>/.exec(pending);
      if (!body) return callback();
      done = true;
      const at = body.index + body[0].length;
      const out = `${pending.slice(0, at).replace(/<title>([^<]*)<\/title>/, (_m, t: string) => `<title>${html(head)} · ${t}</title>`)}\n${banner}${pending.slice(at)}`;
      pending = '';
      callback(null, out);
    },
    flush(callback: TransformCallback) {
      callback(null, pending || undefined);
    },
  });
}

export async function writeCucumberHtml(envelopes: Iterable<messages.Envelope>, file: string, verdict: CucumberVerdict): Promise<void> {
  const page = new CucumberHtmlStream();
  const written = pipeline(page, withVerdict(verdictBanner(verdict), verdictHead(verdict.result)), createWriteStream(file));
  for (const envelope of envelopes) if (!page.write(envelope)) await new Promise((resolve) => page.once('drain', resolve));
  page.end();
  await written;
}
