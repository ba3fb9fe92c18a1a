/**
 * Deposit (spec 2.16): the brand's payment channels, an amount checked against the channel's
 * range (errors under the field), then a pending order with the payment provider whose page
 * the player is sent to (the sandbox's says that no real money moves). The wallet is credited by
 * the provider's signed callback, not by this page. Below, the player's deposit orders and their
 * status, with the way back to the payment page of an order still pending.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { depositChannels, depositCreate, depositOrders, type DepositOrder } from '../../../lib/contract/wallet.ts';
import type { ValueOf } from '../../../lib/contract/define.ts';
import { api } from '../../../lib/client/stores/session.ts';
import { refreshBalance, submission } from '../../../lib/client/stores/wallet.ts';
import { focusFirstInvalid } from '../../ui/form.tsx';
import { Field } from '../../accounts/fields.tsx';
import { fill, localPath, useLabels, type Labels } from '../../shell/labels.tsx';
import { checkAmount, dateTime, fromInput, money, toInput } from '../format.ts';
import { brandTimeZone } from '../labels.ts';
import { amountIssueText, Badge, Empty, failureToFields, LoadFailed, Loading, Money, Pager, useLoad, useWallet } from '../ui.tsx';

type Channels = ValueOf<typeof depositChannels>;

export default function DepositPage() {
  const channels = useLoad(() => api().call(depositChannels), 'channels');
  const [ordersVersion, setOrdersVersion] = useState(0);
  // Back from the provider's page: /member?page=deposit&order=<id> names the order just answered.
  const [returned] = useState(() => new URLSearchParams(window.location.search).get('order'));
  useEffect(() => {
    // Coming back from the payment page: the callback may have credited the wallet meanwhile.
    void refreshBalance();
  }, []);
  return (
    <div className="wl-page">
      {channels.error ? (
        <LoadFailed message={channels.error} onRetry={channels.reload} />
      ) : !channels.data ? (
        <Loading />
      ) : (
        <DepositForm channels={channels.data} onCreated={() => setOrdersVersion((v) => v + 1)} />
      )}
      <Orders version={ordersVersion} returned={returned} channels={channels.data?.channels ?? []} />
    </div>
  );
}

type Errors = Partial<Record<'channel' | 'amount', string>>;

function DepositForm({ channels, onCreated }: { channels: Channels; onCreated: () => void }) {
  const w = useWallet();
  const labels = useLabels();
  const fmt = (amount: string) => money(amount, channels.currencySymbol, labels.lang);
  const ids = useId();
  const [code, setCode] = useState(channels.channels[0]?.code ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sub = useRef(submission());
  const channel = channels.channels.find((c) => c.code === code) ?? null;

  if (channels.channels.length === 0) return <Empty>{w.deposit.noChannels}</Empty>;

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!channel) found.channel = w.deposit.pickChannel;
    const typed = fromInput(amount, labels.lang);
    const issue = checkAmount(typed, { min: channel?.min, max: channel?.max });
    if (issue) found.amount = amountIssueText(w, issue, fmt);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const payload = { amount: typed, channel: code };
    setBusy(true);
    try {
      const order = await api().call(depositCreate, { body: { ...payload, idempotencyKey: sub.current.keyFor(payload) } });
      sub.current.done();
      onCreated();
      if (order.payUrl) {
        // The provider's page, in this tab; it sends the player back to the member centre.
        window.location.assign(inPageLanguage(order.payUrl, labels));
        return;
      }
      setAmount('');
    } catch (err) {
      setErrors(failureToFields<'channel' | 'amount'>(err, labels, { byName: { amount: 'amount', channel: 'channel' }, byCode: [['wallet.amount', 'amount'], ['wallet.channel', 'channel']] }));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset className="wl-channels" aria-describedby={errors.channel ? `${ids}-cerr` : undefined}>
        <legend>{w.deposit.channel}</legend>
        {channels.channels.map((c) => (
          <label key={c.code} className="wl-channel">
            <input type="radio" name="channel" value={c.code} checked={code === c.code} onChange={() => setCode(c.code)} />
            <span className="wl-channel-body">
              <span className="wl-channel-name">
                {c.name}
                {c.sandbox && <span className="wl-sandbox-tag">{w.deposit.sandboxTag}</span>}
              </span>
              <span className="wl-channel-range">{fill(w.deposit.range, { min: fmt(c.min), max: fmt(c.max) })}</span>
            </span>
          </label>
        ))}
        {errors.channel && (
          <p className="field-error" id={`${ids}-cerr`}>
            {errors.channel}
          </p>
        )}
      </fieldset>
      {channel?.sandbox && <p className="wl-note wl-sandbox-note">{w.deposit.sandboxNote}</p>}
      <Field
        name="amount"
        label={fill(w.deposit.amount, { currency: channels.currency })}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        inputMode="decimal"
        placeholder={toInput('0.00', labels.lang)}
        maxLength={20}
        required
        hint={channel ? fill(w.deposit.range, { min: fmt(channel.min), max: fmt(channel.max) }) : undefined}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {w.deposit.submit}
      </button>
      <p className="field-hint">{w.deposit.redirect}</p>
    </form>
  );
}

/**
 * A provider's address in the page's language when it is one of this site's own pages (the
 * sandbox's /pay/sandbox); a gateway's address elsewhere stays as it is.
 */
