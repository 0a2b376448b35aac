/** The history of answered inquiries: the list with its filters and one inquiry's audit trail. */
export { fetchHistoryDetail } from "./history-client";
export { HistoryDetailView } from "./history-detail-view";
export { HistoryView } from "./history-view";
