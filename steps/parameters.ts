// Gherkin parameter types: operations are named as the spec names them ("hotel availability"),
// requirements by their catalogue ID (an unknown ID matches no step: the step is undefined).
import { defineParameterType } from '@cucumber/cucumber';
import { OPERATIONS, type OperationName } from '../src/specification/operations';
import { REQUIREMENTS, type RequirementId } from '../src/specification/requirements';

const byTitle = new Map(Object.values(OPERATIONS).map((o) => [o.title.toLowerCase(), o.name]));

defineParameterType({
  name: 'operation',
  regexp: new RegExp([...byTitle.keys()].sort((a, b) => b.length - a.length).join('|')),
  transformer: (title: string): OperationName => byTitle.get(title)!,
});

defineParameterType({
  name: 'requirement',
  regexp: new RegExp(
    REQUIREMENTS.map((r) => r.id)
      .sort((a, b) => b.length - a.length)
      .join('|'),
  ),
  transformer: (id: string): RequirementId => id as RequirementId,
});
