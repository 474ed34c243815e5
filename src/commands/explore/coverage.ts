// What the explored replies showed: a pass needs evidence, and "nothing available" or a refusal
// shows none. Each explored request is counted, per operation, per requirement and per part of
// the space, as shown (a rule of the operation's contract read an item or a value and concluded),
// answered with nothing, or refused (a refusal in any form, a server error, no reply). An
// operation whose explored requests showed nothing leaves the exploration NOT DETERMINED; the
// parts of the space where nothing was shown are "not covered". Nothing available is never a
// finding: the spec does not constrain availability. The booking operations (--profile booking)
// are counted alike, and when Commits were asked and none was served, none of them showed what a
// booking stores: all three are blind, whatever the quotes showed.
import type { Assertion } from '../../contracts/rule';
import type { RequirementId } from '../../specification/requirements';
import { BOOKING_OPERATIONS, BOOKING_RULES, type BookingOperation } from './booking-space';
import type { SentOperation } from './failure';
import { EXPLORED_RULES } from './judge';

/** Explored requests by what their replies showed. */
export interface ShownCounts {
  /** The reply showed what the rules judge (an item, a value): they passed or failed on it. */
  shown: number;
  /** Served, with nothing to judge (nothing available, an empty Success). */
  nothing: number;
  /** Refused in any form, a server error, or no reply. */
  refused: number;
}

export type Shown = keyof ShownCounts;

const zero = (): ShownCounts => ({ shown: 0, nothing: 0, refused: 0 });
const bump = (c: ShownCounts, k: Shown) => void c[k]++;

/** The requirements whose conclusion on a reply of `op` is evidence of it: its explored rules, or the booking part's. */
const ownRules = (op: SentOperation): readonly RequirementId[] =>
  op in BOOKING_RULES ? BOOKING_RULES[op as BookingOperation] : EXPLORED_RULES[op as keyof typeof EXPLORED_RULES];

/** What one explored reply of `op` showed: refused, else shown when a rule of the operation concluded on it, else nothing. */
export function shownBy(op: SentOperation, assertions: readonly Assertion[], refused: boolean): Shown {
  if (refused) return 'refused';
  const own = ownRules(op);
  return assertions.some((a) => own.includes(a.req) && (a.outcome === 'passed' || a.outcome === 'failed')) ? 'shown' : 'nothing';
}

export class Coverage {
  readonly byOperation: Partial<Record<SentOperation, ShownCounts>> = {};
  readonly byRequirement: Partial<Record<RequirementId, ShownCounts>> = {};
  readonly byPart: Partial<Record<SentOperation, Record<string, ShownCounts>>> = {};
  /** --profile booking: the Commits asked (--bookings), sent, and served (answered 200, no refusal, not in doubt). */
  readonly commits?: { asked: number; sent: number; served: number };

  constructor(commitsAsked = 0) {
    if (commitsAsked > 0) this.commits = { asked: commitsAsked, sent: 0, served: 0 };
  }

  /** One Commit sent, and whether the gateway served it. */
  commit(served: boolean): void {
    if (!this.commits) return;
    this.commits.sent++;
    if (served) this.commits.served++;
  }

  /** One explored request: its operation, the parts of the space it carried, the assertions of its reply, and whether the reply refused it (or was none, or a server error). */
  add(op: SentOperation, covered: readonly string[], assertions: readonly Assertion[], refused: boolean): void {
    const shown = shownBy(op, assertions, refused);
    bump((this.byOperation[op] ??= zero()), shown);
    const parts = (this.byPart[op] ??= {});
    for (const p of covered) bump((parts[p] ??= zero()), shown);
    for (const assertion of assertions) {
      // a rule's own conclusion: a pass or a failure rests on what it read; cannot tell is nothing shown to it
      const k: Shown = assertion.outcome === 'passed' || assertion.outcome === 'failed' ? 'shown' : refused ? 'refused' : 'nothing';
      bump((this.byRequirement[assertion.req] ??= zero()), k);
    }
  }

  /**
   * Requests sent without PrimaryLangID and AltLangID (a guess: the spec lists them, and leaves
   * which attributes are mandatory "not shown"), per operation: served, and refused with the first
   * refusal's words. A refused guess is INFO, never a finding.
   */
  readonly languagesLeftOut: Partial<Record<SentOperation, { served: number; refused: number; firstRefusal?: string }>> = {};