function inPageLanguage(url: string, labels: Pick<Labels, 'prefix'>): string {
  return url.startsWith('/') && !url.startsWith('//') && !/^\/es(?=\/|$)/.test(url) ? localPath(labels, url) : url;
}

const STATUS_TONE: Record<DepositOrder['status'], 'ok' | 'warn' | 'bad' | 'info'> = { pending: 'warn', paid: 'ok', failed: 'bad', expired: 'info' };

function Orders({ version, returned, channels }: { version: number; returned: string | null; channels: Channels['channels'] }) {
  const w = useWallet();
  const labels = useLabels();
  const { lang } = labels;
  const tz = brandTimeZone();
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const orders = useLoad(() => api().call(depositOrders, { query: { pageNo: page, pageSize: 20 } }), `${page}:${version}:${tick}`);
  const now = Date.now();
  const back = returned ? orders.data?.content.find((o) => o.orderId === returned) : undefined;
  return (
    <section className="wl-block" aria-labelledby="wl-orders">
      <div className="wl-block-head">
        <h4 id="wl-orders">{w.deposit.orders}</h4>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTick((t) => t + 1)}>
          {w.common.refresh}
        </button>
      </div>
      <p className="wl-returned" role="status">
        {back ? fill(w.deposit.returned, { order: back.orderId, status: w.deposit.status[back.status] }) : ''}
      </p>
      {orders.error ? (
        <LoadFailed message={orders.error} onRetry={orders.reload} />
      ) : !orders.data ? (
        <Loading />
      ) : orders.data.content.length === 0 ? (
        <Empty>{w.deposit.ordersEmpty}</Empty>
      ) : (
        <>
          <table className="wl-table">
            <thead>
              <tr>
                <th scope="col">{w.common.time}</th>
                <th scope="col">{w.deposit.order}</th>
                <th scope="col">{w.deposit.channel}</th>
                <th scope="col" className="num">
                  {w.common.amount}
                </th>
                <th scope="col">{w.common.status}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.content.map((o) => (
                <tr key={o.orderId} className={o.orderId === returned ? 'wl-current' : undefined}>
                  <td data-label={w.common.time}>{dateTime(o.createdAt, lang, tz)}</td>
                  <td data-label={w.deposit.order} className="wl-mono">
                    {o.orderId}
                  </td>
                  <td data-label={w.deposit.channel}>{channels.find((c) => c.code === o.channel)?.name ?? o.channel}</td>
                  <td data-label={w.common.amount} className="num">
                    <Money amount={o.amount} />
                  </td>
                  <td data-label={w.common.status}>
                    <Badge tone={STATUS_TONE[o.status]}>{w.deposit.status[o.status]}</Badge>
                    {o.status === 'pending' && o.payUrl && o.expiresAt > now && (
                      <a className="wl-pay-link" href={inPageLanguage(o.payUrl, labels)}>
                        {w.deposit.payNow}
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={orders.data.pageNum} pages={orders.data.totalPages} count={orders.data.totalCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
