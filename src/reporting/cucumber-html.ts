// The cucumber HTML report, built on demand (npm run report) from the evidence stream: cucumber's
// own page (@cucumber/html-formatter), one self-contained file, every scenario with its steps and
// the exchanges attached to them, as the stream holds them (masked).
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { CucumberHtmlStream } from '@cucumber/html-formatter';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };

export async function writeCucumberHtml(envelopes: Iterable<messages.Envelope>, file: string): Promise<void> {
  const html = new CucumberHtmlStream();
  const out = createWriteStream(file);
  html.pipe(out);
  for (const e of envelopes) if (!html.write(e)) await new Promise((resolve) => html.once('drain', resolve));
  html.end();
  await finished(out);
}
