/** The console's handlers (contract: src/features/console/contract.ts). */
import { db, readDb } from '../../../kernel/db/index.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import { route, setCookie, type HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import {
  CONSOLE_COOKIE,
  consoleAddStaff,
  consoleApproveWithdrawal,
  consoleAudit,
  consoleCommands,
  consoleRunCommand,
  consoleAdjust,
  consoleAdjustments,
  consoleDecideAdjustment,
  consoleDashboard,
  consoleEndSessions,
  consoleExport,
  consoleLogin,
  consoleLogout,
  consoleMe,
  consoleMember,
  consoleMemberLock,
  consoleMemberNote,
  consoleMemberResetSecondFactor,
  consoleMembers,
  consoleRejectWithdrawal,
  consoleStaff,
  consoleUpdateStaff,
  consoleWithdrawals,
  consoleDeposits,
  consoleDraws,
  consoleCancelDraw,
  consoleRunDraws,
  consoleBrand,
  consoleSaveBrand,
  consoleSetMaintenance,
  consoleSetRegions,
  consoleApplications,
  consoleDecideApplication,
  consoleSendMessage,
  consoleMessages,
  consoleRedemptions,
  consoleRedemptionStatus,
  consoleContracts,
  consoleGrantContract,
  consoleEndContract,
  consoleSettlements,
  consoleSettle,
  consoleFeedback,
  consoleAnswerFeedback,
  consoleFeedbackImage,
  consoleChatQueue,
  consoleChatAccepting,
  consoleChatClosed,
  consoleChatConversation,
  consoleChatTake,
  consoleChatTransfer,
  consoleChatSend,
  consoleChatRead,
  consoleChatTyping,
  consoleChatClose,
  consoleChatReopen,
  consoleChatBlock,
  consoleChatTranscript,
  consoleChatPicture,
  consoleChatStream,
  consoleContentList,
  consoleContentEntry,
  consoleContentRender,
  consoleContentSave,
  consoleContentPublish,
  consoleContentAction,
  consoleContentDiff,
  consoleContentPreviewLink,
  consoleContentUpload,
  consoleContentImages,
  consoleSiteFacts,
  consoleSaveSiteFacts,
} from '../contract.ts';
import { saveSiteFacts, siteFacts, studioAction, studioDiff, studioEntry, studioImages, studioList, studioPreviewLink, studioPublish, studioRender, studioSave, studioUpload } from './studio.ts';
import { addMemberNote, approveWithdrawal, auditLog, endMemberSessions, listWithdrawals, lockMember, memberDetail, rejectPending, resetMemberSecondFactor, searchMembers, type Actor } from './desk.ts';
import { resolveStaff } from './gate.ts';
import { listDeposits } from './deposits.ts';
import { end as endContract, grant, settle, settlements } from './agents.ts';
import { listContracts } from '../../agent/index.ts';
import {
  answerFeedback,
  chatPictureFile,
  setAccepting,
  deskClosed,
  deskConversation,
  feedbackForStaff,
  pictureFile,
  readAsStaff,
  sendAsStaff,
  transcriptFile,
  typingAsStaff,
} from '../../support/index.ts';
import { block as blockChat, close as closeChat, queueFor, reopen as reopenChat, stream as chatStream, take as takeChat, transfer as transferChat } from './chat-desk.ts';
import { applications, decide, messages, sendMessage } from './engagement.ts';
import { moveRedemption, redemptions } from './mall.ts';
import { brandView, saveBrand, setMaintenanceFor, setRegionsFor } from './brand.ts';
import { cancelDrawFor, listDraws, lotteryGames, runDrawsFor } from './lottery.ts';
import { exportTable } from './export.ts';
import { commandsFor, runFor } from './commands.ts';
import { dashboard } from './dashboard.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustments.ts';
import { addStaff, endStaffSession, listStaff, meOf, staffLogin, staffView, updateStaff, type StaffSession } from './staff.ts';

/** The path the console's cookie is sent to: its calls only, never a member's. */
const COOKIE_PATH = '/wps/console';

function staffOf(ctx: HandlerContext): StaffSession {
  if (!ctx.session) throw new ApiError(401, 'console.session.none');
  return ctx.session as StaffSession;
}
const actorOf = (ctx: HandlerContext): Actor => ({ session: staffOf(ctx), ip: ctx.ip });

