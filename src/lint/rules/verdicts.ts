import { checkVerdict } from '../../verdict/verdict.js';
import type { Finding, LintDocument, LintRule } from '../types.js';

function check(doc: LintDocument): Finding[] {
  const result = checkVerdict(doc.text, doc.invalidUtf8);
  if (result.valid) return [];
  return [{ line: result.line, column: result.column, message: `${result.message} (${result.code})` }];
}

const ok = (text: string) => ({ file: 'agents/evidence/reviews/force-push.json', text });

/** `verdicts`: every reviewer verdict kept as evidence passes `agent-config verdict check`. */
export const verdictsRule: LintRule = {
  meta: {
    id: 'verdicts',
    description:
      'Every reviewer verdict kept as evidence (the `verdicts` globs) passes `agent-config verdict check`.',
    rationale:
      'A verdict decides whether an irreversible action may go ahead, and a verdict read loosely is how a critical allow slips through: JSON.parse keeps the last of two equal keys, and "Allow" or "critical " are not the words they look like. Each file must be exactly one JSON object in the new or the legacy shape and keep every rule `agent-config verdict check` applies; the finding names the first rule it breaks and its code.',
    severity: 'error',
    fixable: false,
    scopes: ['verdict'],
    examples: {
      ok: [
        ok(
          '{\n  "risk": "high",\n  "authorization": "medium",\n  "outcome": "allow",\n  "rationale": "the branch is merged"\n}\n',
        ),
        ok('{ "risk": "high", "decision": "deny", "reason": "force push to main" }\n'),
      ],
      notOk: [
        ok('{\n  "risk": "critical",\n  "authorization": "high",\n  "outcome": "allow"\n}\n'),
        ok(
          '{\n  "risk": "high",\n  "authorization": "low",\n  "outcome": "deny",\n  "reason": "no",\n  "outcome": "allow"\n}\n',
        ),
      ],
    },
  },
  check,
};
