// An organization's keywords: the opt-out and opt-in words and the confirmation each answers with. Read with the
// defaults filled in; saved whole (an empty confirmation sends none), audited.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { inTransaction } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { analyzeBody } from '../../domain/segments.ts';
import { DEFAULT_OPT_IN_WORDS, DEFAULT_OPT_OUT_WORDS, defaultReply, effectiveKeywords, type KeywordSettings } from '../../domain/keywords.ts';
import { readKeywordSettings, writeKeywordSettings } from '../../db/inbound/keyword-settings.ts';
import { readPlatformSettings } from '../../db/platform/settings.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { TKeywordSettingsBody } from '../../inputs/inbound.ts';

export const readAccess: Access = { scopes: [], permission: 'contacts.read' };
export const access: Access = { scopes: [], permission: 'opt_outs.write' };

function keywordsView(s: KeywordSettings) {
  return {
    opt_out_words: [...s.optOutWords],
    opt_in_words: [...s.optInWords],
    opt_out_reply: s.optOutReply ?? '',
    opt_in_reply: s.optInReply ?? '',
    defaults: {
      opt_out_words: [...DEFAULT_OPT_OUT_WORDS],
      opt_in_words: [...DEFAULT_OPT_IN_WORDS],
      opt_out_reply: defaultReply('opt_out', s),
      opt_in_reply: defaultReply('opt_in', s),
    },
  };
}

export async function getKeywordSettings(ctx: Ctx, actor: TenantActor) {
  return keywordsView(effectiveKeywords(await readKeywordSettings(ctx.em, actor.organizationId)));
}

export async function setKeywordSettings(ctx: Ctx, actor: TenantActor, body: TKeywordSettingsBody) {
  return inTransaction(ctx, async (tx) => {
    // A confirmation the SMS route cannot carry would be skipped every time: refused now, where it can be fixed.
    const route = (await readPlatformSettings(tx.em))!.sms_route;
    for (const field of ['opt_out_reply', 'opt_in_reply'] as const) {
      const analysis = body[field] === '' ? null : analyzeBody(body[field], route);
      if (analysis && !analysis.ok) throw new DomainError(analysis.error.code, analysis.error.message.replace(/^body/, field), { field, details: analysis.error.details });
    }
    const stored = { optOutWords: body.opt_out_words, optInWords: body.opt_in_words, optOutReply: body.opt_out_reply, optInReply: body.opt_in_reply };
    await writeKeywordSettings(tx.em, actor.organizationId, stored, tx.now);
    await recordAudit(tx, actor, { organizationId: actor.organizationId, action: 'keywords.updated', targetType: 'organization', targetId: actor.organizationId, details: { opt_out_words: body.opt_out_words, opt_in_words: body.opt_in_words } });
    return keywordsView(effectiveKeywords(stored));
  });
}
