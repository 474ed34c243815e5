// Assertions as a step records them, for the tests of what is concluded from them (a scenario's
// verdict, requirement outcomes, the run's verdict).
import type { Assertion } from '../../src/contracts/rule';
import type { RequirementId } from '../../src/specification/requirements';

export const passedCheck = (req: RequirementId): Assertion => ({ req, outcome: 'passed', findings: [], reasons: [] });

export const failedCheck = (req: RequirementId, at = '/x', expected = 'a', found = 'b'): Assertion => ({
  req,
  outcome: 'failed',
  findings: [{ req, at, expected, found }],
  reasons: [],
});

export const cantTellCheck = (req: RequirementId, why = 'the reply does not show it'): Assertion => ({
  req,
  outcome: 'cantTell',
  findings: [],
  reasons: [why],
});