  guess(op: SentOperation, refusedHow: string | undefined): void {
    const g = (this.languagesLeftOut[op] ??= { served: 0, refused: 0 });
    if (refusedHow === undefined) g.served++;
    else {
      g.refused++;
      g.firstRefusal ??= refusedHow;
    }
  }

  /** The refused guesses in words (INFO): "activitysearch refused 5 of 17 requests without PrimaryLangID and AltLangID (first: ...)". */
  guessesRefused(): string[] {
    return (Object.entries(this.languagesLeftOut) as Array<[SentOperation, { served: number; refused: number; firstRefusal?: string }]>)
      .filter(([, g]) => g.refused > 0)
      .map(
        ([op, g]) =>
          `INFO ${op} refused ${g.refused} of ${g.served + g.refused} explored request(s) without PrimaryLangID and AltLangID (first: ${g.firstRefusal}): a guess refused, no finding (the spec leaves which attributes are mandatory not shown)`,
      );
  }

  /**
   * The operations explored whose every explored reply showed nothing (answered with nothing, or
   * refused); with Commits asked and none served, every booking operation, sent or not: a quote
   * shows no booking stored, and no read or cancel of one was possible.
   */
  blindOperations(): SentOperation[] {
    const blind = (Object.keys(this.byOperation) as SentOperation[]).filter((op) => this.byOperation[op]!.shown === 0);
    if (this.commits?.served === 0) blind.push(...BOOKING_OPERATIONS.filter((op) => !blind.includes(op)));
    return blind;
  }

  /** Per operation, the parts of the space its requests carried where no reply showed anything. */
  notCovered(): Partial<Record<SentOperation, string[]>> {
    const out: Partial<Record<SentOperation, string[]>> = {};
    for (const [op, parts] of Object.entries(this.byPart) as Array<[SentOperation, Record<string, ShownCounts>]>) {
      const blind = Object.keys(parts).filter((p) => parts[p].shown === 0);
      if (blind.length) out[op] = blind;
    }
    return out;
  }

  /**
   * One operation's account in words: "67 request(s): 0 showed what the rules judge, 60 answered
   * with nothing, 7 refused"; for activitybook with Commits asked (and every booking operation when
   * none was served), what became of them.
   */
  describe(op: SentOperation): string {
    const shownCounts = this.byOperation[op] ?? zero();
    const n = shownCounts.shown + shownCounts.nothing + shownCounts.refused;
    const said = `${n} request(s): ${shownCounts.shown} showed what the rules judge, ${shownCounts.nothing} answered with nothing, ${shownCounts.refused} refused`;
    const commits = this.commits;
    // what became of the Commits: said with activitybook's account, and with each booking operation's when none was served
    if (!commits || !(BOOKING_OPERATIONS as readonly string[]).includes(op) || (op !== 'activitybook' && commits.served > 0)) return said;
    return `${said}; ${commits.asked} Commit(s) asked, ${commits.sent} sent, ${commits.served} served${commits.served ? '' : ' (no booking was stored to read or cancel)'}`;
  }
}

/** Parts of the space in short: those that differ by a number alone in one entry ("parties of 1-5, 7, 9"). */
export function summariseParts(parts: readonly string[]): string {
  const groups = new Map<string, number[]>();
  const words: string[] = [];
  for (const part of parts) {
    const match = /^(\D*)(\d+)(\D*)$/.exec(part);
    if (!match) words.push(part);
    else groups.set(`${match[1]}#${match[3]}`, [...(groups.get(`${match[1]}#${match[3]}`) ?? []), Number(match[2])]);
  }
  const ranges = (ns: number[]) => {
    const sorted = [...new Set(ns)].sort((a, b) => a - b);
    const out: string[] = [];
    for (let i = 0; i < sorted.length;) {
      let index = i;
      while (index + 1 < sorted.length && sorted[index + 1] === sorted[index] + 1) index++;
      out.push(index > i ? `${sorted[i]}-${sorted[index]}` : String(sorted[i]));
      i = index + 1;
    }
    return out.join(', ');
  };
  return [...[...groups].map(([k, ns]) => k.replace('#', ns.length > 1 ? `{${ranges(ns)}}` : String(ns[0]))), ...words].join('; ');
}
