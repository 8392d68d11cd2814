import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';

/** The attribute name of `setattr(obj, name, value)` comes straight from the request (`for k, v in data.items(): setattr(user, k, v)`). */
function attributeFromRequest(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = call.args.find((a) => a.index === 1)?.node;
  if (!name || !ctx.taint(name) || taint.built) return false;
  const target = call.args.find((a) => a.index === 0)?.node;
  // Only model / entity objects: setattr(user, …), setattr(self.instance, …), setattr(obj, …).
  return !!target && /^(?:self|cls)$/.test(target.text) === false;
}

/** `User(**request.json)`, `User.objects.create(**request.POST.dict())`, `user.update(**data)`: every request field becomes a column. */
function splatIntoModel(call: CallView, ctx: MatchContext): boolean {
  const splat = call.node.child('arguments')?.namedChildren.find((a) => a.type === 'dictionary_splat');
  if (!splat) return false;
  const inner = splat.namedChildren[0];
  if (!inner || !ctx.taint(inner)) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (/(?:^|\.)objects\.(?:create|update_or_create|get_or_create)$|\.objects\.filter\(\)\.update$|\.query\.filter(?:_by)?\(\)\.update$/.test(path)) return true;
  // A model class made in this file's domain: `User(**…)` (capitalised, not a schema / form / serializer that validates).
  return !call.receiver && /^[A-Z]\w*$/.test(call.name) && !/(?:Schema|Form|Serializer|Model|In|Create|Update|Request|Params|Query|Dict|Config|Settings|Response|Exception|Error)$/.test(call.name) && /\bModel\b|db\.Model|models\.Model|Base\b|declarative_base|SQLModel|Document/.test(ctx.code);
}

export default defineRule({
  class: 'mass-assignment',
  confidence: 'medium',
  languages: ['python'],
  remediation: 'Copy only the fields a user may change (`user.name = data["name"]`), or validate the body with a schema / form / serializer that lists the writable fields (`UserUpdate(**data)` with Pydantic, `fields = ["name", "email"]` in DRF).',
  references: ['https://cwe.mitre.org/data/definitions/915.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Mass_Assignment_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['setattr'], args: [1], where: attributeFromRequest, label: 'setattr' },
      { callee: ['*', '*.objects.{create,update_or_create,get_or_create}', '*.update'], args: 'all', where: (call, ctx) => splatIntoModel(call, ctx), label: 'keyword expansion into a model' },
    ],
    params: 'never',
    local: 'never',
  },
});
