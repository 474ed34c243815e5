// Gherkin parameter types: operations are named as the spec names them ("hotel availability").
import { defineParameterType } from '@cucumber/cucumber';
import { OPERATIONS, type OperationName } from '../src/spec/operations';

const byTitle = new Map(Object.values(OPERATIONS).map((o) => [o.title.toLowerCase(), o.name]));

defineParameterType({
  name: 'operation',
  regexp: new RegExp([...byTitle.keys()].sort((a, b) => b.length - a.length).join('|')),
  transformer: (title: string): OperationName => byTitle.get(title)!,
});
