/** Test helpers shared by secscan's suites and by anyone extending it: fixture annotations and store contract suites. */
export * from './annotations.ts';
export { describeScanStoreContract, sampleStoredScan } from './scan-store-contract.ts';
