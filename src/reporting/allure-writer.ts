// The Allure results writer the runner gives allure-cucumberjs (through its format options).
// allure-js-commons' default writer fsyncs every file it writes, and a default run writes about
// 4,000 (results, attachments, one copy of the Examples table per outline row): seconds of a run
// on a slow disk, for a durability the results do not need (they are rewritten by the next run).
// Same files, same names, same content: only written plainly.
import { mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';

type Param<M extends keyof Writer, I extends number = 0> = Parameters<Writer[M]>[I];

export class PlainAllureWriter implements Writer {
  private made = false;

  constructor(private readonly resultsDir: string) {}

  private path(name: string): string {
    if (!this.made) mkdirSync(this.resultsDir, { recursive: true });
    this.made = true;
    return join(this.resultsDir, name);
  }

  private json(name: string, value: unknown): void {
    writeFileSync(this.path(name), JSON.stringify(value), 'utf8');
  }

  writeResult(result: Param<'writeResult'>): void {
    this.json(`${result.uuid}-result.json`, result);
  }

  writeGroup(result: Param<'writeGroup'>): void {
    this.json(`${result.uuid}-container.json`, result);
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    writeFileSync(this.path(distFileName), content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, this.path(distFileName));
  }

  writeEnvironmentInfo(info: Param<'writeEnvironmentInfo'>): void {
    writeFileSync(this.path('environment.properties'), stringifyEnvInfo(info), 'utf8');
  }

  writeCategoriesDefinitions(categories: Param<'writeCategoriesDefinitions'>): void {
    this.json('categories.json', categories);
  }

  writeGlobals(distFileName: string, info: Param<'writeGlobals', 1>): void {
    this.json(distFileName, info);
  }
}
