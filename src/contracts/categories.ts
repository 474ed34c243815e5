// Participant and passenger categories: OpenTravel Age Qualifying Codes, written as numbers or as
// words, and the category counts a request and a reply are compared by.
import { num } from './value-forms';

// OpenTravel code list Age Qualifying Code (AQC), by the AgeQualifyingEnum words of 2016B that
// QualifierInfo carries as text.
const AQC: Record<string, string> = {
  'over 21': '1',
  'over 65': '2',
  'under 2': '3',
  'under 12': '4',
  'under 17': '5',
  'under 21': '6',
  infant: '7',
  child: '8',
  children: '8',
  teenager: '9',
  adult: '10',
  senior: '11',
  'additional occupant with adult': '12',
  'additional occupant without adult': '13',
  'free child': '14',
  'free adult': '15',
  'young driver': '16',
  'younger driver': '17',
  'under 10': '18',
};

/** The AQC number of a category written as a number ("10") or as its word ("Adult", "adults"); undefined otherwise. */
export function ageQualifyingCode(value: string | undefined): string | undefined {
  const t = (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (/^\d{1,3}$/.test(t)) return String(Number(t));
  return AQC[t] ?? AQC[t.replace(/s$/, '')];
}

/** "10:2, 8:1": category code → quantity, zero quantities left out, sorted for comparison. */
export function countsText(pairs: Array<[string | undefined, string | undefined]>): string {
  const map = new Map<string, number>();
  for (const [code, qty] of pairs) {
    const q = num(qty);
    if (!code || !(q > 0)) continue;
    map.set(code.trim(), (map.get(code.trim()) ?? 0) + q);
  }
  return (
    [...map.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, q]) => `${c}:${q}`)
      .join(', ') || '(none)'
  );
}
