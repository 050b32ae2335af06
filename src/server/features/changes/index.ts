// What the changes feature offers the rest of the app (decisions 0017, 0029): the follow task, the
// type of a change and of a follower, and the retention purge's recurring job. Its SQL function
// que_record_change is what owners call.
export type { Change } from './changes.repository.js';
export { CHANGES_PURGE_JOB, changeRetentionJobs } from './change-retention.js';
export { type ChangeFollower, changeTasks, FOLLOW_CHANGE, FOLLOW_CHANGES } from './follow-changes.js';
export { type CapacityScope, recordCapacityOpened } from './record-capacity-opened.js';
