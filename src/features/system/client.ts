/** The system feature's browser face: its calls, for the site store. */
export { countryCodes, statusValue, systemRegisterSetting, systemStatus } from './contract.ts';
