/** Customer service's server face: what the operator console uses (the feedback inbox, the chat desk). */
export { answerFeedback, feedbackForStaff, openFeedbackCount, pictureFile } from './server/feedback.ts';
export {
  closeAsStaff,
  conversationStream,
  deskClosed,
  deskConversation,
  deskQueue,
  deskStream,
  liveChatCounts,
  readAsStaff,
  reopenConversation,
  sendAsStaff,
  setChatBlock,
  takeConversation,
  transcriptFile,
  transferConversation,
  typingAsStaff,
  chatSettings,
  agentStates,
  seeAgent,
  setAccepting,
  chatPictureFile,
  type DeskRow,
} from './server/chat.ts';
export { chatConversation } from './server/tables.ts';
