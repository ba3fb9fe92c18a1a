/** Customer service's server face: what the operator console uses (the feedback inbox). */
export { answerFeedback, feedbackForStaff, openFeedbackCount, pictureFile } from './server/feedback.ts';
