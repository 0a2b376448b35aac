/** The form of a questionnaire inquiry: several typed questions answered at once. */
export { QuestionnaireForm } from "./questionnaire-form";
