// inbox.conversations, inbox.thread and inbox.markRead: one conversation a sender, a conversation's messages both
// ways, and a conversation marked read when a member opens it.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, conversationThread, listConversations, markRead as runMarkRead } from '../../../core/app/inbound/inbox.ts';
import { ZConversationInput, ZConversationsQuery } from '../../../core/inputs/inbound.ts';
import { ZConversationPage, ZMarked, ZThread } from './outputs.ts';

export const conversations = memberProcedure
  .input(ZConversationsQuery)
  .output(ZConversationPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => listConversations(ctx.ctx, ctx.actor, input)));

export const thread = memberProcedure
  .input(ZConversationInput)
  .output(ZThread)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => conversationThread(ctx.ctx, ctx.actor, input)));

export const markRead = memberProcedure
  .input(ZConversationInput)
  .output(ZMarked)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => runMarkRead(ctx.ctx, ctx.actor, input)));
