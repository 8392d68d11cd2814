/** Test helpers shared by secscan's suites and by anyone extending it: fixture annotations and store contract suites. */
export * from './annotations.ts';
export { describeScanStoreContract, sampleStoredScan } from './scan-store-contract.ts';
export { describeKeyStoreContract, describeSessionStoreContract, sampleApiKeyRecord, sampleHash, sampleSessionRecord } from './credential-store-contract.ts';
export { createManualClock, describeRateLimitStoreContract, type ManualClock } from './rate-limit-store-contract.ts';
export {
  describeInvitationStoreContract,
  describeSettingsStoreContract,
  describeUserStoreContract,
  sampleInvitationRecord,
  sampleUserRecord,
} from './account-store-contract.ts';
