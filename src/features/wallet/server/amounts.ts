/**
 * Amounts at the edge of the wallet: a decimal text typed by a user becomes integer minor units
 * here, or a refusal whose errorCode says what is wrong with it (contract/wallet.ts header).
 */
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';

export interface AmountLimits {
  /** Smallest accepted amount ('wallet.amount.min' below it). */
  min?: bigint;
  /** Largest accepted amount ('wallet.amount.max' above it). */
  max?: bigint;
  /** Accept 0 (an amount that may be nothing, such as what arrived of a payout). */
  allowZero?: boolean;
}

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Formats minor units in the brand's currency digits (the wire's amount text). */
export const money = (minor: bigint | number) => formatMinor(minor, brand().currencyDecimals);

/**
 * Parses a user's amount into minor units, refusing with 400 and one of wallet.amount.invalid,
 * .decimals, .positive, .tooLarge, .min or .max.
 */
export function parseAmount(input: string, opts: AmountLimits = {}): bigint {
  const decimals = brand().currencyDecimals;
  const text = String(input ?? '').trim();
  const m = NUMBER.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new ApiError(400, 'wallet.amount.invalid');
  const [, sign, whole, fraction = ''] = m;
  if (sign === '-' && /[1-9]/.test(`${whole}${fraction}`)) throw new ApiError(400, 'wallet.amount.positive');
  if (fraction.length > decimals) throw new ApiError(400, 'wallet.amount.decimals', { decimals });
  const maxAmount = brand().wallet.maxAmount;
  // Checked on the digits first, so that a thousand-digit number never becomes a BigInt.
  if (whole.replace(/^0+/, '').length > maxAmount.toString().length) throw new ApiError(400, 'wallet.amount.tooLarge', { max: money(maxAmount) });
  const minor = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (minor === 0n && !opts.allowZero) throw new ApiError(400, 'wallet.amount.positive');
  if (minor > maxAmount) throw new ApiError(400, 'wallet.amount.tooLarge', { max: money(maxAmount) });
  if (opts.min !== undefined && minor < opts.min) throw new ApiError(400, 'wallet.amount.min', { min: money(opts.min) });
  if (opts.max !== undefined && minor > opts.max) throw new ApiError(400, 'wallet.amount.max', { max: money(opts.max) });
  return minor;
}
