/** The agent feature's server face: what later features' server code (the operator console) may use. */
export { dryRunPeriod, endContractByOperator, grantByOperator, listContracts, runPeriod, settledPeriods, STREAM_KEYS } from './server/operator.ts';
