// XPath tests for the places of facts: enumerated words and xs:boolean values, matched as
// gateways write them (any case, surrounding white space, 1 and 0 for true and false).

/**
 * An XPath test that `attr` equals `word` in any case and with any surrounding white space, for
 * the enumerated words of places (RegionCode="HotelCode", Name="RPH").
 */
export function wordIs(attr: string, word: string): string {
  const letters = [...new Set(word.replace(/[^A-Za-z]/g, ''))].join('');
  return `translate(normalize-space(${attr}),'${letters.toUpperCase()}','${letters.toLowerCase()}')='${word.toLowerCase()}'`;
}

/**
 * An XPath test that the xs:boolean attribute `attr` is `value` (true or 1, false or 0, any case and
 * white space). Unparenthesised (`A or B`): wrap it in a predicate or in not(...).
 */
export const xsBoolIs = (attr: string, value: boolean): string =>
  `${wordIs(attr, String(value))} or normalize-space(${attr})='${value ? 1 : 0}'`;
