/**
 * The inquiry model: the record, its life (statuses, resolution, answers), approvals,
 * questionnaires and elicitations, shared (team) approvals and delivery receipts. Every other
 * wire carries these shapes; this folder imports none of them.
 */
export {
  AnswerViaSchema,
  FINAL_INQUIRY_STATUSES,
  InquiryAgentWaitingSchema,
  InquiryExpiringSchema,
  InquiryExtendedSchema,
  InquiryListQuerySchema,
  InquiryResolutionSchema,
  InquirySchema,
  InquiryStatusSchema,
  InquiryTypeSchema,
  InquiryWithdrawnSchema,
  IsoTimestampSchema,
  SuggestedBySchema,
} from "./inquiry";
export type {
  AnswerVia,
  FinalInquiryStatus,
  Inquiry,
  InquiryAgentWaiting,
  InquiryExpiring,
  InquiryExtended,
  InquiryListQuery,
  InquiryResolution,
  InquiryStatus,
  InquiryType,
  InquiryWithdrawn,
  SuggestedBy,
} from "./inquiry";
export { EXPIRY_WARNING_SHARE, expiryWarningAt } from "./expiry-warning";
export {
  APPROVAL_DECISIONS,
  APPROVAL_RESULT_OPENINGS,
  ApprovalDecisionSchema,
  ApprovalDetailsSchema,
} from "./approval";
export type { ApprovalDecision, ApprovalDetails } from "./approval";
export {
  MAX_RISK_REASON_LENGTH,
  RISK_LEVELS,
  riskAtLeast,
  RiskAssessmentSchema,
  RiskLevelSchema,
} from "./risk";
export type { RiskAssessment, RiskLevel } from "./risk";
export { AnswerBodySchema, MAX_ANSWER_LENGTH } from "./answer";
export type { AnswerAction, AnswerBody } from "./answer";
export {
  checkQuestionnaireValues,
  QuestionKindSchema,
  questionnaireAnswerText,
  QuestionSchema,
  QuestionsSchema,
} from "./questionnaire";
export type { Question, QuestionKind, QuestionnaireCheck, QuestionValue } from "./questionnaire";
export {
  ElicitationDetailsSchema,
  ElicitationPropertySchema,
  questionsToRequestedSchema,
  RequestedSchemaSchema,
  requestedSchemaToQuestions,
} from "./elicitation-schema";
export type {
  ElicitationDetails,
  ElicitationProperty,
  RequestedSchema,
} from "./elicitation-schema";
export {
  ApprovalVoteSchema,
  InquiryProgressSchema,
  SharedApprovalGroupSchema,
  SharedApprovalMemberSchema,
  SharedApprovalSchema,
} from "./shared-approval";
export type {
  ApprovalVote,
  InquiryProgress,
  SharedApproval,
  SharedApprovalGroup,
  SharedApprovalMember,
} from "./shared-approval";
export {
  DeliveryReceiptSchema,
  DeviceReceiptKindSchema,
  InquiryReceiptsSchema,
  MAX_RECEIPTS_PER_INQUIRY,
  ReceiptChannelSchema,
  receiptKey,
  ReceiptKindSchema,
  ROUTING_TARGET_ID,
} from "./receipts";
export type { DeliveryReceipt, InquiryReceipts, ReceiptChannel, ReceiptKind } from "./receipts";