export const consoleRoutes = [
  route(consoleLogin, async ({ body }, ctx) => {
    const answer = await staffLogin(await db(), body, ctx.ip);
    if (answer.stage !== 'done') return answer;
    // The session lives in an HttpOnly cookie (never in storage), sent only to the console's calls.
    setCookie(ctx, CONSOLE_COOKIE, answer.token, { path: COOKIE_PATH, maxAgeSeconds: 12 * 3600 });
    return { stage: 'done' as const, me: answer.me, recoveryCodes: answer.recoveryCodes };
  }),
  route(consoleLogout, async (_input, ctx) => {
    await endStaffSession(await db(), staffOf(ctx).sessionId);
    setCookie(ctx, CONSOLE_COOKIE, '', { path: COOKIE_PATH, maxAgeSeconds: 0 });
    return null;
  }),
  route(consoleMe, async (_input, ctx) => {
    const s = await resolveStaff(ctx);
    return s && meOf({ id: s.staffId, username: s.username, roles: s.roles });
  }),
  route(consoleWithdrawals, async ({ query }) => listWithdrawals(await db(), query)),
  route(consoleApproveWithdrawal, async ({ body }, ctx) => approveWithdrawal(await db(), body.id, actorOf(ctx))),
  route(consoleRejectWithdrawal, async ({ body }, ctx) => rejectPending(await db(), body.id, body.reason, actorOf(ctx))),
  route(consoleDeposits, async ({ query }, ctx) => listDeposits(await db(), query, ctx.locale)),
  route(consoleDraws, async ({ query }) => ({ ...(await listDraws(await db(), query)), games: lotteryGames() })),
  route(consoleCancelDraw, async ({ body }, ctx) => cancelDrawFor(await db(), body.game, body.drawNo, actorOf(ctx))),
  route(consoleRunDraws, async (_input, ctx) => runDrawsFor(await db(), actorOf(ctx))),
  route(consoleBrand, async () => brandView(await db())),
  route(consoleSaveBrand, async ({ body }, ctx) => saveBrand(await db(), body, ctx.t, actorOf(ctx))),
  route(consoleSetMaintenance, async ({ body }, ctx) => setMaintenanceFor(await db(), body, ctx.t, actorOf(ctx))),
  route(consoleSetRegions, async ({ body }, ctx) => setRegionsFor(await db(), body.cidrs, ctx.t, actorOf(ctx))),
  route(consoleApplications, async (_input, ctx) => applications(await db(), ctx.locale)),
  route(consoleDecideApplication, async ({ body }, ctx) => decide(await db(), body, actorOf(ctx))),
  route(consoleSendMessage, async ({ body }, ctx) => sendMessage(await db(), body, ctx.t, actorOf(ctx))),
  route(consoleMessages, async () => messages(await db())),
  route(consoleRedemptions, async ({ query }, ctx) => redemptions(await db(), query, ctx.locale)),
  route(consoleRedemptionStatus, async ({ body }, ctx) => moveRedemption(await db(), body, actorOf(ctx))),
  route(consoleContracts, async ({ query }) => listContracts(await db(), query)),
  route(consoleGrantContract, async ({ body }, ctx) => grant(await db(), body, ctx.t, actorOf(ctx))),
  route(consoleEndContract, async ({ body }, ctx) => endContract(await db(), body.id, actorOf(ctx))),
  route(consoleSettlements, async ({ query }, ctx) => settlements(await db(), query, ctx.t)),
  route(consoleSettle, async ({ body }, ctx) => settle(await db(), body, ctx.t, actorOf(ctx))),
  route(consoleFeedback, async ({ query }) => feedbackForStaff(await db(), query)),
  route(consoleAnswerFeedback, async ({ body }, ctx) => {
    const a = actorOf(ctx);
    const d = await db();
    const { before, after } = await answerFeedback(d, body.id, body.answer, a.session.username);
    await recordAudit(d, {
      actor: `staff:${a.session.username}`,
      command: 'feedback answer',
      args: { id: body.id },
      ip: a.ip,
      before: { status: before.status },
      after: { status: after.status, answer: after.answer },
    });
    return { id: body.id, status: 'answered' as const };
  }),
  route(consoleFeedbackImage, async ({ query }) => pictureFile(await db(), query.id, null)),
  route(consoleChatQueue, async (_input, ctx) => queueFor(await db(), staffOf(ctx).username, ctx.locale)),
  route(consoleChatAccepting, async ({ body }, ctx) => (await setAccepting(await db(), staffOf(ctx).username, body.accepting), { accepting: body.accepting })),
  route(consoleChatClosed, async ({ query }) => deskClosed(await db(), query)),
  route(consoleChatConversation, async ({ query }) => deskConversation(await db(), query.id)),
  route(consoleChatTake, async ({ body }, ctx) => takeChat(await db(), body.id, actorOf(ctx))),
  route(consoleChatTransfer, async ({ body }, ctx) => transferChat(await db(), body.id, body.to, actorOf(ctx))),
  route(consoleChatSend, async ({ body }, ctx) => sendAsStaff(await db(), body.id, staffOf(ctx).username, body.body, body.note)),
  route(consoleChatRead, async ({ body }) => (await readAsStaff(await db(), body.id, body.upTo), {})),
  route(consoleChatTyping, async ({ body }) => (await typingAsStaff(await db(), body.id), {})),
  route(consoleChatClose, async ({ body }, ctx) => closeChat(await db(), body.id, actorOf(ctx))),
  route(consoleChatReopen, async ({ body }, ctx) => reopenChat(await db(), body.id, actorOf(ctx))),
  route(consoleChatBlock, async ({ body }, ctx) => blockChat(await db(), body, actorOf(ctx))),
  route(consoleChatTranscript, async ({ query }, ctx) => transcriptFile(await db(), query.id, ctx.locale)),
  route(consoleChatPicture, async ({ query }) => chatPictureFile(await db(), query.id, null)),
  route(consoleChatStream, async ({ query }, ctx) => chatStream(await db(), ctx, query, staffOf(ctx).username)),
  route(consoleMembers, async ({ query }) => searchMembers(await db(), query)),
  route(consoleMember, async ({ query }) => memberDetail(await db(), query.id)),
  route(consoleEndSessions, async ({ body }, ctx) => ({ ended: await endMemberSessions(await db(), body.memberId, body.sessionId, actorOf(ctx)) })),
  route(consoleExport, async ({ query }, ctx) => exportTable(await db(), ctx.t, staffOf(ctx), query, ctx.locale)),
  route(consoleMemberNote, async ({ body }, ctx) => addMemberNote(await db(), body.memberId, body.text, actorOf(ctx))),
  route(consoleMemberLock, async ({ body }, ctx) => lockMember(await db(), body.memberId, body.locked, body.reason, actorOf(ctx))),
  route(consoleMemberResetSecondFactor, async ({ body }, ctx) => resetMemberSecondFactor(await db(), body.memberId, body.reason, actorOf(ctx))),
  route(consoleStaff, async () => ({ items: (await listStaff(await db())).map(staffView) })),
  route(consoleAddStaff, async ({ body }, ctx) => {
    const a = actorOf(ctx);
    const d = await db();
    const added = await addStaff(d, { username: body.username, roles: body.roles, by: `staff:${a.session.username}` });
    await recordAudit(d, {
      actor: `staff:${a.session.username}`,
      command: 'staff add',
      args: { username: added.staff.username, roles: added.staff.roles },
      ip: a.ip,
      before: null,
      after: staffView(added.staff),
    });
    return { staff: staffView(added.staff), temporaryPassword: added.temporaryPassword };
  }),
  route(consoleUpdateStaff, async ({ body }, ctx) => {
    const a = actorOf(ctx);
    const d = await db();
    const { before, after } = await updateStaff(d, body.id, body, a.session.staffId);
    await recordAudit(d, { actor: `staff:${a.session.username}`, command: 'staff update', args: body, ip: a.ip, before: staffView(before), after: staffView(after) });
    return staffView(after);
  }),
  route(consoleAudit, async ({ query }) => auditLog(await db(), query)),
  route(consoleAdjust, async ({ body }, ctx) => requestAdjustment(await db(), body, actorOf(ctx))),
  route(consoleAdjustments, async ({ query }) => ({ items: await listAdjustments(await db(), { status: query.status }) })),
  route(consoleDecideAdjustment, async ({ body }, ctx) => decideAdjustment(await db(), body.id, body.approve, actorOf(ctx))),
  route(consoleDashboard, async ({ query }) => dashboard(await readDb(), query)),
  route(consoleCommands, (_input, ctx) => ({ items: commandsFor(staffOf(ctx)) })),
  route(consoleRunCommand, ({ body }, ctx) => runFor(staffOf(ctx), body.argv, ctx.ip)),
  route(consoleContentList, async ({ query }) => studioList(await db(), query.kind)),
  route(consoleContentEntry, async ({ query }) => studioEntry(await db(), query.kind, query.slug)),
  route(consoleContentRender, async ({ body }, ctx) => studioRender(await db(), body.kind, body.fields, body.body, ctx.t)),
  route(consoleContentSave, async ({ body }, ctx) => studioSave(await db(), body, ctx.t, actorOf(ctx))),
  route(consoleContentPublish, async ({ body }, ctx) => studioPublish(await db(), body.entryId, body.number, body.at, actorOf(ctx))),
  route(consoleContentAction, async ({ body }, ctx) => studioAction(await db(), body, actorOf(ctx))),
  route(consoleContentDiff, async ({ query }) => studioDiff(await db(), query.entryId, query.from, query.to)),
  route(consoleContentPreviewLink, async ({ body }, ctx) => studioPreviewLink(await db(), body.kind, body.locale, actorOf(ctx))),
  route(consoleContentUpload, async ({ body }, ctx) => studioUpload(await db(), body, actorOf(ctx))),
  route(consoleContentImages, async () => studioImages(await db())),
  route(consoleSiteFacts, () => siteFacts()),
  route(consoleSaveSiteFacts, async ({ body }, ctx) => saveSiteFacts(await db(), body, ctx.t, actorOf(ctx))),
];
